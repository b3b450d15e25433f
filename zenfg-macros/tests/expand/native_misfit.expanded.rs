#[doc = "What the callback of a [`Shade`] pass receives: the runtime's objects and one view per field."]
pub struct ShadeContext<'cx> {
    #[doc = "The runtime's device."]
    pub device: &'cx ::zenfg_runtime::__private::wgpu::Device,
    #[doc = "The compute pass to dispatch into; the runtime ends it when the callback returns."]
    pub pass: &'cx mut ::zenfg_runtime::__private::wgpu::ComputePass<'static>,
    #[doc = "The frame index given in the execution options."]
    pub frame_index: ::core::primitive::u64,
    #[doc = "The view of `dst` (`#[storage_write]`)."]
    pub dst: ::zenfg_runtime::__private::StorageBufferWriteView<'cx>,
    #[doc = "The pass's bind groups, built by the runtime from its fields and kept across executions."]
    pub bind_groups: ::zenfg_runtime::__private::BrokenBindGroups<'cx>,
}
impl ShadeContext<'_> {
    #[doc = "Sets every bind group of the pass on `pass`, at its group index."]
    pub fn set_bind_groups(&mut self) {
        self.bind_groups.set(self.pass);
    }
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Shade<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Compute;
    type Declared = ::core::convert::Infallible;
    type Context<'cx> = ShadeContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Shade",
        label: "shade",
        label_field: ::core::option::Option::None,
        kind: ::zenfg_runtime::__private::NodeKind::Compute,
        side_effect: false,
        fields: &[],
    };
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("shade")
    }
    fn declare(
        &self,
        _: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let _: ::core::marker::PhantomData<
            <&'f wgpu::TextureView as ::zenfg_runtime::__private::SamplerField<'_>>::Kept,
        > = ::core::marker::PhantomData;
        ::core::result::Result::Err(::zenfg_runtime::__private::macro_error())
    }
    fn context<'cx>(
        declared: Self::Declared,
        _: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<ShadeContext<'cx>> {
        match declared {}
    }
    fn mark_roots(&self, _: &mut ::zenfg_runtime::__private::Frame<'f>) -> ::zenfg_runtime::__private::Result<()> {
        ::core::result::Result::Ok(())
    }
}
