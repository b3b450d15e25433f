//! RFC 6901 JSON Pointers for issue paths.

use std::fmt::Write;

/// `base` extended by the property `name`, escaped as a reference token (`~` becomes `~0`
/// and `/` becomes `~1`). Allocates the path once, at its exact length.
pub(crate) fn field(base: &str, name: &str) -> String {
    let escapes = name.bytes().filter(|&byte| matches!(byte, b'~' | b'/')).count();
    let mut path = String::with_capacity(base.len() + 1 + name.len() + escapes);
    path.push_str(base);
    path.push('/');
    let mut rest = name;
    while let Some(at) = rest.find(['~', '/']) {
        path.push_str(&rest[..at]);
        path.push_str(if rest.as_bytes()[at] == b'~' { "~0" } else { "~1" });
        rest = &rest[at + 1..];
    }
    path.push_str(rest);
    path
}

/// `base` extended by the array index `index`.
pub(crate) fn index(base: &str, index: usize) -> String {
    let mut path = String::with_capacity(base.len() + 8);
    path.push_str(base);
    let _ = write!(path, "/{index}");
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_as_reference_tokens() {
        assert_eq!(field("/extensions", "dev.zenfg.deep/~"), "/extensions/dev.zenfg.deep~1~0");
        assert_eq!(field("", "~1/0~"), "/~01~10~0");
        assert_eq!(field("/a", ""), "/a/");
        assert_eq!(field("", "é/ü"), "/é~1ü");
        let path = field("/x", &"~/".repeat(1000));
        assert_eq!(path, format!("/x/{}", "~0~1".repeat(1000)));
        assert_eq!(index("/graph/nodes", 12), "/graph/nodes/12");
    }
}
