#[derive(Pass)]
#[pass(render)]
struct Draw<'f> {
    #[vertex]
    vertices: Option<Texture<'f>>,
    #[color_attachment(load)]
    color: Texture<'f>,
    #[storage_read]
    radius: u32,
    #[sampled]
    albedo: Albedo<'f>,
}
