//! Macro diagnostics: every error of a struct, each spanned on the offending
//! token, with a stable code and the fix in words.

use std::fmt;

use proc_macro2::{Span, TokenStream};

/// The stable code of a macro error. Each variant carries its number, so
/// that a new code never renumbers the others; a number never changes meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u16)]
pub(crate) enum Code {
    /// ZM0001: unknown or misspelled attribute.
    UnknownAttribute = 1,
    /// ZM0002: unknown or misspelled option.
    UnknownOption = 2,
    /// ZM0003: two roles on one field.
    TwoRoles = 3,
    /// ZM0004: an option that does not apply to the role.
    OptionNotApplicable = 4,
    /// ZM0005: a write without `overwrite` or `preserve`.
    MissingContents = 5,
    /// ZM0006: an attachment role in a pass kind that has no attachments.
    AttachmentInWrongKind = 6,
    /// ZM0007: `root` on a field that is not written.
    RootOnRead = 7,
    /// ZM0008: two color attachments on one slot.
    DuplicateSlot = 8,
    /// ZM0009: a pass that can never be retained.
    NeverRetained = 9,
    /// ZM0010: a missing or repeated `#[pass(..)]`, or one without a pass
    /// kind or with two.
    PassKind = 10,
    /// ZM0011: a field without an access attribute.
    MissingRole = 11,
    /// ZM0012: an item shape the derive does not support.
    UnsupportedItem = 12,
    /// ZM0013: missing, repeated or conflicting options.
    ConflictingOptions = 13,
    /// ZM0014: a resolve target whose source is not a color attachment field.
    ResolveSource = 14,
    /// ZM0015: a field name the context already uses.
    ReservedName = 15,
    /// ZM0016: a field type the role cannot take.
    UnsupportedFieldType = 16,
    /// ZM0017: a color slot outside `0..n`.
    SlotOutOfRange = 17,
    /// ZM0018: more than one depth attachment.
    TwoDepthAttachments = 18,
    /// ZM0019: more than one `#[label]` field.
    TwoLabels = 19,
    /// ZM0020: attribute arguments that do not parse.
    Syntax = 20,
    /// ZM0021: a role the pass kind does not take.
    RoleNotInKind = 21,
    /// ZM0022: a binding option on a role that does not bind.
    NotBindable = 22,
    /// ZM0023: a field of a pass that binds, without a binding.
    MissingBinding = 23,
    /// ZM0024: two fields on one binding of a group.
    SharedBinding = 24,
    /// ZM0025: a binding the derive cannot lay out from what the field says.
    UnsupportedBinding = 25,
    /// ZM0026: a shader that cannot be read, parsed or validated, or an entry point it lacks.
    Shader = 26,
    /// ZM0027: a bound field without a binding in the shader.
    NotInShader = 27,
    /// ZM0028: a binding of the shader without a field.
    MissingField = 28,
    /// ZM0029: a field whose role or options disagree with the shader's binding,
    /// or a color attachment its fragment entry points do not write.
    ShaderMismatch = 29,
    /// ZM0030: a render pass without an attachment field.
    NoAttachments = 30,
    /// ZM0031: an option's value outside what wgpu accepts.
    ValueOutOfRange = 31,
}

impl Code {
    /// The number after `ZM`.
    const fn number(self) -> u16 {
        self as u16
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
    errors: Vec<(Code, syn::Error)>,
}

impl Diagnostics {
    /// Records an error at `span`: what is wrong, then how to fix it.
    pub(crate) fn error(&mut self, span: Span, code: Code, message: impl fmt::Display, fix: impl fmt::Display) {
        self.errors.push((code, syn::Error::new(span, format!("{code}: {message}\nhelp: {fix}"))));
    }

    /// Records an error spanning all of `tokens` (a path, an expression),
    /// where a single span would underline only its first token.
    pub(crate) fn error_over(
        &mut self,
        tokens: &impl quote::ToTokens,
        code: Code,
        message: impl fmt::Display,
        fix: impl fmt::Display,
    ) {
        self.errors.push((code, syn::Error::new_spanned(tokens, format!("{code}: {message}\nhelp: {fix}"))));
    }

    /// Records an error made elsewhere, whose message already says what is
    /// wrong and how to fix it.
    pub(crate) fn push(&mut self, code: Code, error: syn::Error) {
        self.errors.push((code, error));
    }

    /// Records a parse error as it is, under [`Code::Syntax`].
    pub(crate) fn syntax(&mut self, error: &syn::Error) {
        for error in error.clone() {
            self.error(
                error.span(),
                Code::Syntax,
                error,
                "write the attribute as in the attribute table of the `#[derive(Pass)]` docs",
            );
        }
    }

    /// How many errors were recorded so far; two counts tell whether the
    /// step between them recorded any.
    pub(crate) fn count(&self) -> usize {
        self.errors.len()
    }

    /// The codes of the errors recorded after the first `start`, in order.
    pub(crate) fn codes_since(&self, start: usize) -> impl Iterator<Item = Code> + '_ {
        self.errors.iter().skip(start).map(|(code, _)| *code)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// One `compile_error!` per error.
    pub(crate) fn to_compile_errors(&self) -> TokenStream {
        self.errors.iter().map(|(_, error)| error.to_compile_error()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    /// Every code.
    const ALL: [Code; 31] = [
        Code::UnknownAttribute,
        Code::UnknownOption,
        Code::TwoRoles,
        Code::OptionNotApplicable,
        Code::MissingContents,
        Code::AttachmentInWrongKind,
        Code::RootOnRead,
        Code::DuplicateSlot,
        Code::NeverRetained,
        Code::PassKind,
        Code::MissingRole,
        Code::UnsupportedItem,
        Code::ConflictingOptions,
        Code::ResolveSource,
        Code::ReservedName,
        Code::UnsupportedFieldType,
        Code::SlotOutOfRange,
        Code::TwoDepthAttachments,
        Code::TwoLabels,
        Code::Syntax,
        Code::RoleNotInKind,
        Code::NotBindable,
        Code::MissingBinding,
        Code::SharedBinding,
        Code::UnsupportedBinding,
        Code::Shader,
        Code::NotInShader,
        Code::MissingField,
        Code::ShaderMismatch,
        Code::NoAttachments,
        Code::ValueOutOfRange,
    ];

    #[test]
    fn numbers_are_unique() {
        let mut numbers: Vec<u16> = ALL.iter().map(|code| code.number()).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), ALL.len());
        assert!(!numbers.contains(&0));
        assert_eq!(Code::MissingContents.to_string(), "ZM0005");
    }

    #[test]
    fn the_crate_docs_list_each_code_once() {
        let mut listed: Vec<&str> = include_str!("lib.rs")
            .lines()
            .filter_map(|line| line.strip_prefix("//! | ZM"))
            .filter_map(|row| row.split_once(' ').map(|(number, _)| number))
            .collect();
        listed.sort_unstable();
        let mut codes: Vec<String> = ALL.iter().map(|code| format!("{:04}", code.number())).collect();
        codes.sort_unstable();
        assert_eq!(listed, codes);
    }
}
