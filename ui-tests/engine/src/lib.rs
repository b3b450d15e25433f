//! An engine crate that offers zenfg to its users under its own path: a pass
//! derived through it names `#[pass(.., crate = zenfg_ui_engine::fg)]`.

pub use zenfg_runtime as fg;
