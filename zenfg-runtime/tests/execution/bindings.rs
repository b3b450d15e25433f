//! Derived passes with bindings, executed on wgpu's no-op device: the bind
//! groups their contexts receive come from the runtime's cache, found again
//! while the pass binds the same objects, views and ranges, and dropped with
//! the pooled objects they bind.

use std::cell::Cell;
use std::rc::Rc;

use crate::execution_common::noop;
use wgpu::{BufferUsages, TextureFormat};
use zenfg_runtime::prelude::*;
use zenfg_runtime::{BindGroupCacheStats, ImportBufferOptions, ImportTextureOptions, InitialContents};

#[derive(Pass)]
#[pass(compute)]
struct Shade<'f> {
    #[sampled(binding = 0)]
    source: Texture<'f>,
    #[storage_write(overwrite, binding = 1, format = Rgba8Unorm)]
    target: Texture<'f>,
    #[storage_write(overwrite, binding = 2)]
    #[root(output)]
    histogram: Buffer<'f>,
    #[uniform(binding = 0, group = 1)]
    params: BufferSlice<'f>,
    #[sampler(binding = 3)]
    linear: &'f wgpu::Sampler,
}

/// What one frame's pass saw of its bind groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Seen {
    groups: usize,
    set: bool,
}

struct Fixture {
    device: wgpu::Device,
    queue: wgpu::Queue,
    params: wgpu::Buffer,
    source: wgpu::Texture,
    sampler: wgpu::Sampler,
}

impl Fixture {
    fn new() -> Self {
        let (device, queue) = noop();
        let params = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("params"),
            size: 256,
            usage: BufferUsages::UNIFORM,
            mapped_at_creation: false,
        });
        let source = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("source"),
            size: wgpu::Extent3d { width: 32, height: 32, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        });
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor::default());
        Self { device, queue, params, source, sampler }
    }

    /// Records and executes one frame whose targets are `side` texels wide.
    fn frame(&self, graph: &mut FrameGraph, side: u32) -> Result<Seen, FrameGraphError> {
        let mut frame = graph.begin_frame();
        let defined = ImportTextureOptions::new(InitialContents::Defined);
        let source = frame.import_texture(TextureDesc::new_2d("source", 32, 32, TextureFormat::Rgba8Unorm), defined)?;
        frame.bind_imported_texture(source, &self.source)?;
        let params =
            frame.import_buffer(BufferDesc::new("params", 256), ImportBufferOptions::new(InitialContents::Defined))?;
        frame.bind_imported_buffer(params, &self.params)?;
        let target = frame.create_texture(TextureDesc::new_2d("target", side, side, TextureFormat::Rgba8Unorm))?;
        let histogram = frame.create_buffer(BufferDesc::new("histogram", u64::from(side) * 16))?;
        let seen = Rc::new(Cell::new(Seen::default()));
        let out = Rc::clone(&seen);
        let pass = Shade {
            source,
            target,
            histogram,
            params: params.slice(BufferRange::new(0, Some(64))),
            linear: &self.sampler,
        };
        frame.add(pass, move |mut cx| {
            cx.set_bind_groups();
            let groups = cx.bind_groups.iter().count();
            out.set(Seen { groups, set: cx.bind_groups.get(0).is_some() && cx.bind_groups.get(1).is_some() });
            Ok(())
        })?;
        frame.compile(CompileOptions::default())?.execute(&self.queue)?;
        Ok(seen.get())
    }
}

#[test]
fn an_unchanged_frame_finds_its_bind_groups_again() -> Result<(), FrameGraphError> {
    let fixture = Fixture::new();
    let mut graph = FrameGraph::with_device(&fixture.device);
    assert_eq!(fixture.frame(&mut graph, 64)?, Seen { groups: 2, set: true });
    let first = graph.bind_group_cache_stats();
    assert_eq!(first, BindGroupCacheStats { hits: 0, misses: 2, created: 2, evicted: 0, retained: 2 });
    for _ in 0..3 {
        fixture.frame(&mut graph, 64)?;
    }
    let warm = graph.bind_group_cache_stats();
    assert_eq!(warm, BindGroupCacheStats { hits: 6, misses: 2, created: 2, evicted: 0, retained: 2 });
    Ok(())
}

#[test]
fn a_resized_target_misses_only_the_group_that_binds_it() -> Result<(), FrameGraphError> {
    let fixture = Fixture::new();
    let mut graph = FrameGraph::with_device(&fixture.device);
    fixture.frame(&mut graph, 64)?;
    fixture.frame(&mut graph, 128)?;
    let stats = graph.bind_group_cache_stats();
    // Group 1 binds only the imported uniforms: it is found again.
    assert_eq!((stats.hits, stats.misses, stats.retained), (1, 3, 3));
    fixture.frame(&mut graph, 64)?;
    assert_eq!(graph.bind_group_cache_stats().hits, 3, "the pooled 64-texel targets and their group are still kept");
    Ok(())
}

