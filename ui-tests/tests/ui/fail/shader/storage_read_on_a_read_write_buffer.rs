use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, side_effect, shader = "shaders/storage_read_on_a_read_write_buffer.wgsl")]
struct Count<'f> {
    #[storage_read]
    counters: Buffer<'f>,
}

fn main() {}
