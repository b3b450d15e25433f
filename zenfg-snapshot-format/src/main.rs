//! `zenfg-snapshot`: validate, migrate and look at FrameGraph Snapshot files.
//!
//! Run `zenfg-snapshot --help` for the commands. Every failure is a message on
//! standard error and an exit status: 1 for a document that is not valid, 2 for a
//! command line or a file that cannot be used.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use zenfg_snapshot_format::{
    SnapshotDecodeResult, SnapshotDecodeSource, SnapshotIssueSeverity, SnapshotSummary,
    parse_frame_graph_snapshot_bytes, to_json_pretty, write_dot, write_html,
};

const HELP: &str = "\
zenfg-snapshot: validate, migrate and look at FrameGraph Snapshot files

Usage: zenfg-snapshot <command> <file> [-o <output>]

Commands:
  validate <file>   report every issue of the document (code, JSON path, message);
                    exit status 0 when it is valid, 1 when it is not
  migrate <file>    write a Snapshot 1.1, Legacy Candidate V1 or Legacy V0 document
                    (or a 1.2 one) as canonical Snapshot 1.2 JSON
  summary <file>    write a plain-text summary of the frame
  dot <file>        write the frame as a Graphviz graph (zenfg-snapshot dot f | dot -Tsvg > f.svg)
  html <file>       write the frame as one self-contained HTML page to open in a browser

<file> may be `-` for standard input. Every command but validate reads documents of
any supported version, migrating them to 1.2 first, and refuses invalid ones.

Options:
  -o, --output <path>   write to <path> instead of standard output
  -h, --help            show this help
  -V, --version         show the version
";

/// Why the command stopped: the message and the exit status.
struct Failure {
    message: String,
    status: u8,
}

impl Failure {
    fn usage(message: impl Into<String>) -> Self {
        Self { message: format!("{}\nRun `zenfg-snapshot --help` for usage.", message.into()), status: 2 }
    }

    fn io(what: &str, error: &io::Error) -> Self {
        Self { message: format!("{what}: {error}"), status: 2 }
    }
}

/// What the command line asks for.
enum Action {
    Help,
    Version,
    Run(Invocation),
}

/// A command on one file.
struct Invocation {
    command: String,
    input: String,
    output: Option<String>,
}

fn parse(arguments: &[String]) -> Result<Action, Failure> {
    let mut positional = Vec::new();
    let mut output = None;
    let mut rest = arguments.iter();
    while let Some(argument) = rest.next() {
        match argument.as_str() {
            "-h" | "--help" | "help" => return Ok(Action::Help),
            "-V" | "--version" => return Ok(Action::Version),
            "-o" | "--output" => {
                let path = rest.next().ok_or_else(|| Failure::usage(format!("`{argument}` needs a path")))?;
                output = Some(path.clone());
            }
            flag if flag.starts_with('-') && flag != "-" => {
                return Err(Failure::usage(format!("unknown option `{flag}`")));
            }
            _ => positional.push(argument.clone()),
        }
    }
    let mut positional = positional.into_iter();
    let command = positional.next().ok_or_else(|| Failure::usage("no command given"))?;
    if !["validate", "migrate", "summary", "dot", "html"].contains(&command.as_str()) {
        return Err(Failure::usage(format!(
            "unknown command `{command}`; the commands are validate, migrate, summary, dot and html"
        )));
    }
    let input = positional.next().ok_or_else(|| Failure::usage(format!("`{command}` needs a file")))?;
    if let Some(extra) = positional.next() {
        return Err(Failure::usage(format!("unexpected argument `{extra}`")));
    }
    if command == "validate" && output.is_some() {
        return Err(Failure::usage("`validate` writes no output file"));
    }
    Ok(Action::Run(Invocation { command, input, output }))
}

