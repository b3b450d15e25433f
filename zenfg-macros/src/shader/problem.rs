//! A shader error, on the attribute literal it is about.

use crate::diag::Code;

/// What is wrong and how to fix it, spanned on `at`.
pub(super) struct Problem<'a> {
    pub(super) at: &'a syn::LitStr,
    pub(super) message: String,
    pub(super) help: String,
}

impl<'a> Problem<'a> {
    pub(super) fn new(at: &'a syn::LitStr, message: impl Into<String>, help: impl Into<String>) -> Self {
        Self { at, message: message.into(), help: help.into() }
    }

    /// The text rustc shows: the code ([`Code::Shader`]), what is wrong, then
    /// the fix.
    pub(super) fn text(&self) -> String {
        format!("{}: {}\nhelp: {}", Code::Shader, self.message, self.help)
    }

    pub(super) fn into_error(self) -> syn::Error {
        syn::Error::new(self.at.span(), self.text())
    }
}
