//! Bind group entries as the derive generates them, and their grouping.

use std::collections::BTreeMap;

use proc_macro2::Span;
use syn::Ident;

use crate::diag::{Code, Diagnostics};
use crate::model::{SampleType, StorageAccess, ViewDimension};

/// Which field an entry binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EntrySource {
    /// The graph field at this index of the pass's fields.
    Graph(usize),
    /// The field the graph does not track, at this index.
    BindOnly(usize),
}

/// A sampler binding's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SamplerType {
    Filtering,
    NonFiltering,
    Comparison,
}

/// The type of a layout entry, as `wgpu::BindingType` says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BindingTy {
    Uniform { min_size: Option<u64> },
    Storage { read_only: bool, min_size: Option<u64> },
    Texture { sample_type: SampleType, dimension: ViewDimension, multisampled: bool },
    StorageTexture { access: StorageAccess, format: String, dimension: ViewDimension },
    Sampler(SamplerType),
}

/// The shader stages an entry is visible to, as `wgpu::ShaderStages` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Visibility(pub u32);

impl Visibility {
    pub(crate) const VERTEX: Self = Self(1);
    pub(crate) const FRAGMENT: Self = Self(2);
    pub(crate) const COMPUTE: Self = Self(4);

    #[must_use]
    pub(crate) fn with(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

/// One entry of a bind group.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub group: u32,
    pub binding: u32,
    /// Where the binding was decided: the field's `binding = N`, or its role.
    pub span: Span,
    pub field: Ident,
    pub source: EntrySource,
    pub visibility: Visibility,
    pub ty: BindingTy,
}

/// One bind group: its index and its entries in binding order.
#[derive(Clone, Debug)]
pub(crate) struct GroupLayout {
    pub group: u32,
    pub entries: Vec<Entry>,
}

/// The entries grouped, in group and binding order; two fields on one
/// binding of a group are recorded. `shader` is the file the bindings were
/// read from, when a shader decided them.
pub(crate) fn groups(entries: Vec<Entry>, shader: Option<&str>, diag: &mut Diagnostics) -> Vec<GroupLayout> {
    let mut by_slot: BTreeMap<(u32, u32), Entry> = BTreeMap::new();
    for entry in entries {
        let slot = (entry.group, entry.binding);
        if let Some(first) = by_slot.get(&slot) {
            let (message, help) = match shader {
                Some(file) => (
                    format!(
                        "`{}` and `{}` both bind @group({}) @binding({}) in {file}: WGSL lets entry points that \
                         share no global reuse a binding, but a pass has one layout for all its entry points",
                        entry.field, first.field, entry.group, entry.binding
                    ),
                    format!("give `{}` or `{}` another `@binding` in {file}", first.field, entry.field),
                ),
                None => (
                    format!(
                        "`{}` and `{}` both bind @group({}) @binding({})",
                        entry.field, first.field, entry.group, entry.binding
                    ),
                    "give each field its own `binding = N` in its group".to_owned(),
                ),
            };
            diag.error(entry.span, Code::SharedBinding, message, help);
            continue;
        }
        by_slot.insert(slot, entry);
    }
    let mut groups: Vec<GroupLayout> = Vec::new();
    for ((group, _), entry) in by_slot {
        match groups.last_mut() {
            Some(last) if last.group == group => last.entries.push(entry),
            _ => groups.push(GroupLayout { group, entries: vec![entry] }),
        }
    }
    groups
}
