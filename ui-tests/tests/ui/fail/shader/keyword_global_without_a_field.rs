use zenfg_runtime::prelude::*;

// The fix names the missing field `r#gen`: `gen` is a keyword of Rust 2024.
#[derive(Pass)]
#[pass(compute, shader = "shaders/keyword_names.wgsl")]
struct Scale<'f> {
    #[storage_write(preserve)]
    r#out: Buffer<'f>,
    #[uniform]
    r#dyn: BufferSlice<'f>,
}

fn main() {}
