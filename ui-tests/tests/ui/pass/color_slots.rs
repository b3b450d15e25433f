//! Color slots count handles: an array takes one slot per handle, `slot = N`
//! names a slot after them, and an absent `Option` attachment keeps its slot
//! (and every later one) where the pipeline expects it.

use zenfg_runtime::prelude::*;

#[derive(Pass)]
#[pass(render)]
struct Gbuffer<'f> {
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0])]
    layers: [Texture<'f>; 2],
    #[color_attachment(clear = [0.0, 0.0, 0.0, 1.0], slot = 2)]
    ids: Texture<'f>,
    #[color_attachment(load)]
    motion: Option<Texture<'f>>,
    #[color_attachment(load)]
    extra: Vec<Texture<'f>>,
}

#[derive(Pass)]
#[pass(render)]
struct Sparse<'f> {
    #[color_attachment(load)]
    first: Option<Texture<'f>>,
    #[color_attachment(load, slot = 0)]
    pinned: Texture<'f>,
}

fn record<'f>(frame: &mut Frame<'f>, gbuffer: Gbuffer<'f>, sparse: Sparse<'f>) -> Result<(), FrameGraphError> {
    frame.add(gbuffer, |cx| {
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    frame.add(sparse, |cx| {
        cx.pass.draw(0..3, 0..1);
        Ok(())
    })?;
    Ok(())
}

fn main() {
    let slots = |table: &zenfg_runtime::AccessTable| -> Vec<Option<u32>> {
        table.fields.iter().map(|row| row.attachment.and_then(|ops| ops.slot)).collect()
    };
    assert_eq!(slots(<Gbuffer<'static> as Pass<'static>>::ACCESSES), [Some(0), Some(2), Some(3), Some(4)]);
    assert_eq!(slots(<Sparse<'static> as Pass<'static>>::ACCESSES), [Some(1), Some(0)]);
    let _ = record;
}
