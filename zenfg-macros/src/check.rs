//! Checks across fields: slots, depth, resolve sources, roots, reserved
//! names, roles per kind, handle types by their spelling, and whether the pass can
//! ever be retained.

use std::collections::HashMap;
use std::ops::Range;

use proc_macro2::Span;
use syn::Ident;
use syn::spanned::Spanned;

use crate::diag::{Code, Diagnostics};
use crate::handle::{Spelling, spelling};
use crate::model::{Field, Kind, Role, RootReason, Shape};
use crate::suggest::did_you_mean;

/// The names the context of `kind` gives to the runtime's objects.
pub(crate) fn reserved(kind: Kind) -> [&'static str; 3] {
    match kind {
        Kind::Render | Kind::Compute => ["device", "pass", "frame_index"],
        Kind::Command => ["device", "encoder", "frame_index"],
        Kind::External => ["device", "queue", "frame_index"],
    }
}

/// The context field of a pass that binds: its bind groups.
pub(crate) const BIND_GROUPS_FIELD: &str = "bind_groups";

pub(crate) fn check_reserved(kind: Kind, bound: bool, names: &[&Ident], diag: &mut Diagnostics) {
    for name in names {
        let name_text = name.to_string();
        let pass = kind.marker().to_lowercase();
        if reserved(kind).contains(&name_text.as_str()) {
            diag.error(
                name.span(),
                Code::ReservedName,
                format!("the context of a {pass} pass already has a field `{name}`"),
                "rename the field; a field that binds a shader variable of this name gives its number instead: \
                 `binding = N` (and `group = G`)",
            );
        } else if bound && name_text == BIND_GROUPS_FIELD {
            diag.error(
                name.span(),
                Code::ReservedName,
                format!("the context of a {pass} pass that binds already has a field `{name}`: its bind groups"),
                "rename the field",
            );
        }
    }
}

pub(crate) fn check_kind(kind: Kind, fields: &[Field], diag: &mut Diagnostics) {
    for field in fields {
        let role = field.access.role;
        if !kind.takes(role) {
            let pass = kind.marker().to_lowercase();
            diag.error(
                field.access.role_span,
                Code::RoleNotInKind,
                format!("a {pass} pass cannot declare `#[{}]`", role.name()),
                role_fix(kind, role),
            );
        } else if kind == Kind::Compute && role.is_attachment() {
            diag.error(
                field.access.role_span,
                Code::AttachmentInWrongKind,
                format!("a compute pass has no attachments, so `#[{}]` cannot be used", role.name()),
                "make it a `#[pass(render)]`, or write the texture with `#[storage_write(..)]`",
            );
        } else if kind != Kind::Render && role == Role::ResolveTarget {
            diag.error(
                field.access.role_span,
                Code::AttachmentInWrongKind,
                "only render passes resolve attachments",
                "make it a `#[pass(render)]`, or resolve inside the callback with a `#[copy_dst(..)]` target",
            );
        }
    }
}

/// What to do instead of declaring `role` in a pass of `kind`.
fn role_fix(kind: Kind, role: Role) -> String {
    match role {
        Role::Vertex | Role::Index => format!(
            "only render passes draw: make it a `#[pass(render)]`, or read the buffer with `#[storage_read]` \
             in this {} pass",
            kind.marker().to_lowercase()
        ),
        _ => {
            let instead = if role == Role::CopySrc {
                "to read the resource in shaders instead, use `#[sampled]`, `#[uniform]` or `#[storage_read]`"
            } else {
                "to write the resource in shaders instead, use `#[storage_write(..)]`"
            };
            format!(
                "copies are recorded on an encoder: make it a `#[pass(command)]` (and copy on `cx.encoder`) or \
                 a `#[pass(external)]`; {instead}"
            )
        }
    }
}

/// The fields whose handle type their attribute cannot take, as far as the
/// spelling of the type tells.
pub(crate) fn misfits(fields: &[Field]) -> Vec<&Field> {
    fields.iter().filter(|field| spelling(&field.handle).fits(field.access.role) == Some(false)).collect()
}

