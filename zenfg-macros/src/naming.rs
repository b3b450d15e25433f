//! Names: the default label of a pass (its name in kebab-case), and the
//! Rust spelling of a field named after a WGSL variable.

/// Rust's keywords in the 2024 edition, strict and reserved, each of which a
/// field can only be named with `r#`.
const KEYWORDS: [&str; 48] = [
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn", "else", "enum",
    "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod", "move",
    "mut", "override", "priv", "pub", "ref", "return", "static", "struct", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// How a field named after the WGSL variable `name` is written: `r#gen`
/// for `gen`. WGSL reserves the keywords no `r#` makes a name of (`self`,
/// `Self`, `super`, `crate`).
pub(crate) fn field_name(name: &str) -> String {
    if KEYWORDS.contains(&name) { format!("r#{name}") } else { name.to_owned() }
}

/// `BloomDownsample` -> `bloom-downsample`, `HDRResolve` -> `hdr-resolve`.
pub(crate) fn kebab_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (index, &c) in chars.iter().enumerate() {
        if c == '_' {
            out.push('-');
            continue;
        }
        if c.is_uppercase() && index > 0 {
            let previous = chars[index - 1];
            let next_is_lower = chars.get(index + 1).is_some_and(|next| next.is_lowercase());
            let boundary =
                previous.is_lowercase() || previous.is_ascii_digit() || (previous.is_uppercase() && next_is_lower);
            if boundary && !out.ends_with('-') {
                out.push('-');
            }
        }
        out.extend(c.to_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{field_name, kebab_case};

    #[test]
    fn keywords_are_raw_field_names() {
        assert_eq!(field_name("albedo"), "albedo");
        assert_eq!(field_name("gen"), "r#gen");
        assert_eq!(field_name("type"), "r#type");
    }

    #[test]
    fn converts_names() {
        assert_eq!(kebab_case("Blur"), "blur");
        assert_eq!(kebab_case("BloomDownsample"), "bloom-downsample");
        assert_eq!(kebab_case("HDRResolve"), "hdr-resolve");
        assert_eq!(kebab_case("GBuffer"), "g-buffer");
        assert_eq!(kebab_case("Mip2Blur"), "mip2-blur");
        assert_eq!(kebab_case("shadow_pass"), "shadow-pass");
    }
}
