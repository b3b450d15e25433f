use zenfg_runtime::prelude::*;

// The misspelled `shader` key is the one error: the callback, which sets the
// bind groups the shader would have given the pass, is not reported too.
#[derive(Pass)]
#[pass(compute, shdaer = "shaders/double.wgsl")]
struct Double<'f> {
    #[storage_write(preserve)]
    data: Buffer<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Double<'f>, pipeline: &'f wgpu::ComputePipeline) -> Result<(), FrameGraphError> {
    frame.add(pass, move |mut cx| {
        cx.pass.set_pipeline(pipeline);
        cx.set_bind_groups();
        cx.pass.dispatch_workgroups(4, 1, 1);
        Ok(())
    })?;
    Ok(())
}

fn main() {}
