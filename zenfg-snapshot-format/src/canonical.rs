//! Canonical JSON: integral numbers as integers, object keys sorted.

use std::fmt::Write;

use serde_json::{Number, Value};

/// The largest JavaScript-safe integer, 2^53 - 1.
pub(crate) const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// `number` as an integer when it is integral and JavaScript-safe; `-0` becomes `0`.
pub(crate) fn integral(number: &Number) -> Option<Number> {
    if number.is_i64() || number.is_u64() {
        return None;
    }
    let float = number.as_f64()?;
    // Casts are exact: the value is integral and within the safe range.
    if float.fract() == 0.0 && float.abs() <= MAX_SAFE_INTEGER as f64 {
        if float >= 0.0 { Some(Number::from(float as u64)) } else { Some(Number::from(float as i64)) }
    } else {
        None
    }
}

/// Rewrites every integral float in `value` as an integer, without recursion.
pub(crate) fn canonicalize_numbers(value: &mut Value) {
    let mut pending = vec![value];
    while let Some(next) = pending.pop() {
        match next {
            Value::Number(number) => {
                if let Some(integer) = integral(number) {
                    *number = integer;
                }
            }
            Value::Array(items) => pending.extend(items.iter_mut()),
            Value::Object(map) => pending.extend(map.values_mut()),
            _ => {}
        }
    }
}

/// Writes `value` as canonical JSON: sorted keys, integral numbers as integers, and
/// two-space indentation when `pretty`.
///
/// Only called on validated documents, whose nesting is bounded by the extension depth
/// limit, so the recursion here is bounded too.
pub(crate) fn write_canonical(value: &Value, pretty: bool) -> String {
    let mut out = String::new();
    write_value(&mut out, value, pretty, 0);
    out
}

fn write_value(out: &mut String, value: &Value, pretty: bool, indent: usize) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Value::Number(number) => match integral(number) {
            Some(integer) => {
                let _ = write!(out, "{integer}");
            }
            None => {
                let _ = write!(out, "{number}");
            }
        },
        Value::String(text) => write_string(out, text),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (position, item) in items.iter().enumerate() {
                if position > 0 {
                    out.push(',');
                }
                newline(out, pretty, indent + 1);
                write_value(out, item, pretty, indent + 1);
            }
            newline(out, pretty, indent);
            out.push(']');
        }
        Value::Object(map) => {
            if map.is_empty() {
                out.push_str("{}");
                return;
            }
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (position, (key, item)) in entries.into_iter().enumerate() {
                if position > 0 {
                    out.push(',');
                }
                newline(out, pretty, indent + 1);
                write_string(out, key);
                out.push_str(if pretty { ": " } else { ":" });
                write_value(out, item, pretty, indent + 1);
            }
            newline(out, pretty, indent);
            out.push('}');
        }
    }
}

fn write_string(out: &mut String, text: &str) {
    crate::issue::push_quoted(out, text);
}

fn newline(out: &mut String, pretty: bool, indent: usize) {
    if pretty {
        out.push('\n');
        for _ in 0..indent {
            out.push_str("  ");
        }
    }
}
