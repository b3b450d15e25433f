//! `traced!`: a `tracing` span around a piece of the runtime's work when the
//! `tracing` feature is on, and nothing at all when it is off.
//!
//! Every span has the target `zenfg`. Field values are evaluated only when
//! the feature is on.

/// `traced!("name", key = value; body)` runs `body` inside the span `name`
/// (with its fields); `traced!(scope "name", key = value)` opens the span
/// until the end of the enclosing block. With the `tracing` feature off the
/// first is `body` alone and the second nothing.
macro_rules! traced {
    (scope $name:literal $(, $key:ident = $value:expr)*) => {
        #[cfg(feature = "tracing")]
        let _span = ::tracing::info_span!(target: "zenfg", $name $(, $key = $value)*).entered();
    };
    ($name:literal $(, $key:ident = $value:expr)* ; $body:expr) => {{
        #[cfg(feature = "tracing")]
        let _span = ::tracing::info_span!(target: "zenfg", $name $(, $key = $value)*).entered();
        $body
    }};
}

pub(crate) use traced;
