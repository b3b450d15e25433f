use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[index(binding = 0)]
    indices: Buffer<'f>,
    #[indirect(group = 1)]
    args: Buffer<'f>,
    #[color_attachment(clear = Color::BLACK, discard)]
    msaa: Texture<'f>,
    #[resolve_target(source = msaa, binding = 2)]
    resolved: Texture<'f>,
    #[depth_attachment(clear = 1.0, binding = 3)]
    depth: Texture<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Upload<'f> {
    #[copy_src]
    staging: Buffer<'f>,
    #[copy_dst(overwrite, binding = 0)]
    target: Texture<'f>,
}

fn main() {}
