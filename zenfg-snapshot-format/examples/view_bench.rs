//! Rendering time and output size of the HTML, DOT and text views for generated
//! Snapshots of 1k, 10k and 100k passes (or the pass counts given).
//!
//!     cargo run --release -p zenfg-snapshot-format --example view-bench [-- passes...]
//!
//! Each view is rendered into memory `ROUNDS` times; the median is printed with the
//! output size and the time per pass, so that linear growth shows as a flat last column.

#[path = "../tests/common/generated.rs"]
mod generated;

use std::time::{Duration, Instant};

use zenfg_snapshot_format::{FrameGraphSnapshotV1, SnapshotSummary, write_dot, write_html};

const ROUNDS: usize = 7;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// The median time of `render` and the size of what it wrote.
fn measure(snapshot: &FrameGraphSnapshotV1, render: fn(&FrameGraphSnapshotV1, &mut Vec<u8>)) -> (Duration, usize) {
    let mut size = 0;
    let samples = (0..ROUNDS)
        .map(|_| {
            let mut out = Vec::new();
            let start = Instant::now();
            render(snapshot, &mut out);
            let elapsed = start.elapsed();
            size = out.len();
            elapsed
        })
        .collect();
    (median(samples), size)
}

fn html(snapshot: &FrameGraphSnapshotV1, out: &mut Vec<u8>) {
    write_html(snapshot, out).expect("writing into memory cannot fail");
}

fn dot(snapshot: &FrameGraphSnapshotV1, out: &mut Vec<u8>) {
    write_dot(snapshot, out).expect("writing into memory cannot fail");
}

fn text(snapshot: &FrameGraphSnapshotV1, out: &mut Vec<u8>) {
    use std::io::Write;
    write!(out, "{}", SnapshotSummary::new(snapshot)).expect("writing into memory cannot fail");
}

fn main() {
    let counts: Vec<usize> = std::env::args().skip(1).filter_map(|argument| argument.parse().ok()).collect();
    let counts = if counts.is_empty() { vec![1_000, 10_000, 100_000] } else { counts };
    println!("{:>8}  {:<5}  {:>11}  {:>12}  {:>12}", "passes", "view", "median ms", "output MiB", "ns per pass");
    for passes in counts {
        let snapshot = generated::generated_snapshot(passes.max(1));
        for (name, render) in [("html", html as fn(&_, &mut _)), ("dot", dot), ("text", text)] {
            let (time, size) = measure(&snapshot, render);
            println!(
                "{passes:>8}  {name:<5}  {:>11.2}  {:>12.2}  {:>12.0}",
                time.as_secs_f64() * 1e3,
                size as f64 / (1024.0 * 1024.0),
                time.as_nanos() as f64 / passes.max(1) as f64
            );
        }
    }
}
