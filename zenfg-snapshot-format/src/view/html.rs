//! The self-contained HTML view of a document.

use std::io::{self, Write};

use crate::FrameGraphSnapshotV1;

const STYLE: &str = include_str!("html/viewer.css");
const SCRIPT: &str = include_str!("html/viewer.js");

/// Writes `snapshot` as one self-contained HTML page to `out`.
///
/// The page needs no network: its style, its script and the document (as JSON in a
/// `<script type="application/json">` element, every `<` escaped so that no text of
/// the document can end the element) are inline. Opened in a browser it shows an
/// overview (counts, capture time, timing coverage, slowest passes, memory saved by
/// aliasing), the graph (pan by dragging, zoom with the wheel, select a pass to see
/// its accesses and dependencies; at most 1500 passes are laid out, and the page says
/// so when there are more), a passes table sortable by GPU and CPU time that can hide
/// culled passes, resources, memory (each physical allocation with the lifetime bars
/// of the resources aliasing in it) and diagnostics; the tables are paged, so a
/// document of ten thousand passes or more still opens. Open a tab directly with
/// `#graph`, `#passes`, ... after the file name, and a pass with `#graph/node:3`.
///
/// When the script fails, the page shows the error in an element with id
/// `script-error`; once it has rendered, `<body>` carries `data-state="ready"`.
///
/// Any document is accepted; the page of one that is not valid may show less. The
/// output grows linearly with the document. Fails only when `out` does.
///
/// ```
/// # let text = include_str!("../../tests/data/snapshot-conformance/fixtures/minimal.fgsnapshot.json");
/// let snapshot = zenfg_snapshot_format::parse_frame_graph_snapshot(text)?.snapshot;
/// let html = zenfg_snapshot_format::to_html(&snapshot);
/// assert!(html.starts_with("<!doctype html>") && !html.contains("<link") && !html.contains(" src="));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_html<W: Write>(snapshot: &FrameGraphSnapshotV1, out: W) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    out.write_all(
        b"<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
          <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
          <title>FrameGraph Snapshot</title>\n<style>\n",
    )?;
    out.write_all(STYLE.as_bytes())?;
    out.write_all(b"</style>\n</head>\n<body data-state=\"loading\">\n<div id=\"app\"></div>\n")?;
    out.write_all(b"<noscript>This view needs JavaScript.</noscript>\n")?;
    out.write_all(b"<script type=\"application/json\" id=\"snapshot-data\">")?;
    serde_json::to_writer(ScriptSafe(&mut out), snapshot).map_err(io::Error::other)?;
    out.write_all(b"</script>\n<script>\n")?;
    out.write_all(SCRIPT.as_bytes())?;
    out.write_all(b"</script>\n</body>\n</html>\n")?;
    out.flush()
}

/// [`write_html`] into a `String`.
pub fn to_html(snapshot: &FrameGraphSnapshotV1) -> String {
    let mut bytes = Vec::new();
    // Writing into a `Vec` cannot fail, and JSON and the page are UTF-8.
    let _ = write_html(snapshot, &mut bytes);
    String::from_utf8(bytes).unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// Passes JSON through with every `<` written as `\u003c`. In JSON text a `<` can
/// only stand inside a string, where the escape means the same character, so the
/// data stays the same while `</script>` and `<!--` cannot appear.
struct ScriptSafe<W>(W);

impl<W: Write> Write for ScriptSafe<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut start = 0;
        for (position, &byte) in bytes.iter().enumerate() {
            if byte == b'<' {
                self.0.write_all(&bytes[start..position])?;
                self.0.write_all(b"\\u003c")?;
                start = position + 1;
            }
        }
        self.0.write_all(&bytes[start..])?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
