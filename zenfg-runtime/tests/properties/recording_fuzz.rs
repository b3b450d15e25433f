//! The recording fuzzer: random sequences of public API calls, with good and
//! bad descriptors, overflowing ranges, handles of another recording,
//! unbalanced debug groups, roots and callbacks that fail or panic, on a
//! CPU-only graph and on a graph over wgpu's no-op device.
//!
//! Every case checks that no panic leaves zenfg, that every error carries an
//! FG code its message starts with, that poisoning follows the documented
//! rules (compile returns the first poisoning error, and only then), and that
//! pool counters add up. A device-backed graph that compiles is executed with
//! an error scope and an uncaptured-error handler: wgpu must report nothing.
//!
//! A third property compiles random recordings one after another on one
//! runtime, so that identical ones reuse the plan before them, and checks
//! every plan against the plan a fresh runtime makes of the same recording.
//!
//! The case count is `ZENFG_FUZZ_CASES` (default 64), for longer runs:
//! `ZENFG_FUZZ_CASES=20000 cargo test -p zenfg-runtime --all-features --test properties fuzz`.
//!
//! The generator includes what only the device refuses (textures past its
//! limits, storage on sRGB formats, row pitches off 256, odd sample counts):
//! the graph must refuse those itself, before wgpu sees them.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use zenfg_runtime::wgpu::{self, BufferUsages, Color, Extent3d, TextureDimension, TextureFormat, TextureViewDimension};
use zenfg_runtime::{
    Buffer, BufferDesc, BufferRange, BufferTextureCopyLocation, ColorAttachmentOps, CompileOptions, DepthAttachmentOps,
    Frame, FrameGraph, FrameGraphError, ImportBufferOptions, ImportTextureOptions, InitialContents, RootReason,
    Texture, TextureCopyLocation, TextureDesc, TextureTarget, TextureView, TextureViewDesc, WriteContents,
};

/// Cases per property: `ZENFG_FUZZ_CASES`, or a bound that keeps the normal
/// suite fast.
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("ZENFG_FUZZ_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(default)
}

const FORMATS: [TextureFormat; 4] =
    [TextureFormat::Rgba8Unorm, TextureFormat::Rgba8UnormSrgb, TextureFormat::R32Float, TextureFormat::Depth32Float];

#[derive(Clone, Debug)]
enum Op {
    Buffer { size: u64, import: bool, defined: bool },
    Texture { format: usize, extent: u32, layers: u32, mips: u32, samples: u32, volume: bool, import: bool },
    View { texture: usize, base_mip: u32, mips: Option<u32>, base_layer: u32, layers: Option<u32>, dim: Option<u8> },
    Pass { kind: u8, accesses: Vec<Access>, side_effect: bool, ending: Ending },
    Clear { buffer: usize, offset: u64, size: Option<u64> },
    Push,
    Pop,
    BufferRoot { buffer: usize, offset: u64, size: Option<u64>, reason: u8 },
    TextureRoot { target: usize, reason: u8 },
    Foreign,
}

#[derive(Clone, Debug)]
enum Access {
    Buffer { role: u8, buffer: usize, offset: u64, size: Option<u64> },
    Texture { role: u8, target: usize },
    Resolve { source: usize, target: usize },
    CopyBuffers { src: usize, src_offset: u64, dst: usize, dst_offset: u64, size: u64 },
    CopyTextureToBuffer { texture: usize, buffer: usize, width: u32, tight: bool },
    CopyTextures { src: usize, dst: usize, width: u32 },
    ForeignBuffer,
}

/// How a pass ends: its callback returns, fails or panics; or the builder
/// is dropped unfinished.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ending {
    Ok,
    Fail,
    Panic,
    Drop,
}

fn offset() -> impl Strategy<Value = u64> {
    prop_oneof![4 => Just(0_u64), 2 => Just(256), 1 => Just(4), 1 => Just(3), 1 => Just(u64::MAX - 2)]
}

fn size() -> impl Strategy<Value = Option<u64>> {
    prop_oneof![3 => Just(None), 2 => Just(Some(16_u64)), 1 => Just(Some(0)), 1 => Just(Some(6)), 1 => Just(Some(u64::MAX))]
}

