//! JSON text to [`Value`], with nesting that cannot exhaust the stack.
//!
//! The grammar is checked in full, iteratively. Strings are decoded by serde_json one
//! token at a time. Numbers are checked against the JSON grammar and read here, where
//! they lie in the text: integers that fit `u64` or `i64` stay exact, every other number
//! becomes the nearest `f64` whatever the length of its digits or exponent (see
//! [`nearest_f64`]), and numbers beyond the `f64` range are rejected. Reading numbers
//! here keeps their meaning and cost independent of serde_json's build features (which
//! change how serde_json itself reads floats). Duplicate object keys keep the last
//! value.
//!
//! Containers nested deeper than [`KEPT_DEPTH`] are checked but replaced by `null`. No
//! part of a valid document is that deep: the deepest allowed container is an extension
//! value of depth [`FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH`] below the document and the
//! `extensions` objects. An over-deep extension therefore keeps exactly one container
//! level too many, and validation reports `extension-depth-exceeded` for it.

use std::fmt::Write;

use serde_json::{Map, Number, Value};

use crate::FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH;

/// The document and `extensions` objects, the deepest allowed extension value, and one
/// level more.
const KEPT_DEPTH: usize = FRAME_GRAPH_SNAPSHOT_MAX_EXTENSION_DEPTH + 3;

/// Significant digits kept when a float is re-read: more than the 767 that can decide how
/// a decimal rounds to an `f64`, so the digits after them only matter through whether any
/// of them is non-zero.
const KEPT_DIGITS: usize = 800;

/// A float `0.d…` × 10^`scale` (first digit non-zero) with a larger `scale` is at least
/// 10^310: infinite as an `f64`.
const MAX_SCALE: i64 = 310;

/// A float `0.d…` × 10^`scale` (first digit non-zero) with a smaller `scale` is below
/// 10^-331, less than half the smallest subnormal `f64`: it rounds to zero.
const MIN_SCALE: i64 = -330;

/// The text is not JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InvalidJson;

/// Parses one JSON document.
pub(crate) fn parse_json(text: &str) -> Result<Value, InvalidJson> {
    Parser { text, pos: 0 }.document()
}

