//! The zenfg showcase: a small deferred renderer written entirely with
//! derived passes, rendered offscreen at 1280x720.
//!
//! A compute pass animates eight lights; a G-buffer pass draws procedural
//! meshes and the light bulbs; a lighting pass shades the G-buffer into an HDR
//! target; a bloom chain downsamples and upsamples over the mips of one
//! texture; tonemapping, antialiasing and a UI overlay finish the image, and a
//! last pass copies it into a buffer the application owns. A debug view of the
//! normals is recorded too, but nothing uses it, so the compiler culls it.
//!
//! The example writes `showcase.png`, `showcase.fgsnapshot.json` (the
//! compiled frame with CPU and GPU timing and pool counters, and the time it
//! was captured) and `showcase.html` (that Snapshot as a page to open in a
//! browser) into the given
//! directory (the current one by default) and prints the plan. Without any
//! adapter it still records and compiles the frame, writes the Snapshot,
//! prints the plan and says in one line how to get software Vulkan.
//!
//!     cargo run --release --example showcase [-- output-directory]

mod camera;
mod device;
mod encode;
mod frame;
mod output;
mod passes;
mod pipelines;
mod renderer;
mod run;
mod scene;
#[path = "../support.rs"]
mod support;

use std::error::Error;
use std::path::PathBuf;

use crate::run::{Settings, run};

fn main() -> Result<(), Box<dyn Error>> {
    let directory = std::env::args_os().nth(1).map_or_else(|| PathBuf::from("."), PathBuf::from);
    let gpu = device::default_gpu();
    let showcase = run(&directory, gpu.as_ref(), Settings::default())?;
    print!("{showcase}");
    println!();
    if let Some(path) = &showcase.image_path {
        println!("wrote {}", path.display());
    }
    println!("wrote {}", showcase.snapshot_path.display());
    println!("wrote {} (open it in a browser)", showcase.snapshot_path.with_file_name(output::HTML_FILE).display());
    Ok(())
}
