//! The window example under Xvfb, on the system's Vulkan adapter (software
//! Vulkan on machines without a GPU): 120 frames with a scripted resize every
//! second frame. The test reads the example's `key=value` lines and the last
//! frame it captured from its surface, and checks that the picture is not
//! blank and that the pool keeps at most the current size's target however
//! often the window is resized.
//!
//! winit wants its event loop on the main thread, so the example runs in a
//! child process of this binary (harness = false), started with `DISPLAY`
//! naming an Xvfb server this test starts. Without Xvfb or an adapter the test
//! is skipped with a notice, and fails when `CI` is set (`apt-get install -y
//! xvfb mesa-vulkan-drivers`).

#[path = "../window.rs"]
#[allow(dead_code, reason = "an example's `main` is the entry point of its own binary")]
mod window;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// Set in the child process to the path its capture goes to.
const CHILD: &str = "ZENFG_WINDOW_TEST_CAPTURE";
const FRAMES: u64 = 120;
const RESIZE_EVERY: u64 = 2;
const NAME: &str = "window_example_resizes_under_xvfb_with_a_bounded_pool";
/// Bytes per texel of the example's one size-dependent transient.
const HDR_TEXEL_BYTES: u64 = 8;
/// The largest scripted size (and more than the initial one).
const LARGEST: (u64, u64) = (479, 359);

fn main() -> ExitCode {
    if let Some(capture) = std::env::var_os(CHILD) {
        let options = window::Options {
            frames: Some(FRAMES),
            resize_every: Some(RESIZE_EVERY),
            capture: Some(PathBuf::from(capture)),
        };
        return match window::run(options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("window: {error}");
                ExitCode::FAILURE
            }
        };
    }
    println!("\nrunning 1 test");
    let outcome = run();
    let ci = std::env::var_os("CI").is_some();
    match outcome {
        Ok(()) => {
            println!("test {NAME} ... ok\n\n1 passed, 0 failed");
            ExitCode::SUCCESS
        }
        Err(Failure::Skip(why)) if !ci => {
            eprintln!("notice: {NAME} skipped: {why}");
            println!("test {NAME} ... ignored\n\n0 passed, 0 failed, 1 skipped");
            ExitCode::SUCCESS
        }
        Err(Failure::Skip(why) | Failure::Wrong(why)) => {
            eprintln!("{NAME} failed: {why}");
            println!("test {NAME} ... FAILED\n\n0 passed, 1 failed");
            ExitCode::FAILURE
        }
    }
}

/// Why the test did not pass.
enum Failure {
    /// Something the test needs is missing: Xvfb or an adapter.
    Skip(String),
    /// The example failed or its results are wrong.
    Wrong(String),
}

/// An Xvfb server, stopped when dropped.
struct Xvfb {
    process: Child,
    display: String,
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Starts Xvfb on the first free display from `:90` on, and waits until it
/// accepts connections.
fn start_xvfb() -> Result<Xvfb, Failure> {
    for number in 90..120 {
        if Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
            continue;
        }
        let display = format!(":{number}");
        let process = Command::new("Xvfb")
            .args([&display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| Failure::Skip(format!("Xvfb could not be started ({error}); apt-get install -y xvfb")))?;
        let mut server = Xvfb { process, display };
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(20) {
            if Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
                return Ok(server);
            }
            if server.process.try_wait().ok().flatten().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    Err(Failure::Wrong("Xvfb did not start on any display from :90 to :119".into()))
}

/// Runs the example in a child process and returns its standard output.
fn run_example(xvfb: &Xvfb, capture: &Path) -> Result<String, Failure> {
    let exe = std::env::current_exe().map_err(|error| Failure::Wrong(format!("no test binary path: {error}")))?;
    let mut child = Command::new(exe)
        .env(CHILD, capture)
        .env("DISPLAY", &xvfb.display)
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| Failure::Wrong(format!("the example could not be started: {error}")))?;
    let (mut stdout, mut stderr) = (child.stdout.take().expect("piped"), child.stderr.take().expect("piped"));
    let readers = (
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            text
        }),
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        }),
    );
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|error| Failure::Wrong(error.to_string()))? {
            break Some(status);
        }
        if started.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = readers.0.join().unwrap_or_default();
    let stderr = readers.1.join().unwrap_or_default();
    match status {
        Some(status) if status.success() => Ok(stdout),
        Some(_) if stderr.contains("adapter") => Err(Failure::Skip(format!(
            "no GPU adapter can present to an X11 window ({}); apt-get install -y mesa-vulkan-drivers",
            stderr.trim()
        ))),
        Some(status) => Err(Failure::Wrong(format!("the example exited with {status}:\n{stdout}\n{stderr}"))),
        None => Err(Failure::Wrong(format!("the example ran past 300 s:\n{stdout}\n{stderr}"))),
    }
}

