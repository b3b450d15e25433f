//! [`DeviceCapabilities`]: the limits, features and format features a graph
//! is checked against, so that what `compile()` accepts the device accepts.

use std::fmt;

use wgpu::{
    DownlevelFlags, Features, Limits, StorageTextureAccess, TextureDimension, TextureFormat, TextureFormatFeatureFlags,
    TextureFormatFeatures, TextureUsages,
};

use crate::desc::{Label, TextureDesc};
use crate::error::{FrameGraphError, PassRef};
use crate::ids::ResourceId;

/// What a device supports, as far as the graph's own work needs it: its
/// limits, its features, and what each texture format can do on it.
///
/// Every [`FrameGraph`](crate::FrameGraph) checks its recordings against
/// one. [`FrameGraph::new`](crate::FrameGraph::new) plans for
/// [`DeviceCapabilities::webgpu`], what every WebGPU device guarantees;
/// [`FrameGraph::with_device`](crate::FrameGraph::with_device) reads the
/// device's own with [`DeviceCapabilities::of_device`]. A CPU-only graph can
/// plan for a particular device with
/// [`FrameGraph::with_capabilities`](crate::FrameGraph::with_capabilities).
///
/// Format features follow wgpu's own rule: a device created without
/// [`Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES`] allows each format
/// exactly what WebGPU guarantees for it (given the device's features); with
/// that feature, or on an adapter without
/// [`DownlevelFlags::WEBGPU_TEXTURE_FORMAT_SUPPORT`], it allows what its
/// adapter reports, which only [`DeviceCapabilities::of_adapter_device`] can
/// know. Without the adapter ([`new`](Self::new),
/// [`of_device`](Self::of_device)), a device with
/// `TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES` has its format features not
/// checked at all: the graph accepts what the adapter might allow, and wgpu
/// checks the rest. A device of an adapter without
/// `WEBGPU_TEXTURE_FORMAT_SUPPORT` and without that feature is checked
/// against WebGPU's guarantees, not against what its adapter reports, which
/// is what wgpu holds the device to and may be more or less.
///
/// Storage texture bindings are held to those format features as wgpu holds
/// bind group layouts: a read-only, write-only, read-write or atomic binding
/// needs the format's flag for that access
/// ([`TextureFormatFeatureFlags::STORAGE_READ_WRITE`], ...), which WebGPU
/// guarantees read-write only for `R32Float`, `R32Uint` and `R32Sint`.
///
/// ```
/// use zenfg_runtime::{DeviceCapabilities, FrameGraph, TextureDesc, wgpu};
/// let mut limits = wgpu::Limits::default();
/// limits.max_texture_dimension_2d = 16384;
/// let mut graph = FrameGraph::with_capabilities(DeviceCapabilities::new(limits, wgpu::Features::empty()));
/// let mut frame = graph.begin_frame();
/// assert!(frame.create_texture(TextureDesc::new_2d("wide", 16384, 4, wgpu::TextureFormat::Rgba8Unorm)).is_ok());
/// let too_wide = frame.create_texture(TextureDesc::new_2d("wider", 16385, 4, wgpu::TextureFormat::Rgba8Unorm));
/// assert_eq!(too_wide.unwrap_err().code(), "FG1110");
/// ```
#[derive(Clone)]
pub struct DeviceCapabilities {
    limits: Limits,
    features: Features,
    formats: FormatSource,
    /// Format features already worked out or asked of the adapter, one
    /// entry per format.
    known: Vec<(TextureFormat, TextureFormatFeatures)>,
    /// Whether buffer-texture copies are held to wgpu's layout rules.
    copy_layouts: bool,
}

/// Where the features of a format come from.
#[derive(Clone)]
enum FormatSource {
    /// WebGPU's guarantees, given the device's features.
    Guaranteed,
    /// The adapter's report.
    Adapter(wgpu::Adapter),
    /// Not known: every format may do anything.
    Unchecked,
}

impl DeviceCapabilities {
    /// What every WebGPU device supports: [`Limits::default`], no optional
    /// feature, and each format's guaranteed features.
    #[must_use]
    pub fn webgpu() -> Self {
        Self::new(Limits::default(), Features::empty())
    }

