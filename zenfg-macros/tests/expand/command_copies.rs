#[derive(Pass)]
#[pass(command)]
struct Readback<'f> {
    #[label]
    label: String,
    #[copy_src]
    src: Texture<'f>,
    #[copy_dst(overwrite)]
    #[root(output)]
    dst: Vec<Buffer<'f>>,
}
