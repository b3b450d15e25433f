//! The static access table of a derived pass: what each field declares,
//! readable by the runtime and by tools without running user code.

use crate::ops::AttachmentStoreOp;
use crate::types::{AccessMode, AccessRole, NodeKind, RootReason, WriteContents};

/// Everything a derived pass declares, as written on the struct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccessTable {
    /// The struct's name.
    pub name: &'static str,
    /// The label given in `#[pass(label = ..)]`, or the kebab-case name.
    pub label: &'static str,
    /// The field whose value replaces the label at recording (`#[label]`).
    pub label_field: Option<&'static str>,
    /// The node kind.
    pub kind: NodeKind,
    /// Whether the node is retained without a root (`#[pass(side_effect)]`,
    /// and always for command and external passes).
    pub side_effect: bool,
    /// One row per annotated handle field, in field order.
    pub fields: &'static [FieldAccess],
}

impl AccessTable {
    /// The fields that declare `role`, quoted and joined with "or", or
    /// `None` when no field does.
    pub(crate) fn fields_with(&self, role: AccessRole) -> Option<String> {
        let names: Vec<String> =
            self.fields.iter().filter(|field| field.role == role).map(|field| format!("`{}`", field.field)).collect();
        (!names.is_empty()).then(|| names.join(" or "))
    }
}

/// How many accesses a field declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repeat {
    /// A handle: one access.
    One,
    /// `Option<_>`: zero or one access.
    Optional,
    /// `[_; N]`: `N` accesses.
    Array(usize),
    /// `Vec<_>`: as many accesses as elements.
    Vec,
}

/// How an attachment starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttachmentLoad {
    /// Cleared to the value given in `clear = ..`: the pass overwrites it.
    Clear,
    /// The previous contents are kept (`load`): they must be defined.
    Load,
}

/// The operations of a color or writable depth attachment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttachmentTable {
    /// The first color slot, for color attachments: an array or `Vec` field
    /// takes one slot per handle from it.
    pub slot: Option<u32>,
    /// How the attachment starts.
    pub load: AttachmentLoad,
    /// Whether its contents survive the pass.
    pub store: AttachmentStoreOp,
    /// The field this attachment is resolved into, if any.
    pub resolve_target: Option<&'static str>,
}

/// One field's access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FieldAccess {
    /// The field's name.
    pub field: &'static str,
    /// The attribute on the field, such as `"sampled"`.
    pub attribute: &'static str,
    /// The access role, decided by the attribute and the handle type.
    pub role: AccessRole,
    /// Read or write.
    pub mode: AccessMode,
    /// For writes, whether the untouched contents survive.
    pub contents: Option<WriteContents>,
    /// The root the field is marked with after recording.
    pub root: Option<RootReason>,
    /// How many accesses the field declares.
    pub repeat: Repeat,
    /// Attachment operations, for color and writable depth attachments.
    pub attachment: Option<AttachmentTable>,
    /// For a resolve target, the color attachment field it resolves.
    pub resolves: Option<&'static str>,
}

impl AccessTable {
    /// Whether a render or compute pass of this table can bind one buffer
    /// as read-write storage and use it in another role: it has a
    /// `#[storage_write]` buffer field and a field of another buffer role.
    pub(crate) const fn may_share_a_storage_buffer(&self) -> bool {
        if !matches!(self.kind, NodeKind::Render | NodeKind::Compute) {
            return false;
        }
        let (mut written, mut other) = (false, false);
        let mut index = 0;
        while index < self.fields.len() {
            match self.fields[index].role {
                AccessRole::StorageBufferWrite => written = true,
                AccessRole::UniformBuffer
                | AccessRole::StorageBufferRead
                | AccessRole::VertexBuffer
                | AccessRole::IndexBuffer
                | AccessRole::IndirectBuffer => other = true,
                _ => {}
            }
            index += 1;
        }
        written && other
    }

    /// The row of `field`, if it is an annotated handle field.
    #[must_use]
    pub fn field(&self, field: &str) -> Option<&FieldAccess> {
        self.fields.iter().find(|row| row.field == field)
    }
}
