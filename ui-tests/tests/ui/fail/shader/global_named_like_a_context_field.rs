use zenfg_runtime::prelude::*;

// The shader's `device` and `frame_index` are names the context takes: the fix of
// each missing field names it otherwise and binds it by number.
#[derive(Pass)]
#[pass(compute, shader = "shaders/context_names.wgsl", side_effect)]
struct Mirror {}

fn main() {}
