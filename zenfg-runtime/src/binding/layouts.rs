//! [`BindGroupTable`]: one bind group of a derived pass, as the derive wrote
//! it; [`Layouts`]: the runtime's layout object of each table.

use crate::hash::FastMap;

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
    /// The layout of `table`, created on first use and labelled `label`.
    pub fn get(
        &mut self,
        device: &wgpu::Device,
        table: &'static BindGroupTable,
        label: &str,
    ) -> &wgpu::BindGroupLayout {
        self.by_table
            .entry(table.key())
            .or_insert_with(|| device.create_bind_group_layout(&table.layout_descriptor(Some(label))))
    }
}
