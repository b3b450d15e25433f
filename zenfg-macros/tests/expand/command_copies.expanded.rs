#[doc = "What the callback of a [`Readback`] pass receives: the runtime's objects and one view per field."]
struct ReadbackContext<'cx> {
    #[doc = "The runtime's device."]
    pub device: &'cx ::zenfg_runtime::__private::wgpu::Device,
    #[doc = "The graph-owned encoder; do not finish or submit it."]
    pub encoder: &'cx mut ::zenfg_runtime::__private::wgpu::CommandEncoder,
    #[doc = "The frame index given in the execution options."]
    pub frame_index: ::core::primitive::u64,
    #[doc = "The view of `src` (`#[copy_src]`)."]
    pub src: ::zenfg_runtime::__private::TextureCopySrcView<'cx>,
    #[doc = "The view of `dst` (`#[copy_dst]`)."]
    pub dst: ::zenfg_runtime::__private::Vec<::zenfg_runtime::__private::BufferCopyDstView<'cx>>,
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Readback<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Command;
    type Declared = (
        <Texture<'f> as ::zenfg_runtime::__private::CopySrcField<'f>>::Declared,
        ::zenfg_runtime::__private::Vec<<Buffer<'f> as ::zenfg_runtime::__private::CopyDstField<'f>>::Declared>,
    );
    type Context<'cx> = ReadbackContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Readback",
        label: "readback",
        label_field: ::core::option::Option::Some("label"),
        kind: ::zenfg_runtime::__private::NodeKind::Command,
        side_effect: true,
        fields: &[
            ::zenfg_runtime::__private::FieldAccess {
                field: "src",
                attribute: "copy_src",
                role: <Texture<'f> as ::zenfg_runtime::__private::CopySrcField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Read,
                contents: ::core::option::Option::None,
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "dst",
                attribute: "copy_dst",
                role: <Buffer<'f> as ::zenfg_runtime::__private::CopyDstField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Write,
                contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Overwrite),
                root: ::core::option::Option::Some(::zenfg_runtime::__private::RootReason::Output),
                repeat: ::zenfg_runtime::__private::Repeat::Vec,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
        ],
    };
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::PassLabel::pass_label(&self.label)
    }
    fn declare(
        &self,
        builder: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let src = <Texture<'f> as ::zenfg_runtime::__private::CopySrcField<'f>>::declare(self.src, builder)?;
        let dst = ::core::iter::Iterator::collect::<
            ::zenfg_runtime::__private::Result<::zenfg_runtime::__private::Vec<_>>,
        >(::core::iter::Iterator::map(
            ::core::iter::IntoIterator::into_iter(::core::iter::Iterator::copied(self.dst.iter())),
            |handle| {
                <Buffer<'f> as ::zenfg_runtime::__private::CopyDstField<'f>>::declare(
                    handle,
                    builder,
                    ::zenfg_runtime::__private::WriteContents::Overwrite,
                )
            },
        ))?;
        ::core::result::Result::Ok((src, dst))
    }
    fn context<'cx>(
        declared: Self::Declared,
        raw: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<ReadbackContext<'cx>> {
        let (src, dst) = declared;
        let resources = raw.resources;
        let src = <Texture<'f> as ::zenfg_runtime::__private::CopySrcField<'f>>::view(&resources, src)?;
        let dst = ::core::iter::Iterator::collect::<
            ::zenfg_runtime::__private::Result<::zenfg_runtime::__private::Vec<_>>,
        >(::core::iter::Iterator::map(::core::iter::IntoIterator::into_iter(dst), |item| {
            <Buffer<'f> as ::zenfg_runtime::__private::CopyDstField<'f>>::view(&resources, item)
        }))?;
        ::core::result::Result::Ok(ReadbackContext {
            src,
            dst,
            device: raw.device,
            encoder: raw.encoder,
            frame_index: raw.frame_index,
        })
    }
    fn mark_roots(&self, frame: &mut ::zenfg_runtime::__private::Frame<'f>) -> ::zenfg_runtime::__private::Result<()> {
        for handle in ::core::iter::Iterator::copied(self.dst.iter()) {
            <Buffer<'f> as ::zenfg_runtime::__private::RootTarget<'f>>::mark_root(
                handle,
                frame,
                ::zenfg_runtime::__private::RootReason::Output,
            )?;
        }
        ::core::result::Result::Ok(())
    }
}
