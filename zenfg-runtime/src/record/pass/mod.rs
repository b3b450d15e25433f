//! [`PassBuilder`]: declares the accesses of one node, then closes it.
//!
//! The builder's type parameter is the node kind, so a role a kind cannot use,
//! or a `finish_*` method of another kind, is a compile error.
//!
//! Failure policy: a failing *declaration* returns its error and leaves both the
//! builder and the recording usable (compound declarations such as copies and
//! resolves roll back every access they had added). A failing *finish* poisons
//! the recording with its error, and so does a builder dropped without being
//! finished (FG2002): in both cases the caller meant to record a pass that now
//! cannot be recorded as declared, and compiling without it would silently
//! change the frame.

mod attachments;
mod buffers;
mod clears;
mod copies;
mod finish;
mod textures;

use std::marker::PhantomData;

use crate::desc::{BufferRange, Label};
use crate::error::{FrameGraphError, PassRef, Result};
use crate::handle::{Buffer, TextureTarget};
use crate::ids::{AccessId, PassId, next_index};
use crate::record::frame::Frame;
use crate::record::selection::{TextureRule, TextureSelection};
use crate::record::{
    AccessRecord, BindingCheck, Callback, DepthTarget, NodeRecord, NodeWork, Region, check_label, push_built,
};
use crate::token::kind::PassKind;
use crate::token::{AccessMarker, AccessToken};
use crate::types::{AccessRole, NodeKind, WriteContents};

/// Declares the accesses of one node of kind `K`; close it with `finish` or
/// the `finish_*` method of its kind.
///
/// The kind decides which declarations and which `finish_*` method exist: a
/// role the kind cannot use, or the `finish_*` method of another kind, does
/// not compile. Copy passes declare their accesses only through their typed
/// `copy_*` methods.
///
/// # Failures and poisoning
///
/// * A failing **declaration** (any access method or `copy_*` method) returns
///   its error and changes nothing: the builder stays open and usable, and the
///   recording is not poisoned. A declaration that adds several accesses (a
///   copy, a color attachment with its resolve target) adds all of them or
///   none. The caller still holds the open builder and decides what the pass
///   becomes, so nothing is lost without the caller knowing.
/// * A failing **finish** ([`finish`](Self::finish) or a `finish_*` method:
///   FG1106 for a render pass without attachments, FG2009 for a blank label,
///   which is checked here rather than when the builder is created) closes the
///   builder, drops the node with its accesses and callback, and **poisons**
///   the recording: [`Frame::compile`] returns the same error.
/// * A builder **dropped** without being finished poisons the recording with
///   FG2002. This includes a builder dropped because a declaration error was
///   propagated with `?`: the recording then fails to compile with FG2002.
///
/// A finish failure or a dropped builder poisons because the caller meant to
/// record a pass that now cannot be recorded as declared: compiling the rest
/// of the frame without it would silently change what the frame computes.
/// After poisoning, the recording still accepts calls (a dropped or failed
/// node takes no id), but only the first poisoning error is kept and
/// `compile` returns it before any other check.
///
/// ```
/// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
/// let mut graph = FrameGraph::new();
/// let mut frame = graph.begin_frame();
/// let data = frame.create_buffer(BufferDesc::new("data", 64))?;
/// let mut pass = frame.compute_pass("fill");
/// // A failed declaration leaves the builder usable...
/// let too_long = BufferRange::new(0, Some(128));
/// assert_eq!(pass.storage_buffer_write(data, too_long, WriteContents::Overwrite).unwrap_err().code(), "FG1103");
/// let _ = pass.storage_buffer_write(data, BufferRange::whole(), WriteContents::Overwrite)?;
/// pass.finish()?;
/// frame.mark_buffer_root(data, BufferRange::whole(), RootReason::Output)?;
/// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
///
/// // ...while a builder dropped unfinished poisons the recording.
/// let mut frame = graph.begin_frame();
/// drop(frame.compute_pass("forgotten"));
/// frame.command_pass("later").finish()?;
/// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err().code(), "FG2002");
/// # Ok::<(), zenfg_runtime::FrameGraphError>(())
/// ```
#[must_use = "a pass builder must be finished, or the recording fails with FG2002"]
pub struct PassBuilder<'a, 'frame, K: PassKind> {
    frame: &'a mut Frame<'frame>,
    pass: PassRef,
    side_effect: bool,
    group: Option<crate::ids::DebugGroupId>,
    accesses_start: u32,
    colors_start: u32,
    copies_start: u32,
    clears_start: u32,
    binding_checks_start: u32,
    depth: Option<DepthTarget>,
    open: bool,
    _kind: PhantomData<K>,
}

