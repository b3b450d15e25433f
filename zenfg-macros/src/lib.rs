//! Derive macros of zenfg. Use them through `zenfg_runtime`, which re-exports them.
