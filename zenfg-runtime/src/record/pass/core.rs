//! The builder's machinery: the node's runs of the shared tables, pushing
//! accesses with their conflict check, tokens, and closing, aborting or
//! dropping the node.

use std::marker::PhantomData;

use super::{FieldNames, PassBuilder, texture_parts};
use crate::desc::{BufferRange, Label};
use crate::error::{FrameGraphError, PassRef, Result};
use crate::handle::{Buffer, TextureTarget};
use crate::ids::{AccessId, PassId, next_index};
use crate::record::frame::Frame;
use crate::record::selection::TextureRule;
use crate::record::{AccessRecord, BindingCheck, Callback, NodeRecord, NodeWork, Region, check_label, push_built};
use crate::token::kind::PassKind;
use crate::token::{AccessMarker, AccessToken};
use crate::types::{AccessRole, NodeKind, WriteContents};

impl<'a, 'frame, K: PassKind> PassBuilder<'a, 'frame, K> {
    pub(crate) fn new(frame: &'a mut Frame<'frame>, label: Label) -> Self {
        frame.conflicts.reset();
        let id = PassId(u32::try_from(frame.rec.nodes.len()).unwrap_or(u32::MAX));
        let group = frame.rec.group_stack.last().copied();
        #[cfg(feature = "tracing")]
        let span = Some(tracing::info_span!(target: "zenfg", "record_pass", label = &*label).entered());
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
            fields: None,
            #[cfg(feature = "tracing")]
            span,
            _kind: PhantomData,
        }
    }

    /// A read by this node.
    pub(super) fn read(
        &self,
        role: AccessRole,
        resource: crate::ids::ResourceId,
        view: Option<crate::ids::ViewId>,
        region: Region,
    ) -> AccessRecord {
        AccessRecord::read(self.pass.id, role, resource, view, region)
    }

    /// A write by this node.
    pub(super) fn write(
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
    pub(super) fn push(&mut self, record: AccessRecord) -> Result<AccessId> {
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

    /// Names the fields of the derived pass being declared in the conflict
    /// errors of its accesses.
    pub(crate) fn describe_fields(&mut self, fields: FieldNames) {
        self.fields = Some(fields);
    }

    /// `role`, and for a derived pass the fields that declare it.
    fn role_of_fields(&self, role: AccessRole) -> String {
        match self.fields.and_then(|fields| fields(role)) {
            Some(fields) => format!("{role} of field {fields}"),
            None => role.to_string(),
        }
    }

    #[cold]
    pub(super) fn conflict(&self, record: AccessRecord, index: usize) -> FrameGraphError {
        let rec = &self.frame.rec;
        let other = &rec.accesses[self.accesses_start as usize + index];
        let resource = &rec.resources[record.resource.index()];
        FrameGraphError::ConflictingAccesses {
            pass: self.pass.clone(),
            resource: rec.resource_ref(record.resource),
            message: format!(
                "the {} ({}) overlaps the earlier {} ({}) and one of them writes; \
                 declare disjoint ranges, or one access that covers both uses",
                self.role_of_fields(record.role),
                record.region().range_of(resource),
                self.role_of_fields(other.role),
                other.region().range_of(resource),
            ),
        }
    }

    /// FG1105 for a buffer a render or compute pass writes through a
    /// read-write storage binding and uses in another role as well, on any
    /// range: wgpu tracks a buffer's usage as a whole within a render pass or
    /// a dispatch, and read-write storage excludes every other usage. Checked
    /// for derived render and compute passes, whose bindings are all bound
    /// together, when their access table says they can share one.
    pub(crate) fn check_exclusive_buffer_uses(&self) -> Result<()> {
        let accesses = &self.frame.rec.accesses[self.accesses_start as usize..];
        for written in accesses.iter().filter(|access| access.role == AccessRole::StorageBufferWrite) {
            let exclusive = |other: &&AccessRecord| {
                other.resource == written.resource && other.role != AccessRole::StorageBufferWrite
            };
            if let Some(other) = accesses.iter().find(exclusive) {
                return Err(self.shared_storage_buffer(*written, *other));
            }
        }
        Ok(())
    }

    #[cold]
    fn shared_storage_buffer(&self, written: AccessRecord, other: AccessRecord) -> FrameGraphError {
        let rec = &self.frame.rec;
        let resource = &rec.resources[written.resource.index()];
        FrameGraphError::ConflictingAccesses {
            pass: self.pass.clone(),
            resource: rec.resource_ref(written.resource),
            message: format!(
                "the {} ({}) and the {} ({}) use one buffer, and wgpu tracks a buffer's usage as a whole within \
                 a {} pass: read-write storage excludes every other use; bind both ranges as read-write storage \
                 (`#[storage_write(preserve)]` and `var<storage, read_write>`), or keep them in two buffers",
                self.role_of_fields(written.role),
                written.region().range_of(resource),
                self.role_of_fields(other.role),
                other.region().range_of(resource),
                if K::KIND == NodeKind::Render { "render" } else { "compute" },
            ),
        }
    }

    #[cold]
    pub(super) fn too_many_accesses(&self) -> FrameGraphError {
        FrameGraphError::InvalidNodeOperation {
            pass: self.pass.clone(),
            resource: None,
            message: "too many accesses in one recording".into(),
        }
    }

    /// The token of a declared access.
    pub(super) fn token<R: AccessMarker>(&self, access: AccessId) -> AccessToken<'frame, R> {
        self.token_of(access, self.frame.rec.accesses[access.index()].resource)
    }

    /// The token of a declared access of `resource`.
    pub(super) fn token_of<R: AccessMarker>(
        &self,
        access: AccessId,
        resource: crate::ids::ResourceId,
    ) -> AccessToken<'frame, R> {
        AccessToken::new(self.frame.brand, self.pass.id, access, resource)
    }

    /// Records what the bound `field` of a derived pass expects of the
    /// access `access` declared: `entry`, taken from the pass's shader when
    /// `from_shader`, checked at compile.
    pub(crate) fn expect_binding(
        &mut self,
        access: AccessId,
        field: &'static str,
        entry: &'static wgpu::BindGroupLayoutEntry,
        from_shader: bool,
    ) {
        self.frame.rec.binding_checks.push(BindingCheck { access, field, entry, from_shader });
    }

    /// Removes the accesses declared from `len` on (a failed compound declaration).
    pub(super) fn roll_back(&mut self, accesses: usize) {
        self.frame.rec.accesses.truncate(accesses);
        self.frame.conflicts.invalidate();
    }

    pub(super) fn texture_read<R: AccessMarker>(
        &mut self,
        target: TextureTarget<'frame>,
        rule: TextureRule,
    ) -> Result<AccessToken<'frame, R>> {
        let selection = self.frame.texture_selection(Some(&self.pass), target, rule)?;
        let (resource, view, region) = texture_parts(selection);
        let access = self.push(self.read(R::ROLE, resource, view, region))?;
        Ok(self.token_of(access, resource))
    }

    pub(super) fn texture_write<R: AccessMarker>(
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

    pub(super) fn buffer_read<R: AccessMarker>(
        &mut self,
        buffer: Buffer<'frame>,
        range: BufferRange,
    ) -> Result<AccessToken<'frame, R>> {
        let region = self.frame.buffer_region(Some(&self.pass), buffer, range)?;
        let access = self.push(self.read(R::ROLE, buffer.id, None, region))?;
        Ok(self.token_of(access, buffer.id))
    }

    pub(super) fn buffer_write<R: AccessMarker>(
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
    pub(super) fn close(
        mut self,
        work: impl FnOnce(&Self) -> Result<NodeWork>,
        callback: Option<impl FnOnce() -> Callback<'frame>>,
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
            // Built in its slot: a callback is kept in place, and large
            // enough that every move of it would cost a copy.
            rec.callbacks.resize_with(self.pass.id.index(), || None);
            push_built(&mut rec.callbacks, || Some(callback()));
        }
        let id = self.pass.id;
        // Closed, and with its label moved into the recording, the builder
        // owns nothing but its span: skip its drop, which would only check
        // that, and close the span.
        #[cfg(feature = "tracing")]
        drop(self.span.take());
        std::mem::forget(self);
        Ok(id)
    }

    /// Removes everything this builder added to the shared tables.
    pub(super) fn discard(&mut self) {
        self.frame.rec.accesses.truncate(self.accesses_start as usize);
        self.frame.rec.colors.truncate(self.colors_start as usize);
        self.frame.rec.copies.truncate(self.copies_start as usize);
        self.frame.rec.clears.truncate(self.clears_start as usize);
        self.frame.rec.binding_checks.truncate(self.binding_checks_start as usize);
    }

    pub(super) fn render_work(&self) -> Result<NodeWork> {
        let colors = self.colors_start..table_len(self.frame.rec.colors.len());
        let targets = &self.frame.rec.colors[self.colors_start as usize..];
        if targets.iter().all(|target| target.access.is_none()) && self.depth.is_none() {
            return Err(FrameGraphError::InvalidNodeOperation {
                pass: self.pass.clone(),
                resource: None,
                message: "a render pass needs at least one color or depth attachment".into(),
            });
        }
        self.check_color_limits()?;
        self.check_attachment_shapes()?;
        Ok(NodeWork::Render { colors, depth: self.depth })
    }

    /// FG1106 when the attachments (colors and depth, not resolve targets)
    /// differ in size or sample count, which wgpu refuses: after a resize,
    /// a target left at the old size.
    fn check_attachment_shapes(&self) -> Result<()> {
        let rec = &self.frame.rec;
        let colors = rec.colors[self.colors_start as usize..].iter().filter_map(|target| target.access);
        let mut attachments = colors.chain(self.depth.map(|depth| depth.access));
        let (Some(first), Some(second)) = (attachments.next(), attachments.next()) else { return Ok(()) };
        let (first, extent, samples) = self.attachment_shape(first);
        for other in std::iter::once(second).chain(attachments) {
            let (resource, other_extent, other_samples) = self.attachment_shape(other);
            if (other_extent, other_samples) != (extent, samples) {
                let describe = |(width, height): (u32, u32), samples: u32| {
                    format!("{width}x{height} with {samples} sample{}", if samples == 1 { "" } else { "s" })
                };
                return Err(FrameGraphError::InvalidNodeOperation {
                    pass: self.pass.clone(),
                    resource: Some(rec.resource_ref(resource)),
                    message: format!(
                        "the attachments of a render pass have one size and sample count, and this one is {}, \
                         while {} is {}: create every attachment at the pass's size and sample count (after a \
                         resize, recreate them all)",
                        describe(other_extent, other_samples),
                        rec.resource_ref(first),
                        describe(extent, samples)
                    ),
                });
            }
        }
        Ok(())
    }

    /// FG1110 naming this pass, for a device limit the pass as a whole
    /// exceeds.
    pub(super) fn limit_exceeded(
        &self,
        limit: &'static str,
        value: u64,
        bound: u64,
        message: String,
    ) -> FrameGraphError {
        FrameGraphError::DeviceLimitExceeded {
            pass: Some(self.pass.clone()),
            resource: None,
            label: self.pass.label.clone(),
            limit,
            value,
            bound,
            message,
        }
    }

    /// FG1110 for more color slots, or more bytes per sample across the
    /// color attachments, than the device allows.
    fn check_color_limits(&self) -> Result<()> {
        let targets = &self.frame.rec.colors[self.colors_start as usize..];
        let limits = self.frame.graph.capabilities.limits();
        let exceeded = |limit, value, bound, message| self.limit_exceeded(limit, value, bound, message);
        let slots = targets.len() as u64;
        if slots > u64::from(limits.max_color_attachments) {
            return Err(exceeded(
                "max_color_attachments",
                slots,
                u64::from(limits.max_color_attachments),
                format!("the pass has {slots} color attachment slots; render in several passes"),
            ));
        }
        let mut bytes = 0u32;
        for access in targets.iter().filter_map(|target| target.access) {
            let format = self.attachment_format(access);
            if let (Some(cost), Some(alignment)) =
                (format.target_pixel_byte_cost(), format.target_component_alignment())
            {
                bytes = bytes.next_multiple_of(alignment) + cost;
            }
        }
        let bound = limits.max_color_attachment_bytes_per_sample;
        if bytes > bound {
            return Err(exceeded(
                "max_color_attachment_bytes_per_sample",
                u64::from(bytes),
                u64::from(bound),
                format!(
                    "its color attachments hold {bytes} bytes per sample; use smaller formats, \
                     or render in several passes"
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn kind_work(&self) -> Result<NodeWork> {
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
pub(super) fn table_len(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}