/// The resource, view and region a texture selection declares.
fn texture_parts(selection: TextureSelection) -> (crate::ids::ResourceId, Option<crate::ids::ViewId>, Region) {
    (selection.resource, selection.view, Region::Texture(selection.region))
}

impl<'a, 'frame, K: PassKind> PassBuilder<'a, 'frame, K> {
    pub(crate) fn new(frame: &'a mut Frame<'frame>, label: Label) -> Self {
        frame.conflicts.reset();
        let id = PassId(u32::try_from(frame.rec.nodes.len()).unwrap_or(u32::MAX));
        let group = frame.group_stack.last().copied();
        Self {
            accesses_start: table_len(frame.rec.accesses.len()),
            colors_start: table_len(frame.rec.colors.len()),
            copies_start: table_len(frame.rec.copies.len()),
            clears_start: table_len(frame.rec.clears.len()),
            binding_checks_start: table_len(frame.rec.binding_checks.len()),
            frame,
            pass: PassRef { id, label },
            side_effect: K::KIND.default_side_effect(),
            group,
            depth: None,
            open: true,
            _kind: PhantomData,
        }
    }

    /// The id this node will have.
    #[must_use]
    pub fn id(&self) -> PassId {
        self.pass.id
    }

    /// Whether the node is retained without a root. Render, compute and copy
    /// nodes default to `false`; command and external nodes to `true`.
    pub fn set_side_effect(&mut self, side_effect: bool) -> &mut Self {
        self.side_effect = side_effect;
        self
    }

    /// A read by this node.
    fn read(
        &self,
        role: AccessRole,
        resource: crate::ids::ResourceId,
        view: Option<crate::ids::ViewId>,
        region: Region,
    ) -> AccessRecord {
        AccessRecord::read(self.pass.id, role, resource, view, region)
    }

    /// A write by this node.
    fn write(
        &self,
        role: AccessRole,
        resource: crate::ids::ResourceId,
        view: Option<crate::ids::ViewId>,
        region: Region,
        contents: WriteContents,
    ) -> AccessRecord {
        AccessRecord::write(self.pass.id, role, resource, view, region, contents)
    }

    #[inline(always)]
    fn push(&mut self, record: AccessRecord) -> Result<AccessId> {
        let rec = &self.frame.rec;
        let earlier = &rec.accesses[self.accesses_start as usize..];
        if let Some(index) = self.frame.conflicts.find_conflict(&rec.resources, earlier, record) {
            return Err(self.conflict(record, index));
        }
        let Some(id) = next_index(rec.accesses.len()) else { return Err(self.too_many_accesses()) };
        self.frame.conflicts.insert(&self.frame.rec.resources, record);
        push_built(&mut self.frame.rec.accesses, || record);
        Ok(AccessId(id))
    }

    #[cold]
    fn conflict(&self, record: AccessRecord, index: usize) -> FrameGraphError {
        let rec = &self.frame.rec;
        let other = &rec.accesses[self.accesses_start as usize + index];
        let resource = &rec.resources[record.resource.index()];
        FrameGraphError::ConflictingAccesses {
            pass: self.pass.clone(),
            resource: rec.resource_ref(record.resource),
            message: format!(
                "the {} ({}) overlaps the earlier {} ({}) and one of them writes; \
                 declare disjoint ranges, or one access that covers both uses",
                record.role,
                record.region().range_of(resource),
                other.role,
                other.region().range_of(resource),
            ),
        }
    }

