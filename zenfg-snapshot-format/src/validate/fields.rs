//! Field-level checks shared by the structural validator: types, integers, ids, enums.
//!
//! A required property that is absent is reported as `missing-property` and then checked
//! like any other value, so its type rule reports it too (an absent integer is also not a
//! safe integer). Every check returns the value when it passes, for the caller's
//! cross-field rules.

use std::collections::HashSet;

use serde_json::{Map, Value};

use crate::canonical::MAX_SAFE_INTEGER;
use crate::issue::{IssueText, Issues, quoted_in};
use crate::pointer::{field, index};
use crate::wire::WireEnum;

/// Checks the fields of one document, reporting into the issues of the call.
pub(crate) struct Fields<'i> {
    issues: &'i mut Issues,
    /// `Snapshot 1.2` or `Snapshot 1.1`, as unexpected-property messages name the format.
    format_name: &'static str,
}

impl<'i> Fields<'i> {
    pub(crate) fn new(format_name: &'static str, issues: &'i mut Issues) -> Self {
        Self { issues, format_name }
    }

    pub(crate) fn error(&mut self, code: &str, path: impl IssueText, message: impl IssueText) {
        self.issues.error(code, path, message);
    }

    pub(crate) fn object<'v>(&mut self, value: Option<&'v Value>, path: &str) -> Option<&'v Map<String, Value>> {
        let map = value.and_then(Value::as_object);
        if map.is_none() {
            self.error("invalid-type", path, "Expected an object.");
        }
        map
    }

    pub(crate) fn array<'v>(&mut self, value: Option<&'v Value>, path: &str) -> Option<&'v [Value]> {
        let items = value.and_then(Value::as_array).map(Vec::as_slice);
        if items.is_none() {
            self.error("invalid-type", path, "Expected an array.");
        }
        items
    }

    /// Reports every property of `map` that is not in `allowed`.
    pub(crate) fn properties(&mut self, map: &Map<String, Value>, path: &str, allowed: &[&str]) {
        let format_name = self.format_name;
        for key in map.keys() {
            if !allowed.contains(&key.as_str()) {
                let message = || quoted_in("Property ", key, &format!(" is not part of {format_name}."));
                self.error("unexpected-property", || field(path, key), message);
            }
        }
    }

    /// The property `key`, reporting `missing-property` when it is absent.
    pub(crate) fn required<'v>(&mut self, map: &'v Map<String, Value>, path: &str, key: &str) -> Option<&'v Value> {
        let value = map.get(key);
        if value.is_none() {
            let message = || quoted_in("Required property ", key, " is missing.");
            self.error("missing-property", || field(path, key), message);
        }
        value
    }

    pub(crate) fn string<'v>(&mut self, value: Option<&'v Value>, path: &str) -> Option<&'v str> {
        let text = value.and_then(Value::as_str);
        if text.is_none() {
            self.error("invalid-type", path, "Expected a string.");
        }
        text
    }

    pub(crate) fn non_empty<'v>(&mut self, value: Option<&'v Value>, path: &str) -> Option<&'v str> {
        let text = self.string(value, path)?;
        if text.is_empty() {
            self.error("empty-string", path, "Expected a non-empty string.");
            return None;
        }
        Some(text)
    }

    pub(crate) fn boolean(&mut self, value: Option<&Value>, path: &str) -> Option<bool> {
        let flag = value.and_then(Value::as_bool);
        if flag.is_none() {
            self.error("invalid-type", path, "Expected a boolean.");
        }
        flag
    }

    /// A JavaScript-safe integer, at least 1 when `positive`.
    pub(crate) fn integer(&mut self, value: Option<&Value>, path: &str, positive: bool) -> Option<u64> {
        let integer = value.and_then(safe_integer).filter(|&n| !positive || n >= 1);
        if integer.is_none() {
            let message =
                if positive { "Expected a positive safe integer." } else { "Expected a non-negative safe integer." };
            self.error("invalid-integer", path, message);
        }
        integer
    }

    /// A finite, non-negative number.
    pub(crate) fn duration(&mut self, value: Option<&Value>, path: &str) -> Option<f64> {
        let number = value.and_then(Value::as_f64).filter(|&n| n >= 0.0);
        if number.is_none() {
            self.error("invalid-number", path, "Expected a finite non-negative number.");
        }
        number
    }

    pub(crate) fn one_of<'v>(&mut self, value: Option<&'v Value>, path: &str, tokens: &[&str]) -> Option<&'v str> {
        let token = value.and_then(Value::as_str).filter(|t| tokens.contains(t));
        if token.is_none() {
            self.error("invalid-enum", path, || format!("Expected one of: {}.", tokens.join(", ")));
        }
        token
    }

    pub(crate) fn wire<T: WireEnum>(&mut self, value: Option<&Value>, path: &str) -> Option<T> {
        self.one_of(value, path, T::TOKENS).and_then(T::parse)
    }

    pub(crate) fn literal_string(&mut self, value: Option<&Value>, path: &str, expected: &str) {
        if value.and_then(Value::as_str) != Some(expected) {
            self.error("invalid-literal", path, || quoted_in("Expected ", expected, "."));
        }
    }

    pub(crate) fn literal_integer(&mut self, value: Option<&Value>, path: &str, expected: u64) {
        if value.and_then(safe_integer) != Some(expected) {
            self.error("invalid-literal", path, || format!("Expected {expected}."));
        }
    }

    /// A declared-entity id or reference: `prefix` followed by a non-empty suffix without
    /// line terminators.
    pub(crate) fn id<'v>(&mut self, value: Option<&'v Value>, path: &str, prefix: &str) -> Option<&'v str> {
        let id = value.and_then(Value::as_str).filter(|id| {
            id.strip_prefix(prefix).is_some_and(|suffix| !suffix.is_empty() && !has_line_terminator(suffix))
        });
        if id.is_none() {
            self.error("invalid-id", path, "Entity id must use a type-prefixed string such as \"node:1\".");
        }
        id
    }

    /// Reports every string item of `items` that repeats an earlier one.
    pub(crate) fn unique_strings(&mut self, items: &[Value], path: &str) {
        let mut seen = HashSet::new();
        for (position, item) in items.iter().enumerate() {
            if let Some(text) = item.as_str()
                && !seen.insert(text)
            {
                let message = || quoted_in("Duplicate value ", text, ".");
                self.error("duplicate-value", || index(path, position), message);
            }
        }
    }
}

/// `value` as a JavaScript-safe non-negative integer; integral floats and `-0` count.
pub(crate) fn safe_integer(value: &Value) -> Option<u64> {
    let number = value.as_number()?;
    if let Some(integer) = number.as_u64() {
        return (integer <= MAX_SAFE_INTEGER).then_some(integer);
    }
    if number.is_i64() {
        return None;
    }
    let float = number.as_f64()?;
    // The cast is exact: the value is integral and within the safe range.
    (float.fract() == 0.0 && float >= 0.0 && float <= MAX_SAFE_INTEGER as f64).then_some(float as u64)
}

/// LF, CR, U+2028 and U+2029: the characters a JSON Schema `.` does not match.
pub(crate) fn has_line_terminator(text: &str) -> bool {
    text.contains(['\n', '\r', '\u{2028}', '\u{2029}'])
}
