//! What the examples share: a headless device on the system's adapter, and
//! reading a mappable buffer back.

use std::sync::mpsc;

/// The default adapter's device and queue, with timestamp queries when the
/// adapter has them; `None` when there is no adapter or it refuses a device.
#[allow(dead_code, reason = "examples that need a GPU go through `device`")]
pub fn try_device(label: &str) -> Option<(wgpu::Device, wgpu::Queue, wgpu::AdapterInfo)> {
    let flags = wgpu::InstanceFlags::from_build_config().with_env();
    let adapter = |flags| {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends: wgpu::Backends::PRIMARY,
            flags,
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        });
        pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default())).ok()
    };
    let mut found = adapter(flags)?;
    // Debug builds turn on debug-utils labels, and Mesa's lavapipe 22.x
    // crashes on the second label of a command buffer: keep labels off there.
    if found.get_info().device_type == wgpu::DeviceType::Cpu && flags.contains(wgpu::InstanceFlags::DEBUG) {
        found = adapter(flags - wgpu::InstanceFlags::DEBUG)?;
    }
    let descriptor = wgpu::DeviceDescriptor {
        label: Some(label),
        required_features: found.features() & wgpu::Features::TIMESTAMP_QUERY,
        ..Default::default()
    };
    let (device, queue) = pollster::block_on(found.request_device(&descriptor)).ok()?;
    Some((device, queue, found.get_info()))
}

/// [`try_device`], or exits with a message when there is no adapter.
#[allow(dead_code, reason = "the showcase runs without an adapter too")]
pub fn device(example: &str) -> (wgpu::Device, wgpu::Queue, wgpu::AdapterInfo) {
    try_device(example).unwrap_or_else(|| {
        eprintln!(
            "{example}: no GPU adapter found; for software Vulkan run `apt-get install -y mesa-vulkan-drivers libvulkan1`"
        );
        std::process::exit(2);
    })
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