fn access() -> impl Strategy<Value = Access> {
    prop_oneof![
        4 => (0_u8..8, 0_usize..8, offset(), size())
            .prop_map(|(role, buffer, offset, size)| Access::Buffer { role, buffer, offset, size }),
        4 => (0_u8..8, 0_usize..12).prop_map(|(role, target)| Access::Texture { role, target }),
        1 => (0_usize..12, 0_usize..12).prop_map(|(source, target)| Access::Resolve { source, target }),
        2 => (0_usize..8, offset(), 0_usize..8, offset(), prop_oneof![Just(0_u64), Just(4), Just(16), Just(6)]).prop_map(
            |(src, src_offset, dst, dst_offset, size)| Access::CopyBuffers { src, src_offset, dst, dst_offset, size }
        ),
        1 => (0_usize..12, 0_usize..8, prop_oneof![Just(1_u32), Just(4), Just(16)], any::<bool>()).prop_map(
            |(texture, buffer, width, tight)| Access::CopyTextureToBuffer { texture, buffer, width, tight }
        ),
        1 => (0_usize..12, 0_usize..12, prop_oneof![Just(1_u32), Just(4)])
            .prop_map(|(src, dst, width)| Access::CopyTextures { src, dst, width }),
        1 => Just(Access::ForeignBuffer),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    let extent = prop_oneof![Just(1_u32), Just(4), Just(16), Just(0), Just(1 << 15)];
    let samples = prop_oneof![6 => Just(1_u32), 2 => Just(4), 1 => Just(2), 1 => Just(0)];
    let buffer_size = prop_oneof![Just(0_u64), Just(4), Just(64), Just(256), Just(1000), Just(1 << 40)];
    prop_oneof![
        3 => (buffer_size, prop::bool::weighted(0.3), any::<bool>())
            .prop_map(|(size, import, defined)| Op::Buffer { size, import, defined }),
        3 => (0_usize..FORMATS.len(), extent, prop_oneof![Just(1_u32), Just(2), Just(6), Just(1 << 12)], 0_u32..4, samples,
            prop::bool::weighted(0.1), prop::bool::weighted(0.3))
            .prop_map(|(format, extent, layers, mips, samples, volume, import)| Op::Texture {
                format, extent, layers, mips, samples, volume, import
            }),
        2 => (0_usize..8, 0_u32..3, prop::option::of(0_u32..3), 0_u32..3, prop::option::of(0_u32..7),
            prop::option::of(0_u8..6))
            .prop_map(|(texture, base_mip, mips, base_layer, layers, dim)| Op::View {
                texture, base_mip, mips, base_layer, layers, dim
            }),
        6 => (0_u8..15, prop::collection::vec(access(), 0..5), prop::bool::weighted(0.3),
            prop_oneof![24 => Just(Ending::Ok), 2 => Just(Ending::Fail), 2 => Just(Ending::Panic), 1 => Just(Ending::Drop)])
            .prop_map(|(kind, accesses, side_effect, ending)| Op::Pass { kind, accesses, side_effect, ending }),
        1 => (0_usize..8, offset(), size()).prop_map(|(buffer, offset, size)| Op::Clear { buffer, offset, size }),
        1 => Just(Op::Push),
        1 => Just(Op::Pop),
        2 => (0_usize..8, offset(), size(), 0_u8..5)
            .prop_map(|(buffer, offset, size, reason)| Op::BufferRoot { buffer, offset, size, reason }),
        2 => (0_usize..12, 0_u8..5).prop_map(|(target, reason)| Op::TextureRoot { target, reason }),
        1 => Just(Op::Foreign),
    ]
}

const REASONS: [RootReason; 5] = [
    RootReason::Output,
    RootReason::Readback,
    RootReason::DebugCapture,
    RootReason::PersistentState,
    RootReason::Present,
];

/// What a case recorded, and what it expects of compile.
#[derive(Default)]
struct Outcome {
    /// The code of the first poisoning failure.
    poisoned: Option<&'static str>,
    /// Whether a callback was recorded that panics on purpose.
    panicking_callback: bool,
}

/// The handles a case holds.
struct Handles<'f> {
    buffers: Vec<Buffer<'f>>,
    textures: Vec<Texture<'f>>,
    targets: Vec<TextureTarget<'f>>,
    formats: Vec<TextureFormat>,
    foreign: Buffer<'f>,
}

