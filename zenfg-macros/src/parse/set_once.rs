//! A value an attribute may give at most once.

use proc_macro2::Span;

use crate::diag::{Code, Diagnostics};

/// A value that may be given at most once, in the style of serde_derive's
/// `Attr`: the first value is kept with the span it was given at, and each
/// later one is a [`Code::ConflictingOptions`] error on its own span.
pub(crate) struct SetOnce<T> {
    value: Option<(T, Span)>,
    /// What a second value is told: what is wrong, then the fix.
    conflict: (&'static str, &'static str),
}

impl<T> SetOnce<T> {
    /// An empty slot; a second value is told `message`, then `fix`.
    pub(crate) fn new(message: &'static str, fix: &'static str) -> Self {
        Self { value: None, conflict: (message, fix) }
    }

    /// Keeps `value`, given at `span`, or records the conflict with the
    /// value given before.
    pub(crate) fn set(&mut self, span: Span, value: T, diag: &mut Diagnostics) {
        if self.value.is_some() {
            let (message, fix) = self.conflict;
            diag.error(span, Code::ConflictingOptions, message, fix);
        } else {
            self.value = Some((value, span));
        }
    }

    /// Where the value was given, if it was.
    pub(crate) fn span(&self) -> Option<Span> {
        self.value.as_ref().map(|(_, span)| *span)
    }

    /// The value given, if any.
    pub(crate) fn value(self) -> Option<T> {
        self.value.map(|(value, _)| value)
    }

    /// The value given and where, if any.
    pub(crate) fn into_inner(self) -> Option<(T, Span)> {
        self.value
    }
}