    #[cold]
    fn too_many_accesses(&self) -> FrameGraphError {
        FrameGraphError::InvalidNodeOperation {
            pass: self.pass.clone(),
            resource: None,
            message: "too many accesses in one recording".into(),
        }
    }

    /// The token of a declared access.
    fn token<R: AccessMarker>(&self, access: AccessId) -> AccessToken<'frame, R> {
        self.token_of(access, self.frame.rec.accesses[access.index()].resource)
    }

    /// The token of a declared access of `resource`.
    fn token_of<R: AccessMarker>(&self, access: AccessId, resource: crate::ids::ResourceId) -> AccessToken<'frame, R> {
        AccessToken::new(self.frame.brand, self.pass.id, access, resource)
    }

    /// Records what the bound `field` of a derived pass expects of the
    /// access `access` declared: `entry`, checked at compile.
    pub(crate) fn expect_binding(
        &mut self,
        access: AccessId,
        field: &'static str,
        entry: &'static wgpu::BindGroupLayoutEntry,
    ) {
        self.frame.rec.binding_checks.push(BindingCheck { access, field, entry });
    }

    /// Removes the accesses declared from `len` on (a failed compound declaration).
    fn roll_back(&mut self, accesses: usize) {
        self.frame.rec.accesses.truncate(accesses);
        self.frame.conflicts.invalidate();
    }

    fn texture_read<R: AccessMarker>(
        &mut self,
        target: TextureTarget<'frame>,
        rule: TextureRule,
    ) -> Result<AccessToken<'frame, R>> {
        let selection = self.frame.texture_selection(Some(&self.pass), target, rule)?;
        let (resource, view, region) = texture_parts(selection);
        let access = self.push(self.read(R::ROLE, resource, view, region))?;
        Ok(self.token_of(access, resource))
    }

    fn texture_write<R: AccessMarker>(
        &mut self,
        target: TextureTarget<'frame>,
        rule: TextureRule,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, R>> {
        let selection = self.frame.texture_selection(Some(&self.pass), target, rule)?;
        let (resource, view, region) = texture_parts(selection);
        let access = self.push(self.write(R::ROLE, resource, view, region, contents))?;
        Ok(self.token_of(access, resource))
    }

    fn buffer_read<R: AccessMarker>(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, R>> {
        let region = self.frame.buffer_region(Some(&self.pass), buffer, range)?;
        let access = self.push(self.read(R::ROLE, buffer.id, None, region))?;
        Ok(self.token_of(access, buffer.id))
    }

    fn buffer_write<R: AccessMarker>(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
        contents: WriteContents,
    ) -> Result<AccessToken<'frame, R>> {
        let region = self.frame.buffer_region(Some(&self.pass), buffer, range)?;
        let access = self.push(self.write(R::ROLE, buffer.id, None, region, contents))?;
        Ok(self.token_of(access, buffer.id))
    }

    /// Closes the node with `work`; on failure poisons the recording.
    fn close(
        mut self,
        work: impl FnOnce(&Self) -> Result<NodeWork>,
        callback: Option<Callback<'frame>>,
    ) -> Result<PassId> {
        self.open = false;
        let result = check_label(&self.pass.label, "pass").and_then(|()| work(&self));
        let work = match result {
            Ok(work) => work,
            Err(error) => {
                self.discard();
                self.frame.rec.poison(error.clone());
                return Err(error);
            }
        };
        let rec = &mut self.frame.rec;
        if matches!(work, NodeWork::External) {
            rec.externals.push(self.pass.id);
        }
        let accesses = self.accesses_start..table_len(rec.accesses.len());
        push_built(&mut rec.nodes, || NodeRecord::new(accesses, work, self.group, self.side_effect));
        let label = std::mem::take(&mut self.pass.label);
        rec.node_labels.push_built(|| label);
        if self.side_effect {
            rec.side_effects.push(self.pass.id);
        }
        if let Some(callback) = callback {
            rec.callbacks.resize_with(self.pass.id.index(), || None);
            push_built(&mut rec.callbacks, || Some(callback));
        }
        let id = self.pass.id;
        // Closed, and with its label moved into the recording, the builder
        // owns nothing: skip its drop, which would only check that.
        std::mem::forget(self);
        Ok(id)
    }

    /// Removes everything this builder added to the shared tables.
    fn discard(&mut self) {
        self.frame.rec.accesses.truncate(self.accesses_start as usize);
        self.frame.rec.colors.truncate(self.colors_start as usize);
        self.frame.rec.copies.truncate(self.copies_start as usize);
        self.frame.rec.clears.truncate(self.clears_start as usize);
        self.frame.rec.binding_checks.truncate(self.binding_checks_start as usize);
    }

    fn render_work(&self) -> Result<NodeWork> {
        let colors = self.colors_start..table_len(self.frame.rec.colors.len());
        if colors.is_empty() && self.depth.is_none() {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: None,
                message: "a render pass needs at least one color or depth attachment".into(),
            });
        }
        Ok(NodeWork::Render { colors, depth: self.depth })
    }

    fn kind_work(&self) -> Result<NodeWork> {
        Ok(match K::KIND {
            NodeKind::Render => return self.render_work(),
            NodeKind::Compute => NodeWork::Compute,
            NodeKind::Copy => NodeWork::Copy { ops: self.copies_start..table_len(self.frame.rec.copies.len()) },
            NodeKind::ClearBuffer => {
                NodeWork::ClearBuffer { ops: self.clears_start..table_len(self.frame.rec.clears.len()) }
            }
            NodeKind::Command => NodeWork::Command,
            _ => NodeWork::External,
        })
    }

    /// Abandons the node after a failed declaration made on its behalf: drops
    /// what it declared and poisons the recording with `error`, which it returns.
    pub(crate) fn abort(mut self, error: FrameGraphError) -> FrameGraphError {
        self.open = false;
        self.discard();
        self.frame.rec.poison(error.clone());
        error
    }

    /// Closes the node without a callback. A retained render, compute, command
    /// or external node closed this way fails at execution with FG4004; it is
    /// meant for CPU-only planning. Copy nodes execute their recorded copies.
    ///
    /// Returns the node's id. A render pass without an attachment fails with
    /// FG1106 and a blank label with FG2009; either failure poisons the
    /// recording, and [`Frame::compile`] returns the same error.
    ///
    /// ```
    /// use zenfg_runtime::{BufferDesc, BufferRange, CompileOptions, FrameGraph, RootReason, WriteContents};
    /// let mut graph = FrameGraph::new();
    /// let mut frame = graph.begin_frame();
    /// let out = frame.create_buffer(BufferDesc::new("out", 64))?;
    /// let mut pass = frame.compute_pass("plan-only");
    /// let id = pass.id();
    /// let _ = pass.storage_buffer_write(out, BufferRange::whole(), WriteContents::Overwrite)?;
    /// assert_eq!(pass.finish()?, id);
    /// frame.mark_buffer_root(out, BufferRange::whole(), RootReason::Output)?;
    /// assert_eq!(frame.compile(CompileOptions::default())?.retained_node_count(), 1);
    ///
    /// let mut frame = graph.begin_frame();
    /// let error = frame.render_pass("no-attachments").finish().unwrap_err();
    /// assert_eq!(error.code(), "FG1106");
    /// assert_eq!(frame.compile(CompileOptions::default()).unwrap_err(), error);
    /// # Ok::<(), zenfg_runtime::FrameGraphError>(())
    /// ```
    pub fn finish(self) -> Result<PassId> {
        self.close(Self::kind_work, None)
    }
}

impl<K: PassKind> Drop for PassBuilder<'_, '_, K> {
    fn drop(&mut self) {
        if self.open {
            self.discard();
            let error = FrameGraphError::UnclosedPass { pass: self.pass.clone() };
            self.frame.rec.poison(error);
        }
    }
}

/// Table lengths fit in `u32`: every push goes through `next_index`.
fn table_len(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}
