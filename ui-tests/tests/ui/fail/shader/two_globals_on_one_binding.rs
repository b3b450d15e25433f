use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/two_globals_on_one_binding.wgsl", entry = ["count", "total"])]
struct Reset<'f> {
    #[storage_write(overwrite)]
    #[root(output)]
    counts: Buffer<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    totals: Buffer<'f>,
}

fn main() {}
