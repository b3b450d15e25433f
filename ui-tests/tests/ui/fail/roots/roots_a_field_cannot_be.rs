use zenfg_runtime::prelude::*;

// A readback root is a buffer a copy pass copies into: a shader cannot write
// a mappable buffer, and a texture is read back through a buffer.
#[derive(Pass)]
#[pass(compute)]
struct Reduce<'f> {
    #[storage_write(overwrite)]
    #[root(readback)]
    sums: BufferSlice<'f>,
}

#[derive(Pass)]
#[pass(command)]
struct Capture<'f> {
    #[copy_src]
    image: Texture<'f>,
    #[copy_dst(overwrite)]
    #[root(readback)]
    copy: Texture<'f>,
}

// A discarded attachment keeps nothing for a root to be.
#[derive(Pass)]
#[pass(render)]
struct Scene<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0], discard)]
    #[root(output)]
    color: Texture<'f>,
}

fn main() {}
