//! The `tracing` feature: a subscriber sees a span for each pass declaration,
//! the compile with each of its stages, the execution, and each executed pass
//! with its label, nested as the work is.

use std::sync::{Arc, Mutex};

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

/// Records every span of the `zenfg` target and keeps the stack of entered ones.
#[derive(Default)]
struct Spans {
    names: Mutex<Vec<&'static str>>,
    stack: Mutex<Vec<usize>>,
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

/// The subscriber the test installs; the test keeps a second handle on what it records.
struct Recorder(Arc<Spans>);

impl Subscriber for Recorder {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.target() == "zenfg"
    }

    fn new_span(&self, attributes: &Attributes<'_>) -> Id {
        let mut label = Label(None);
        attributes.record(&mut label);
        let mut names = self.0.names.lock().unwrap();
        names.push(attributes.metadata().name());
        let parent = self.0.stack.lock().unwrap().last().map(|&index| names[index]);
        self.0.opened.lock().unwrap().push(Opened { name: attributes.metadata().name(), label: label.0, parent });
        Id::from_u64(names.len() as u64)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, _: &Event<'_>) {}

    fn enter(&self, span: &Id) {
        self.0.stack.lock().unwrap().push(span.into_u64() as usize - 1);
    }

    fn exit(&self, _: &Id) {
        self.0.stack.lock().unwrap().pop();
    }
}

fn span(name: &'static str, label: Option<&str>, parent: Option<&'static str>) -> Opened {
    Opened { name, label: label.map(str::to_owned), parent }
}

#[test]
fn a_frame_shows_its_declarations_compile_stages_execution_and_passes() {
    let spans = Arc::new(Spans::default());
    tracing::subscriber::with_default(Recorder(Arc::clone(&spans)), || {
        let (device, queue) = noop();
        let mut graph = FrameGraph::with_device(&device);
        let mut frame = graph.begin_frame();
        frame.command_pass("upload").finish_command(|_| Ok(())).unwrap();
        frame.command_pass("resolve").finish_command(|_| Ok(())).unwrap();
        frame.compile(CompileOptions::summary_report()).unwrap().execute(&queue).unwrap();
    });
    let opened = spans.opened.lock().unwrap().clone();
    let compile = Some("compile");
    assert_eq!(
        opened,
        vec![
            span("record_pass", Some("upload"), None),
            span("record_pass", Some("resolve"), None),
            span("compile", None, None),
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
        ]
    );
}