    /// No device at all: every limit unbounded, every feature present, every
    /// format able to do anything, and buffer-texture copies free of wgpu's
    /// layout rules (`bytes_per_row` of 256, offsets of whole texel blocks).
    /// A graph planned against it checks only the graph's own rules
    /// (descriptor shapes, ranges, content flow, the 4-byte alignment of
    /// buffer copies and clears), as a planner of frames for any executor
    /// would; a device executing its frames may refuse what it accepts.
    #[must_use]
    pub fn unchecked() -> Self {
        let limits = Limits {
            max_texture_dimension_1d: u32::MAX,
            max_texture_dimension_2d: u32::MAX,
            max_texture_dimension_3d: u32::MAX,
            max_texture_array_layers: u32::MAX,
            max_buffer_size: u64::MAX,
            max_uniform_buffer_binding_size: u64::MAX,
            max_storage_buffer_binding_size: u64::MAX,
            min_uniform_buffer_offset_alignment: 1,
            min_storage_buffer_offset_alignment: 1,
            ..Limits::default()
        };
        Self { copy_layouts: false, ..Self::new(limits, Features::all()) }
    }

    /// Whether buffer-texture copies are held to wgpu's layout rules (all
    /// but [`unchecked`](Self::unchecked) capabilities hold them).
    #[must_use]
    pub fn checks_copy_layouts(&self) -> bool {
        self.copy_layouts
    }

    /// A device of these limits and features whose formats can do what
    /// WebGPU guarantees for them, as a device without
    /// [`Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES`] allows.
    #[must_use]
    pub fn new(limits: Limits, features: Features) -> Self {
        let formats = if features.contains(Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES) {
            FormatSource::Unchecked
        } else {
            FormatSource::Guaranteed
        };
        Self { limits, features, formats, known: Vec::new(), copy_layouts: true }
    }

    /// The capabilities of `device`: its limits and features, and the
    /// guaranteed features of each format (not checked when the device has
    /// [`Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES`]). A device
    /// cannot tell whether its adapter has
    /// [`DownlevelFlags::WEBGPU_TEXTURE_FORMAT_SUPPORT`], so on an adapter
    /// without it the guaranteed features are checked although wgpu holds the
    /// device to the adapter's. Use
    /// [`of_adapter_device`](Self::of_adapter_device) for the adapter's
    /// format features in both cases.
    #[must_use]
    pub fn of_device(device: &wgpu::Device) -> Self {
        Self::new(device.limits(), device.features())
    }

    /// The capabilities of `device`, created from `adapter`: its limits and
    /// features, and format features as wgpu decides them for it (the
    /// adapter's when the device has
    /// [`Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES`] or the adapter
    /// lacks [`DownlevelFlags::WEBGPU_TEXTURE_FORMAT_SUPPORT`], the
    /// guaranteed ones otherwise).
    #[must_use]
    pub fn of_adapter_device(adapter: &wgpu::Adapter, device: &wgpu::Device) -> Self {
        let mut capabilities = Self::of_device(device);
        let downlevel =
            !adapter.get_downlevel_capabilities().flags.contains(DownlevelFlags::WEBGPU_TEXTURE_FORMAT_SUPPORT);
        if downlevel || capabilities.features.contains(Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES) {
            capabilities.formats = FormatSource::Adapter(adapter.clone());
        }
        capabilities
    }

    /// The limits checked.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The optional features the device has.
    #[must_use]
    pub fn features(&self) -> Features {
        self.features
    }

    /// What `format` can do on the device; every usage and flag when its
    /// format features are not known.
    pub fn format_features(&mut self, format: TextureFormat) -> TextureFormatFeatures {
        if let Some((_, known)) = self.known.iter().find(|(known, _)| *known == format) {
            return *known;
        }
        let features = match &self.formats {
            FormatSource::Guaranteed => format.guaranteed_format_features(self.features),
            FormatSource::Unchecked => {
                return TextureFormatFeatures {
                    allowed_usages: TextureUsages::all(),
                    flags: TextureFormatFeatureFlags::all(),
                };
            }
            FormatSource::Adapter(adapter) => {
                let mut features = adapter.get_texture_format_features(format);
                let float32 =
                    matches!(format, TextureFormat::R32Float | TextureFormat::Rg32Float | TextureFormat::Rgba32Float);
                if float32 && !self.features.contains(Features::FLOAT32_FILTERABLE) {
                    features.flags.remove(TextureFormatFeatureFlags::FILTERABLE);
                }
                features
            }
        };
        self.known.push((format, features));
        features
    }

