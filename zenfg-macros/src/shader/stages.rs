//! Sets of shader stages, with the bits of `wgpu::ShaderStages`.

use std::ops::{BitOr, BitOrAssign};

/// A set of shader stages whose bits equal those of `wgpu::ShaderStages`, so
/// that the derive can emit `ShaderStages::from_bits_truncate(bits)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Stages(u32);

impl Stages {
    /// No stage.
    pub(crate) const NONE: Self = Self(0);
    /// The vertex stage of a render pipeline.
    pub(crate) const VERTEX: Self = Self(1 << 0);
    /// The fragment stage of a render pipeline.
    pub(crate) const FRAGMENT: Self = Self(1 << 1);
    /// A compute pipeline.
    pub(crate) const COMPUTE: Self = Self(1 << 2);
    /// The task stage of a mesh pipeline.
    pub(crate) const TASK: Self = Self(1 << 3);
    /// The mesh stage of a mesh pipeline.
    pub(crate) const MESH: Self = Self(1 << 4);
    /// The ray generation stage of a ray tracing pipeline.
    pub(crate) const RAY_GENERATION: Self = Self(1 << 5);
    /// The any hit stage of a ray tracing pipeline.
    pub(crate) const ANY_HIT: Self = Self(1 << 6);
    /// The closest hit stage of a ray tracing pipeline.
    pub(crate) const CLOSEST_HIT: Self = Self(1 << 7);
    /// The miss stage of a ray tracing pipeline.
    pub(crate) const MISS: Self = Self(1 << 8);

    /// The stage of a naga entry point.
    pub(super) const fn of(stage: naga::ShaderStage) -> Self {
        match stage {
            naga::ShaderStage::Vertex => Self::VERTEX,
            naga::ShaderStage::Fragment => Self::FRAGMENT,
            naga::ShaderStage::Compute => Self::COMPUTE,
            naga::ShaderStage::Task => Self::TASK,
            naga::ShaderStage::Mesh => Self::MESH,
            naga::ShaderStage::RayGeneration => Self::RAY_GENERATION,
            naga::ShaderStage::AnyHit => Self::ANY_HIT,
            naga::ShaderStage::ClosestHit => Self::CLOSEST_HIT,
            naga::ShaderStage::Miss => Self::MISS,
        }
    }

    /// The bits, as `wgpu::ShaderStages::bits` gives them.
    pub(crate) const fn bits(self) -> u32 {
        self.0
    }

    /// Whether the set has no stage.
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl BitOr for Stages {
    type Output = Self;

    fn bitor(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

impl BitOrAssign for Stages {
    fn bitor_assign(&mut self, other: Self) {
        self.0 |= other.0;
    }
}

#[cfg(test)]
mod tests {
    use super::Stages;

    #[test]
    fn naga_stages_map_to_the_wgpu_bits() {
        let bits = [
            (naga::ShaderStage::Vertex, 1),
            (naga::ShaderStage::Fragment, 2),
            (naga::ShaderStage::Compute, 4),
            (naga::ShaderStage::Task, 8),
            (naga::ShaderStage::Mesh, 16),
            (naga::ShaderStage::RayGeneration, 32),
            (naga::ShaderStage::AnyHit, 64),
            (naga::ShaderStage::ClosestHit, 128),
            (naga::ShaderStage::Miss, 256),
        ];
        for (stage, bits) in bits {
            assert_eq!(Stages::of(stage).bits(), bits, "{stage:?}");
        }
    }

    #[test]
    fn sets_combine() {
        let mut both = Stages::NONE;
        assert!(both.is_empty());
        both |= Stages::VERTEX;
        let both = both | Stages::FRAGMENT;
        assert_eq!(both.bits() & (Stages::VERTEX.bits() | Stages::FRAGMENT.bits()), 3);
        assert_eq!(both.bits() & Stages::COMPUTE.bits(), 0);
        assert_eq!(Stages::default(), Stages::NONE);
    }
}