/// The `key=value` fields of the line of `output` that starts with `kind`.
fn lines<'a>(output: &'a str, kind: &str) -> Vec<BTreeMap<&'a str, &'a str>> {
    output
        .lines()
        .filter_map(|line| line.strip_prefix(kind)?.strip_prefix(' '))
        .map(|fields| fields.split(' ').filter_map(|field| field.split_once('=')).collect())
        .collect()
}

fn number(fields: &BTreeMap<&str, &str>, key: &str) -> Result<u64, Failure> {
    fields
        .get(key)
        .and_then(|value| value.parse().ok())
        .ok_or_else(|| Failure::Wrong(format!("the line {fields:?} has no number {key}")))
}

fn size(fields: &BTreeMap<&str, &str>, key: &str) -> Result<(u64, u64), Failure> {
    let parsed = fields.get(key).and_then(|value| {
        let (width, height) = value.split_once('x')?;
        Some((width.parse().ok()?, height.parse().ok()?))
    });
    parsed.ok_or_else(|| Failure::Wrong(format!("the line {fields:?} has no size {key}")))
}

fn check(condition: bool, message: impl FnOnce() -> String) -> Result<(), Failure> {
    if condition { Ok(()) } else { Err(Failure::Wrong(message())) }
}

fn run() -> Result<(), Failure> {
    let xvfb = start_xvfb()?;
    let capture = std::env::temp_dir().join(format!("zenfg-window-{}.png", std::process::id()));
    let output = run_example(&xvfb, &capture);
    drop(xvfb);
    let output = output?;
    let pixels = std::fs::read(&capture);
    let _ = std::fs::remove_file(&capture);

    let resizes = lines(&output, "resize");
    check(resizes.len() >= 50, || format!("expected at least 50 resizes, got {}:\n{output}", resizes.len()))?;
    for resize in &resizes {
        let (width, height) = size(resize, "from")?;
        // Before clearing: the one target of the old size, nothing older.
        let before = number(resize, "retained_bytes_before_clear")?;
        check(
            number(resize, "retained_objects_before_clear")? <= 1 && before <= width * height * HDR_TEXEL_BYTES,
            || format!("the pool kept more than one {width}x{height} target: {resize:?}"),
        )?;
        // After: nothing.
        check(number(resize, "retained_bytes")? == 0, || format!("clearing left objects in the pool: {resize:?}"))?;
    }
    let done = lines(&output, "done");
    let done = done.first().ok_or_else(|| Failure::Wrong(format!("no `done` line:\n{output}")))?;
    check(number(done, "frames")? == FRAMES, || format!("expected {FRAMES} frames: {done:?}"))?;
    check(number(done, "resizes")? == resizes.len() as u64, || format!("resize lines and count differ: {done:?}"))?;
    let bound = LARGEST.0 * LARGEST.1 * HDR_TEXEL_BYTES;
    check(number(done, "retained_bytes")? <= bound, || format!("the pool grew past one target: {done:?}"))?;

    let captured = lines(&output, "captured");
    let captured = captured.first().ok_or_else(|| Failure::Wrong(format!("no `captured` line:\n{output}")))?;
    let (width, height) = (number(captured, "width")?, number(captured, "height")?);
    let pixels = pixels.map_err(|error| Failure::Wrong(format!("no capture was written: {error}")))?;
    let mut reader = png::Decoder::new(std::io::Cursor::new(pixels))
        .read_info()
        .map_err(|error| Failure::Wrong(format!("the capture is no PNG: {error}")))?;
    let mut image = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader.next_frame(&mut image).map_err(|error| Failure::Wrong(format!("the capture: {error}")))?;
    check((u64::from(info.width), u64::from(info.height)) == (width, height), || {
        format!("the capture is {}x{}, the window {width}x{height}", info.width, info.height)
    })?;
    let texels: Vec<&[u8]> = image[..info.buffer_size()].chunks_exact(4).collect();
    let mut colors: Vec<&[u8]> = texels.clone();
    colors.sort_unstable();
    colors.dedup();
    let brightness = |texel: &&[u8]| u32::from(texel[0]) + u32::from(texel[1]) + u32::from(texel[2]);
    let (darkest, brightest) = (texels.iter().map(brightness).min(), texels.iter().map(brightness).max());
    check(colors.len() >= 256 && brightest.zip(darkest).is_some_and(|(high, low)| high - low >= 192), || {
        format!("the capture looks blank: {} colors, brightness {darkest:?} to {brightest:?}", colors.len())
    })?;
    println!(
        "{} resizes, pool at most {} bytes before a clear, capture {width}x{height} with {} colors",
        resizes.len(),
        resizes.iter().filter_map(|resize| number(resize, "retained_bytes_before_clear").ok()).max().unwrap_or(0),
        colors.len()
    );
    Ok(())
}