    /// Why a transient texture of `desc` cannot be created on the device, if
    /// it cannot: a missing feature, a limit exceeded, or a sample count its
    /// format does not support.
    pub(crate) fn check_texture(&mut self, desc: &TextureDesc) -> Result<TextureCheck, Refusal> {
        let missing = desc.format.required_features() - self.features;
        if !missing.is_empty() {
            return Err(Refusal::Feature {
                feature: missing,
                needed_for: format!("textures of format {:?}", desc.format),
            });
        }
        let limits = &self.limits;
        let size = desc.size;
        let extents: [(&'static str, &'static str, u32, u32); 3] = match desc.dimension {
            TextureDimension::D1 => [
                ("width", "max_texture_dimension_1d", size.width, limits.max_texture_dimension_1d),
                ("", "", 0, 0),
                ("", "", 0, 0),
            ],
            TextureDimension::D2 => [
                ("width", "max_texture_dimension_2d", size.width, limits.max_texture_dimension_2d),
                ("height", "max_texture_dimension_2d", size.height, limits.max_texture_dimension_2d),
                (
                    "layer count",
                    "max_texture_array_layers",
                    size.depth_or_array_layers,
                    limits.max_texture_array_layers,
                ),
            ],
            TextureDimension::D3 => [
                ("width", "max_texture_dimension_3d", size.width, limits.max_texture_dimension_3d),
                ("height", "max_texture_dimension_3d", size.height, limits.max_texture_dimension_3d),
                ("depth", "max_texture_dimension_3d", size.depth_or_array_layers, limits.max_texture_dimension_3d),
            ],
        };
        if let Some(&(what, limit, requested, maximum)) =
            extents.iter().find(|(_, _, requested, maximum)| requested > maximum)
        {
            return Err(Refusal::Limit { what, limit, requested: u64::from(requested), maximum: u64::from(maximum) });
        }
        let features = self.format_features(desc.format);
        let unchecked = matches!(self.formats, FormatSource::Unchecked);
        if desc.sample_count > 1 && !unchecked && !features.flags.sample_count_supported(desc.sample_count) {
            let supported = features.flags.supported_sample_counts();
            return Err(Refusal::Format(format!(
                "format {:?} supports {} on this device, not {}; use one of those sample counts or another format",
                desc.format,
                sample_counts(&supported),
                desc.sample_count
            )));
        }
        Ok(TextureCheck { allowed: features.allowed_usages })
    }

    /// Why a storage texture of `format` cannot be bound for `access` on the
    /// device, if it cannot, by wgpu's rule for bind group layouts: atomic
    /// access needs [`Features::TEXTURE_ATOMIC`], the format needs its own
    /// features, and its format features need the flag of the access.
    pub(crate) fn check_storage_access(
        &mut self,
        format: TextureFormat,
        access: StorageTextureAccess,
    ) -> Result<(), StorageRefusal> {
        let flags = self.format_features(format).flags;
        self.check_storage_flags(format, access, flags)
    }

    /// [`check_storage_access`](Self::check_storage_access) for the view a
    /// storage binding binds, which also needs a format whose usages allow
    /// `STORAGE_BINDING`: `Ok(false)` when they do not.
    pub(crate) fn check_storage_binding(
        &mut self,
        format: TextureFormat,
        access: StorageTextureAccess,
    ) -> Result<bool, StorageRefusal> {
        let features = self.format_features(format);
        if !features.allowed_usages.contains(TextureUsages::STORAGE_BINDING) {
            return Ok(false);
        }
        self.check_storage_flags(format, access, features.flags).map(|()| true)
    }

    /// [`check_storage_access`](Self::check_storage_access) of a format whose
    /// features on the device have `flags`.
    #[inline]
    fn check_storage_flags(
        &mut self,
        format: TextureFormat,
        access: StorageTextureAccess,
        flags: TextureFormatFeatureFlags,
    ) -> Result<(), StorageRefusal> {
        let atomic = if access == StorageTextureAccess::Atomic { Features::TEXTURE_ATOMIC } else { Features::empty() };
        if self.features.contains(atomic | format.required_features()) && flags.contains(storage_flag(access)) {
            return Ok(());
        }
        Err(self.storage_refusal(format, access))
    }

