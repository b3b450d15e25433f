//! Extension names and extension nesting depth.

use serde_json::Value;

use super::fields::has_line_terminator;
use crate::FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH;

/// Exact message of `extension-depth-exceeded`, fixed by the specification.
pub(crate) const DEPTH_EXCEEDED_MESSAGE: &str = "Extension JSON nesting depth must not exceed 64 container levels.";

/// Whether `name` matches `^.+\..+$` with `.` excluding line terminators: no line
/// terminator anywhere, and a dot with at least one character on each side.
pub(crate) fn is_valid_name(name: &str) -> bool {
    if has_line_terminator(name) {
        return false;
    }
    let mut chars = name.char_indices();
    let (Some(_), Some((last, _))) = (chars.next(), chars.next_back()) else {
        return false;
    };
    name.char_indices().skip(1).any(|(at, c)| c == '.' && at < last)
}

/// Whether `value` nests more containers than the limit. Primitives have depth 0; each
/// array or object, empty or not, adds one. Walks iteratively and stops at the first
/// container beyond the limit, so any depth is safe.
pub(crate) fn exceeds_depth(value: &Value) -> bool {
    let mut pending = vec![(value, 0_usize)];
    while let Some((next, parent_depth)) = pending.pop() {
        let depth = parent_depth + 1;
        let within = depth <= FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH;
        match next {
            Value::Array(items) if within => pending.extend(items.iter().map(|c| (c, depth))),
            Value::Object(map) if within => pending.extend(map.values().map(|c| (c, depth))),
            Value::Array(_) | Value::Object(_) => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_need_an_interior_dot_and_no_line_terminator() {
        for valid in ["a.b", "dev.zenfg.deep", "...", " . ", "a..b", "é.ü"] {
            assert!(is_valid_name(valid), "{valid:?}");
        }
        for invalid in ["", ".", "a.", ".a", "..", "ab", "a.b\n", "a\u{2028}.b"] {
            assert!(!is_valid_name(invalid), "{invalid:?}");
        }
    }

    #[test]
    fn depth_counts_every_container_level() {
        let nested = |levels: usize| {
            let mut value = Value::Bool(true);
            for _ in 0..levels {
                value = Value::Array(vec![value]);
            }
            value
        };
        assert!(!exceeds_depth(&Value::Null));
        assert!(!exceeds_depth(&nested(64)));
        assert!(exceeds_depth(&nested(65)));
        assert!(exceeds_depth(&serde_json::json!({ "deep": nested(64) })));
    }
}
