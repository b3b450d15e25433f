use zenfg_runtime::prelude::*;

// `binding = 0` without `group = 1` looks in group 0: the fix adds the group.
#[derive(Pass)]
#[pass(compute, shader = "shaders/binding_in_another_group.wgsl")]
struct Scale<'f> {
    #[storage_write(preserve)]
    data: Buffer<'f>,
    #[uniform(binding = 0)]
    params: BufferSlice<'f>,
}

fn main() {}