/// How many color slots a field of `shape` takes: one per handle, `None`
/// when that is only known at run time (a `Vec`, or an array whose length is
/// not an integer literal).
fn slot_width(shape: &Shape) -> Option<u32> {
    match shape {
        Shape::One | Shape::Optional => Some(1),
        Shape::Array(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(len), .. })) => len.base10_parse().ok(),
        Shape::Array(_) | Shape::Vec => None,
    }
}

/// Where one color attachment field's slots are: its first slot, and how
/// many it takes (`None`: every slot from the first on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Placed {
    first: u32,
    width: Option<u32>,
}

impl Placed {
    fn contains(self, slot: u32) -> bool {
        slot >= self.first && self.width.is_none_or(|width| slot - self.first < width)
    }

    fn describe(self) -> String {
        match self.width {
            Some(1) => format!("slot {}", self.first),
            Some(width) => format!("slots {}..{} (one per handle)", self.first, self.first + width),
            None => format!("every slot from {} on (one per handle, counted at run time)", self.first),
        }
    }
}

/// The slots of the color attachment fields, in field order: `slot = N`
/// where given; otherwise, in field order, from the lowest slot not given
/// to a field by `slot = N`, one slot per handle.
fn place_colors(colors: &[&Field]) -> Vec<Placed> {
    let explicit: Vec<Option<u32>> = colors.iter().map(|field| explicit_slot(field).map(|(slot, _)| slot)).collect();
    let mut next = 0u32;
    explicit
        .iter()
        .zip(colors)
        .map(|(slot, field)| match slot {
            Some(first) => Placed { first: *first, width: Some(1) },
            None => {
                while explicit.contains(&Some(next)) {
                    next += 1;
                }
                let width = slot_width(&field.shape);
                let placed = Placed { first: next, width };
                next = width.map_or(u32::MAX, |width| next.saturating_add(width));
                placed
            }
        })
        .collect()
}

fn explicit_slot(field: &Field) -> Option<(u32, Span)> {
    field.access.attachment.as_ref().and_then(|attachment| attachment.slot)
}

/// The slots of each color attachment field, in field order: its first
/// slot, and the slots it takes, `None` for a field whose number of handles
/// is known only at run time (every slot from the first on).
pub(crate) fn color_slot_ranges(fields: &[Field]) -> Vec<(&Field, u32, Option<Range<u32>>)> {
    let colors = color_fields(fields);
    let placed = place_colors(&colors);
    colors
        .into_iter()
        .zip(placed)
        .map(|(field, place)| {
            (field, place.first, place.width.map(|width| place.first..place.first.saturating_add(width)))
        })
        .collect()
}

fn color_fields(fields: &[Field]) -> Vec<&Field> {
    fields.iter().filter(|field| field.access.role == Role::ColorAttachment).collect()
}

/// ZM0004 on each `slot` of a pass of `kind` other than render: a command
/// or external pass begins its own render passes, so a slot places nothing.
pub(crate) fn check_slots_outside_render(kind: Kind, fields: &[Field], diag: &mut Diagnostics) {
    if kind == Kind::Render {
        return;
    }
    for field in fields {
        let Some((_, span)) = explicit_slot(field) else { continue };
        diag.error(
            span,
            Code::OptionNotApplicable,
            format!("a {} pass begins its own render passes, so `slot` places `{}` nowhere", kind.name(), field.ident),
            "remove `slot`: the callback puts the attachment where its render pass needs it",
        );
    }
}

/// ZM0007 on a root the field can never be: a readback that is not a buffer
/// the pass copies into (a readback buffer has no other usage than
/// `MAP_READ | COPY_DST`), or an attachment whose contents are discarded.
pub(crate) fn check_roots(fields: &[Field], diag: &mut Diagnostics) {
    for field in fields {
        let Some((reason, span)) = field.access.root else { continue };
        let name = &field.ident;
        let texture = matches!(spelling(&field.handle), Spelling::Texture | Spelling::Surface);
        if reason == RootReason::Readback && (field.access.role != Role::CopyDst || texture) {
            let what = if texture {
                format!("`{name}` is a texture, and textures are read back by copying them into a readback buffer")
            } else {
                format!(
                    "`{name}` is `#[{}]`, but a readback buffer takes only `MAP_READ | COPY_DST` usage (a pass \
                     can only copy into it)",
                    field.access.role.name()
                )
            };
            diag.error(
                span,
                Code::RootOnRead,
                format!("{what}, so it cannot be a readback root"),
                "read back through a `#[copy_dst(overwrite)]` `Buffer` field of a copy (command) pass marked \
                 `#[root(readback)]`, imported with that usage; or use `#[root(output)]` here",
            );
        }
        if field.access.attachment.as_ref().is_some_and(|attachment| !attachment.store) {
            diag.error(
                span,
                Code::RootOnRead,
                format!("`{name}` discards what the pass renders into it (`discard`), so it cannot be a root"),
                "store it (`store`, the default), or put the root on the `#[resolve_target]` it resolves into",
            );
        }
    }
}

