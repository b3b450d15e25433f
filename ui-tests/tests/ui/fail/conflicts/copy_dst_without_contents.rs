use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(command)]
struct Upload<'f> {
    #[copy_dst]
    dst: Buffer<'f>,
}

fn main() {}
