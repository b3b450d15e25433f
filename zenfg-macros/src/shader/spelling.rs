//! Globals spelled the way WGSL source declares them, for messages.

use naga::common::wgsl::TypeContext as _;

/// The declaration of `var` without its name, as a person would write it:
/// `var<uniform> Params`, `var<storage, read> array<u32>`,
/// `texture_storage_2d<rgba16float, write>`, `sampler`.
pub(super) fn declaration(module: &naga::Module, var: &naga::GlobalVariable) -> String {
    let ty = spaced(&module.to_ctx().type_to_string(var.ty));
    match var.space {
        naga::AddressSpace::Uniform => format!("var<uniform> {ty}"),
        // Read-only storage is spelled out, although `var<storage>` means the
        // same, because messages about a binding are often about its access.
        naga::AddressSpace::Storage { access } if access.contains(naga::StorageAccess::STORE) => {
            format!("var<storage, read_write> {ty}")
        }
        naga::AddressSpace::Storage { .. } => format!("var<storage, read> {ty}"),
        _ => ty,
    }
}

/// `text` with exactly one space after each comma: naga writes
/// `texture_storage_2d<rgba16float,write>` but `array<u32, 4>`.
fn spaced(text: &str) -> String {
    let mut spaced = String::with_capacity(text.len() + 4);
    let mut after_comma = false;
    for c in text.chars() {
        if after_comma && c == ' ' {
            continue;
        }
        after_comma = c == ',';
        spaced.push(c);
        if after_comma {
            spaced.push(' ');
        }
    }
    spaced
}

#[cfg(test)]
mod tests {
    use super::spaced;

    #[test]
    fn one_space_follows_each_comma() {
        assert_eq!(spaced("texture_storage_2d<rgba16float,write>"), "texture_storage_2d<rgba16float, write>");
        assert_eq!(
            spaced("binding_array<texture_storage_2d<r32uint,read>, 4>"),
            "binding_array<texture_storage_2d<r32uint, read>, 4>"
        );
        assert_eq!(spaced("array<u32,  5>"), "array<u32, 5>");
        assert_eq!(spaced("sampler"), "sampler");
    }
}