fn read(input: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    if input == "-" {
        io::stdin().read_to_end(&mut bytes).map_err(|error| Failure::io("cannot read standard input", &error))?;
    } else {
        let mut file = File::open(input).map_err(|error| Failure::io(&format!("cannot open {input}"), &error))?;
        file.read_to_end(&mut bytes).map_err(|error| Failure::io(&format!("cannot read {input}"), &error))?;
    }
    Ok(bytes)
}

fn source_name(source: SnapshotDecodeSource) -> &'static str {
    match source {
        SnapshotDecodeSource::V1 => "Snapshot 1.2",
        SnapshotDecodeSource::SnapshotV1_1 => "Snapshot 1.1",
        SnapshotDecodeSource::LegacyV0 => "Legacy V0",
        SnapshotDecodeSource::LegacyCandidateV1 => "Legacy Candidate V1",
    }
}

/// Decodes the input, or fails with every issue, one a line.
fn decode(invocation: &Invocation) -> Result<SnapshotDecodeResult, Failure> {
    parse_frame_graph_snapshot_bytes(&read(&invocation.input)?).map_err(|error| {
        let mut message =
            format!("{} is not a valid FrameGraph Snapshot ({} issues):", invocation.input, error.issues.len());
        for issue in &error.issues {
            message.push_str(&format!("\n  error {issue}"));
        }
        Failure { message, status: 1 }
    })
}

fn write_output(invocation: &Invocation, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
    match &invocation.output {
        Some(path) => {
            let file = File::create(path).map_err(|error| Failure::io(&format!("cannot create {path}"), &error))?;
            let mut out = BufWriter::new(file);
            write(&mut out)
                .and_then(|()| out.flush())
                .map_err(|error| Failure::io(&format!("cannot write {path}"), &error))
        }
        None => {
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            match write(&mut out).and_then(|()| out.flush()) {
                // A reader that stops early (`| head`) is not a failure.
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                result => result.map_err(|error| Failure::io("cannot write standard output", &error)),
            }
        }
    }
}

fn run(arguments: &[String]) -> Result<(), Failure> {
    let invocation = match parse(arguments)? {
        Action::Help => return print(HELP),
        Action::Version => return print(&format!("zenfg-snapshot {}\n", env!("CARGO_PKG_VERSION"))),
        Action::Run(invocation) => invocation,
    };
    let decoded = decode(&invocation)?;
    for issue in decoded.issues.iter().filter(|issue| issue.severity != SnapshotIssueSeverity::Error) {
        let _ = writeln!(io::stderr(), "warning {issue}");
    }
    let snapshot = &decoded.snapshot;
    match invocation.command.as_str() {
        "validate" => {
            let migrated = if decoded.migrated { ", migrated to 1.2" } else { "" };
            print(&format!(
                "{}: valid {} document{migrated}: {} passes, {} resources\n",
                invocation.input,
                source_name(decoded.source),
                snapshot.graph.nodes.len(),
                snapshot.graph.resources.len()
            ))
        }
        "migrate" => {
            let json = to_json_pretty(snapshot).map_err(|error| Failure { message: error.to_string(), status: 1 })?;
            write_output(&invocation, |out| writeln!(out, "{json}"))
        }
        "summary" => write_output(&invocation, |out| write!(out, "{}", SnapshotSummary::new(snapshot))),
        "dot" => write_output(&invocation, |out| write_dot(snapshot, out)),
        _ => write_output(&invocation, |out| write_html(snapshot, out)),
    }
}

/// Writes `text` to standard output; a closed pipe is not a failure.
fn print(text: &str) -> Result<(), Failure> {
    match io::stdout().write_all(text.as_bytes()) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            Err(Failure::io("cannot write standard output", &error))
        }
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let arguments: Result<Vec<String>, _> =
        std::env::args_os().skip(1).map(|argument| argument.into_string()).collect();
    let result = match arguments {
        Ok(arguments) => run(&arguments),
        Err(argument) => Err(Failure::usage(format!("the argument {argument:?} is not UTF-8"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let _ = writeln!(io::stderr(), "zenfg-snapshot: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}