    /// Why [`check_storage_access`](Self::check_storage_access) refuses, in
    /// wgpu's order: `TEXTURE_ATOMIC`, the format's features, its flags.
    #[cold]
    fn storage_refusal(&mut self, format: TextureFormat, access: StorageTextureAccess) -> StorageRefusal {
        if access == StorageTextureAccess::Atomic && !self.features.contains(Features::TEXTURE_ATOMIC) {
            return StorageRefusal::Feature(Features::TEXTURE_ATOMIC);
        }
        let missing = format.required_features() - self.features;
        if !missing.is_empty() {
            return StorageRefusal::Feature(missing);
        }
        let flag = storage_flag(access);
        let supported = storage_accesses(self.format_features(format).flags);
        match self.formats {
            FormatSource::Guaranteed => {
                let bgra = Features::BGRA8UNORM_STORAGE;
                let feature = if !self.features.contains(bgra)
                    && format.guaranteed_format_features(self.features | bgra).flags.contains(flag)
                {
                    bgra
                } else {
                    Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES
                };
                StorageRefusal::NotGuaranteed { feature, supported }
            }
            FormatSource::Adapter(_) | FormatSource::Unchecked => StorageRefusal::Adapter { supported },
        }
    }

    /// Why a buffer of `size` bytes cannot be created on the device, if it
    /// cannot.
    pub(crate) fn check_buffer(&self, size: u64) -> Result<(), Refusal> {
        let maximum = self.limits.max_buffer_size;
        if size > maximum {
            return Err(Refusal::Limit { what: "size in bytes", limit: "max_buffer_size", requested: size, maximum });
        }
        Ok(())
    }
}

impl Default for DeviceCapabilities {
    fn default() -> Self {
        Self::webgpu()
    }
}

impl fmt::Debug for DeviceCapabilities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let formats = match self.formats {
            FormatSource::Guaranteed => "guaranteed",
            FormatSource::Adapter(_) => "adapter",
            FormatSource::Unchecked => "unchecked",
        };
        f.debug_struct("DeviceCapabilities")
            .field("limits", &self.limits)
            .field("features", &self.features)
            .field("format_features", &formats)
            .finish()
    }
}

/// What a texture accepted by [`DeviceCapabilities::check_texture`] may be.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextureCheck {
    /// The usages its format allows.
    pub allowed: TextureUsages,
}

/// Why the device refuses something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// An optional feature it lacks.
    Feature { feature: Features, needed_for: String },
    /// A limit exceeded: `what` is `requested`, more than `maximum`.
    Limit { what: &'static str, limit: &'static str, requested: u64, maximum: u64 },
    /// A format feature it lacks, with the fix.
    Format(String),
}

impl Refusal {
    /// The error for this refusal of a resource labelled `label`; `pass`
    /// is the node whose declaration it refuses, if one does.
    pub(crate) fn into_error(
        self,
        pass: Option<PassRef>,
        resource: Option<ResourceId>,
        label: Label,
    ) -> FrameGraphError {
        match self {
            Self::Feature { feature, needed_for } => FrameGraphError::MissingDeviceFeature {
                pass,
                resource,
                label,
                feature,
                message: format!(
                    "{needed_for} need it; request it when creating the device (if the adapter has it) \
                     or choose something that does not need it"
                ),
            },
            Self::Limit { what, limit, requested, maximum } => FrameGraphError::DeviceLimitExceeded {
                pass,
                resource,
                label,
                limit,
                value: requested,
                bound: maximum,
                message: format!(
                    "its {what} is {requested}, more than {maximum}; make it smaller, or request a higher \
                     `{limit}` when creating the device (up to the adapter's) and give the graph that device"
                ),
            },
            Self::Format(message) => FrameGraphError::InvalidResourceDescriptor { resource, label, message },
        }
    }
}

/// Why the device cannot bind a storage texture of some format for some
/// access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StorageRefusal {
    /// An optional feature it lacks: the format's own, or `TEXTURE_ATOMIC`.
    Feature(Features),
    /// WebGPU does not guarantee the access for the format; `feature` (the
    /// adapter's format features, or `BGRA8UNORM_STORAGE`) may give it.
    NotGuaranteed { feature: Features, supported: TextureFormatFeatureFlags },
    /// The adapter's format features lack the access; no feature gives it.
    Adapter { supported: TextureFormatFeatureFlags },
}

impl StorageRefusal {
    /// The feature that would allow the access; empty when none would.
    pub(crate) fn feature(self) -> Features {
        match self {
            Self::Feature(feature) | Self::NotGuaranteed { feature, .. } => feature,
            Self::Adapter { .. } => Features::empty(),
        }
    }