impl<'f> Handles<'f> {
    fn buffer(&self, index: usize) -> Option<Buffer<'f>> {
        (!self.buffers.is_empty()).then(|| self.buffers[index % self.buffers.len()])
    }

    fn texture(&self, index: usize) -> Option<Texture<'f>> {
        (!self.textures.is_empty()).then(|| self.textures[index % self.textures.len()])
    }

    fn target(&self, index: usize) -> Option<(TextureTarget<'f>, TextureFormat)> {
        (!self.targets.is_empty()).then(|| {
            let index = index % self.targets.len();
            (self.targets[index], self.formats[index])
        })
    }
}

/// Checks an error the public API returned.
fn check_error(error: &FrameGraphError) -> Result<(), TestCaseError> {
    let code = error.code();
    prop_assert!(code.starts_with("FG") && code.len() == 6, "code {}", code);
    prop_assert!(error.to_string().starts_with(&format!("{code}: ")), "{} does not start with {}", error, code);
    Ok(())
}

/// Runs one public call: a panic out of zenfg fails the case.
fn call<T>(what: &str, work: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|_| TestCaseError::fail(format!("{what} panicked inside zenfg")))
}

fn range(offset: u64, size: Option<u64>) -> BufferRange {
    BufferRange::new(offset, size)
}

fn callback_result(ending: Ending) -> zenfg_runtime::Result<()> {
    match ending {
        Ending::Fail => Err(FrameGraphError::callback_failed("the fuzzer's callback fails")),
        Ending::Panic => std::panic::panic_any(CallbackPanic),
        Ending::Ok | Ending::Drop => Ok(()),
    }
}

/// The payload of a callback's own panic.
struct CallbackPanic;

macro_rules! declare_bindings {
    ($pass:expr, $handles:expr, $access:expr) => {
        match $access {
            Access::Buffer { role, buffer, offset, size } => {
                let Some(buffer) = $handles.buffer(*buffer) else { return Ok(()) };
                let range = range(*offset, *size);
                match role % 4 {
                    0 => $pass.uniform_buffer(buffer, range).map(drop),
                    1 => $pass.storage_buffer_read(buffer, range).map(drop),
                    2 => $pass.storage_buffer_write(buffer, range, WriteContents::Overwrite).map(drop),
                    _ => $pass.storage_buffer_write(buffer, range, WriteContents::Preserve).map(drop),
                }
            }
            Access::Texture { role, target } => {
                let Some((target, _)) = $handles.target(*target) else { return Ok(()) };
                match role % 3 {
                    0 => $pass.sampled_texture(target).map(drop),
                    1 => $pass.storage_texture_read(target).map(drop),
                    _ => $pass.storage_texture_write(target, WriteContents::Overwrite).map(drop),
                }
            }
            Access::ForeignBuffer => $pass.storage_buffer_read($handles.foreign, BufferRange::whole()).map(drop),
            _ => return Ok(()),
        }
    };
}

macro_rules! declare_attachments {
    ($pass:expr, $handles:expr, $access:expr) => {
        match $access {
            Access::Texture { role, target } if role % 8 >= 3 => {
                let Some((target, _)) = $handles.target(*target) else { return Ok(()) };
                match role % 8 {
                    3 => $pass.color_attachment(target, ColorAttachmentOps::clear_store(Color::BLACK)).map(drop),
                    4 => $pass.color_attachment(target, ColorAttachmentOps::load_store()).map(drop),
                    5 => $pass.depth_attachment(target, DepthAttachmentOps::clear_store(1.0)).map(drop),
                    6 => $pass.depth_attachment_read_only(target).map(drop),
                    _ => $pass.color_attachment(target, ColorAttachmentOps::clear_discard(Color::BLACK)).map(drop),
                }
            }
            Access::Resolve { source, target } => {
                let (Some((source, _)), Some((target, _))) = ($handles.target(*source), $handles.target(*target))
                else {
                    return Ok(());
                };
                $pass
                    .color_attachment_with_resolve(source, target, ColorAttachmentOps::clear_store(Color::BLACK))
                    .map(drop)
            }
            Access::Buffer { role, buffer, offset, size } if role % 8 >= 4 => {
                let Some(buffer) = $handles.buffer(*buffer) else { return Ok(()) };
                let range = range(*offset, *size);
                match role % 8 {
                    4 | 5 => $pass.vertex_buffer(buffer, range).map(drop),
                    6 => $pass.index_buffer(buffer, range).map(drop),
                    _ => $pass.indirect_buffer(buffer, range).map(drop),
                }
            }
            _ => return Ok(()),
        }
    };
}

