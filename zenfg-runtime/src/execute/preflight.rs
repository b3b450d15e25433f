//! Preflight: everything that can be checked before anything is acquired,
//! encoded or called.
//!
//! Order: each retained node in execution order —
//! its executor (FG4004), then each of its accesses: a transient has an
//! allocation, an import or surface has a bound native object (FG4002) whose
//! usage covers the effective usage and, for a buffer, that is not mapped
//! (FG4003). Whether a bound buffer is mapped is the one thing preflight
//! reads that can change between executions of a repeatable frame (the
//! caller maps it to read what the last one wrote), so
//! [`check_unmapped`] runs on every execution after the first.

use crate::compile::Plan;
use crate::error::{FrameGraphError, Result};
use crate::ids::{PassId, ResourceId};
use crate::physical::NativeResource;
use crate::record::{AccessRecord, Callback, NodeWork, Recording, ResourceRecord};
use crate::types::ResourceOrigin;

pub(crate) fn preflight(rec: &Recording<'_>, plan: &Plan) -> Result<()> {
    // When every import is ready, every access check passes (transients are
    // allocated by the plan), so only the executors are left to check.
    let ready = imports_ready(rec, plan);
    for &pass in &plan.order {
        let node = &rec.nodes[pass.index()];
        check_executor(rec, pass, &node.work)?;
        if !ready {
            for access in rec.node_accesses(node) {
                check_access(rec, plan, access)?;
            }
        }
    }
    Ok(())
}

/// Whether every import and surface either was let go by compilation (no
/// retained work touches it) or has a bound native object of its kind whose
/// usage covers the effective usage: then no access of retained work fails
/// its check, and preflight need not visit them one by one.
fn imports_ready(rec: &Recording<'_>, plan: &Plan) -> bool {
    rec.facts.iter().zip(rec.resources.iter()).zip(&plan.usage).all(|((facts, record), &needed)| {
        if facts.origin == ResourceOrigin::Transient {
            return true;
        }
        let Some(bound) = record.native else { return false };
        match &rec.bound[bound as usize].native {
            None => true,
            Some(native) => {
                native_usage(record, native).is_some_and(|available| available & needed == needed) && !is_mapped(native)
            }
        }
    })
}

/// The usage bits of `native`, bound to `record`; `None` when it is of the
/// other kind (buffer or texture).
fn native_usage(record: &ResourceRecord, native: &NativeResource) -> Option<u32> {
    match native {
        NativeResource::Buffer(buffer) if record.texture_desc().is_none() => Some(buffer.usage().bits()),
        NativeResource::Texture(texture) if record.texture_desc().is_some() => Some(texture.usage().bits()),
        _ => None,
    }
}

/// Whether `native` is a buffer mapped for the CPU, in whole or in part, or
/// mapped at creation, which wgpu refuses to submit work with. Only buffers
/// with a map usage can be mapped, and only in ranges of whole 4-byte words.
///
/// wgpu has no query for it, so the buffer's mapped range is asked for: it
/// is there when the buffer is mapped over all of it; wgpu refuses it as
/// "not mapped" when the buffer is not, and otherwise because the mapping
/// covers part of the buffer or a view that writes holds it, both of which
/// are a mapped buffer. A destroyed buffer is left to wgpu.
fn is_mapped(native: &NativeResource) -> bool {
    let mappable = wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::MAP_WRITE;
    let NativeResource::Buffer(buffer) = native else { return false };
    let words = buffer.size() - buffer.size() % wgpu::COPY_BUFFER_ALIGNMENT;
    if !buffer.usage().intersects(mappable) || words == 0 {
        return false;
    }
    match buffer.slice(..words).get_mapped_range() {
        Ok(_) => true,
        Err(error) => {
            let message = error.to_string();
            !message.contains("not mapped") && !message.contains("destroyed")
        }
    }
}

/// FG4003 for the first bound buffer that is mapped now: what preflight
/// checks of the bound buffers on every execution of a repeatable frame
/// after the first, which checked the rest.
pub(crate) fn check_unmapped(rec: &Recording<'_>) -> Result<()> {
    match rec.bound.iter().find(|bound| bound.native.as_ref().is_some_and(is_mapped)) {
        Some(bound) => Err(mapped(rec, bound.resource)),
        None => Ok(()),
    }
}

#[cold]
fn mapped(rec: &Recording<'_>, resource: ResourceId) -> FrameGraphError {
    FrameGraphError::NativeDescriptorMismatch {
        resource: rec.resource_ref(resource),
        message: "the bound native buffer is mapped, and wgpu submits no work with a mapped buffer; unmap it \
                  before executing the frame"
            .into(),
    }
}

fn check_executor(rec: &Recording<'_>, pass: PassId, work: &NodeWork) -> Result<()> {
    let expected = match (work, rec.callback(pass)) {
        (NodeWork::Copy { ops }, _) if ops.is_empty() => "a copy node needs at least one copy operation",
        (NodeWork::ClearBuffer { ops }, _) if ops.is_empty() => "a clear node needs at least one clear operation",
        (NodeWork::Copy { .. } | NodeWork::ClearBuffer { .. }, _)
        | (NodeWork::Render { .. }, Some(Callback::Render(_)))
        | (NodeWork::Compute, Some(Callback::Compute(_)))
        | (NodeWork::Command, Some(Callback::Command(_)))
        | (NodeWork::External, Some(Callback::External(_))) => return Ok(()),
        (_, Some(_)) => {
            return Err(FrameGraphError::internal(format!("{pass} has a callback of another node kind")));
        }
        (NodeWork::Render { .. }, None) => "close the render pass with `finish_render` and a callback that draws",
        (NodeWork::Compute, None) => "close the compute pass with `finish_compute` and a callback that dispatches",
        (NodeWork::Command, None) => "close the command pass with `finish_command` and a callback that encodes",
        (NodeWork::External, None) => {
            "close the external submission with `finish_external` and a callback that submits"
        }
    };
    Err(FrameGraphError::MissingNodeExecutor { pass: rec.pass_ref(pass), expected })
}

fn check_access(rec: &Recording<'_>, plan: &Plan, access: &AccessRecord) -> Result<()> {
    let resource = &rec.resources[access.resource.index()];
    if rec.facts[access.resource.index()].origin == ResourceOrigin::Transient {
        if plan.resource_allocation[access.resource.index()].is_none() {
            return Err(FrameGraphError::internal(format!("retained transient {} has no allocation", access.resource)));
        }
        return Ok(());
    }
    let needed = plan.usage[access.resource.index()];
    let Some(native) = rec.native(access.resource) else {
        return Err(FrameGraphError::MissingNativeBinding { resource: rec.resource_ref(access.resource) });
    };
    let Some(available) = native_usage(resource, native) else {
        return Err(FrameGraphError::NativeDescriptorMismatch {
            resource: rec.resource_ref(access.resource),
            message: "the bound native object is of the other kind (buffer or texture)".into(),
        });
    };
    if available & needed != needed {
        let usage = resource.usage(needed);
        let native = resource.usage(available);
        return Err(FrameGraphError::NativeDescriptorMismatch {
            resource: rec.resource_ref(access.resource),
            message: format!(
                "retained work needs usage {usage:?} but the native object only has {native:?}; \
                 create the native object with that usage"
            ),
        });
    }
    if is_mapped(native) {
        return Err(mapped(rec, access.resource));
    }
    Ok(())
}
