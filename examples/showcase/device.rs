//! The system's GPU adapter, when there is one: a real GPU, or software
//! Vulkan (Mesa's lavapipe) on machines without one.

/// A device and queue of the system's adapter, and what the adapter is.
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

/// The device of the adapter `WGPU_ADAPTER_NAME` names, or of the default
/// adapter, with timestamp queries when the adapter has them; `None` when
/// there is no adapter (or it refuses a device).
pub fn default_gpu() -> Option<Gpu> {
    let (device, queue, info) = crate::support::try_device("showcase")?;
    Some(Gpu { device, queue, info })
}