pub(crate) fn check_slots(fields: &[Field], diag: &mut Diagnostics) {
    let colors = color_fields(fields);
    let placed = place_colors(&colors);
    let dynamic = colors.iter().any(|field| slot_width(&field.shape).is_none());
    let total: u32 = colors.iter().filter_map(|field| slot_width(&field.shape)).sum();
    let mut taken: HashMap<u32, &Ident> = HashMap::new();
    for (field, place) in colors.iter().zip(&placed) {
        let Some((slot, span)) = explicit_slot(field) else { continue };
        if !dynamic && slot >= total {
            diag.error(
                span,
                Code::SlotOutOfRange,
                format!("slot {slot} is out of range: the pass's color attachments take {total} slots, one per handle"),
                format!("use slots 0 to {}, each once", total.saturating_sub(1)),
            );
        } else if let Some(other) = taken.insert(place.first, &field.ident) {
            diag.error(
                span,
                Code::DuplicateSlot,
                format!("`{}` and `{other}` both take color slot {slot}", field.ident),
                "give each color attachment its own `slot = N`, or leave slots to field order",
            );
        } else if let Some((other, other_place)) = colors
            .iter()
            .zip(&placed)
            .find(|(other, other_place)| explicit_slot(other).is_none() && other_place.contains(slot))
        {
            diag.error(
                span,
                Code::DuplicateSlot,
                format!(
                    "`{}` takes color slot {slot}, which `{}` also takes: it takes {}",
                    field.ident,
                    other.ident,
                    other_place.describe()
                ),
                format!(
                    "an array or `Vec` of attachments takes one slot per handle: give `{}` a slot outside them, \
                     or leave slots to field order",
                    field.ident
                ),
            );
        }
    }
    let mut open_ended: Option<(&Field, Placed)> = None;
    for (field, place) in colors.iter().zip(&placed) {
        if explicit_slot(field).is_some() {
            continue;
        }
        if let Some((before, before_place)) = open_ended {
            diag.error(
                field.access.role_span,
                Code::DuplicateSlot,
                format!(
                    "`{}` has no color slot left: `{}` before it takes {}",
                    field.ident,
                    before.ident,
                    before_place.describe()
                ),
                match before_place.first {
                    0 => format!("put `{}` before `{}` in the struct", field.ident, before.ident),
                    first => format!(
                        "put `{}` before `{}` in the struct, or give `{}` a `slot = N` below {first}",
                        field.ident, before.ident, field.ident
                    ),
                },
            );
        }
        if place.width.is_none() {
            open_ended = open_ended.or(Some((field, *place)));
        }
    }
}

/// The first slot of each color attachment field, in field order.
pub(crate) fn color_slots(fields: &[Field]) -> Vec<u32> {
    color_slot_ranges(fields).into_iter().map(|(_, first, _)| first).collect()
}

/// A graph role on a native wgpu object: the graph tracks handles only.
pub(crate) fn check_native(fields: &[Field], diag: &mut Diagnostics) {
    for field in fields.iter().filter(|field| crate::handle::is_native(&field.handle)) {
        let role = field.access.role;
        let handle = if role.takes_textures() {
            "a `Texture<'f>` or `TextureView<'f>`"
        } else {
            "a `Buffer<'f>` or `BufferSlice<'f>`"
        };
        let untracked = matches!(role, Role::Sampled | Role::StorageRead | Role::StorageWrite | Role::Uniform);
        let fix = if untracked {
            format!(
                "declare {handle} handle of the frame so the graph orders and checks the access, or bind the native \
                 object, untracked, with `#[untracked({}, binding = N)]`",
                role.name()
            )
        } else {
            format!("declare {handle} handle of the frame (import the native object with `frame.import_*`)")
        };
        diag.error(
            field.handle.span(),
            Code::UnsupportedFieldType,
            format!(
                "`#[{}]` declares an access of the graph, and a native wgpu object is not a graph handle",
                role.name()
            ),
            fix,
        );
    }
}

