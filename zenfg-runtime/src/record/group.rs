//! Debug groups: diagnostic nesting of declarations and passes.
//!
//! Groups never create dependencies, retain work or partition allocation.
//! Resources join the group open when they are registered; nodes join the
//! group open when their builder is created.

use crate::desc::Label;
use crate::error::{FrameGraphError, Result};
use crate::ids::{DebugGroupId, next_index};
use crate::record::frame::Frame;

/// One debug group.
#[derive(PartialEq)]
pub(crate) struct GroupRecord {
    pub label: Label,
    pub parent: Option<DebugGroupId>,
}

impl Frame<'_> {
    /// Opens a new group inside the current one. The label is trimmed and
    /// must not be blank (FG2003). Repeated labels make distinct groups.
    /// Close it with [`pop_debug_group`](Self::pop_debug_group) before
    /// compiling.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// assert_eq!(frame.push_debug_group("  ").unwrap_err().code(), "FG2003");
    /// let post = frame.push_debug_group("post")?;
    /// let bloom = frame.push_debug_group("bloom")?;
    /// frame.command_pass("bloom.downsample.mip-1").finish()?;
    /// frame.pop_debug_group()?;
    /// frame.pop_debug_group()?;
    /// let compiled = frame.compile(CompileOptions::full_report())?;
    /// let full = compiled.report().and_then(|report| report.full.as_ref()).unwrap();
    /// assert_eq!(full.nodes[0].debug_group, Some(bloom));
    /// let group = full.debug_groups.iter().find(|group| group.id == bloom).unwrap();
    /// assert_eq!((&*group.label, group.parent), ("bloom", Some(post)));
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn push_debug_group(&mut self, label: impl Into<Label>) -> Result<DebugGroupId> {
        let label = trimmed(label.into());
        if label.is_empty() {
            return Err(FrameGraphError::InvalidDebugGroupLabel {
                message: "the label is blank; name the feature or stage the group holds".into(),
            });
        }
        let index = next_index(self.rec.groups.len()).ok_or_else(|| FrameGraphError::InvalidDebugGroupLabel {
            message: "too many debug groups in one recording".into(),
        })?;
        let id = DebugGroupId(index);
        self.rec.groups.push(GroupRecord { label, parent: self.rec.group_stack.last().copied() });
        self.rec.group_stack.push(id);
        Ok(id)
    }

    /// Closes the innermost open group (FG2004 when none is open). A group
    /// still open at compile fails it with FG2005.
    ///
    /// ```
    /// use zenfg_runtime::{CompileOptions, FrameGraph};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// assert_eq!(frame.pop_debug_group().unwrap_err().code(), "FG2004");
    /// frame.push_debug_group("lighting")?;
    /// frame.command_pass("sun").finish()?;
    /// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err().code(), "FG2005");
    ///
    /// let mut frame = graph.begin_frame();
    /// frame.push_debug_group("lighting")?;
    /// frame.command_pass("sun").finish()?;
    /// frame.pop_debug_group()?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn pop_debug_group(&mut self) -> Result<()> {
        self.rec.group_stack.pop().map(|_| ()).ok_or(FrameGraphError::DebugGroupStackUnderflow)
    }

    /// Runs `body` inside a new group and closes it whatever `body` returns.
    /// A body that succeeds but leaves groups open fails with FG2005 naming
    /// the group this call opened; a body's own error is returned as is.
    ///
    /// A bloom adapter that groups the caller's own downsample and upsample
    /// recordings:
    ///
    /// ```
    /// use zenfg_runtime::{Frame, FrameGraph, FrameGraphError};
    ///
    /// pub fn record_bloom_groups<'frame>(
    ///     frame: &mut Frame<'frame>,
    ///     downsample: impl FnOnce(&mut Frame<'frame>) -> Result<(), FrameGraphError>,
    ///     upsample: impl FnOnce(&mut Frame<'frame>) -> Result<(), FrameGraphError>,
    /// ) -> Result<(), FrameGraphError> {
    ///     frame.with_debug_group("bloom", |frame| {
    ///         frame.with_debug_group("downsample", downsample)?;
    ///         frame.with_debug_group("upsample", upsample)
    ///     })
    /// }
    ///
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// record_bloom_groups(&mut frame, |_| Ok(()), |_| Ok(()))?;
    /// # Ok::<(), FrameGraphError>(())
    /// ```
    pub fn with_debug_group<T>(
        &mut self,
        label: impl Into<Label>,
        body: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let depth = self.rec.group_stack.len();
        let group = self.push_debug_group(label)?;
        let result = body(self);
        let balanced = self.rec.group_stack.len() == depth + 1 && self.rec.group_stack.last() == Some(&group);
        self.rec.group_stack.truncate(depth);
        let value = result?;
        if !balanced {
            return Err(FrameGraphError::UnclosedDebugGroup {
                group,
                label: self.rec.groups[group.index()].label.clone(),
            });
        }
        Ok(value)
    }
}

fn trimmed(label: Label) -> Label {
    match label {
        Label::Borrowed(text) => Label::Borrowed(text.trim()),
        Label::Owned(text) if text.trim().len() == text.len() => Label::Owned(text),
        Label::Owned(text) => Label::Owned(text.trim().to_owned()),
    }
}
