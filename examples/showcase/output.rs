//! The files the showcase writes: the image as PNG, the frame as a
//! Snapshot 1.2 document and as the page that shows that document.

use std::error::Error;
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use zenfg_runtime::CompilationReport;
use zenfg_runtime::snapshot::{
    CreateFrameGraphSnapshotOptions, create_frame_graph_snapshot, to_json_pretty, write_html,
};

/// Name of the image file.
pub const IMAGE_FILE: &str = "showcase.png";
/// Name of the Snapshot file.
pub const SNAPSHOT_FILE: &str = "showcase.fgsnapshot.json";
/// Name of the HTML view of the Snapshot, written beside it.
pub const HTML_FILE: &str = "showcase.html";

/// Writes tightly packed 8-bit RGBA `pixels` as a PNG file.
///
/// # Errors
///
/// The file cannot be written.
pub fn write_png(path: &Path, width: u32, height: u32, pixels: &[u8]) -> Result<(), Box<dyn Error>> {
    let mut encoder = png::Encoder::new(BufWriter::new(File::create(path)?), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(pixels)?;
    Ok(())
}

/// Exports the full `report` with what `options` adds, writes it as
/// pretty-printed JSON to `path`, and its HTML view beside it as
/// [`HTML_FILE`].
///
/// # Errors
///
/// The export fails (the report is not full, a timing belongs to another
/// frame) or the file cannot be written.
pub fn write_snapshot(
    path: &Path,
    report: &CompilationReport,
    options: CreateFrameGraphSnapshotOptions<'_>,
) -> Result<(), Box<dyn Error>> {
    let snapshot = create_frame_graph_snapshot(report, options)?;
    std::fs::write(path, to_json_pretty(&snapshot)?)?;
    let page = path.with_file_name(HTML_FILE);
    write_html(&snapshot, BufWriter::new(File::create(page)?))?;
    Ok(())
}
