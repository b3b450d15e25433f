#[doc = "What the callback of a [`Blur`] pass receives: the runtime's objects and one view per field."]
pub struct BlurContext<'cx> {
    #[doc = "The runtime's device."]
    pub device: &'cx ::zenfg_runtime::__private::wgpu::Device,
    #[doc = "The compute pass to dispatch into; the runtime ends it when the callback returns."]
    pub pass: &'cx mut ::zenfg_runtime::__private::wgpu::ComputePass<'static>,
    #[doc = "The frame index given in the execution options."]
    pub frame_index: ::core::primitive::u64,
    #[doc = "The view of `src` (`#[sampled]`)."]
    pub src: ::zenfg_runtime::__private::SampledTextureView<'cx>,
    #[doc = "The view of `dst` (`#[storage_write]`)."]
    pub dst: ::zenfg_runtime::__private::StorageTextureWriteView<'cx>,
    #[doc = "The view of `params` (`#[uniform]`)."]
    pub params: ::zenfg_runtime::__private::UniformBufferView<'cx>,
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Blur<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Compute;
    type Declared = (
        <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::Declared,
        <Texture<'f> as ::zenfg_runtime::__private::StorageWriteField<'f>>::Declared,
        <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::Declared,
    );
    type Context<'cx> = BlurContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Blur",
        label: "blur",
        label_field: ::core::option::Option::None,
        kind: ::zenfg_runtime::__private::NodeKind::Compute,
        side_effect: false,
        fields: &[
            ::zenfg_runtime::__private::FieldAccess {
                field: "src",
                attribute: "sampled",
                role: <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Read,
                contents: ::core::option::Option::None,
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "dst",
                attribute: "storage_write",
                role: <Texture<'f> as ::zenfg_runtime::__private::StorageWriteField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Write,
                contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Overwrite),
                root: ::core::option::Option::Some(::zenfg_runtime::__private::RootReason::Output),
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "params",
                attribute: "uniform",
                role: <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Read,
                contents: ::core::option::Option::None,
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
        ],
    };
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("blur")
    }
    fn declare(
        &self,
        builder: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let src = <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::declare(self.src, builder)?;
        let dst = <Texture<'f> as ::zenfg_runtime::__private::StorageWriteField<'f>>::declare(
            self.dst,
            builder,
            ::zenfg_runtime::__private::WriteContents::Overwrite,
        )?;
        let params = <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::declare(self.params, builder)?;
        ::core::result::Result::Ok((src, dst, params))
    }
    fn context<'cx>(
        declared: Self::Declared,
        raw: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<BlurContext<'cx>> {
        let (src, dst, params) = declared;
        let resources = raw.resources;
        let src = <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::view(&resources, src)?;
        let dst = <Texture<'f> as ::zenfg_runtime::__private::StorageWriteField<'f>>::view(&resources, dst)?;
        let params = <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::view(&resources, params)?;
        ::core::result::Result::Ok(BlurContext {
            src,
            dst,
            params,
            device: raw.device,
            pass: raw.pass,
            frame_index: raw.frame_index,
        })
    }
    fn mark_roots(&self, frame: &mut ::zenfg_runtime::__private::Frame<'f>) -> ::zenfg_runtime::__private::Result<()> {
        <Texture<'f> as ::zenfg_runtime::__private::RootTarget<'f>>::mark_root(
            self.dst,
            frame,
            ::zenfg_runtime::__private::RootReason::Output,
        )?;
        ::core::result::Result::Ok(())
    }
}
