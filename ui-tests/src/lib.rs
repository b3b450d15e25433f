//! Compile-fail and compile-pass cases live under `tests/`.
