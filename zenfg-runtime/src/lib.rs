//! zenfg runtime.