enum Frame {
    Array(Vec<Value>),
    Object(Map<String, Value>, String),
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn document(mut self) -> Result<Value, InvalidJson> {
        let mut stack: Vec<Frame> = Vec::new();
        let value = 'value: loop {
            // Start of a value.
            self.skip_whitespace();
            let mut done = match self.peek() {
                Some(b'[') if stack.len() < KEPT_DEPTH => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.eat(b']') {
                        Value::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        continue 'value;
                    }
                }
                Some(b'{') if stack.len() < KEPT_DEPTH => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.eat(b'}') {
                        Value::Object(Map::new())
                    } else {
                        let key = self.key()?;
                        stack.push(Frame::Object(Map::new(), key));
                        continue 'value;
                    }
                }
                Some(b'[' | b'{') => {
                    self.skip_container()?;
                    Value::Null
                }
                _ => self.scalar()?,
            };
            // A value is complete: hand it to its container until one needs another value.
            loop {
                let Some(frame) = stack.last_mut() else {
                    break 'value done;
                };
                self.skip_whitespace();
                match frame {
                    Frame::Array(items) => {
                        items.push(done);
                        if self.eat(b',') {
                            continue 'value;
                        }
                        self.expect(b']')?;
                    }
                    Frame::Object(map, key) => {
                        map.insert(std::mem::take(key), done);
                        if self.eat(b',') {
                            self.skip_whitespace();
                            *key = self.key()?;
                            continue 'value;
                        }
                        self.expect(b'}')?;
                    }
                }
                done = match stack.pop() {
                    Some(Frame::Array(items)) => Value::Array(items),
                    Some(Frame::Object(map, _)) => Value::Object(map),
                    None => return Err(InvalidJson),
                };
            }
        };
        self.skip_whitespace();
        if self.pos == self.text.len() { Ok(value) } else { Err(InvalidJson) }
    }

    /// Checks one container without building it; nesting costs one byte per level.
    fn skip_container(&mut self) -> Result<(), InvalidJson> {
        let mut closers: Vec<u8> = Vec::new();
        loop {
            // Start of a value.
            self.skip_whitespace();
            match self.peek() {
                Some(b'[') => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if !self.eat(b']') {
                        closers.push(b']');
                        continue;
                    }
                }
                Some(b'{') => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if !self.eat(b'}') {
                        self.key()?;
                        closers.push(b'}');
                        continue;
                    }
                }
                _ => {
                    self.scalar()?;
                }
            }
            // After a value.
            loop {
                let Some(&closer) = closers.last() else {
                    return Ok(());
                };
                self.skip_whitespace();
                if self.eat(b',') {
                    if closer == b'}' {
                        self.skip_whitespace();
                        self.key()?;
                    }
                    break;
                }
                self.expect(closer)?;
                closers.pop();
            }
        }
    }

    /// An object key and its colon.
    fn key(&mut self) -> Result<String, InvalidJson> {
        if self.peek() != Some(b'"') {
            return Err(InvalidJson);
        }
        let token = self.string_token()?;
        let key = serde_json::from_str::<String>(token).map_err(|_| InvalidJson)?;
        self.skip_whitespace();
        self.expect(b':')?;
        Ok(key)
    }

    fn scalar(&mut self) -> Result<Value, InvalidJson> {
        match self.peek() {
            Some(b'"') => {
                let token = self.string_token()?;
                serde_json::from_str::<String>(token).map(Value::String).map_err(|_| InvalidJson)
            }
            Some(b'-' | b'0'..=b'9') => {
                number(self.run(|b| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))).ok_or(InvalidJson)
            }
            Some(b't' | b'f' | b'n') => match self.run(|b| b.is_ascii_lowercase()) {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                "null" => Ok(Value::Null),
                _ => Err(InvalidJson),
            },
            _ => Err(InvalidJson),
        }
    }

    /// The text of a string token, quotes included; escapes are decoded later.
    fn string_token(&mut self) -> Result<&str, InvalidJson> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let mut at = start + 1;
        while let Some(&b) = bytes.get(at) {
            match b {
                b'"' => {
                    self.pos = at + 1;
                    return self.text.get(start..self.pos).ok_or(InvalidJson);
                }
                b'\\' => at += 2,
                _ => at += 1,
            }
        }
        Err(InvalidJson)
    }

    fn run(&mut self, accept: impl Fn(u8) -> bool) -> &str {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        while bytes.get(self.pos).is_some_and(|&b| accept(b)) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.pos += 1;
        }
        found
    }

    fn expect(&mut self, byte: u8) -> Result<(), InvalidJson> {
        if self.eat(byte) { Ok(()) } else { Err(InvalidJson) }
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }
}

/// The value of a number token, as serde_json reads it without optional features: an
/// integer without fraction or exponent that fits `u64` (or, when negative and not zero,
/// `i64`) stays an integer; anything else is the nearest `f64`. `None` when `token` is
/// not a JSON number or is beyond the `f64` range.
fn number(token: &str) -> Option<Value> {
    if !is_json_number(token.as_bytes()) {
        return None;
    }
    if !token.contains(['.', 'e', 'E']) {
        if token.starts_with('-') {
            // `-0` is a float, negative zero.
            if let Ok(integer) = token.parse::<i64>().map(Value::from)
                && integer != 0
            {
                return Some(integer);
            }
        } else if let Ok(integer) = token.parse::<u64>() {
            return Some(Value::from(integer));
        }
    }
    nearest_f64(token).and_then(Number::from_f64).map(Value::Number)
}

