#[doc = "What the callback of a [`Shade`] pass receives: the runtime's objects and one view per field."]
pub struct ShadeContext<'cx> {
    #[doc = "The runtime's device."]
    pub device: &'cx ::zenfg_runtime::__private::wgpu::Device,
    #[doc = "The render pass, begun with the attachments; the runtime ends it when the callback returns."]
    pub pass: &'cx mut ::zenfg_runtime::__private::wgpu::RenderPass<'static>,
    #[doc = "The frame index given in the execution options."]
    pub frame_index: ::core::primitive::u64,
    #[doc = "The view of `camera` (`#[uniform]`)."]
    pub camera: ::zenfg_runtime::__private::UniformBufferView<'cx>,
    #[doc = "The view of `positions` (`#[storage_read]`)."]
    pub positions: ::zenfg_runtime::__private::StorageBufferReadView<'cx>,
    #[doc = "The view of `albedo` (`#[sampled]`)."]
    pub albedo: ::zenfg_runtime::__private::SampledTextureView<'cx>,
    #[doc = "The view of `target` (`#[color_attachment]`)."]
    pub target: ::zenfg_runtime::__private::BoundAttachment,
    #[doc = "The pass's bind groups, built by the runtime from its fields and kept across executions."]
    pub bind_groups: ::zenfg_runtime::__private::BindGroups<'cx, 2usize>,
}
impl ShadeContext<'_> {
    #[doc = "Sets every bind group of the pass on `pass`, at its group index."]
    pub fn set_bind_groups(&mut self) {
        self.bind_groups.set(self.pass);
    }
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Shade<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Render;
    type Declared = (
        <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::Declared,
        <Buffer<'f> as ::zenfg_runtime::__private::StorageReadField<'f>>::Declared,
        <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::Declared,
        <&'f wgpu::Sampler as ::zenfg_runtime::__private::SamplerField<'f>>::Kept,
    );
    type Context<'cx> = ShadeContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Shade",
        label: "shade",
        label_field: ::core::option::Option::None,
        kind: ::zenfg_runtime::__private::NodeKind::Render,
        side_effect: false,
        fields: &[
            ::zenfg_runtime::__private::FieldAccess {
                field: "camera",
                attribute: "uniform",
                role: <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Read,
                contents: ::core::option::Option::None,
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "positions",
                attribute: "storage_read",
                role: <Buffer<'f> as ::zenfg_runtime::__private::StorageReadField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Read,
                contents: ::core::option::Option::None,
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "albedo",
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
                field: "target",
                attribute: "color_attachment",
                role: <Texture<'f> as ::zenfg_runtime::__private::ColorAttachmentField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Write,
                contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Overwrite),
                root: ::core::option::Option::Some(::zenfg_runtime::__private::RootReason::Output),
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::Some(::zenfg_runtime::__private::AttachmentTable {
                    slot: ::core::option::Option::Some(0u32),
                    load: ::zenfg_runtime::__private::AttachmentLoad::Clear,
                    store: ::zenfg_runtime::__private::AttachmentStoreOp::Store,
                    resolve_target: ::core::option::Option::None,
                }),
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
                    visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::VERTEX
                        .union(::zenfg_runtime::__private::wgpu::ShaderStages::FRAGMENT),
                    ty: ::zenfg_runtime::__private::wgpu::BindingType::Buffer {
                        ty: ::zenfg_runtime::__private::wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: ::core::num::NonZeroU64::new(80u64),
                    },
                    count: ::core::option::Option::None,
                },
                ::zenfg_runtime::__private::wgpu::BindGroupLayoutEntry {
                    binding: 1u32,
                    visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::VERTEX,
                    ty: ::zenfg_runtime::__private::wgpu::BindingType::Buffer {
                        ty: ::zenfg_runtime::__private::wgpu::BufferBindingType::Storage { read_only: true },
                        has_dynamic_offset: false,
                        min_binding_size: ::core::num::NonZeroU64::new(16u64),
                    },
                    count: ::core::option::Option::None,
                },
            ],
            fields: &["camera", "positions"],
        },
        ::zenfg_runtime::__private::BindGroupTable {
            group: 1u32,
            entries: &[
                ::zenfg_runtime::__private::wgpu::BindGroupLayoutEntry {
                    binding: 0u32,
                    visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::FRAGMENT,
                    ty: ::zenfg_runtime::__private::wgpu::BindingType::Texture {
                        sample_type: ::zenfg_runtime::__private::wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: ::zenfg_runtime::__private::wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: ::core::option::Option::None,
                },
                ::zenfg_runtime::__private::wgpu::BindGroupLayoutEntry {
                    binding: 1u32,
                    visibility: ::zenfg_runtime::__private::wgpu::ShaderStages::FRAGMENT,
                    ty: ::zenfg_runtime::__private::wgpu::BindingType::Sampler(
                        ::zenfg_runtime::__private::wgpu::SamplerBindingType::Filtering,
                    ),
                    count: ::core::option::Option::None,
                },
            ],
            fields: &["albedo", "albedo_sampler"],
        },
    ];
    const SHADER: ::core::option::Option<&'static ::core::primitive::str> =
        ::core::option::Option::Some(::core::include_str!("$CARGO_MANIFEST_DIR/tests/shaders/render.wgsl"));
    const COLOR_OUTPUTS: &'static [::zenfg_runtime::__private::ColorOutput] =
        &[::zenfg_runtime::__private::ColorOutput {
            entry_point: "fs_main",
            field: "target",
            slot: 0u32,
            scalar: ::zenfg_runtime::__private::OutputScalar::Float,
            components: 4u8,
        }];
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("shade")
    }
    fn declare(
        &self,
        builder: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let camera = <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::declare(self.camera, builder)?;
        ::zenfg_runtime::__private::expect_binding(
            builder,
            &camera,
            "camera",
            &Self::BIND_GROUPS[0usize].entries[0usize],
            true,
        );
        let positions =
            <Buffer<'f> as ::zenfg_runtime::__private::StorageReadField<'f>>::declare(self.positions, builder)?;
        ::zenfg_runtime::__private::expect_binding(
            builder,
            &positions,
            "positions",
            &Self::BIND_GROUPS[0usize].entries[1usize],
            true,
        );
        let albedo = <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::declare(self.albedo, builder)?;
        ::zenfg_runtime::__private::expect_binding(
            builder,
            &albedo,
            "albedo",
            &Self::BIND_GROUPS[1usize].entries[0usize],
            true,
        );
        let _ = <Texture<'f> as ::zenfg_runtime::__private::ColorAttachmentField<'f>>::declare(
            self.target,
            builder,
            ::zenfg_runtime::__private::ColorAttachmentOps {
                load: ::zenfg_runtime::__private::ColorAttachmentLoadOp::Clear(
                    ::zenfg_runtime::__private::ClearColor::clear_color(wgpu::Color::BLACK),
                ),
                store: ::zenfg_runtime::__private::AttachmentStoreOp::Store,
                depth_slice: ::core::option::Option::None,
            },
        )?;
        let albedo_sampler =
            <&'f wgpu::Sampler as ::zenfg_runtime::__private::SamplerField<'f>>::keep(&self.albedo_sampler);
        ::core::result::Result::Ok((camera, positions, albedo, albedo_sampler))
    }
    fn context<'cx>(
        declared: Self::Declared,
        raw: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<ShadeContext<'cx>> {
        let (camera, positions, albedo, albedo_sampler) = declared;
        let resources = raw.resources;
        let camera = <BufferSlice<'f> as ::zenfg_runtime::__private::UniformField<'f>>::view(&resources, camera)?;
        let positions = <Buffer<'f> as ::zenfg_runtime::__private::StorageReadField<'f>>::view(&resources, positions)?;
        let albedo = <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::view(&resources, albedo)?;
        let bind_groups = ::zenfg_runtime::__private::bind_groups([
            (
                0u32,
                ::zenfg_runtime::__private::bind_group(
                    &resources,
                    &Self::BIND_GROUPS[0usize],
                    &[
                        ::zenfg_runtime::__private::Bindable::binding_source(&camera),
                        ::zenfg_runtime::__private::Bindable::binding_source(&positions),
                    ],
                )?,
            ),
            (
                1u32,
                ::zenfg_runtime::__private::bind_group(
                    &resources,
                    &Self::BIND_GROUPS[1usize],
                    &[
                        ::zenfg_runtime::__private::Bindable::binding_source(&albedo),
                        <&'f wgpu::Sampler as ::zenfg_runtime::__private::SamplerField<'f>>::source(&albedo_sampler),
                    ],
                )?,
            ),
        ]);
        ::core::result::Result::Ok(ShadeContext {
            camera,
            positions,
            albedo,
            target: ::zenfg_runtime::__private::BoundAttachment,
            bind_groups,
            device: raw.device,
            pass: raw.pass,
            frame_index: raw.frame_index,
        })
    }
    fn mark_roots(&self, frame: &mut ::zenfg_runtime::__private::Frame<'f>) -> ::zenfg_runtime::__private::Result<()> {
        <Texture<'f> as ::zenfg_runtime::__private::RootTarget<'f>>::mark_root(
            self.target,
            frame,
            ::zenfg_runtime::__private::RootReason::Output,
        )?;
        ::core::result::Result::Ok(())
    }
}
