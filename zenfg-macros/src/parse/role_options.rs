//! The options of a role attribute: contents, attachment ops, slot and
//! resolve source.

use syn::{Attribute, Expr, Ident, Lit};

use super::binding_options::{BindingGiven, layout_field_option};
use super::options::{Opt, expect_value, parse_options};
use super::set_once::SetOnce;
use crate::diag::{Code, Diagnostics};
use crate::model::{Access, Attachment, Contents, Load, Role, RoleOption};
use crate::suggest::did_you_mean;

/// Reads the options of the role attribute `attr` into `access`, recording
/// what is wrong with them or missing.
pub(crate) fn parse_role_options(attr: &Attribute, access: &mut Access, diag: &mut Diagnostics) {
    let start = diag.count();
    let Some(options) = parse_options(attr, diag) else { return };
    let mut given = Given::new();
    for opt in &options {
        if let Some(option) = role_option(access.role, opt, diag) {
            given.read(option, opt, access.role, diag);
        }
    }
    given.apply(access);
    if diag.count() == start {
        check_complete(access, diag);
    }
}

/// The option `opt` names, if the role takes it; an error otherwise.
fn role_option(role: Role, opt: &Opt, diag: &mut Diagnostics) -> Option<RoleOption> {
    let name = opt.name.to_string();
    let span = opt.name.span();
    let Some(option) = RoleOption::from_name(&name) else {
        if role.binds()
            && let Some((message, fix)) = layout_field_option(&name)
        {
            diag.error(span, Code::UnknownOption, message, fix);
            return None;
        }
        let candidates = if role.options().is_empty() { &RoleOption::ALL[..] } else { role.options() };
        let hint = did_you_mean(&name, &RoleOption::names(candidates));
        diag.error(span, Code::UnknownOption, format!("unknown option `{name}`{hint}"), options_fix(role));
        return None;
    };
    if option.is_binding() && !role.binds() {
        diag.error(
            span,
            Code::NotBindable,
            format!("`#[{}]` does not bind through a bind group, so `{name}` does not apply", role.name()),
            "remove it: only `sampled`, `storage_read`, `storage_write` and `uniform` fields (and `sampler` and \
             `untracked` fields) bind; attachments, vertex, index and indirect buffers and copies do not",
        );
        return None;
    }
    if !role.options().contains(&option) {
        diag.error(
            span,
            Code::OptionNotApplicable,
            format!("`{name}` does not apply to `#[{}]`", role.name()),
            options_fix(role),
        );
        return None;
    }
    Some(option)
}

/// The options of one role attribute as given.
struct Given {
    contents: SetOnce<Contents>,
    reads_own_writes: SetOnce<()>,
    load: SetOnce<Load>,
    store: SetOnce<bool>,
    slot: SetOnce<u32>,
    source: SetOnce<Ident>,
    binding: BindingGiven,
}

impl Given {
    fn new() -> Self {
        Self {
            contents: SetOnce::new("`overwrite` and `preserve` exclude each other", "keep one of them"),
            reads_own_writes: SetOnce::new("`reads_own_writes` is given twice", "keep one"),
            load: SetOnce::new("`clear` and `load` exclude each other", "keep one: how the attachment starts"),
            store: SetOnce::new("`store` and `discard` exclude each other", "keep one of them"),
            slot: SetOnce::new("`slot` is given twice", "keep one"),
            source: SetOnce::new("`source` is given twice", "keep one: the color attachment this target resolves"),
            binding: BindingGiven::new(),
        }
    }

    /// Reads `opt`, which names `option`, an option of `role`.
    fn read(&mut self, option: RoleOption, opt: &Opt, role: Role, diag: &mut Diagnostics) {
        let span = opt.name.span();
        match option {
            RoleOption::Overwrite | RoleOption::Preserve => {
                expect_value(opt, false, &format!("#[{}({})]", role.name(), option.name()), diag);
                let contents = if option == RoleOption::Overwrite { Contents::Overwrite } else { Contents::Preserve };
                self.contents.set(span, contents, diag);
            }
            RoleOption::ReadsOwnWrites => {
                expect_value(opt, false, "#[storage_write(overwrite, reads_own_writes)]", diag);
                self.reads_own_writes.set(span, (), diag);
            }
            RoleOption::Clear => {
                expect_value(opt, true, clear_example(role), diag);
                if role == Role::DepthAttachment
                    && let Some(value) = opt.value.as_ref()
                {
                    check_depth_clear(value, diag);
                }
                self.load.set(span, opt.value.clone().map_or(Load::Load, Load::Clear), diag);
            }
            RoleOption::Load => {
                expect_value(opt, false, "load", diag);
                self.load.set(span, Load::Load, diag);
            }
            RoleOption::Store | RoleOption::Discard => {
                expect_value(opt, false, option.name(), diag);
                self.store.set(span, option == RoleOption::Store, diag);
            }
            RoleOption::Slot => {
                if let Some(slot) = parse_slot(opt, diag) {
                    self.slot.set(span, slot, diag);
                }
            }
            RoleOption::Binding
            | RoleOption::Group
            | RoleOption::Format
            | RoleOption::SampleType
            | RoleOption::Dimension
            | RoleOption::Multisampled
            | RoleOption::ReadWrite
            | RoleOption::Comparison
            | RoleOption::NonFiltering => self.binding.read(option, opt, diag),
            RoleOption::Source => match opt.value.as_ref().and_then(path_ident) {
                Some(source) => self.source.set(span, source, diag),
                None => diag.error(
                    span,
                    Code::ResolveSource,
                    "`source` names the color attachment field this target resolves",
                    "write `#[resolve_target(source = field_name)]`",
                ),
            },
        }
    }

