//! The `tracing` feature: a subscriber sees a span for each pass declaration,
//! the compile with each of its stages, the execution, and each executed pass
//! with its label, nested as the work is.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::ThreadId;

use crate::execution_common::noop;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};
use zenfg_runtime::{CompileOptions, FrameGraph};

/// One span as the subscriber saw it open: its name, its `label` field and
/// the name of the span it opened in.
#[derive(Clone, Debug, PartialEq)]
struct Opened {
    name: &'static str,
    label: Option<String>,
    parent: Option<&'static str>,
}

/// Records the spans of the `zenfg` target that one thread opens, and the
/// stack of those it entered. The recorder is the process's global
/// subscriber (a thread's scoped one can miss spans whose callsites other
/// tests' threads registered first), so it ignores every other thread.
struct Recorder {
    thread: ThreadId,
    next_id: AtomicU64,
    names: Mutex<HashMap<u64, &'static str>>,
    stack: Mutex<Vec<u64>>,
    opened: Mutex<Vec<Opened>>,
}

struct Label(Option<String>);

impl Visit for Label {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "label" {
            self.0 = Some(value.to_owned());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "label" {
            self.0 = Some(format!("{value:?}"));
        }
    }
}

impl Recorder {
    fn mine(&self) -> bool {
        std::thread::current().id() == self.thread
    }
}

impl Subscriber for &'static Recorder {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.target() == "zenfg"
    }

    fn new_span(&self, attributes: &Attributes<'_>) -> Id {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        if self.mine() {
            let mut label = Label(None);
            attributes.record(&mut label);
            let mut names = self.names.lock().unwrap();
            let name = attributes.metadata().name();
            names.insert(id, name);
            let parent = self.stack.lock().unwrap().last().map(|parent| names[parent]);
            self.opened.lock().unwrap().push(Opened { name, label: label.0, parent });
        }
        Id::from_u64(id)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, _: &Event<'_>) {}

    fn enter(&self, span: &Id) {
        if self.mine() {
            self.stack.lock().unwrap().push(span.into_u64());
        }
    }

    fn exit(&self, _: &Id) {
        if self.mine() {
            self.stack.lock().unwrap().pop();
        }
    }
}

fn span(name: &'static str, label: Option<&str>, parent: Option<&'static str>) -> Opened {
    Opened { name, label: label.map(str::to_owned), parent }
}

#[test]
fn a_frame_shows_its_declarations_compile_stages_execution_and_passes() {
    let recorder: &'static Recorder = Box::leak(Box::new(Recorder {
        thread: std::thread::current().id(),
        next_id: AtomicU64::new(1),
        names: Mutex::default(),
        stack: Mutex::default(),
        opened: Mutex::default(),
    }));
    tracing::subscriber::set_global_default(recorder).expect("no other test sets a global subscriber");
    let (device, queue) = noop();
    let mut graph = FrameGraph::with_device(&device);
    let mut frame = graph.begin_frame();
    frame.command_pass("upload").finish_command(|_| Ok(())).unwrap();
    frame.command_pass("resolve").finish_command(|_| Ok(())).unwrap();
    frame.compile(CompileOptions::summary_report()).unwrap().execute(&queue).unwrap();
    // The same passes again, without a report: the plan of the first frame is reused.
    let mut frame = graph.begin_frame();
    frame.command_pass("upload").finish_command(|_| Ok(())).unwrap();
    frame.command_pass("resolve").finish_command(|_| Ok(())).unwrap();
    frame.compile(CompileOptions::default()).unwrap().execute(&queue).unwrap();
    let opened = recorder.opened.lock().unwrap().clone();
    let compile = Some("compile");
    assert_eq!(
        opened,
        vec![
            span("record_pass", Some("upload"), None),
            span("record_pass", Some("resolve"), None),
            span("compile", None, None),
            span("reuse", None, compile),
            span("validate", None, compile),
            span("content_flow", None, compile),
            span("roots", None, compile),
            span("retention", None, compile),
            span("walk", None, compile),
            span("usage", None, compile),
            span("aliasing", None, compile),
            span("report", None, compile),
            span("execute", None, None),
            span("pass", Some("upload"), Some("execute")),
            span("pass", Some("resolve"), Some("execute")),
            span("record_pass", Some("upload"), None),
            span("record_pass", Some("resolve"), None),
            span("compile", None, None),
            span("reuse", None, compile),
            span("execute", None, None),
            span("pass", Some("upload"), Some("execute")),
            span("pass", Some("resolve"), Some("execute")),
        ]
    );
}
