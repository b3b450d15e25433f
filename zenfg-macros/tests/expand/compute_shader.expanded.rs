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
    #[doc = "The pass's bind groups, built by the runtime from its fields and kept across executions."]
    pub bind_groups: ::zenfg_runtime::__private::BindGroups<'cx, 3usize>,
}
impl BlurContext<'_> {
    #[doc = "Sets every bind group of the pass on `pass`, at its group index."]
    pub fn set_bind_groups(&mut self) {
        self.bind_groups.set(self.pass);
    }
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Blur<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Compute;
    type Declared = (
        <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::Declared,
        <Texture<'f> as ::zenfg_runtime::__private::StorageWriteField<'f>>::Declared,
        <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::Declared,
        <&'f wgpu::Sampler as ::zenfg_runtime::__private::SamplerField<'f>>::Kept,
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
    const BIND_GROUPS: &'static [::zenfg_runtime::__private::BindGroupTable] = &[
        ::zenfg_runtime::__private::BindGroupTable {
            group: 0u32,
            entries: &[
                ::zenfg_runtime::__private::wgpu::BindGroupLayoutEntry {
                    binding: 0u32,
                    visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::COMPUTE,
                    ty: ::zenfg_runtime::__private::wgpu::BindingType::Texture {
                        sample_type: ::zenfg_runtime::__private::wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: ::zenfg_runtime::__private::wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: ::core::option::Option::None,
                },
                ::zenfg_runtime::__private::wgpu::BindGroupLayoutEntry {
                    binding: 1u32,
                    visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::COMPUTE,
                    ty: ::zenfg_runtime::__private::wgpu::BindingType::Sampler(
                        ::zenfg_runtime::__private::wgpu::SamplerBindingType::Filtering,
                    ),
                    count: ::core::option::Option::None,
                },
            ],
            fields: &["src", "samp"],
        },
        ::zenfg_runtime::__private::BindGroupTable {
            group: 1u32,
            entries: &[::zenfg_runtime::__private::wgpu::BindGroupLayoutEntry {
                binding: 0u32,
                visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::COMPUTE,
                ty: ::zenfg_runtime::__private::wgpu::BindingType::StorageTexture {
                    access: ::zenfg_runtime::__private::wgpu::StorageTextureAccess::WriteOnly,
                    format: ::zenfg_runtime::__private::wgpu::TextureFormat::Rgba16Float,
                    view_dimension: ::zenfg_runtime::__private::wgpu::TextureViewDimension::D2,
                },
                count: ::core::option::Option::None,
            }],
            fields: &["dst"],
        },
        ::zenfg_runtime::__private::BindGroupTable {
            group: 2u32,
            entries: &[::zenfg_runtime::__private::wgpu::BindGroupLayoutEntry {
                binding: 0u32,
                visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::COMPUTE,
                ty: ::zenfg_runtime::__private::wgpu::BindingType::Buffer {
                    ty: ::zenfg_runtime::__private::wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: ::core::num::NonZeroU64::new(32u64),
                },
                count: ::core::option::Option::None,
            }],
            fields: &["params"],
        },
    ];
    const SHADER: ::core::option::Option<&'static ::core::primitive::str> =
        ::core::option::Option::Some(::core::include_str!("$CARGO_MANIFEST_DIR/tests/shaders/blur.wgsl"));
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("blur")
    }
    fn declare(
        &self,
        builder: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let src = <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::declare(self.src, builder)?;
        ::zenfg_runtime::__private::expect_binding(
            builder,
            &src,
            "src",
            &Self::BIND_GROUPS[0usize].entries[0usize],
            true,
        );
        let dst = <Texture<'f> as ::zenfg_runtime::__private::StorageWriteField<'f>>::declare(
            self.dst,
            builder,
            ::zenfg_runtime::__private::WriteContents::Overwrite,
        )?;
        ::zenfg_runtime::__private::expect_binding(
            builder,
            &dst,
            "dst",
            &Self::BIND_GROUPS[1usize].entries[0usize],
            true,
        );
        let params = <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::declare(self.params, builder)?;
        ::zenfg_runtime::__private::expect_binding(
            builder,
            &params,
            "params",
            &Self::BIND_GROUPS[2usize].entries[0usize],
            true,
        );
        let samp = <&'f wgpu::Sampler as ::zenfg_runtime::__private::SamplerField<'f>>::keep(&self.samp);
        ::core::result::Result::Ok((src, dst, params, samp))
    }
    fn context<'cx>(
        declared: Self::Declared,
        raw: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<BlurContext<'cx>> {
        let (src, dst, params, samp) = declared;
        let resources = raw.resources;
        let src = <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::view(&resources, src)?;
        let dst = <Texture<'f> as ::zenfg_runtime::__private::StorageWriteField<'f>>::view(&resources, dst)?;
        let params = <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::view(&resources, params)?;
        let bind_groups = ::zenfg_runtime::__private::bind_groups([
            (
                0u32,
                ::zenfg_runtime::__private::bind_group(
                    &resources,
                    &Self::BIND_GROUPS[0usize],
                    &[
                        ::zenfg_runtime::__private::Bindable::binding_source(&src),
                        <&'f wgpu::Sampler as ::zenfg_runtime::__private::SamplerField<'f>>::source(&samp),
                    ],
                )?,
            ),
            (
                1u32,
                ::zenfg_runtime::__private::bind_group(
                    &resources,
                    &Self::BIND_GROUPS[1usize],
                    &[::zenfg_runtime::__private::Bindable::binding_source(&dst)],
                )?,
            ),
            (
                2u32,
                ::zenfg_runtime::__private::bind_group(
                    &resources,
                    &Self::BIND_GROUPS[2usize],
                    &[::zenfg_runtime::__private::Bindable::binding_source(&params)],
                )?,
            ),
        ]);
        ::core::result::Result::Ok(BlurContext {
            src,
            dst,
            params,
            bind_groups,
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