#[test]
fn a_target_back_at_its_size_after_warm_frames_finds_its_group_again() -> Result<(), FrameGraphError> {
    let fixture = Fixture::new();
    let mut graph = FrameGraph::with_device(&fixture.device);
    for _ in 0..3 {
        fixture.frame(&mut graph, 64)?;
    }
    fixture.frame(&mut graph, 128)?;
    let before = graph.bind_group_cache_stats();
    fixture.frame(&mut graph, 64)?;
    let after = graph.bind_group_cache_stats();
    assert_eq!(
        (after.created, after.hits),
        (before.created, before.hits + 2),
        "warm frames keep the 64-texel target's view with the pooled texture, so its group is found again"
    );
    Ok(())
}

#[test]
fn groups_are_dropped_with_the_pooled_objects_they_bind() -> Result<(), FrameGraphError> {
    let fixture = Fixture::new();
    let mut graph = FrameGraph::with_device(&fixture.device);
    fixture.frame(&mut graph, 64)?;
    let evicted =
        graph.evict_resource_pool(|info| matches!(info.descriptor, zenfg_runtime::PooledResourceDesc::Texture { .. }));
    assert!(evicted > 0);
    let stats = graph.bind_group_cache_stats();
    assert_eq!((stats.evicted, stats.retained), (1, 1), "only the group binding the evicted texture goes");
    fixture.frame(&mut graph, 64)?;
    let stats = graph.bind_group_cache_stats();
    assert_eq!((stats.hits, stats.misses), (1, 3));

    graph.clear_resource_pool();
    let stats = graph.bind_group_cache_stats();
    assert_eq!((stats.evicted, stats.retained), (3, 0), "clearing the pool clears the cache");
    Ok(())
}

#[test]
fn idle_groups_age_out() -> Result<(), FrameGraphError> {
    let fixture = Fixture::new();
    let mut graph = FrameGraph::with_device(&fixture.device);
    fixture.frame(&mut graph, 64)?;
    fixture.frame(&mut graph, 128)?;
    assert_eq!(graph.bind_group_cache_stats().retained, 3);
    graph.set_bind_group_idle_limit(0);
    let stats = graph.bind_group_cache_stats();
    assert_eq!((stats.retained, stats.evicted), (2, 1), "only what the latest execution used is kept");
    graph.clear_bind_group_cache();
    assert_eq!(graph.bind_group_cache_stats().retained, 0);
    Ok(())
}

#[test]
fn the_pipeline_layout_of_a_pass_has_every_group_it_binds() {
    let fixture = Fixture::new();
    let tables = <Shade<'static> as Pass<'static>>::BIND_GROUPS;
    assert_eq!(tables.iter().map(|table| table.group).collect::<Vec<_>>(), [0, 1]);
    assert_eq!(tables[0].fields, ["source", "target", "histogram", "linear"]);
    assert_eq!(
        tables[0].entries[1].ty,
        wgpu::BindingType::StorageTexture {
            access: wgpu::StorageTextureAccess::WriteOnly,
            format: TextureFormat::Rgba8Unorm,
            view_dimension: wgpu::TextureViewDimension::D2,
        }
    );
    assert!(Shade::bind_group_layout(&fixture.device, 0).is_some());
    assert!(Shade::bind_group_layout(&fixture.device, 2).is_none());
    let _layout = Shade::pipeline_layout(&fixture.device);
}

/// Clears the surface texture the next pass samples.
#[derive(Pass)]
#[pass(render)]
struct ClearSurface<'f> {
    #[color_attachment(clear = wgpu::Color::BLACK)]
    surface: SurfaceTexture<'f>,
}

/// Samples the surface texture into a buffer.
#[derive(Pass)]
#[pass(compute)]
struct ReadSurface<'f> {
    #[sampled(binding = 0)]
    surface: SurfaceTexture<'f>,
    #[storage_write(overwrite, binding = 1)]
    #[root(output)]
    total: Buffer<'f>,
}

#[test]
fn a_group_binding_a_surface_texture_is_created_every_frame_and_never_kept() -> Result<(), FrameGraphError> {
    let fixture = Fixture::new();
    let native = fixture.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("swapchain"),
        size: wgpu::Extent3d { width: 16, height: 16, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    let mut graph = FrameGraph::with_device(&fixture.device);
    for frame_number in 1..=3 {
        let mut frame = graph.begin_frame();
        let desc = TextureDesc::new_2d("swapchain", 16, 16, TextureFormat::Rgba8Unorm);
        let surface = frame.import_surface_texture(desc, None)?;
        frame.bind_imported_texture(surface, &native)?;
        let total = frame.create_buffer(BufferDesc::new("total", 64))?;
        frame.add(ClearSurface { surface }, |_| Ok(()))?;
        frame.add(ReadSurface { surface, total }, |mut cx| {
            cx.set_bind_groups();
            Ok(())
        })?;
        frame.mark_present(surface)?;
        frame.compile(CompileOptions::default())?.execute(&fixture.queue)?;
        let stats = graph.bind_group_cache_stats();
        assert_eq!(
            (stats.hits, stats.misses, stats.created, stats.retained),
            (0, frame_number, frame_number, 0),
            "a surface texture lives one frame, so its group is created for the frame and not kept"
        );
    }
    Ok(())
}

#[derive(Pass)]
#[pass(compute)]
struct Sum<'f> {
    #[sampled(binding = 0)]
    source: Texture<'f>,
    #[storage_write(overwrite, binding = 0, group = 1)]
    #[root(output)]
    total: Buffer<'f>,
}

