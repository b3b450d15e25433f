//! `#[derive(Pass)]` for zenfg. Use it through `zenfg_runtime`, which
//! re-exports it (feature `macros`, on by default) together with the traits
//! the generated code implements.
//!
//! The derive reads a struct with named fields and at most one lifetime
//! parameter, annotated with `#[pass(..)]` and one access attribute per field,
//! and generates:
//!
//! - a context struct `<Name>Context<'cx>` with the runtime's objects
//!   (`device`, then `pass`, `encoder` or `queue`, then `frame_index`, and
//!   for a pass that binds `bind_groups` with `set_bind_groups()`) and one
//!   role-specific view per field, under the field's name;
//! - an `impl Pass` with the static access table, the lowering to builder
//!   calls, the construction of the context, and the roots;
//! - on any error, every error at once (each spanned on the offending token)
//!   beside a do-nothing impl, so that one mistake is reported once. A field
//!   whose handle type its attribute cannot take, as far as the spelling of
//!   the type tells, also gets the do-nothing impl, which names the role
//!   trait the type misses once: the type system reports it on the field type.
//!
//! # Errors
//!
//! | Code | Meaning |
//! |---|---|
//! | ZM0001 | unknown or misspelled attribute ("did you mean") |
//! | ZM0002 | unknown or misspelled option or root reason ("did you mean") |
//! | ZM0003 | two roles on one field |
//! | ZM0004 | an option that does not apply to the role (`slot` outside a render pass included); an entry point option (`entry`, `vertex`, `fragment`) without a shader or of a stage the pass kind does not run |
//! | ZM0005 | a write that does not say what happens to the previous contents: `overwrite`/`preserve`, or `clear = ..`/`load` |
//! | ZM0006 | an attachment in a pass kind without attachments (compute), or a resolve target outside a render pass |
//! | ZM0007 | `root` on a field that is only read, or that can never be that root: `readback` on anything but a `#[copy_dst]` buffer, any root on a discarded attachment |
//! | ZM0008 | two color attachments on one slot, counting one slot per handle of an array or `Vec` (the error names both fields), or a color attachment after a `Vec`, which takes every later slot |
//! | ZM0009 | a pass that can never be retained: no write, no root, no side effect |
//! | ZM0010 | a missing or repeated `#[pass(..)]`, or one without a pass kind or with two (an unknown or misspelled kind is ZM0002) |
//! | ZM0011 | a field without an access attribute |
//! | ZM0012 | an item the derive does not support (enum, union, tuple struct, type or const parameters, several lifetimes, where clauses) |
//! | ZM0013 | missing, repeated or conflicting options (an option of `#[pass(..)]` or a resolve target's `source` given twice included, and a `crate = ..` that is not a path) |
//! | ZM0014 | a resolve target whose source is not a single-handle color attachment field, or is resolved twice |
//! | ZM0015 | a field name the context of the pass kind already uses (`device`, `pass`, `encoder` or `queue`, `frame_index`, and `bind_groups` in a pass that binds) |
//! | ZM0016 | a field type the role cannot take (a container of resolve targets or depth attachments, `slot` on a container, a native wgpu object such as `wgpu::TextureView` under a graph role) |
//! | ZM0017 | a color slot outside `0..n` for `n` color attachment handles |
//! | ZM0018 | more than one depth attachment |
//! | ZM0019 | more than one `#[label]` field |
//! | ZM0020 | attribute arguments that do not parse |
//! | ZM0021 | a role the pass kind does not take (a copy in a render or compute pass, a vertex or index buffer in a compute pass) |
//! | ZM0022 | a binding option (`binding`, `group`, a texture or sampler option) on a role that does not bind through a bind group (an attachment, a vertex, index or indirect buffer, a copy), or `#[untracked(..)]` of such a role |
//! | ZM0023 | a field of a pass that binds (a bindable field, `#[sampler]`, `#[untracked(..)]`) without a binding: no `binding = N` and no shader to take it from |
//! | ZM0024 | two fields on one binding of a group |
//! | ZM0025 | a binding the derive cannot lay out: a `group` at or past the most bind groups a pipeline layout can hold, a storage texture without `format`, a bound `Option`, array or `Vec`, a type that does not tell texture from buffer, a shader binding it does not bind (binding arrays, atomic storage textures, ...) |
//! | ZM0026 | a shader that cannot be read, parsed or validated; an entry point named in `#[pass(..)]` that it lacks, or several of a stage and none named; no fragment entry point for a render pass with color attachments |
//! | ZM0027 | a bound field without a binding in the shader (by its name, or at its `group` and `binding`) |
//! | ZM0028 | a binding the shader's entry points use without a field |
//! | ZM0029 | a field whose role, group or options disagree with the shader's binding (a `binding = N` at another global than the one of the field's name, a filtering sampler on an integer texture included), a color attachment at a slot a fragment entry point of the pass writes no `@location` of, and vertex inputs in a render pass without a `#[vertex]` field |
//! | ZM0030 | a render pass none of whose fields is an attachment (wgpu begins no render pass without one) |
//! | ZM0031 | an option's value outside what wgpu accepts: a literal depth clear outside `0.0..=1.0` |

#![forbid(unsafe_code)]

mod bindings;
mod check;
mod diag;
mod expand;
mod generate;
mod handle;
mod model;
mod naming;
mod parse;
mod shader;
mod suggest;

#[cfg(test)]
mod expansion_tests;
#[cfg(test)]
mod fuzz_tests;

/// Derives `zenfg_runtime::Pass` for a struct of annotated handles (see the
/// `zenfg_runtime` docs for the whole story): `#[pass(..)]` on the struct,
/// and on each field exactly one of these attributes (a written field may carry
/// a `#[root(..)]` beside it).
///
#[doc = include_str!("attributes.md")]
#[proc_macro_derive(
    Pass,
    attributes(
        pass,
        sampled,
        storage_read,
        storage_write,
        color_attachment,
        depth_attachment,
        depth_read,
        resolve_target,
        copy_src,
        copy_dst,
        uniform,
        vertex,
        index,
        indirect,
        sampler,
        untracked,
        root,
        label
    )
)]
pub fn derive_pass(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::expand(input.into()).into()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_readme_lists_the_attributes_of_the_derive_docs() {
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
            .expect("the workspace README is readable");
        assert!(
            readme.contains(include_str!("attributes.md")),
            "README.md and src/attributes.md list other attributes"
        );
    }
}