/// Whether `token` is `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
fn is_json_number(token: &[u8]) -> bool {
    let digits = |at: &mut usize| {
        let start = *at;
        while token.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        *at > start
    };
    let mut at = usize::from(token.first() == Some(&b'-'));
    match token.get(at) {
        Some(b'0') => at += 1,
        Some(b'1'..=b'9') => {
            digits(&mut at);
        }
        _ => return false,
    }
    if token.get(at) == Some(&b'.') {
        at += 1;
        if !digits(&mut at) {
            return false;
        }
    }
    if matches!(token.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(token.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        if !digits(&mut at) {
            return false;
        }
    }
    at == token.len()
}

/// The `f64` nearest to `token`, which matches the JSON number grammar, rounding half to
/// even; `None` when it is beyond the `f64` range.
///
/// The standard library reads a decimal exponent only up to a bound, so a long mantissa
/// that a long exponent compensates (`1000…000e-1000000`) would read as infinity or zero.
/// The token is therefore rewritten as `0.<digits>e<scale>` with an exponent that the
/// standard library reads exactly and at most [`KEPT_DIGITS`] significant digits, plus a
/// final `1` standing for any non-zero digits cut off. The rewritten text has a bounded
/// length and rounds exactly like the token, which it only scans.
fn nearest_f64(token: &str) -> Option<f64> {
    let (negative, unsigned) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, read_exponent(exponent)),
        None => (unsigned, 0),
    };
    let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = integer.bytes().chain(fraction.bytes());
    let leading_zeros = digits.clone().take_while(|&digit| digit == b'0').count();
    let mut significant = digits.skip(leading_zeros).peekable();
    // The value is 0.<significant> × 10^scale.
    let scale = exponent.saturating_add(to_i64(integer.len())).saturating_sub(to_i64(leading_zeros));
    let magnitude = if significant.peek().is_none() || scale < MIN_SCALE {
        0.0
    } else if scale > MAX_SCALE {
        return None;
    } else {
        let mut text = String::with_capacity(KEPT_DIGITS + 16);
        text.push_str("0.");
        text.extend(significant.by_ref().take(KEPT_DIGITS).map(char::from));
        if significant.any(|digit| digit != b'0') {
            text.push('1');
        }
        let _ = write!(text, "e{scale}");
        text.parse::<f64>().ok()?
    };
    let value = if negative { -magnitude } else { magnitude };
    value.is_finite().then_some(value)
}

/// The exponent digits of a number token (after `e`), saturated to the `i64` range.
fn read_exponent(text: &str) -> i64 {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = digits
        .bytes()
        .fold(0_i64, |value, digit| value.saturating_mul(10).saturating_add(i64::from(digit.saturating_sub(b'0'))));
    if negative { -magnitude } else { magnitude }
}