/// Declares `access` on a builder of any kind that takes it; an access the
/// kind cannot take is skipped.
fn declare_on_render<'f>(
    pass: &mut zenfg_runtime::PassBuilder<'_, 'f, zenfg_runtime::kind::Render>,
    handles: &Handles<'f>,
    access: &Access,
) -> Result<(), TestCaseError> {
    let result = match access {
        Access::Texture { role, .. } if role % 8 >= 3 => declare_attachments!(pass, handles, access),
        Access::Buffer { role, .. } if role % 8 >= 4 => declare_attachments!(pass, handles, access),
        Access::Resolve { .. } => declare_attachments!(pass, handles, access),
        _ => declare_bindings!(pass, handles, access),
    };
    result.map_err(|error| check_error(&error)).err().transpose().map(drop)
}

fn declare_on_compute<'f>(
    pass: &mut zenfg_runtime::PassBuilder<'_, 'f, zenfg_runtime::kind::Compute>,
    handles: &Handles<'f>,
    access: &Access,
) -> Result<(), TestCaseError> {
    let result = declare_bindings!(pass, handles, access);
    result.map_err(|error| check_error(&error)).err().transpose().map(drop)
}

fn declare_on_copy<'f>(
    pass: &mut zenfg_runtime::PassBuilder<'_, 'f, zenfg_runtime::kind::Copy>,
    handles: &Handles<'f>,
    access: &Access,
) -> Result<(), TestCaseError> {
    let result = match *access {
        Access::CopyBuffers { src, src_offset, dst, dst_offset, size } => {
            let (Some(src), Some(dst)) = (handles.buffer(src), handles.buffer(dst)) else { return Ok(()) };
            pass.copy_buffer_to_buffer(src, src_offset, dst, dst_offset, size).map(drop)
        }
        Access::CopyTextureToBuffer { texture, buffer, width, tight } => {
            let (Some(texture), Some(buffer)) = (handles.texture(texture), handles.buffer(buffer)) else {
                return Ok(());
            };
            let row = width * 4;
            let bytes_per_row = if tight { row } else { row + 4 };
            let layout =
                wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(bytes_per_row), rows_per_image: None };
            let size = Extent3d { width, height: 1, depth_or_array_layers: 1 };
            pass.copy_texture_to_buffer(
                TextureCopyLocation::new(texture),
                BufferTextureCopyLocation::new(buffer, layout),
                size,
            )
            .map(drop)
        }
        Access::CopyTextures { src, dst, width } => {
            let (Some(src), Some(dst)) = (handles.texture(src), handles.texture(dst)) else { return Ok(()) };
            let size = Extent3d { width, height: 1, depth_or_array_layers: 1 };
            pass.copy_texture_to_texture(TextureCopyLocation::new(src), TextureCopyLocation::new(dst), size).map(drop)
        }
        _ => return Ok(()),
    };
    result.map_err(|error| check_error(&error)).err().transpose().map(drop)
}

/// Records `finish`'s outcome: a failing finish poisons the recording.
fn finished(result: zenfg_runtime::Result<zenfg_runtime::PassId>, outcome: &mut Outcome) -> Result<(), TestCaseError> {
    if let Err(error) = result {
        check_error(&error)?;
        outcome.poisoned.get_or_insert(error.code());
    }
    Ok(())
}

