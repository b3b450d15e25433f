//! Handles: typed, recording-branded references to logical resources and views.
//!
//! Every handle carries the lifetime `'frame` of the exclusive borrow its
//! [`Frame`](crate::Frame) holds on the [`FrameGraph`](crate::FrameGraph). The
//! lifetime is invariant, so a handle cannot outlive its graph, cannot be used
//! once the recording is compiled, and cannot be alive while a later recording
//! of the same graph starts: all three are compile errors. A handle of another
//! `FrameGraph` whose recording is alive at the same time type-checks, and is
//! caught at run time by the identity stamped into it (FG2001).

use std::fmt;
use std::marker::PhantomData;

use crate::desc::BufferRange;
use crate::ids::{ResourceId, ViewId};

/// Makes `'frame` invariant: `fn(&'a ()) -> &'a ()` is contravariant in its
/// argument and covariant in its result.
pub(crate) type Invariant<'frame> = PhantomData<fn(&'frame ()) -> &'frame ()>;

/// Which runtime and which of its recordings issued a handle or token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RecordingIdentity {
    pub owner: u64,
    pub recording: u64,
}

/// The identity and lifetime brand shared by handles and tokens.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Brand<'frame> {
    pub identity: RecordingIdentity,
    _frame: Invariant<'frame>,
}

impl Brand<'_> {
    pub(crate) const fn new(identity: RecordingIdentity) -> Self {
        Self { identity, _frame: PhantomData }
    }
}

/// A logical texture of one recording.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Texture<'frame> {
    pub(crate) id: ResourceId,
    pub(crate) brand: Brand<'frame>,
}

impl Texture<'_> {
    /// The texture's id in its recording.
    #[must_use]
    pub const fn id(self) -> ResourceId {
        self.id
    }
}

impl fmt::Debug for Texture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Texture({})", self.id)
    }
}

/// A surface texture imported for this recording: the only kind of texture
/// that can be presented.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SurfaceTexture<'frame> {
    pub(crate) texture: Texture<'frame>,
}

impl<'frame> SurfaceTexture<'frame> {
    /// The surface as a plain texture handle, for accesses.
    #[must_use]
    pub const fn texture(self) -> Texture<'frame> {
        self.texture
    }

    /// The texture's id in its recording.
    #[must_use]
    pub const fn id(self) -> ResourceId {
        self.texture.id
    }
}

impl<'frame> From<SurfaceTexture<'frame>> for Texture<'frame> {
    fn from(surface: SurfaceTexture<'frame>) -> Self {
        surface.texture
    }
}

impl fmt::Debug for SurfaceTexture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SurfaceTexture({})", self.texture.id)
    }
}

/// A logical view: a subresource selection (and format) of a texture.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextureView<'frame> {
    pub(crate) id: ViewId,
    pub(crate) texture: ResourceId,
    pub(crate) brand: Brand<'frame>,
}

impl TextureView<'_> {
    /// The view's id in its recording.
    #[must_use]
    pub const fn id(self) -> ViewId {
        self.id
    }

    /// The id of the texture the view selects from.
    #[must_use]
    pub const fn texture_id(self) -> ResourceId {
        self.texture
    }
}

impl fmt::Debug for TextureView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TextureView({} of {})", self.id, self.texture)
    }
}

/// A logical buffer of one recording.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Buffer<'frame> {
    pub(crate) id: ResourceId,
    pub(crate) brand: Brand<'frame>,
}

impl<'frame> Buffer<'frame> {
    /// The buffer's id in its recording.
    #[must_use]
    pub const fn id(self) -> ResourceId {
        self.id
    }

    /// A byte range of this buffer.
    #[must_use]
    pub const fn slice(self, range: BufferRange) -> BufferSlice<'frame> {
        BufferSlice { buffer: self, range }
    }
}

impl fmt::Debug for Buffer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Buffer({})", self.id)
    }
}

/// A buffer handle with a byte range.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BufferSlice<'frame> {
    /// The buffer.
    pub buffer: Buffer<'frame>,
    /// The bytes selected, resolved against the logical size when used.
    pub range: BufferRange,
}

impl<'frame> From<Buffer<'frame>> for BufferSlice<'frame> {
    fn from(buffer: Buffer<'frame>) -> Self {
        buffer.slice(BufferRange::whole())
    }
}

impl fmt::Debug for BufferSlice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BufferSlice({}, {})", self.buffer.id, self.range)
    }
}

/// What a texture access selects: a whole texture or a view of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureTarget<'frame> {
    /// The whole texture (each role picks its default subresources).
    Texture(Texture<'frame>),
    /// Exactly the view's subresources, in the view's format.
    View(TextureView<'frame>),
}

impl<'frame> TextureTarget<'frame> {
    pub(crate) const fn brand(self) -> Brand<'frame> {
        match self {
            Self::Texture(texture) => texture.brand,
            Self::View(view) => view.brand,
        }
    }

    pub(crate) const fn resource(self) -> ResourceId {
        match self {
            Self::Texture(texture) => texture.id,
            Self::View(view) => view.texture,
        }
    }
}

impl<'frame> From<Texture<'frame>> for TextureTarget<'frame> {
    fn from(texture: Texture<'frame>) -> Self {
        Self::Texture(texture)
    }
}

impl<'frame> From<SurfaceTexture<'frame>> for TextureTarget<'frame> {
    fn from(surface: SurfaceTexture<'frame>) -> Self {
        Self::Texture(surface.texture)
    }
}

impl<'frame> From<TextureView<'frame>> for TextureTarget<'frame> {
    fn from(view: TextureView<'frame>) -> Self {
        Self::View(view)
    }
}
