#[derive(Pass)]
#[pass(compute)]
struct Broken<'f> {
    #[sampled]
    src: Texture<'f>,
    #[storage_write]
    dst: Texture<'f>,
    #[unifrom]
    params: Buffer<'f>,
}
