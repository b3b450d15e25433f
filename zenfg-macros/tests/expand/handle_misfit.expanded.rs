#[doc = "What the callback of a [`Draw`] pass receives: the runtime's objects and one view per field."]
struct DrawContext<'cx> {
    #[doc = "The runtime's device."]
    pub device: &'cx ::zenfg_runtime::__private::wgpu::Device,
    #[doc = "The render pass, begun with the attachments; the runtime ends it when the callback returns."]
    pub pass: &'cx mut ::zenfg_runtime::__private::wgpu::RenderPass<'static>,
    #[doc = "The frame index given in the execution options."]
    pub frame_index: ::core::primitive::u64,
    #[doc = "The view of `vertices` (`#[vertex]`)."]
    pub vertices: ::core::option::Option<::zenfg_runtime::__private::VertexBufferView<'cx>>,
    #[doc = "The view of `color` (`#[color_attachment]`)."]
    pub color: ::zenfg_runtime::__private::BoundAttachment,
    #[doc = "`radius`, whose view is not known while the pass has errors."]
    pub radius: ::zenfg_runtime::__private::BrokenView<'cx>,
    #[doc = "The view of `albedo` (`#[sampled]`)."]
    pub albedo: ::zenfg_runtime::__private::SampledTextureView<'cx>,
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Draw<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Render;
    type Declared = ::core::convert::Infallible;
    type Context<'cx> = DrawContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Draw",
        label: "draw",
        label_field: ::core::option::Option::None,
        kind: ::zenfg_runtime::__private::NodeKind::Render,
        side_effect: false,
        fields: &[],
    };
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("draw")
    }
    fn declare(
        &self,
        _: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let _: <Texture<'f> as ::zenfg_runtime::__private::VertexField<'f>>::Marker =
            ::zenfg_runtime::__private::MisleadingHandleName;
        let _: <u32 as ::zenfg_runtime::__private::StorageReadField<'f>>::Marker =
            ::zenfg_runtime::__private::MisleadingHandleName;
        ::core::result::Result::Err(::zenfg_runtime::__private::macro_error())
    }
    fn context<'cx>(
        declared: Self::Declared,
        _: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<DrawContext<'cx>> {
        match declared {}
    }
    fn mark_roots(&self, _: &mut ::zenfg_runtime::__private::Frame<'f>) -> ::zenfg_runtime::__private::Result<()> {
        ::core::result::Result::Ok(())
    }
}
