//! Creation of the native texture views the compiled view plan asks for.

use super::natives::NativeTable;
use crate::compile::views::PlannedView;
use crate::error::Result;

/// One native view per planned view, in plan order.
pub(crate) fn create_views(planned: &[PlannedView], natives: &NativeTable<'_>) -> Result<Vec<wgpu::TextureView>> {
    planned
        .iter()
        .map(|view| {
            Ok(natives.texture(view.resource)?.create_view(&wgpu::TextureViewDescriptor {
                label: view.label.as_deref(),
                format: Some(view.format),
                dimension: Some(view.dimension),
                usage: Some(view.usage),
                aspect: wgpu::TextureAspect::All,
                base_mip_level: view.base_mip_level,
                mip_level_count: Some(view.mip_level_count),
                base_array_layer: view.base_array_layer,
                array_layer_count: view.array_layer_count,
            }))
        })
        .collect()
}
