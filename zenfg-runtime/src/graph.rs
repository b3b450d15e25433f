//! [`FrameGraph`]: the long-lived runtime that starts recordings.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::handle::RecordingIdentity;
use crate::pool::ResourcePoolScope;
use crate::record::TableSizes;
use crate::record::frame::Frame;

static NEXT_OWNER: AtomicU64 = AtomicU64::new(1);

/// The runtime: one per device (or one CPU-only), alive across frames.
///
/// [`FrameGraph::new`] records and compiles without a GPU; executing fails with
/// FG4001. [`FrameGraph::with_device`] keeps a clone of the device, owns the
/// transient pool, and can execute compiled frames on a caller-owned queue.
pub struct FrameGraph {
    pub(crate) owner: u64,
    recording: u64,
    scopes: u32,
    pub(crate) device: Option<wgpu::Device>,
    /// Table sizes of the last compiled recording.
    pub(crate) last_sizes: TableSizes,
}

impl FrameGraph {
    /// A CPU-only runtime: records, compiles and reports, but cannot execute.
    ///
    /// ```
    /// let mut graph = zenfg_runtime::FrameGraph::new();
    /// let frame = graph.begin_frame();
    /// let compiled = frame.compile(Default::default())?;
    /// assert_eq!(compiled.retained_node_count(), 0);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self {
            owner: NEXT_OWNER.fetch_add(1, Ordering::Relaxed),
            recording: 0,
            scopes: 0,
            device: None,
            last_sizes: TableSizes::default(),
        }
    }

    /// A runtime that executes on `device` (it keeps a clone of the handle).
    #[must_use]
    pub fn with_device(device: &wgpu::Device) -> Self {
        Self { device: Some(device.clone()), ..Self::new() }
    }

    /// The device this runtime executes on, if any.
    #[must_use]
    pub fn device(&self) -> Option<&wgpu::Device> {
        self.device.as_ref()
    }

    /// Starts a new single-use recording. The frame borrows the runtime
    /// exclusively until it, or the compiled frame made from it, is dropped.
    pub fn begin_frame(&mut self) -> Frame<'_> {
        self.recording = self.recording.checked_add(1).unwrap_or(1);
        let identity = RecordingIdentity { owner: self.owner, recording: self.recording };
        Frame::new(self, identity)
    }

    /// A new partition of the transient pool for `create_texture_in` and
    /// `create_buffer_in`.
    pub fn create_resource_pool_scope(&mut self) -> ResourcePoolScope {
        self.scopes = self.scopes.wrapping_add(1);
        ResourcePoolScope { owner: self.owner, index: self.scopes }
    }
}

impl Default for FrameGraph {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for FrameGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrameGraph")
            .field("owner", &self.owner)
            .field("recordings", &self.recording)
            .field("has_device", &self.device.is_some())
            .finish_non_exhaustive()
    }
}