    /// Why a `format` storage texture cannot be bound for `access`, and the
    /// fix, for messages.
    pub(crate) fn explain(self, format: TextureFormat, access: StorageTextureAccess) -> String {
        let access_name = storage_access_name(access);
        let instead = format!("or use a format that allows {access_name} access (such as {})", storage_formats(access));
        match self {
            Self::Feature(Features::TEXTURE_ATOMIC) => {
                "atomic access needs it; request it when creating the device (if the adapter has it), \
                 or bind the texture without atomic access"
                    .into()
            }
            Self::Feature(_) => format!(
                "textures of format {format:?} need it; request it when creating the device (if the adapter has \
                 it), or choose another format"
            ),
            Self::NotGuaranteed { feature, supported } if feature == Features::BGRA8UNORM_STORAGE => format!(
                "format {format:?} allows {} storage access without it; request it when creating the device (if the \
                 adapter has it), {instead}",
                supported_list(supported)
            ),
            Self::NotGuaranteed { supported, .. } => format!(
                "WebGPU guarantees format {format:?} {} storage access; request \
                 TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES when creating the device where the adapter allows \
                 {access_name} access to {format:?}, and give the graph the adapter \
                 (`FrameGraph::with_adapter_device`), {instead}",
                supported_list(supported)
            ),
            Self::Adapter { supported } => format!(
                "the device's adapter allows format {format:?} {} storage access; {}",
                supported_list(supported),
                instead.trim_start_matches("or ")
            ),
        }
    }
}

/// The format feature flag a storage binding of `access` needs.
fn storage_flag(access: StorageTextureAccess) -> TextureFormatFeatureFlags {
    match access {
        StorageTextureAccess::WriteOnly => TextureFormatFeatureFlags::STORAGE_WRITE_ONLY,
        StorageTextureAccess::ReadOnly => TextureFormatFeatureFlags::STORAGE_READ_ONLY,
        StorageTextureAccess::ReadWrite => TextureFormatFeatureFlags::STORAGE_READ_WRITE,
        StorageTextureAccess::Atomic => TextureFormatFeatureFlags::STORAGE_ATOMIC,
    }
}

/// The storage access flags among `flags`.
fn storage_accesses(flags: TextureFormatFeatureFlags) -> TextureFormatFeatureFlags {
    flags
        & (TextureFormatFeatureFlags::STORAGE_READ_ONLY
            | TextureFormatFeatureFlags::STORAGE_WRITE_ONLY
            | TextureFormatFeatureFlags::STORAGE_READ_WRITE
            | TextureFormatFeatureFlags::STORAGE_ATOMIC)
}

/// `read-only`, `write-only`, `read-write` or `atomic`, for messages.
pub(crate) fn storage_access_name(access: StorageTextureAccess) -> &'static str {
    match access {
        StorageTextureAccess::ReadOnly => "read-only",
        StorageTextureAccess::WriteOnly => "write-only",
        StorageTextureAccess::ReadWrite => "read-write",
        StorageTextureAccess::Atomic => "atomic",
    }
}

/// Formats WebGPU guarantees `access` for, for messages.
fn storage_formats(access: StorageTextureAccess) -> &'static str {
    match access {
        StorageTextureAccess::ReadOnly | StorageTextureAccess::WriteOnly => "Rgba8Unorm, Rgba16Float or R32Float",
        StorageTextureAccess::ReadWrite => "R32Float, R32Uint or R32Sint",
        StorageTextureAccess::Atomic => "R32Uint or R32Sint, with TEXTURE_ATOMIC",
    }
}

/// `only read-only and write-only`, or `no`, for messages.
fn supported_list(supported: TextureFormatFeatureFlags) -> String {
    let names: Vec<&str> = [
        StorageTextureAccess::ReadOnly,
        StorageTextureAccess::WriteOnly,
        StorageTextureAccess::ReadWrite,
        StorageTextureAccess::Atomic,
    ]
    .into_iter()
    .filter(|access| supported.contains(storage_flag(*access)))
    .map(storage_access_name)
    .collect();
    match names.as_slice() {
        [] => "no".into(),
        [one] => format!("only {one}"),
        [rest @ .., last] => format!("only {} and {last}", rest.join(", ")),
    }
}

/// The sample counts a format supports, for messages.
fn sample_counts(counts: &[u32]) -> String {
    let listed: Vec<String> = counts.iter().map(u32::to_string).collect();
    format!("sample counts {}", listed.join(", "))
}

