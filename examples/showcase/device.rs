//! The system's GPU adapter, when there is one: a real GPU, or software
//! Vulkan (Mesa's lavapipe) on machines without one.

/// A device and queue of the default adapter, and what the adapter is.
pub struct Gpu {
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
    /// The adapter's name and backend.
    pub info: wgpu::AdapterInfo,
}

impl Gpu {
    /// The adapter in one line: name, device type and backend.
    pub fn describe(&self) -> String {
        format!("{} ({:?}, {})", self.info.name, self.info.device_type, self.info.backend)
    }
}

/// The default adapter's device, with timestamp queries when the adapter has
/// them; `Ok(None)` when there is no adapter.
///
/// # Errors
///
/// The adapter exists but refuses a device.
pub fn default_gpu() -> Result<Option<Gpu>, wgpu::RequestDeviceError> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: wgpu::Backends::PRIMARY,
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let Ok(adapter) = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default())) else {
        return Ok(None);
    };
    let descriptor = wgpu::DeviceDescriptor {
        label: Some("showcase"),
        required_features: adapter.features() & wgpu::Features::TIMESTAMP_QUERY,
        ..Default::default()
    };
    let (device, queue) = pollster::block_on(adapter.request_device(&descriptor))?;
    Ok(Some(Gpu { device, queue, info: adapter.get_info() }))
}
