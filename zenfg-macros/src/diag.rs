//! Macro diagnostics: every error of a struct, each spanned on the offending
//! token, with a stable code and the fix in words.

use std::fmt;

use proc_macro2::{Span, TokenStream};

/// The stable code of a macro error. The numbers never change meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Code {
    /// ZM0001: unknown or misspelled attribute.
    UnknownAttribute,
    /// ZM0002: unknown or misspelled option.
    UnknownOption,
    /// ZM0003: two roles on one field.
    TwoRoles,
    /// ZM0004: an option that does not apply to the role.
    OptionNotApplicable,
    /// ZM0005: a write without `overwrite` or `preserve`.
    MissingContents,
    /// ZM0006: an attachment role in a pass kind that has no attachments.
    AttachmentInWrongKind,
    /// ZM0007: `root` on a field that is not written.
    RootOnRead,
    /// ZM0008: two color attachments on one slot.
    DuplicateSlot,
    /// ZM0009: a pass that can never be retained.
    NeverRetained,
    /// ZM0010: a missing, repeated or unknown pass kind.
    PassKind,
    /// ZM0011: a field without an access attribute.
    MissingRole,
    /// ZM0012: an item shape the derive does not support.
    UnsupportedItem,
    /// ZM0013: missing, repeated or conflicting options.
    ConflictingOptions,
    /// ZM0014: a resolve target whose source is not a color attachment field.
    ResolveSource,
    /// ZM0015: a field name the context already uses.
    ReservedName,
    /// ZM0016: a field type the role cannot take.
    UnsupportedFieldType,
    /// ZM0017: a color slot outside `0..n`.
    SlotOutOfRange,
    /// ZM0018: more than one depth attachment.
    TwoDepthAttachments,
    /// ZM0019: more than one `#[label]` field.
    TwoLabels,
    /// ZM0020: attribute arguments that do not parse.
    Syntax,
    /// ZM0021: a role the pass kind does not take.
    RoleNotInKind,
}

impl Code {
    /// Every code, in number order.
    pub(crate) const ALL: [Self; 21] = [
        Self::UnknownAttribute,
        Self::UnknownOption,
        Self::TwoRoles,
        Self::OptionNotApplicable,
        Self::MissingContents,
        Self::AttachmentInWrongKind,
        Self::RootOnRead,
        Self::DuplicateSlot,
        Self::NeverRetained,
        Self::PassKind,
        Self::MissingRole,
        Self::UnsupportedItem,
        Self::ConflictingOptions,
        Self::ResolveSource,
        Self::ReservedName,
        Self::UnsupportedFieldType,
        Self::SlotOutOfRange,
        Self::TwoDepthAttachments,
        Self::TwoLabels,
        Self::Syntax,
        Self::RoleNotInKind,
    ];

    fn number(self) -> usize {
        Self::ALL.iter().position(|code| *code == self).map_or(0, |index| index + 1)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ZM{:04}", self.number())
    }
}

/// The errors found so far; the expansion reports all of them at once.
#[derive(Default)]
pub(crate) struct Diagnostics {
    errors: Vec<syn::Error>,
}

impl Diagnostics {
    /// Records an error at `span`: what is wrong, then how to fix it.
    pub(crate) fn error(&mut self, span: Span, code: Code, message: impl fmt::Display, fix: impl fmt::Display) {
        self.errors.push(syn::Error::new(span, format!("{code}: {message}\nhelp: {fix}")));
    }

    /// Records a parse error as it is, under [`Code::Syntax`].
    pub(crate) fn syntax(&mut self, error: &syn::Error) {
        for error in error.clone() {
            self.error(error.span(), Code::Syntax, error, "write the attribute as in the table of the crate docs");
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// One `compile_error!` per error.
    pub(crate) fn to_compile_errors(&self) -> TokenStream {
        self.errors.iter().map(syn::Error::to_compile_error).collect()
    }
}