/// Records `op` into `frame`.
fn apply<'f>(
    frame: &mut Frame<'f>,
    handles: &mut Handles<'f>,
    op: &Op,
    outcome: &mut Outcome,
) -> Result<(), TestCaseError> {
    let result: zenfg_runtime::Result<()> = match op.clone() {
        Op::Buffer { size, import, defined } => call("create_buffer", || {
            let desc = BufferDesc::new("buffer", size);
            let buffer = if import {
                let initial = if defined { InitialContents::Defined } else { InitialContents::Undefined };
                frame.import_buffer(desc, ImportBufferOptions::new(initial))
            } else {
                frame.create_buffer(desc)
            };
            buffer.map(|buffer| handles.buffers.push(buffer))
        })?,
        Op::Texture { format, extent, layers, mips, samples, volume, import } => call("create_texture", || {
            let format = FORMATS[format];
            let mut desc = TextureDesc::new_2d("texture", extent, extent, format)
                .with_layers(layers)
                .with_mips(mips)
                .with_samples(samples);
            if volume {
                desc.dimension = TextureDimension::D3;
            }
            let texture = if import {
                frame.import_texture(desc, ImportTextureOptions::new(InitialContents::Defined))
            } else {
                frame.create_texture(desc)
            };
            texture.map(|texture| {
                handles.textures.push(texture);
                handles.targets.push(texture.into());
                handles.formats.push(format);
            })
        })?,
        Op::View { texture, base_mip, mips, base_layer, layers, dim } => {
            let Some(texture) = handles.texture(texture) else { return Ok(()) };
            let dimension = dim.map(|dim| {
                [
                    TextureViewDimension::D1,
                    TextureViewDimension::D2,
                    TextureViewDimension::D2Array,
                    TextureViewDimension::Cube,
                    TextureViewDimension::CubeArray,
                    TextureViewDimension::D3,
                ][dim as usize]
            });
            let desc = TextureViewDesc {
                dimension,
                base_mip_level: base_mip,
                mip_level_count: mips,
                base_array_layer: base_layer,
                array_layer_count: layers,
                ..TextureViewDesc::default()
            };
            call("create_texture_view", || {
                let format = frame.texture_desc(texture).map(|desc| desc.format);
                frame.create_texture_view(texture, desc).and_then(|view: TextureView<'f>| {
                    handles.targets.push(view.into());
                    handles.formats.push(format?);
                    Ok(())
                })
            })?
        }
        Op::Pass { kind, mut accesses, side_effect, ending } => {
            outcome.panicking_callback |= ending == Ending::Panic;
            call("a pass", || -> Result<(), TestCaseError> {
                macro_rules! record {
                    ($builder:expr, $declare:ident, $finish:ident) => {{
                        let mut pass = $builder;
                        pass.set_side_effect(side_effect);
                        for access in &accesses {
                            $declare(&mut pass, handles, access)?;
                        }
                        match ending {
                            Ending::Drop => {
                                drop(pass);
                                outcome.poisoned.get_or_insert("FG2002");
                            }
                            _ => finished(pass.$finish(move |_| callback_result(ending)), outcome)?,
                        }
                    }};
                }
                match kind % 3 {
                    0 => {
                        // Most render passes have an attachment; one without is FG1106 and poisons.
                        if kind < 12 {
                            let target = accesses.len() + kind as usize;
                            accesses.insert(0, Access::Texture { role: 3, target });
                        }
                        record!(frame.render_pass("render"), declare_on_render, finish_render)
                    }
                    1 => record!(frame.compute_pass("compute"), declare_on_compute, finish_compute),
                    _ => {
                        let mut pass = frame.copy_pass("copy");
                        for access in &accesses {
                            declare_on_copy(&mut pass, handles, access)?;
                        }
                        if ending == Ending::Drop {
                            drop(pass);
                            outcome.poisoned.get_or_insert("FG2002");
                        } else {
                            finished(pass.finish(), outcome)?;
                        }
                    }
                }
                Ok(())
            })??;
            Ok(())
        }
        Op::Clear { buffer, offset, size } => {
            let Some(buffer) = handles.buffer(buffer) else { return Ok(()) };
            call("clear_buffer", || frame.clear_buffer("clear", buffer, range(offset, size)).map(drop))?
        }
        Op::Push => call("push_debug_group", || frame.push_debug_group("group").map(drop))?,
        Op::Pop => call("pop_debug_group", || frame.pop_debug_group())?,
        Op::BufferRoot { buffer, offset, size, reason } => {
            let Some(buffer) = handles.buffer(buffer) else { return Ok(()) };
            call("mark_buffer_root", || frame.mark_buffer_root(buffer, range(offset, size), REASONS[reason as usize]))?
        }
        Op::TextureRoot { target, reason } => {
            let Some((target, _)) = handles.target(target) else { return Ok(()) };
            call("mark_texture_root", || frame.mark_texture_root(target, REASONS[reason as usize]))?
        }
        Op::Foreign => call("a foreign root", || {
            frame.mark_buffer_root(handles.foreign, BufferRange::whole(), RootReason::Output)
        })?,
    };
    if let Err(error) = result {
        check_error(&error)?;
    }
    Ok(())
}

