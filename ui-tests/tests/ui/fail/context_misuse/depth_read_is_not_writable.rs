use zenfg_runtime::prelude::*;
use zenfg_runtime::views::DepthAttachmentView;

#[derive(Pass)]
#[pass(command)]
struct Overlay<'f> {
    #[color_attachment(load)]
    color: Texture<'f>,
    #[depth_read]
    depth: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, pass: Overlay<'f>) -> Result<(), FrameGraphError> {
    frame.add(pass, |cx| {
        let _writable: DepthAttachmentView<'_> = cx.depth;
        Ok(())
    })?;
    Ok(())
}

fn main() {}
