// Does not parse: `foo` is not defined.

@group(0) @binding(0) var t: texture_2d<f32>;

fn f() -> f32 {
    return foo;
}
