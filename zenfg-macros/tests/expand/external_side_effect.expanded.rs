#[doc = "What the callback of a [`Upload`] pass receives: the runtime's objects and one view per field."]
struct UploadContext<'cx> {
    #[doc = "The runtime's device."]
    pub device: &'cx ::zenfg_runtime::__private::wgpu::Device,
    #[doc = "The queue to submit this pass's work on."]
    pub queue: &'cx ::zenfg_runtime::__private::wgpu::Queue,
    #[doc = "The frame index given in the execution options."]
    pub frame_index: ::core::primitive::u64,
    #[doc = "The view of `state` (`#[storage_write]`)."]
    pub state: ::core::option::Option<::zenfg_runtime::__private::StorageBufferWriteView<'cx>>,
}
#[automatically_derived]
impl<'frame> ::zenfg_runtime::__private::Pass<'frame> for Upload<'frame> {
    type Kind = ::zenfg_runtime::__private::kind::External;
    type Declared = (
        ::core::option::Option<
            <BufferSlice<'frame> as ::zenfg_runtime::__private::StorageWriteField<'frame>>::Declared,
        >,
    );
    type Context<'cx> = UploadContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Upload",
        label: "upload",
        label_field: ::core::option::Option::None,
        kind: ::zenfg_runtime::__private::NodeKind::ExternalSubmission,
        side_effect: true,
        fields: &[::zenfg_runtime::__private::FieldAccess {
            field: "state",
            attribute: "storage_write",
            role: <BufferSlice<'frame> as ::zenfg_runtime::__private::StorageWriteField<'frame>>::ROLE,
            mode: ::zenfg_runtime::__private::AccessMode::Write,
            contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Preserve),
            root: ::core::option::Option::Some(::zenfg_runtime::__private::RootReason::PersistentState),
            repeat: ::zenfg_runtime::__private::Repeat::Optional,
            attachment: ::core::option::Option::None,
            resolves: ::core::option::Option::None,
        }],
    };
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("upload")
    }
    fn declare(
        &self,
        builder: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'frame, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let state = match self.state {
            ::core::option::Option::Some(handle) => {
                ::core::option::Option::Some(<BufferSlice<'frame> as ::zenfg_runtime::__private::StorageWriteField<
                    'frame,
                >>::declare(
                    handle, builder, ::zenfg_runtime::__private::WriteContents::Preserve
                )?)
            }
            ::core::option::Option::None => ::core::option::Option::None,
        };
        ::core::result::Result::Ok((state,))
    }
    fn context<'cx>(
        declared: Self::Declared,
        raw: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<UploadContext<'cx>> {
        let (state,) = declared;
        let resources = raw.resources;
        let state = match state {
            ::core::option::Option::Some(item) => {
                ::core::option::Option::Some(<BufferSlice<'frame> as ::zenfg_runtime::__private::StorageWriteField<
                    'frame,
                >>::view(&resources, item)?)
            }
            ::core::option::Option::None => ::core::option::Option::None,
        };
        ::core::result::Result::Ok(UploadContext {
            state,
            device: raw.device,
            queue: raw.queue,
            frame_index: raw.frame_index,
        })
    }
    fn mark_roots(
        &self,
        frame: &mut ::zenfg_runtime::__private::Frame<'frame>,
    ) -> ::zenfg_runtime::__private::Result<()> {
        if let ::core::option::Option::Some(handle) = self.state {
            <BufferSlice<'frame> as ::zenfg_runtime::__private::RootTarget<'frame>>::mark_root(
                handle,
                frame,
                ::zenfg_runtime::__private::RootReason::PersistentState,
            )?;
        }
        ::core::result::Result::Ok(())
    }
}
