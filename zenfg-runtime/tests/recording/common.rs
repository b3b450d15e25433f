//! Helpers shared by the builder API tests: resource shorthands, compile
//! wrappers and range constructors.

use zenfg_runtime::wgpu::{TextureAspect, TextureFormat};
use zenfg_runtime::{
    AccessReport, Buffer, BufferDesc, BufferRange, CompilationReport, CompileOptions, Frame, FrameGraphError,
    FullCompilationReport, ImportBufferOptions, ImportTextureOptions, InitialContents, PassId, ResourceId,
    ResourceRange, ResourceReport, Texture, TextureDesc, TextureSubresourceRange,
};

/// A transient buffer with inferred usage.
pub fn buffer<'f>(frame: &mut Frame<'f>, label: &'static str, size: u64) -> Buffer<'f> {
    frame.create_buffer(BufferDesc::new(label, size)).expect("valid transient buffer")
}

/// An imported buffer with the given initial contents and no exposed usage.
pub fn imported_buffer<'f>(
    frame: &mut Frame<'f>,
    label: &'static str,
    size: u64,
    initial: InitialContents,
) -> Buffer<'f> {
    frame.import_buffer(BufferDesc::new(label, size), ImportBufferOptions::new(initial)).expect("valid imported buffer")
}

/// A transient 2D texture with one mip and one layer.
pub fn texture<'f>(frame: &mut Frame<'f>, label: &'static str, format: TextureFormat) -> Texture<'f> {
    frame.create_texture(TextureDesc::new_2d(label, 4, 4, format)).expect("valid transient texture")
}

/// An imported 2D 4x4 texture with one mip and one layer.
pub fn imported_texture<'f>(
    frame: &mut Frame<'f>,
    label: &'static str,
    format: TextureFormat,
    initial: InitialContents,
) -> Texture<'f> {
    frame
        .import_texture(TextureDesc::new_2d(label, 4, 4, format), ImportTextureOptions::new(initial))
        .expect("valid imported texture")
}

/// Compiles with a full report and returns it.
pub fn compile_full(frame: Frame<'_>) -> CompilationReport {
    let mut compiled = frame.compile(CompileOptions::full_report()).expect("the frame compiles");
    compiled.take_report().expect("a full report was requested")
}

/// The tables of a full report.
pub fn tables(report: &CompilationReport) -> &FullCompilationReport {
    report.full.as_ref().expect("a full report has tables")
}

/// Asserts that `result` failed with `code` and returns the error.
#[track_caller]
pub fn expect_code<T>(result: Result<T, FrameGraphError>, code: &str) -> FrameGraphError {
    match result {
        Ok(_) => panic!("expected {code}, got a success"),
        Err(error) => {
            assert_eq!(error.code(), code, "unexpected error: {error}");
            error
        }
    }
}

/// Asserts that the error message names every label in `labels`, quoted.
#[track_caller]
pub fn assert_names(error: &FrameGraphError, labels: &[&str]) {
    let message = error.to_string();
    assert!(message.starts_with(error.code()), "message does not start with its code: {message}");
    for label in labels {
        assert!(message.contains(&format!("`{label}`")), "message does not name `{label}`: {message}");
    }
}

/// A reported buffer range.
pub fn bytes(offset: u64, size: u64) -> ResourceRange {
    ResourceRange::Buffer(BufferRange::new(offset, Some(size)))
}

/// One normalized subresource region of a color texture.
pub fn sub(mip: u32, base_slice: u32, slice_count: u32) -> TextureSubresourceRange {
    TextureSubresourceRange {
        base_mip_level: mip,
        mip_level_count: 1,
        base_slice,
        slice_count,
        aspect: TextureAspect::All,
    }
}

/// One normalized subresource region of a depth texture.
pub fn depth_sub(mip: u32, base_slice: u32, slice_count: u32) -> TextureSubresourceRange {
    TextureSubresourceRange {
        base_mip_level: mip,
        mip_level_count: 1,
        base_slice,
        slice_count,
        aspect: TextureAspect::DepthOnly,
    }
}

/// A reported texture range from per-mip regions.
pub fn regions(parts: &[TextureSubresourceRange]) -> ResourceRange {
    ResourceRange::Texture(parts.to_vec())
}

/// The ids of the retained nodes, in execution order.
pub fn retained(report: &FullCompilationReport) -> Vec<PassId> {
    report.nodes.iter().map(|node| node.id).collect()
}

/// The ids of the culled nodes, in recording order.
pub fn culled(report: &FullCompilationReport) -> Vec<PassId> {
    report.culled_nodes.iter().map(|node| node.id).collect()
}

/// The report row of a resource.
pub fn resource(report: &FullCompilationReport, id: ResourceId) -> &ResourceReport {
    report.resources.iter().find(|row| row.id == id).expect("every resource is reported")
}

/// The reported accesses of a pass, in declaration order.
pub fn accesses_of(report: &FullCompilationReport, pass: PassId) -> Vec<&AccessReport> {
    report.accesses.iter().filter(|access| access.pass == pass).collect()
}

/// A CPU-only graph planned for no device in particular, for tests of what
/// holds whatever the device (shapes, geometry): formats that need features,
/// extents past every limit.
pub fn deviceless_graph() -> zenfg_runtime::FrameGraph {
    zenfg_runtime::FrameGraph::with_capabilities(zenfg_runtime::DeviceCapabilities::unchecked())
}
