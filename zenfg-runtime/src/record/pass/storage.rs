//! Storage texture accesses: the format a storage binding sees must allow
//! storage, and the access the role implies (read-only for a read,
//! write-only for a write), on the device the graph is planned for.

use wgpu::{StorageTextureAccess, TextureFormat};

use super::{PassBuilder, texture_parts};
use crate::capabilities::{StorageRefusal, storage_access_name};
use crate::error::{FrameGraphError, Result};
use crate::handle::TextureTarget;
use crate::record::selection::{TextureRule, TextureSelection};
use crate::token::kind::PassKind;
use crate::token::{AccessMarker, AccessToken};
use crate::types::{AccessRole, WriteContents};

impl<'frame, K: PassKind> PassBuilder<'_, 'frame, K> {
    /// A storage read (`contents` is `None`) or write of one mip of `target`.
    pub(super) fn storage_texture<R: AccessMarker>(
        &mut self,
        target: TextureTarget<'frame>,
        contents: Option<WriteContents>,
    ) -> Result<AccessToken<'frame, R>> {
        let selection = self.frame.texture_selection(Some(&self.pass), target, TextureRule::SingleMip)?;
        let access = if contents.is_some() { StorageTextureAccess::WriteOnly } else { StorageTextureAccess::ReadOnly };
        self.check_storage_format(&selection, R::ROLE, access)?;
        let (resource, view, region) = texture_parts(selection);
        let record = match contents {
            Some(contents) => self.write(R::ROLE, resource, view, region, contents),
            None => self.read(R::ROLE, resource, view, region),
        };
        let access = self.push(record)?;
        Ok(self.token_of(access, resource))
    }

    /// FG1108 for a view whose format cannot be a storage binding on the
    /// device; FG1111 for a format whose features on the device do not
    /// allow `access`. A texture whose own format forbids storage is left to
    /// compile, which refuses it only when a retained access needs it.
    #[inline]
    fn check_storage_format(
        &mut self,
        selection: &TextureSelection,
        role: AccessRole,
        access: StorageTextureAccess,
    ) -> Result<()> {
        let format = selection.format;
        match self.frame.graph.capabilities.check_storage_binding(format, access) {
            Ok(true) => Ok(()),
            Ok(false) => {
                let texture_format = self.frame.rec.texture_desc(selection.resource).format;
                if format == texture_format {
                    return Ok(());
                }
                Err(self.view_cannot_be_storage(selection, role, texture_format))
            }
            Err(refusal) => Err(self.storage_refused(selection, access, refusal)),
        }
    }

    #[cold]
    fn view_cannot_be_storage(
        &self,
        selection: &TextureSelection,
        role: AccessRole,
        texture_format: TextureFormat,
    ) -> FrameGraphError {
        let format = selection.format;
        FrameGraphError::UnsupportedTextureFormatUsage {
            pass: self.pass.clone(),
            resource: self.frame.rec.resource_ref(selection.resource),
            role,
            format,
            message: format!(
                "a storage binding needs a view format that allows STORAGE_BINDING, which {format:?} does not \
                 on this device; view the texture in its own format, {texture_format:?}, or in another format \
                 that allows storage"
            ),
        }
    }

    #[cold]
    fn storage_refused(
        &self,
        selection: &TextureSelection,
        access: StorageTextureAccess,
        refusal: StorageRefusal,
    ) -> FrameGraphError {
        let format = selection.format;
        FrameGraphError::MissingDeviceFeature {
            pass: Some(self.pass.clone()),
            resource: Some(selection.resource),
            label: self.frame.rec.resources[selection.resource.index()].label().clone(),
            feature: refusal.feature(),
            message: format!(
                "the pass binds it as a {} storage texture of format {format:?}; {}",
                storage_access_name(access),
                refusal.explain(format, access)
            ),
        }
    }
}