fn to_i64(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

/// Drops `value` without recursion, however deep it is.
pub(crate) fn discard(value: &mut Value) {
    let mut pending = vec![std::mem::take(value)];
    while let Some(mut next) = pending.pop() {
        match &mut next {
            Value::Array(items) => pending.append(items),
            Value::Object(map) => {
                pending.extend(std::mem::take(map).into_iter().map(|(_, child)| child));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;

    fn arbitrary_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f).map(Value::Number)),
            any::<String>().prop_map(Value::String),
        ];
        leaf.prop_recursive(6, 64, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::btree_map(any::<String>(), inner, 0..6)
                    .prop_map(|map| Value::Object(map.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn reads_back_exactly_what_serde_json_writes(value in arbitrary_json()) {
            prop_assert_eq!(parse_json(&value.to_string()), Ok(value.clone()));
            prop_assert_eq!(parse_json(&serde_json::to_string_pretty(&value).unwrap_or_default()), Ok(value));
        }

        #[test]
        fn accepts_exactly_what_serde_json_accepts(text in "[\\[\\]{}\",:0-9eE.+\\-a-z\\\\ ]{0,24}") {
            prop_assert_eq!(parse_json(&text).is_ok(), serde_json::from_str::<Value>(&text).is_ok());
        }

        #[test]
        fn accepts_exactly_what_serde_json_accepts_after_edits(
            value in arbitrary_json(),
            at in any::<prop::sample::Index>(),
            edit in "[\\[\\]{}\",:0-9.\\\\ ]{0,2}",
            cut in 0_usize..3,
        ) {
            let mut text = value.to_string();
            let mut position = at.index(text.len() + 1);
            while !text.is_char_boundary(position) {
                position -= 1;
            }
            let end = (position + cut).min(text.len());
            if text.is_char_boundary(end) {
                text.replace_range(position..end, &edit);
            }
            prop_assert_eq!(parse_json(&text).is_ok(), serde_json::from_str::<Value>(&text).is_ok());
        }
    }

    /// Positive `x` as `0.`, `zeros` zeros, its shortest digits, `padding` zeros and the
    /// exponent that makes up for the shift.
    fn shifted(x: f64, zeros: usize, padding: usize) -> String {
        let shortest = format!("{x:e}");
        let (mantissa, exponent) = shortest.split_once('e').unwrap_or((&shortest, "0"));
        let digits = mantissa.replace('.', "");
        let scale = exponent.parse::<i64>().unwrap_or(0) + 1 + zeros as i64;
        format!("0.{}{digits}{}e{scale}", "0".repeat(zeros), "0".repeat(padding))
    }

    proptest! {
        #[test]
        fn floats_read_back_exactly_however_far_their_digits_are_shifted(
            x in any::<f64>().prop_filter("positive and finite", |x| x.is_finite() && *x > 0.0),
            zeros in 0_usize..3000,
            padding in 0_usize..3000,
            negative in any::<bool>(),
        ) {
            let token = shifted(x, zeros, padding);
            let (token, x) = if negative { (format!("-{token}"), -x) } else { (token, x) };
            prop_assert_eq!(nearest_f64(&token), Some(x), "{}", token);
        }

        #[test]
        fn floats_read_like_the_standard_library_within_its_exponent_range(
            digits in "[0-9]{1,40}",
            point in any::<prop::sample::Index>(),
            exponent in -400_i32..400,
        ) {
            let split = point.index(digits.len()) + 1;
            let (integer, fraction) = digits.split_at(split);
            let token = if fraction.is_empty() {
                format!("{integer}e{exponent}")
            } else {
                format!("{integer}.{fraction}e{exponent}")
            };
            let expected = token.parse::<f64>().ok().filter(|value| value.is_finite());
            prop_assert_eq!(nearest_f64(&token), expected, "{}", token);
        }
    }

    proptest! {
        #[test]
        fn numbers_keep_serde_json_integers_and_read_floats_correctly_rounded(
            token in "-?(0|[1-9][0-9]{0,24})(\\.[0-9]{1,25})?([eE][+-]?[0-9]{1,3})?",
        ) {
            let ours = number(&token);
            let theirs = serde_json::from_str::<Value>(&token).ok();
            let kind = |value: &Option<Value>| value.as_ref().and_then(Value::as_number).map(|n| (n.is_u64(), n.is_i64()));
            prop_assert_eq!(kind(&ours), kind(&theirs), "{}", token);
            match ours.as_ref().and_then(Value::as_number) {
                Some(n) if n.is_f64() => prop_assert_eq!(n.as_f64(), token.parse::<f64>().ok(), "{}", token),
                _ => prop_assert_eq!(ours, theirs, "{}", token),
            }
        }
    }

    #[test]
    fn numbers_follow_the_json_grammar_and_integer_ranges() {
        assert_eq!(number("18446744073709551615"), Some(json!(u64::MAX)));
        assert_eq!(number("-9223372036854775808"), Some(json!(i64::MIN)));
        assert_eq!(number("18446744073709551616"), Some(json!(18_446_744_073_709_551_616.0)));
        assert_eq!(number("-9223372036854775809"), Some(json!(-9_223_372_036_854_775_809.0)));
        assert_eq!(number("0"), Some(json!(0)));
        let negative_zero = number("-0").as_ref().and_then(Value::as_f64).expect("a float");
        assert!(negative_zero == 0.0 && negative_zero.is_sign_negative());
        assert_eq!(number("1E+2"), Some(json!(100.0)));
        assert_eq!(number("1e400"), None);
        for invalid in
            ["", "-", "+1", "01", "-01", "1.", ".5", "1e", "1e+", "1.e5", "1-2", "1e5.0", "--1", "0x1", "1ee5"]
        {
            assert_eq!(number(invalid), None, "{invalid:?}");
        }
    }

    #[test]
    fn floats_with_huge_exponents_that_cancel_read_exactly() {
        let million = 1_000_000;
        assert_eq!(nearest_f64(&format!("1{}e-{million}", "0".repeat(million))), Some(1.0));
        assert_eq!(nearest_f64(&format!("0.{}15e{}", "0".repeat(million), million + 1)), Some(1.5));
        assert_eq!(nearest_f64(&format!("-0.{}15E+{}", "0".repeat(million), million + 1)), Some(-1.5));
        let digits: String = (0..million).map(|i| char::from(b'1' + (i % 9) as u8)).collect();
        let expected = format!("1.{}", &digits[1..40]).parse::<f64>().ok();
        assert_eq!(nearest_f64(&format!("{digits}e-{}", million - 1)), expected);
        assert_eq!(parse_json(&format!("[1{}e-{million}]", "0".repeat(million))), Ok(json!([1.0])));
    }

    #[test]
    fn digits_beyond_the_kept_ones_still_break_ties() {
        // 2^53 + 1 lies halfway between two floats; ties go to the even one, 2^53.
        let halfway = "9007199254740993";
        assert_eq!(nearest_f64(halfway), Some(9_007_199_254_740_992.0));
        assert_eq!(nearest_f64(&format!("{halfway}.{}", "0".repeat(2000))), Some(9_007_199_254_740_992.0));
        // Any non-zero digit after the tie, however far, rounds up.
        let above = format!("{halfway}.{}1", "0".repeat(2000));
        assert_eq!(nearest_f64(&above), Some(9_007_199_254_740_994.0));
        let below = format!("9007199254740992.{}1", "9".repeat(2000));
        assert_eq!(nearest_f64(&below), Some(9_007_199_254_740_992.0));
    }

    #[test]
    fn floats_beyond_the_range_are_none_and_tiny_ones_zero() {
        assert_eq!(nearest_f64("1.7976931348623157e308"), Some(f64::MAX));
        assert_eq!(nearest_f64("1.7976931348623159e308"), None);
        assert_eq!(nearest_f64("1e309"), None);
        assert_eq!(nearest_f64("-1e309"), None);
        assert_eq!(nearest_f64("1e99999999999999999999999"), None);
        assert_eq!(nearest_f64("3e-324"), Some(f64::from_bits(1)));
        assert_eq!(nearest_f64("2e-324"), Some(0.0));
        assert_eq!(nearest_f64("1e-99999999999999999999999"), Some(0.0));
        assert_eq!(nearest_f64("0e99999999999999999999999"), Some(0.0));
        let negative_zero = nearest_f64("-1e-400").expect("zero");
        assert!(negative_zero == 0.0 && negative_zero.is_sign_negative());
        assert_eq!(nearest_f64("0.000"), Some(0.0));
    }

    #[test]
    fn containers_beyond_the_kept_depth_become_null() {
        let deep = |levels: usize| format!("{}1{}", "[".repeat(levels), "]".repeat(levels));
        let kept = parse_json(&deep(KEPT_DEPTH)).expect("JSON");
        assert_eq!(kept, serde_json::from_str::<Value>(&deep(KEPT_DEPTH)).expect("JSON"));
        let mut truncated = parse_json(&deep(KEPT_DEPTH + 1)).expect("JSON");
        let mut depth = 0;
        let mut cursor = &truncated;
        while let Some(inner) = cursor.get(0) {
            depth += 1;
            cursor = inner;
        }
        assert_eq!((depth, cursor), (KEPT_DEPTH, &Value::Null));
        discard(&mut truncated);
        assert_eq!(truncated, Value::Null);
        assert_eq!(parse_json(r#"{"a":1,"a":[2]}"#), Ok(json!({ "a": [2] })));
    }
}