/// Whether `code` is one a poisoning failure raises.
fn poisons(code: &str) -> bool {
    matches!(code, "FG2002" | "FG1106" | "FG2009")
}

/// Pool counters add up.
fn check_pool(graph: &FrameGraph) -> Result<(), TestCaseError> {
    let stats = graph.resource_pool_stats();
    prop_assert_eq!(stats.acquire_count, stats.reuse_count + stats.created_count, "{:?}", stats);
    prop_assert!(stats.retained_count + stats.evicted_count <= stats.created_count, "{:?}", stats);
    Ok(())
}

/// Applies `ops` to `frame`, with `foreign` as the handle of another recording.
fn record<'f>(frame: &mut Frame<'f>, foreign: Buffer<'f>, ops: &[Op]) -> Result<(Handles<'f>, Outcome), TestCaseError> {
    let mut handles =
        Handles { buffers: Vec::new(), textures: Vec::new(), targets: Vec::new(), formats: Vec::new(), foreign };
    let mut outcome = Outcome::default();
    for op in ops {
        apply(frame, &mut handles, op, &mut outcome)?;
    }
    Ok((handles, outcome))
}

/// Records `ops` on `graph` (and a second recording for foreign handles),
/// compiles, and on a device executes; returns what wgpu reported.
fn run_case(
    graph: &mut FrameGraph,
    device: Option<(&wgpu::Device, &wgpu::Queue)>,
    ops: &[Op],
) -> Result<(), TestCaseError> {
    let mut other = FrameGraph::new();
    let mut other_frame = other.begin_frame();
    let foreign = other_frame.create_buffer(BufferDesc::new("foreign", 16)).unwrap();
    let mut frame = graph.begin_frame();
    let (handles, outcome) = record(&mut frame, foreign, ops)?;
    // Groups left open are FG2005; most cases close them to reach compile's later stages.
    if !ops.len().is_multiple_of(4) {
        while call("pop_debug_group", || frame.pop_debug_group())?.is_ok() {}
    }
    if let Some((device, _)) = device {
        // Imports are bound to native objects of every usage their kind allows.
        for &buffer in &handles.buffers {
            let Ok(desc) = frame.buffer_desc(buffer) else { continue };
            if desc.size > device.limits().max_buffer_size {
                continue;
            }
            // A bound native must outlive the frame, and its size is known
            // only now that the frame is recorded: it is leaked (a no-op
            // device's buffer holds no memory).
            let native: &wgpu::Buffer = Box::leak(Box::new(device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: desc.size,
                usage: BufferUsages::COPY_SRC
                    | BufferUsages::COPY_DST
                    | BufferUsages::INDEX
                    | BufferUsages::VERTEX
                    | BufferUsages::UNIFORM
                    | BufferUsages::STORAGE
                    | BufferUsages::INDIRECT,
                mapped_at_creation: false,
            })));
            if let Err(error) = call("bind_imported_buffer", || frame.bind_imported_buffer(buffer, native))? {
                check_error(&error)?;
            }
        }
    }
    let compiled = call("compile", || frame.compile(CompileOptions::full_report()))?;
    drop(other_frame);
    let compiled = match compiled {
        Err(error) => {
            check_error(&error)?;
            match outcome.poisoned {
                Some(first) => prop_assert_eq!(error.code(), first, "compile returns the first poisoning error"),
                None => prop_assert!(!poisons(error.code()) || error.code() == "FG1106", "{} without poisoning", error),
            }
            return Ok(());
        }
        Ok(compiled) => {
            prop_assert_eq!(outcome.poisoned, None, "a poisoned recording compiled");
            compiled
        }
    };
    let Some((device, queue)) = device else { return Ok(()) };
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let executed = catch_unwind(AssertUnwindSafe(|| compiled.execute(queue)));
    let scoped = pollster::block_on(scope.pop());
    match executed {
        Ok(Ok(())) => {}
        Ok(Err(error)) => check_error(&error)?,
        Err(payload) => prop_assert!(payload.is::<CallbackPanic>(), "execute panicked inside zenfg"),
    }
    prop_assert!(scoped.is_none(), "wgpu rejected an accepted graph: {:?}\n{:#?}", scoped, ops);
    Ok(())
}

