#[derive(Pass)]
#[pass(compute)]
pub struct Blur<'f> {
    #[sampled]
    src: TextureView<'f>,
    #[storage_write(overwrite)]
    #[root(output)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
}