pub(crate) fn check_depth(fields: &[Field], diag: &mut Diagnostics) {
    let mut depth = fields.iter().filter(|field| matches!(field.access.role, Role::DepthAttachment | Role::DepthRead));
    if let Some(first) = depth.next() {
        for other in depth {
            diag.error(
                other.access.role_span,
                Code::TwoDepthAttachments,
                format!("`{}` is a second depth attachment after `{}`", other.ident, first.ident),
                "a render pass has at most one depth attachment: keep one",
            );
        }
    }
}

pub(crate) fn check_resolves(fields: &[Field], diag: &mut Diagnostics) {
    let names: Vec<String> = fields.iter().map(|field| field.ident.to_string()).collect();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut resolved: HashMap<String, &Ident> = HashMap::new();
    for field in fields {
        let Some(source) = &field.access.source else { continue };
        let text = source.to_string();
        let error = |diag: &mut Diagnostics, message: String, fix: &str| {
            diag.error(source.span(), Code::ResolveSource, message, fix);
        };
        match fields.iter().find(|candidate| candidate.ident == *source) {
            None => error(
                diag,
                format!("no field `{text}`{}", did_you_mean(&text, &name_refs)),
                "name the color attachment field this target resolves",
            ),
            Some(found) if found.access.role != Role::ColorAttachment => error(
                diag,
                format!("`{text}` is `#[{}]`, not a color attachment", found.access.role.name()),
                "a resolve target resolves a `#[color_attachment(..)]` field",
            ),
            Some(found) if !matches!(found.shape, Shape::One) => error(
                diag,
                format!("`{text}` holds several handles"),
                "resolve a color attachment field that holds one handle",
            ),
            Some(_) => {
                if let Some(other) = resolved.insert(text.clone(), &field.ident) {
                    error(
                        diag,
                        format!("`{text}` is already resolved into `{other}`"),
                        "resolve each color attachment at most once",
                    );
                }
            }
        }
    }
}

/// A pass with no write, no root and no side effect is always culled;
/// `untracked_write` is a field it writes that the graph does not track,
/// which keeps nothing.
/// Records a render pass none of whose fields is an attachment: wgpu begins
/// no render pass without one. `roles` are those of every field. Whether it
/// was recorded: adding the attachment also gives the pass a write.
pub(crate) fn check_attachments(
    span: Span,
    kind: Kind,
    mut roles: impl Iterator<Item = Role>,
    diag: &mut Diagnostics,
) -> bool {
    if kind != Kind::Render || roles.any(Role::is_attachment) {
        return false;
    }
    diag.error(
        span,
        Code::NoAttachments,
        "a render pass renders into at least one attachment, but no field of this pass is an attachment",
        "declare the texture it renders into with `#[color_attachment(..)]` or `#[depth_attachment(..)]` (or \
         `#[depth_read]`); for work without attachments, use `#[pass(compute)]` or `#[pass(command)]`",
    );
    true
}

pub(crate) fn check_retained(
    span: Span,
    kind: Kind,
    side_effect: bool,
    writes: bool,
    untracked_write: Option<&Ident>,
    diag: &mut Diagnostics,
) {
    if writes || side_effect || kind.side_effect_by_default() {
        return;
    }
    match untracked_write {
        Some(field) => diag.error(
            span,
            Code::NeverRetained,
            format!(
                "this pass writes only `{field}`, which the graph does not track, and has no side effect, so it \
                 would always be culled"
            ),
            "add `side_effect` to `#[pass(..)]`: a write the graph does not track keeps no pass, or declare a \
             graph resource it writes",
        ),
        None => diag.error(
            span,
            Code::NeverRetained,
            "this pass writes nothing and has no side effect, so it would always be culled",
            "declare what it writes (`#[storage_write(..)]`, `#[color_attachment(..)]`, `#[copy_dst(..)]`, ...), \
             or add `side_effect` to `#[pass(..)]` if its work matters by itself",
        ),
    }
}
