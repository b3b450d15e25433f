::core::compile_error! { "ZM0005: `#[storage_write]` needs `overwrite` or `preserve`\nhelp: write `#[storage_write(overwrite)]` when the pass replaces all of the selected contents, or `#[storage_write(preserve)]` when what it does not write must keep its previous value" }
::core::compile_error! { "ZM0001: unknown attribute `#[unifrom]`; did you mean `uniform`?\nhelp: use one of the attributes listed in the docs of `#[derive(Pass)]` (`zenfg_runtime::Pass`)" }
#[doc = "What the callback of a [`Broken`] pass receives: the runtime's objects and one view per field."]
struct BrokenContext<'cx> {
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
    #[doc = "`params`, whose view is not known while the pass has errors."]
    pub params: ::zenfg_runtime::__private::BrokenView<'cx>,
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Broken<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Compute;
    type Declared = ::core::convert::Infallible;
    type Context<'cx> = BrokenContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Broken",
        label: "broken",
        label_field: ::core::option::Option::None,
        kind: ::zenfg_runtime::__private::NodeKind::Compute,
        side_effect: false,
        fields: &[],
    };
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("broken")
    }
    fn declare(
        &self,
        _: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        ::core::result::Result::Err(::zenfg_runtime::__private::macro_error())
    }
    fn context<'cx>(
        declared: Self::Declared,
        _: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<BrokenContext<'cx>> {
        match declared {}
    }
    fn mark_roots(&self, _: &mut ::zenfg_runtime::__private::Frame<'f>) -> ::zenfg_runtime::__private::Result<()> {
        ::core::result::Result::Ok(())
    }
}