#[cfg(test)]
mod tests {
    use wgpu::{
        Extent3d, Features, Limits, StorageTextureAccess, TextureDimension, TextureFormat, TextureFormatFeatureFlags,
        TextureUsages,
    };

    use super::{DeviceCapabilities, Refusal, StorageRefusal};
    use crate::desc::TextureDesc;

    #[test]
    fn webgpu_formats_allow_their_guaranteed_usages() {
        let mut caps = DeviceCapabilities::webgpu();
        let srgb = caps.check_texture(&TextureDesc::new_2d("srgb", 4, 4, TextureFormat::Rgba8UnormSrgb)).unwrap();
        assert!(!srgb.allowed.contains(TextureUsages::STORAGE_BINDING));
        assert!(srgb.allowed.contains(TextureUsages::RENDER_ATTACHMENT));
        let unorm = caps.check_texture(&TextureDesc::new_2d("unorm", 4, 4, TextureFormat::Rgba8Unorm)).unwrap();
        assert!(unorm.allowed.contains(TextureUsages::STORAGE_BINDING));
    }

    #[test]
    fn each_dimension_is_checked_against_its_own_limit() {
        let mut caps = DeviceCapabilities::webgpu();
        let limits = Limits::default();
        let wide = TextureDesc::new_2d("t", limits.max_texture_dimension_2d + 1, 1, TextureFormat::R8Unorm);
        assert_eq!(
            caps.check_texture(&wide).unwrap_err(),
            Refusal::Limit {
                what: "width",
                limit: "max_texture_dimension_2d",
                requested: u64::from(limits.max_texture_dimension_2d) + 1,
                maximum: u64::from(limits.max_texture_dimension_2d)
            }
        );
        let layers =
            TextureDesc::new_2d("t", 4, 4, TextureFormat::R8Unorm).with_layers(limits.max_texture_array_layers + 1);
        assert!(matches!(caps.check_texture(&layers), Err(Refusal::Limit { limit: "max_texture_array_layers", .. })));
        let volume = TextureDesc {
            size: Extent3d { width: 4, height: 4, depth_or_array_layers: limits.max_texture_dimension_3d + 1 },
            dimension: TextureDimension::D3,
            ..TextureDesc::new_2d("t", 4, 4, TextureFormat::R8Unorm)
        };
        assert!(matches!(caps.check_texture(&volume), Err(Refusal::Limit { limit: "max_texture_dimension_3d", .. })));
        let line = TextureDesc {
            size: Extent3d { width: limits.max_texture_dimension_1d, height: 1, depth_or_array_layers: 1 },
            dimension: TextureDimension::D1,
            ..TextureDesc::new_2d("t", 4, 4, TextureFormat::R8Unorm)
        };
        assert!(caps.check_texture(&line).is_ok());
        assert!(caps.check_buffer(limits.max_buffer_size).is_ok());
        assert!(matches!(
            caps.check_buffer(limits.max_buffer_size + 1),
            Err(Refusal::Limit { limit: "max_buffer_size", .. })
        ));
    }

    #[test]
    fn formats_need_their_features_and_sample_counts() {
        let mut caps = DeviceCapabilities::webgpu();
        let bc = TextureDesc::new_2d("bc", 4, 4, TextureFormat::Bc1RgbaUnorm);
        assert!(matches!(
            caps.check_texture(&bc),
            Err(Refusal::Feature { feature, .. }) if feature == Features::TEXTURE_COMPRESSION_BC
        ));
        let mut with_bc = DeviceCapabilities::new(Limits::default(), Features::TEXTURE_COMPRESSION_BC);
        assert!(with_bc.check_texture(&bc).is_ok());
        let msaa = TextureDesc::new_2d("msaa", 4, 4, TextureFormat::Rgba8Unorm);
        assert!(caps.check_texture(&msaa.clone().with_samples(4)).is_ok());
        let Err(Refusal::Format(message)) = caps.check_texture(&msaa.with_samples(8)) else { panic!("8 samples") };
        assert!(message.contains("sample counts 1, 4"), "{message}");
    }

    #[test]
    fn unchecked_capabilities_refuse_nothing() {
        let mut caps = DeviceCapabilities::unchecked();
        let huge = TextureDesc::new_2d("huge", u32::MAX, u32::MAX, TextureFormat::Bc1RgbaUnorm).with_samples(16);
        assert!(caps.check_texture(&huge).unwrap().allowed.contains(TextureUsages::STORAGE_BINDING));
        assert!(caps.check_buffer(u64::MAX).is_ok());
    }

