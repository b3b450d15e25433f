use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute)]
struct Resolve<'f> {
    #[sampled(binding = 0, multisampled, sample_type = float)]
    filtered: Texture<'f>,
    #[sampled(binding = 1, multisampled, dimension = D2Array)]
    layered: Texture<'f>,
    #[storage_read(binding = 2, format = R32Float, dimension = Cube)]
    sky: Texture<'f>,
    #[storage_write(overwrite, binding = 3)]
    out: Buffer<'f>,
}

fn main() {}