#[test]
fn the_view_of_an_import_outlives_a_sweep_while_executions_use_it() -> Result<(), FrameGraphError> {
    let fixture = Fixture::new();
    let mut graph = FrameGraph::with_device(&fixture.device);
    let run = |graph: &mut FrameGraph, bytes: u64| -> Result<(), FrameGraphError> {
        let mut frame = graph.begin_frame();
        let defined = ImportTextureOptions::new(InitialContents::Defined);
        let source = frame.import_texture(TextureDesc::new_2d("source", 32, 32, TextureFormat::Rgba8Unorm), defined)?;
        frame.bind_imported_texture(source, &fixture.source)?;
        let total = frame.create_buffer(BufferDesc::new("total", bytes))?;
        frame.add(Sum { source, total }, |mut cx| {
            cx.set_bind_groups();
            Ok(())
        })?;
        frame.compile(CompileOptions::default())?.execute(&fixture.queue)
    };
    for _ in 0..3 {
        run(&mut graph, 64)?;
    }
    graph.set_bind_group_idle_limit(0);
    let before = graph.bind_group_cache_stats();
    run(&mut graph, 128)?;
    let after = graph.bind_group_cache_stats();
    assert_eq!(
        (after.created, after.hits),
        (before.created + 1, before.hits + 1),
        "the import's view, used by every execution, is found again, and with it group 0"
    );
    Ok(())
}

/// A pass that binds only objects the graph does not track, so nothing but
/// wgpu itself checks them against the layout the struct declares.
#[derive(Pass)]
#[pass(compute, side_effect)]
struct Untracked<'f> {
    #[untracked(uniform, binding = 0)]
    params: &'f wgpu::Buffer,
    #[sampler(comparison, binding = 1)]
    shadow: &'f wgpu::Sampler,
}

/// Executes one frame of [`Untracked`] binding `params` and `shadow`.
fn execute_untracked(
    graph: &mut FrameGraph,
    queue: &wgpu::Queue,
    params: &wgpu::Buffer,
    shadow: &wgpu::Sampler,
) -> Result<(), FrameGraphError> {
    let mut frame = graph.begin_frame();
    frame.add(Untracked { params, shadow }, |mut cx| {
        cx.set_bind_groups();
        Ok(())
    })?;
    frame.compile(CompileOptions::default())?.execute(queue)
}

fn uniform_buffer(device: &wgpu::Device, usage: BufferUsages) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor { label: Some("params"), size: 64, usage, mapped_at_creation: false })
}

fn comparison_sampler(device: &wgpu::Device) -> wgpu::Sampler {
    device.create_sampler(&wgpu::SamplerDescriptor {
        compare: Some(wgpu::CompareFunction::LessEqual),
        ..Default::default()
    })
}

#[test]
fn an_untracked_buffer_without_the_usage_its_binding_needs_fails_with_fg4015() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let storage_only = uniform_buffer(&device, BufferUsages::STORAGE);
    let error = execute_untracked(&mut graph, &queue, &storage_only, &comparison_sampler(&device))
        .expect_err("a storage-only buffer cannot bind as uniforms");
    assert_eq!(error.code(), "FG4015", "{error}");
    assert!(error.pass().is_some(), "the error names the pass");
    let message = error.to_string();
    assert!(message.contains("bind group 0 of pass `untracked`"), "{message}");
    assert!(message.contains("UNIFORM"), "wgpu's reason names the missing usage: {message}");
    let stats = graph.bind_group_cache_stats();
    assert_eq!((stats.misses, stats.created, stats.retained), (1, 0, 0), "a refused group is neither created nor kept");
}

#[test]
fn a_sampler_that_does_not_compare_in_a_comparison_field_fails_with_fg4015() {
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let params = uniform_buffer(&device, BufferUsages::UNIFORM);
    let filtering = device.create_sampler(&wgpu::SamplerDescriptor::default());
    let error = execute_untracked(&mut graph, &queue, &params, &filtering)
        .expect_err("a sampler without a compare function cannot bind as a comparison sampler");
    assert_eq!(error.code(), "FG4015", "{error}");
    // The runtime stays usable: the same pass with fitting objects executes.
    execute_untracked(&mut graph, &queue, &params, &comparison_sampler(&device))
        .expect("fitting objects bind after a refusal");
    assert_eq!(graph.bind_group_cache_stats().retained, 1);
}
