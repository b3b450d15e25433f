//! [`BindGroupTable`]: one bind group of a derived pass, as the derive wrote
//! it; [`Layouts`]: the runtime's layout object of each table.

use std::collections::hash_map::Entry;

use crate::hash::FastMap;
use crate::scoped::created;

/// One bind group of a derived pass: its layout entries, in binding order,
/// and the field each entry binds. `#[derive(Pass)]` writes one per group in
/// [`Pass::BIND_GROUPS`](crate::Pass::BIND_GROUPS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BindGroupTable {
    /// The group index (`@group(N)`).
    pub group: u32,
    /// The layout entries, one per bound field.
    pub entries: &'static [wgpu::BindGroupLayoutEntry],
    /// The field each entry binds, in entry order.
    pub fields: &'static [&'static str],
}

impl BindGroupTable {
    /// The layout descriptor of the group, labelled `label`.
    #[must_use]
    pub fn layout_descriptor<'a>(&'a self, label: Option<&'a str>) -> wgpu::BindGroupLayoutDescriptor<'a> {
        wgpu::BindGroupLayoutDescriptor { label, entries: self.entries }
    }

    /// The table's identity: its address, which a derived pass's static
    /// table keeps for the life of the program.
    pub(crate) fn key(&'static self) -> usize {
        std::ptr::from_ref(self) as usize
    }
}

/// The runtime's layout object of every table it has bound, by table.
///
/// wgpu-core shares one layout object among layouts of equal entries, so
/// these are compatible with the layouts the caller creates from the same
/// tables for its pipelines.
#[derive(Default)]
pub(crate) struct Layouts {
    by_table: FastMap<usize, wgpu::BindGroupLayout>,
}

impl Layouts {
    /// The layout of `table`, created on first use and labelled `label`, or
    /// wgpu's refusal of the table's entries (then nothing is kept).
    pub fn get(
        &mut self,
        device: &wgpu::Device,
        table: &'static BindGroupTable,
        label: &str,
    ) -> Result<&wgpu::BindGroupLayout, wgpu::Error> {
        match self.by_table.entry(table.key()) {
            Entry::Occupied(kept) => Ok(kept.into_mut()),
            Entry::Vacant(vacant) => {
                let layout =
                    created(device, || device.create_bind_group_layout(&table.layout_descriptor(Some(label))))?;
                Ok(vacant.insert(layout))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BindGroupTable, Layouts};

    /// A multisampled texture cannot be filterable: wgpu refuses the entry.
    static REFUSED: BindGroupTable = BindGroupTable {
        group: 0,
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: true,
            },
            count: None,
        }],
        fields: &["src"],
    };

    #[test]
    fn a_refused_layout_comes_back_as_the_error_and_is_not_kept() {
        let (device, _queue) = wgpu::Device::noop(&Default::default());
        let mut layouts = Layouts::default();
        for _ in 0..2 {
            let error = layouts.get(&device, &REFUSED, "pass").expect_err("wgpu refuses the entry");
            assert!(error.to_string().contains("create_bind_group_layout"), "{error}");
        }
        assert!(layouts.by_table.is_empty());
    }
}
