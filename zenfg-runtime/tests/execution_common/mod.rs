//! Devices and readback helpers shared by the execution tests.
#![allow(dead_code)]

pub mod adapter;

use adapter::NoDevice;
use zenfg_runtime::{Buffer, BufferDesc, BufferRange, Frame, FrameGraphError, InitialContents, RootReason};

/// wgpu's no-op device, with timestamp queries.
pub fn noop() -> (wgpu::Device, wgpu::Queue) {
    wgpu::Device::noop(&wgpu::DeviceDescriptor {
        required_features: wgpu::Features::TIMESTAMP_QUERY,
        ..Default::default()
    })
}

/// wgpu's no-op device without optional features.
pub fn noop_without_timestamps() -> (wgpu::Device, wgpu::Queue) {
    wgpu::Device::noop(&wgpu::DeviceDescriptor::default())
}

/// A real adapter's device (software Vulkan on machines without a GPU), with
/// timestamp queries when the adapter has them, picked as
/// [`adapter::headless_device`] says. With `CI` set, a missing adapter fails
/// the test; otherwise the test is skipped with a notice.
pub fn gpu(test: &str) -> Option<(wgpu::Device, wgpu::Queue)> {
    match adapter::headless_device(test) {
        Ok((device, queue, _)) => Some((device, queue)),
        Err(NoDevice::NoAdapter(error)) => {
            assert!(std::env::var_os("CI").is_none(), "{test}: CI is set but no GPU adapter was found: {error}");
            eprintln!("notice: {test} skipped: no GPU adapter (install mesa-vulkan-drivers for software Vulkan)");
            None
        }
        Err(refused @ NoDevice::Refused(_)) => panic!("{test}: {refused}"),
    }
}

/// The adapter [`gpu`] creates its device on, for tests that create their
/// own devices; with `CI` set, a missing adapter fails the test.
pub fn gpu_adapter(test: &str) -> Option<wgpu::Adapter> {
    match adapter::headless_adapter() {
        Ok(adapter) => Some(adapter),
        Err(error) => {
            assert!(std::env::var_os("CI").is_none(), "{test}: CI is set but no GPU adapter was found: {error}");
            eprintln!("notice: {test} skipped: no GPU adapter (install mesa-vulkan-drivers for software Vulkan)");
            None
        }
    }
}

/// Waits for the queue and returns the bytes of a `MAP_READ` buffer.
pub fn read_buffer(device: &wgpu::Device, buffer: &wgpu::Buffer) -> Vec<u8> {
    zenfg_runtime::readback::read_buffer(device, buffer, std::time::Duration::from_secs(60)).unwrap()
}

/// A caller-owned readback buffer of `size` bytes.
pub fn readback_buffer(device: &wgpu::Device, size: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// A readback frame: a cleared 256-byte transient copied into the first
/// 256 bytes of the caller's mappable buffer `readback`, which it roots.
pub fn download<'f>(frame: &mut Frame<'f>, readback: &'f wgpu::Buffer) -> Result<Buffer<'f>, FrameGraphError> {
    let source = frame.create_buffer(BufferDesc::new("source", 256))?;
    frame.clear_buffer("zero", source, BufferRange::whole())?;
    let out = frame.import_native_buffer("readback", readback, InitialContents::Undefined)?;
    let mut copy = frame.copy_pass("download");
    copy.copy_buffer_to_buffer(source, 0, out, 0, 256)?;
    copy.finish()?;
    frame.mark_buffer_root(out, BufferRange::new(0, Some(256)), RootReason::Readback)?;
    Ok(out)
}