    /// Moves what was given into `access`; an attachment is known once it
    /// says how it starts.
    fn apply(self, access: &mut Access) {
        access.binding = self.binding.finish();
        access.contents = self.contents.value();
        access.reads_own_writes = self.reads_own_writes.into_inner().map(|((), span)| span);
        access.source = self.source.value();
        let (store, slot) = (self.store.value(), self.slot.into_inner());
        access.attachment = self.load.value().map(|load| Attachment { load, store: store.unwrap_or(true), slot });
    }
}

/// Records what the role of `access` needs and `access` lacks: what happens
/// to the previous contents, how an attachment starts, what a resolve target
/// resolves.
fn check_complete(access: &Access, diag: &mut Diagnostics) {
    let name = access.role.name();
    match access.role {
        Role::StorageWrite | Role::CopyDst if access.contents.is_none() => diag.error(
            access.role_span,
            Code::MissingContents,
            format!("`#[{name}]` needs `overwrite` or `preserve`"),
            format!(
                "write `#[{name}(overwrite)]` when the pass replaces all of the selected contents, or \
                 `#[{name}(preserve)]` when what it does not write must keep its previous value"
            ),
        ),
        Role::ColorAttachment | Role::DepthAttachment if access.attachment.is_none() => diag.error(
            access.role_span,
            Code::MissingContents,
            format!("`#[{name}]` needs `clear = ..` or `load`"),
            format!(
                "write `#[{name}({})]` when the pass starts from a cleared target, or `#[{name}(load)]` \
                 when it draws over the previous contents",
                clear_example(access.role)
            ),
        ),
        Role::StorageWrite if access.contents == Some(Contents::Preserve) && access.reads_own_writes.is_some() => {
            diag.error(
                access.reads_own_writes.unwrap_or(access.role_span),
                Code::ConflictingOptions,
                "`reads_own_writes` says an `overwrite` may read what the pass wrote itself, and `preserve` keeps \
                 the previous contents already",
                "remove `reads_own_writes`",
            );
        }
        Role::ResolveTarget if access.source.is_none() => diag.error(
            access.role_span,
            Code::ResolveSource,
            "`#[resolve_target]` needs the color attachment it resolves",
            "write `#[resolve_target(source = field_name)]`",
        ),
        _ => {}
    }
}

/// Records a literal depth clear value outside `0.0..=1.0`, which wgpu
/// refuses; a value computed at run time is checked when it is recorded.
fn check_depth_clear(value: &Expr, diag: &mut Diagnostics) {
    let (sign, literal) = match value {
        Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => ("-", &**expr),
        other => ("", other),
    };
    let Expr::Lit(syn::ExprLit { lit, .. }) = literal else { return };
    let (magnitude, written) = match lit {
        Lit::Float(float) => (float.base10_parse::<f64>().ok(), float.to_string()),
        Lit::Int(int) => (int.base10_parse::<f64>().ok(), int.to_string()),
        _ => return,
    };
    let Some(magnitude) = magnitude else { return };
    let depth = if sign.is_empty() { magnitude } else { -magnitude };
    if !(0.0..=1.0).contains(&depth) {
        diag.error(
            lit.span(),
            Code::ValueOutOfRange,
            format!("a depth attachment is cleared to a depth in `0.0..=1.0`, not `{sign}{written}`"),
            "write `clear = 1.0` (the far plane, for a `Less` depth test) or `clear = 0.0` (for a reversed depth \
             buffer and a `Greater` test)",
        );
    }
}

/// `clear = ..` with a value of the attachment's type.
fn clear_example(role: Role) -> &'static str {
    if role == Role::DepthAttachment { "clear = 1.0" } else { "clear = wgpu::Color::BLACK" }
}

/// What the role takes, for an option it does not.
fn options_fix(role: Role) -> String {
    let options = role.options();
    if options.is_empty() {
        format!("remove it: `#[{}]` takes no options", role.name())
    } else {
        let list: Vec<String> = options.iter().map(|option| format!("`{}`", option.name())).collect();
        format!("`#[{}]` takes {}", role.name(), list.join(", "))
    }
}

/// The color slot of `slot = N`.
fn parse_slot(opt: &Opt, diag: &mut Diagnostics) -> Option<u32> {
    if !expect_value(opt, true, "slot = 0", diag) {
        return None;
    }
    if let Some(Expr::Lit(lit)) = &opt.value
        && let Lit::Int(int) = &lit.lit
        && let Ok(slot) = int.base10_parse::<u32>()
    {
        return Some(slot);
    }
    diag.error(opt.name.span(), Code::Syntax, "`slot` takes an integer literal", "write `slot = 0`, `slot = 1`, ...");
    None
}

/// The name in `source = name`.
fn path_ident(expr: &Expr) -> Option<Ident> {
    match expr {
        Expr::Path(path) if path.qself.is_none() => path.path.get_ident().cloned(),
        _ => None,
    }
}
