//! RFC 6901 JSON Pointers for issue paths.

use std::fmt::Write;

/// Escapes one reference token: `~` becomes `~0` and `/` becomes `~1`.
pub(crate) fn escape_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// `base` extended by the property `name`.
pub(crate) fn field(base: &str, name: &str) -> String {
    let mut path = String::with_capacity(base.len() + name.len() + 1);
    path.push_str(base);
    path.push('/');
    path.push_str(&escape_token(name));
    path
}

/// `base` extended by the array index `index`.
pub(crate) fn index(base: &str, index: usize) -> String {
    let mut path = String::with_capacity(base.len() + 8);
    path.push_str(base);
    let _ = write!(path, "/{index}");
    path
}
