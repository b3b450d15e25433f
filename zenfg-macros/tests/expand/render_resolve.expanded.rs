#[doc = "What the callback of a [`Main`] pass receives: the runtime's objects and one view per field."]
struct MainContext<'cx> {
    #[doc = "The runtime's device."]
    pub device: &'cx ::zenfg_runtime::__private::wgpu::Device,
    #[doc = "The render pass, begun with the attachments; the runtime ends it when the callback returns."]
    pub pass: &'cx mut ::zenfg_runtime::__private::wgpu::RenderPass<'static>,
    #[doc = "The frame index given in the execution options."]
    pub frame_index: ::core::primitive::u64,
    #[doc = "The view of `shadows` (`#[sampled]`)."]
    pub shadows: [::zenfg_runtime::__private::SampledTextureView<'cx>; 4],
    #[doc = "The view of `vertices` (`#[vertex]`)."]
    pub vertices: ::zenfg_runtime::__private::VertexBufferView<'cx>,
    #[doc = "The view of `msaa` (`#[color_attachment]`)."]
    pub msaa: ::zenfg_runtime::__private::BoundAttachment,
    #[doc = "The view of `ids` (`#[color_attachment]`)."]
    pub ids: ::zenfg_runtime::__private::BoundAttachment,
    #[doc = "The view of `depth` (`#[depth_attachment]`)."]
    pub depth: ::zenfg_runtime::__private::BoundAttachment,
    #[doc = "The view of `surface` (`#[resolve_target]`)."]
    pub surface: ::zenfg_runtime::__private::BoundAttachment,
}
#[automatically_derived]
impl<'f> ::zenfg_runtime::__private::Pass<'f> for Main<'f> {
    type Kind = ::zenfg_runtime::__private::kind::Render;
    type Declared = (
        [<TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::Declared; 4],
        <BufferSlice<'f> as ::zenfg_runtime::__private::VertexField<'f>>::Declared,
    );
    type Context<'cx> = MainContext<'cx>;
    const ACCESSES: &'static ::zenfg_runtime::__private::AccessTable = &::zenfg_runtime::__private::AccessTable {
        name: "Main",
        label: "main",
        label_field: ::core::option::Option::None,
        kind: ::zenfg_runtime::__private::NodeKind::Render,
        side_effect: false,
        fields: &[
            ::zenfg_runtime::__private::FieldAccess {
                field: "shadows",
                attribute: "sampled",
                role: <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Read,
                contents: ::core::option::Option::None,
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::Array(4),
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "vertices",
                attribute: "vertex",
                role: <BufferSlice<'f> as ::zenfg_runtime::__private::VertexField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Read,
                contents: ::core::option::Option::None,
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "msaa",
                attribute: "color_attachment",
                role: <Texture<'f> as ::zenfg_runtime::__private::ColorAttachmentField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Write,
                contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Overwrite),
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::Some(::zenfg_runtime::__private::AttachmentTable {
                    slot: ::core::option::Option::Some(1u32),
                    load: ::zenfg_runtime::__private::AttachmentLoad::Clear,
                    store: ::zenfg_runtime::__private::AttachmentStoreOp::Discard,
                    resolve_target: ::core::option::Option::Some("surface"),
                }),
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "ids",
                attribute: "color_attachment",
                role: <Texture<'f> as ::zenfg_runtime::__private::ColorAttachmentField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Write,
                contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Preserve),
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::Some(::zenfg_runtime::__private::AttachmentTable {
                    slot: ::core::option::Option::Some(0u32),
                    load: ::zenfg_runtime::__private::AttachmentLoad::Load,
                    store: ::zenfg_runtime::__private::AttachmentStoreOp::Store,
                    resolve_target: ::core::option::Option::None,
                }),
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "depth",
                attribute: "depth_attachment",
                role: <Texture<'f> as ::zenfg_runtime::__private::DepthAttachmentField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Write,
                contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Overwrite),
                root: ::core::option::Option::None,
                repeat: ::zenfg_runtime::__private::Repeat::Optional,
                attachment: ::core::option::Option::Some(::zenfg_runtime::__private::AttachmentTable {
                    slot: ::core::option::Option::None,
                    load: ::zenfg_runtime::__private::AttachmentLoad::Clear,
                    store: ::zenfg_runtime::__private::AttachmentStoreOp::Store,
                    resolve_target: ::core::option::Option::None,
                }),
                resolves: ::core::option::Option::None,
            },
            ::zenfg_runtime::__private::FieldAccess {
                field: "surface",
                attribute: "resolve_target",
                role: <SurfaceTexture<'f> as ::zenfg_runtime::__private::ResolveTargetField<'f>>::ROLE,
                mode: ::zenfg_runtime::__private::AccessMode::Write,
                contents: ::core::option::Option::Some(::zenfg_runtime::__private::WriteContents::Overwrite),
                root: ::core::option::Option::Some(::zenfg_runtime::__private::RootReason::Present),
                repeat: ::zenfg_runtime::__private::Repeat::One,
                attachment: ::core::option::Option::None,
                resolves: ::core::option::Option::Some("msaa"),
            },
        ],
    };
    fn label(&self) -> ::zenfg_runtime::__private::Label {
        ::zenfg_runtime::__private::Label::Borrowed("main")
    }
    fn declare(
        &self,
        builder: &mut ::zenfg_runtime::__private::PassBuilder<'_, 'f, Self::Kind>,
    ) -> ::zenfg_runtime::__private::Result<Self::Declared> {
        let shadows = ::zenfg_runtime::__private::try_map_array(self.shadows, |handle| {
            <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::declare(handle, builder)
        })?;
        let vertices =
            <BufferSlice<'f> as ::zenfg_runtime::__private::VertexField<'f>>::declare(self.vertices, builder)?;
        let _ = <Texture<'f> as ::zenfg_runtime::__private::ColorAttachmentField<'f>>::declare(
            self.ids,
            builder,
            ::zenfg_runtime::__private::ColorAttachmentOps {
                load: ::zenfg_runtime::__private::ColorAttachmentLoadOp::Load,
                store: ::zenfg_runtime::__private::AttachmentStoreOp::Store,
                depth_slice: ::core::option::Option::None,
            },
        )?;
        let _ = ::zenfg_runtime::__private::declare_resolved(
            self.msaa,
            <SurfaceTexture<'f> as ::zenfg_runtime::__private::ResolveTargetField<'f>>::target(self.surface),
            builder,
            ::zenfg_runtime::__private::ColorAttachmentOps {
                load: ::zenfg_runtime::__private::ColorAttachmentLoadOp::Clear(
                    ::zenfg_runtime::__private::ClearColor::clear_color(wgpu::Color::BLACK),
                ),
                store: ::zenfg_runtime::__private::AttachmentStoreOp::Discard,
                depth_slice: ::core::option::Option::None,
            },
        )?;
        let _ = match self.depth {
            ::core::option::Option::Some(handle) => ::core::option::Option::Some(
                <Texture<'f> as ::zenfg_runtime::__private::DepthAttachmentField<'f>>::declare(
                    handle,
                    builder,
                    ::zenfg_runtime::__private::DepthAttachmentOps {
                        load: ::zenfg_runtime::__private::DepthAttachmentLoadOp::Clear(1.0),
                        store: ::zenfg_runtime::__private::AttachmentStoreOp::Store,
                    },
                )?,
            ),
            ::core::option::Option::None => ::core::option::Option::None,
        };
        ::core::result::Result::Ok((shadows, vertices))
    }
    fn context<'cx>(
        declared: Self::Declared,
        raw: <Self::Kind as ::zenfg_runtime::__private::DerivedKind>::Raw<'cx>,
    ) -> ::zenfg_runtime::__private::Result<MainContext<'cx>> {
        let (shadows, vertices) = declared;
        let resources = raw.resources;
        let shadows = ::zenfg_runtime::__private::try_map_array(shadows, |item| {
            <TextureView<'f> as ::zenfg_runtime::__private::SampledField<'f>>::view(&resources, item)
        })?;
        let vertices = <BufferSlice<'f> as ::zenfg_runtime::__private::VertexField<'f>>::view(&resources, vertices)?;
        ::core::result::Result::Ok(MainContext {
            shadows,
            vertices,
            msaa: ::zenfg_runtime::__private::BoundAttachment,
            ids: ::zenfg_runtime::__private::BoundAttachment,
            depth: ::zenfg_runtime::__private::BoundAttachment,
            surface: ::zenfg_runtime::__private::BoundAttachment,
            device: raw.device,
            pass: raw.pass,
            frame_index: raw.frame_index,
        })
    }
    fn mark_roots(&self, frame: &mut ::zenfg_runtime::__private::Frame<'f>) -> ::zenfg_runtime::__private::Result<()> {
        <SurfaceTexture<'f> as ::zenfg_runtime::__private::Presentable<'f>>::mark_present(self.surface, frame)?;
        ::core::result::Result::Ok(())
    }
}
