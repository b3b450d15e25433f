//! The default label of a pass: its name in kebab-case.

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
    use super::kebab_case;

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
