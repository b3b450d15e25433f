//! The headless device that the real-adapter tests and the examples run on.
//!
//! The examples include this file by path (`examples/support.rs`), so tests
//! and examples pick their adapter and set their instance up the same way.

use std::fmt;

/// Why there is no headless device.
#[derive(Debug)]
pub enum NoDevice {
    /// No adapter was found on the enabled backends.
    NoAdapter(wgpu::RequestAdapterError),
    /// An adapter was found, but it refused to create a device.
    Refused(wgpu::RequestDeviceError),
}

impl fmt::Display for NoDevice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoAdapter(error) => write!(f, "no GPU adapter: {error}"),
            Self::Refused(error) => write!(f, "the adapter refused a device: {error}"),
        }
    }
}

/// A device and queue without any surface, with timestamp queries when the
/// adapter has them, and the adapter's description.
///
/// The adapter is the first one whose name contains `WGPU_ADAPTER_NAME`
/// (case-insensitive; wgpu panics when none does), or else the default
/// adapter. `WGPU_BACKEND` (a comma list such as `vulkan`) replaces the
/// primary backends, and the `WGPU_DEBUG` / `WGPU_VALIDATION` variables adjust
/// the instance flags.
pub fn headless_device(label: &str) -> Result<(wgpu::Device, wgpu::Queue, wgpu::AdapterInfo), NoDevice> {
    let found = headless_adapter()?;
    let descriptor = wgpu::DeviceDescriptor {
        label: Some(label),
        required_features: found.features() & wgpu::Features::TIMESTAMP_QUERY,
        ..Default::default()
    };
    let (device, queue) = pollster::block_on(found.request_device(&descriptor)).map_err(NoDevice::Refused)?;
    Ok((device, queue, found.get_info()))
}

/// The adapter [`headless_device`] creates its device on.
pub fn headless_adapter() -> Result<wgpu::Adapter, NoDevice> {
    let flags = wgpu::InstanceFlags::from_build_config().with_env();
    let adapter = |flags| {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends: wgpu::Backends::PRIMARY.with_env(),
            flags,
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        });
        pollster::block_on(wgpu::util::initialize_adapter_from_env_or_default(&instance, None))
            .map_err(NoDevice::NoAdapter)
    };
    let mut found = adapter(flags)?;
    // Debug builds turn on debug-utils labels, and Mesa 22's software Vulkan
    // (lavapipe) crashes on the second debug label of a command buffer: on a
    // CPU adapter the instance is made again without them.
    if found.get_info().device_type == wgpu::DeviceType::Cpu && flags.contains(wgpu::InstanceFlags::DEBUG) {
        found = adapter(flags - wgpu::InstanceFlags::DEBUG)?;
    }
    Ok(found)
}