    #[test]
    fn adapter_specific_format_features_without_the_adapter_are_not_checked() {
        let mut caps = DeviceCapabilities::new(Limits::default(), Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES);
        let srgb = caps.check_texture(&TextureDesc::new_2d("srgb", 4, 4, TextureFormat::Rgba8UnormSrgb)).unwrap();
        assert!(srgb.allowed.contains(TextureUsages::STORAGE_BINDING));
    }

    #[test]
    fn storage_accesses_follow_wgpus_rule_for_layouts() {
        use StorageTextureAccess::{Atomic, ReadOnly, ReadWrite, WriteOnly};
        let mut caps = DeviceCapabilities::webgpu();
        assert_eq!(caps.check_storage_access(TextureFormat::R32Float, ReadWrite), Ok(()));
        assert_eq!(caps.check_storage_access(TextureFormat::Rgba8Unorm, ReadOnly), Ok(()));
        let guaranteed = TextureFormatFeatureFlags::STORAGE_READ_ONLY | TextureFormatFeatureFlags::STORAGE_WRITE_ONLY;
        assert_eq!(
            caps.check_storage_access(TextureFormat::Rgba8Unorm, ReadWrite),
            Err(StorageRefusal::NotGuaranteed {
                feature: Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES,
                supported: guaranteed
            })
        );
        assert_eq!(
            caps.check_storage_access(TextureFormat::Bgra8Unorm, WriteOnly),
            Err(StorageRefusal::NotGuaranteed {
                feature: Features::BGRA8UNORM_STORAGE,
                supported: TextureFormatFeatureFlags::empty()
            })
        );
        assert_eq!(
            caps.check_storage_access(TextureFormat::R32Uint, Atomic),
            Err(StorageRefusal::Feature(Features::TEXTURE_ATOMIC))
        );
        assert_eq!(
            caps.check_storage_access(TextureFormat::R16Unorm, WriteOnly),
            Err(StorageRefusal::Feature(Features::TEXTURE_FORMAT_16BIT_NORM))
        );
        let mut atomic = DeviceCapabilities::new(Limits::default(), Features::TEXTURE_ATOMIC);
        assert_eq!(atomic.check_storage_access(TextureFormat::R32Uint, Atomic), Ok(()));
        let mut unchecked = DeviceCapabilities::unchecked();
        assert_eq!(unchecked.check_storage_access(TextureFormat::Rgba8UnormSrgb, ReadWrite), Ok(()));
    }

    #[test]
    fn storage_refusals_explain_what_the_format_allows_and_the_fix() {
        let supported = TextureFormatFeatureFlags::STORAGE_READ_ONLY | TextureFormatFeatureFlags::STORAGE_WRITE_ONLY;
        let adapter = StorageRefusal::Adapter { supported };
        assert_eq!(adapter.feature(), Features::empty());
        assert_eq!(
            adapter.explain(TextureFormat::Rgba8Snorm, StorageTextureAccess::ReadWrite),
            "the device's adapter allows format Rgba8Snorm only read-only and write-only storage access; use a \
             format that allows read-write access (such as R32Float, R32Uint or R32Sint)"
        );
        let bgra = StorageRefusal::NotGuaranteed {
            feature: Features::BGRA8UNORM_STORAGE,
            supported: TextureFormatFeatureFlags::empty(),
        };
        assert_eq!(bgra.feature(), Features::BGRA8UNORM_STORAGE);
        let message = bgra.explain(TextureFormat::Bgra8Unorm, StorageTextureAccess::WriteOnly);
        assert!(message.starts_with("format Bgra8Unorm allows no storage access without it"), "{message}");
        let atomic = StorageRefusal::Feature(Features::TEXTURE_ATOMIC)
            .explain(TextureFormat::R32Uint, StorageTextureAccess::Atomic);
        assert!(atomic.contains("bind the texture without atomic access"), "{atomic}");
        let norm = StorageRefusal::Feature(Features::TEXTURE_FORMAT_16BIT_NORM)
            .explain(TextureFormat::R16Unorm, StorageTextureAccess::WriteOnly);
        assert!(norm.starts_with("textures of format R16Unorm need it"), "{norm}");
    }
}
