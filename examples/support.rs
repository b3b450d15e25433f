//! What the examples share: a headless device on the system's adapter, and
//! reading a mappable buffer back.

use std::sync::mpsc;

/// The default adapter's device and queue, with timestamp queries when the
/// adapter has them. Exits with a message when there is no adapter.
pub fn device(example: &str) -> (wgpu::Device, wgpu::Queue, wgpu::AdapterInfo) {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: wgpu::Backends::PRIMARY,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let Ok(adapter) = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default())) else {
        eprintln!("{example}: no GPU adapter found (on a machine without a GPU, install mesa-vulkan-drivers)");
        std::process::exit(2);
    };
    let descriptor = wgpu::DeviceDescriptor {
        label: Some(example),
        required_features: adapter.features() & wgpu::Features::TIMESTAMP_QUERY,
        ..Default::default()
    };
    let (device, queue) = pollster::block_on(adapter.request_device(&descriptor)).unwrap_or_else(|error| {
        eprintln!("{example}: the adapter refused a device: {error}");
        std::process::exit(2);
    });
    (device, queue, adapter.get_info())
}

/// Waits for the queue, then copies out the bytes of a `MAP_READ` buffer.
#[allow(dead_code, reason = "not every example reads a buffer back")]
pub fn read_buffer(device: &wgpu::Device, buffer: &wgpu::Buffer) -> Vec<u8> {
    let (sender, receiver) = mpsc::channel();
    buffer.map_async(wgpu::MapMode::Read, .., move |result| {
        let _ = sender.send(result);
    });
    device.poll(wgpu::PollType::wait_indefinitely()).expect("the device finishes its work");
    receiver.recv().expect("the map callback ran").expect("the buffer maps");
    let bytes = buffer.get_mapped_range(..).expect("the buffer is mapped").to_vec();
    buffer.unmap();
    bytes
}

/// A caller-owned buffer the CPU can read after copies into it.
#[allow(dead_code, reason = "not every example reads a buffer back")]
pub fn readback_buffer(device: &wgpu::Device, label: &str, size: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}