/// What a compile shows of its plan, or the code it failed with.
#[derive(Debug, PartialEq)]
enum Planned {
    Failed(&'static str),
    Plan {
        retained: usize,
        allocations: usize,
        segments: Vec<zenfg_runtime::ExecutionSegmentReport>,
        usage: Vec<Option<zenfg_runtime::ResourceUsage>>,
    },
}

/// Records `ops` on `graph` and compiles them without a report.
fn planned(graph: &mut FrameGraph, ops: &[Op]) -> Result<Planned, TestCaseError> {
    let mut other = FrameGraph::new();
    let mut other_frame = other.begin_frame();
    let foreign = other_frame.create_buffer(BufferDesc::new("foreign", 16)).unwrap();
    let mut frame = graph.begin_frame();
    let (handles, _) = record(&mut frame, foreign, ops)?;
    while call("pop_debug_group", || frame.pop_debug_group())?.is_ok() {}
    let ids: Vec<_> = handles
        .buffers
        .iter()
        .map(|buffer| buffer.id())
        .chain(handles.textures.iter().map(|texture| texture.id()))
        .collect();
    Ok(match call("compile", || frame.compile(CompileOptions::default()))? {
        Err(error) => Planned::Failed(error.code()),
        Ok(compiled) => Planned::Plan {
            retained: compiled.retained_node_count(),
            allocations: compiled.allocation_count(),
            segments: compiled.execution_segments(),
            usage: ids.into_iter().map(|id| compiled.resource_usage(id)).collect(),
        },
    })
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec(op(), 1..24)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(fuzz_cases(64)) })]

    /// Random recordings on a CPU-only graph: no panic, proper codes,
    /// poisoning as documented.
    #[test]
    fn fuzz_random_recordings_without_a_device(ops in ops()) {
        let mut graph = FrameGraph::new();
        run_case(&mut graph, None, &ops)?;
        check_pool(&graph)?;
    }

    /// Random recordings on the no-op device; those that compile execute
    /// without a wgpu validation error, twice, so pooled objects are reused.
    #[test]
    fn fuzz_accepted_recordings_execute_without_wgpu_errors(ops in ops()) {
        let (device, queue) = wgpu::Device::noop(&wgpu::DeviceDescriptor::default());
        let uncaptured = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&uncaptured);
        device.on_uncaptured_error(Arc::new(move |error| sink.lock().unwrap().push(error.to_string())));
        let mut graph = FrameGraph::with_device(&device);
        for _ in 0..2 {
            run_case(&mut graph, Some((&device, &queue)), &ops)?;
            check_pool(&graph)?;
        }
        let uncaptured = uncaptured.lock().unwrap();
        prop_assert!(uncaptured.is_empty(), "uncaptured wgpu errors: {:?}\n{:#?}", uncaptured, ops);
    }

    /// Random recordings compiled in turn on one runtime, each twice in a
    /// row: whether a compile reuses the plan before it or plans anew, its
    /// plan is the plan a fresh runtime makes of the same recording.
    #[test]
    fn fuzz_reused_plans_are_the_plans_of_a_fresh_runtime(first in ops(), second in ops()) {
        let mut graph = FrameGraph::new();
        let mut compiled_before = None;
        for ops in [&first, &first, &second, &second, &first] {
            let before = graph.planning_stats();
            let reused = planned(&mut graph, ops)?;
            let fresh = planned(&mut FrameGraph::new(), ops)?;
            let compiled = !matches!(reused, Planned::Failed(_));
            prop_assert_eq!(reused, fresh, "{:#?}", ops);
            if compiled && compiled_before.is_some_and(|before| std::ptr::eq(before, ops)) {
                prop_assert_eq!(graph.planning_stats().reused, before.reused + 1, "the same recording again reuses its plan");
            }
            compiled_before = compiled.then_some(ops);
        }
    }
}
