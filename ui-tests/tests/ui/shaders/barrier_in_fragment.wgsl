// A fragment entry point that calls a helper holding a workgroup barrier,
// which only compute stages have.

struct Out {
    @builtin(position) position: vec4<f32>,
}

fn settle() {
    workgroupBarrier();
}

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> Out {
    var out: Out;
    out.position = vec4<f32>(f32(index), 0.0, 0.0, 1.0);
    return out;
}

@fragment
fn fs_main() -> @location(0) vec4<f32> {
    settle();
    return vec4<f32>(1.0);
}
