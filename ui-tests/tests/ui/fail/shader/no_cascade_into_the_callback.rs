use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(compute, shader = "shaders/no_cascade_into_the_callback.wgsl")]
struct Blur<'f> {
    #[storage_read]
    src: Texture<'f>,
    #[storage_write(overwrite)]
    dst: Texture<'f>,
    #[uniform]
    params: BufferSlice<'f>,
    #[sampler]
    linear: &'f wgpu::Sampler,
}

fn record<'f>(
    frame: &mut Frame<'f>,
    pass: Blur<'f>,
    pipeline: &'f wgpu::ComputePipeline,
) -> Result<(), FrameGraphError> {
    frame.add(pass, move |mut cx| {
        cx.pass.set_pipeline(pipeline);
        cx.set_bind_groups();
        let _ = cx.bind_groups.get(0);
        let _ = (cx.src.storage_read_binding(), cx.dst.storage_write_binding(), cx.params.uniform_binding());
        cx.pass.dispatch_workgroups(8, 8, 1);
        Ok(())
    })?;
    Ok(())
}

fn layout(device: &wgpu::Device) -> wgpu::PipelineLayout {
    <Blur<'_> as Pass<'_>>::pipeline_layout(device)
}

fn main() {}
