//! The options that say how a field binds: `binding = N`, `group = G`, and
//! what its layout entry needs beyond its role.

use syn::spanned::Spanned;
use syn::{Expr, Ident, Lit};

use super::options::{Opt, expect_value};
use super::set_once::SetOnce;
use super::storage_formats::STORAGE_FORMATS;
use crate::diag::{Code, Diagnostics};
use crate::model::{BindingOptions, RoleOption, SampleType, ViewDimension};
use crate::suggest::{closest, did_you_mean};

/// The binding options of one attribute as given.
pub(crate) struct BindingGiven {
    binding: SetOnce<u32>,
    group: SetOnce<u32>,
    format: SetOnce<Ident>,
    sample_type: SetOnce<SampleType>,
    dimension: SetOnce<ViewDimension>,
    multisampled: SetOnce<()>,
    read_write: SetOnce<()>,
    comparison: SetOnce<()>,
    non_filtering: SetOnce<()>,
}

impl BindingGiven {
    pub(crate) fn new() -> Self {
        let twice = "this option is given twice";
        Self {
            binding: SetOnce::new("`binding` is given twice", "keep one"),
            group: SetOnce::new("`group` is given twice", "keep one"),
            format: SetOnce::new("`format` is given twice", "keep one"),
            sample_type: SetOnce::new("`sample_type` is given twice", "keep one"),
            dimension: SetOnce::new("`dimension` is given twice", "keep one"),
            multisampled: SetOnce::new(twice, "keep one"),
            read_write: SetOnce::new(twice, "keep one"),
            comparison: SetOnce::new(twice, "keep one"),
            non_filtering: SetOnce::new(twice, "keep one"),
        }
    }

    /// Reads `opt`, which names the binding option `option`.
    pub(crate) fn read(&mut self, option: RoleOption, opt: &Opt, diag: &mut Diagnostics) {
        let span = opt.name.span();
        match option {
            RoleOption::Binding => {
                if let Some(value) = integer(opt, "binding = 0", diag) {
                    self.binding.set(span, value, diag);
                }
            }
            RoleOption::Group => {
                if let Some(value) = integer(opt, "group = 0", diag) {
                    if value < MAX_BIND_GROUPS {
                        self.group.set(span, value, diag);
                    } else {
                        diag.error(
                            opt.value.as_ref().map_or(span, Spanned::span),
                            Code::UnsupportedBinding,
                            format!("`group = {value}` is past the last bind group a wgpu device can have"),
                            format!(
                                "use a group below {MAX_BIND_GROUPS} (and below the device's `max_bind_groups`, 4 by \
                                 default)"
                            ),
                        );
                    }
                }
            }
            RoleOption::Format => {
                if let Some(format) = storage_format(opt, diag) {
                    self.format.set(span, format, diag);
                }
            }
            RoleOption::SampleType => {
                let names: Vec<&str> = SampleType::ALL.iter().map(|value| value.name()).collect();
                if let Some(value) = choice(opt, "sample_type = float", &names, SampleType::from_name, diag) {
                    self.sample_type.set(span, value, diag);
                }
            }
            RoleOption::Dimension => {
                let names: Vec<&str> = ViewDimension::ALL.iter().map(|value| value.name()).collect();
                if let Some(value) = choice(opt, "dimension = D2", &names, ViewDimension::from_name, diag) {
                    self.dimension.set(span, value, diag);
                }
            }
            RoleOption::Multisampled => self.flag(opt, Flag::Multisampled, diag),
            RoleOption::ReadWrite => self.flag(opt, Flag::ReadWrite, diag),
            RoleOption::Comparison => self.flag(opt, Flag::Comparison, diag),
            RoleOption::NonFiltering => self.flag(opt, Flag::NonFiltering, diag),
            _ => {}
        }
    }

    fn flag(&mut self, opt: &Opt, flag: Flag, diag: &mut Diagnostics) {
        let name = opt.name.to_string();
        if !expect_value(opt, false, &name, diag) {
            return;
        }
        let other = match flag {
            Flag::Comparison => self.non_filtering.span(),
            Flag::NonFiltering => self.comparison.span(),
            Flag::Multisampled | Flag::ReadWrite => None,
        };
        if other.is_some() {
            diag.error(
                opt.name.span(),
                Code::ConflictingOptions,
                "`comparison` and `non_filtering` exclude each other",
                "keep one: `comparison` for a `sampler_comparison`, `non_filtering` for a `sampler` that must not \
                 filter",
            );
            return;
        }
        let slot = match flag {
            Flag::Multisampled => &mut self.multisampled,
            Flag::ReadWrite => &mut self.read_write,
            Flag::Comparison => &mut self.comparison,
            Flag::NonFiltering => &mut self.non_filtering,
        };
        slot.set(opt.name.span(), (), diag);
    }

    /// What was given.
    pub(crate) fn finish(self) -> BindingOptions {
        let span = |slot: SetOnce<()>| slot.into_inner().map(|((), span)| span);
        BindingOptions {
            binding: self.binding.into_inner(),
            group: self.group.into_inner(),
            format: self.format.value(),
            sample_type: self.sample_type.into_inner(),
            dimension: self.dimension.into_inner(),
            multisampled: span(self.multisampled),
            read_write: span(self.read_write),
            comparison: span(self.comparison),
            non_filtering: span(self.non_filtering),
        }
    }
}

/// The options that are a bare word.
#[derive(Clone, Copy)]
enum Flag {
    Multisampled,
    ReadWrite,
    Comparison,
    NonFiltering,
}

/// The integer literal of `name = N`.
fn integer(opt: &Opt, example: &str, diag: &mut Diagnostics) -> Option<u32> {
    if !expect_value(opt, true, example, diag) {
        return None;
    }
    if let Some(Expr::Lit(lit)) = &opt.value
        && let Lit::Int(int) = &lit.lit
        && let Ok(value) = int.base10_parse::<u32>()
    {
        return Some(value);
    }
    let name = &opt.name;
    diag.error(
        opt.name.span(),
        Code::Syntax,
        format!("`{name}` takes an integer literal"),
        format!("write `{example}`"),
    );
    None
}

/// The word of `name = Word`, one of `names`. A path or a string that ends
/// in one of them is refused with the bare word as the fix.
fn word(opt: &Opt, example: &str, names: &[&str], diag: &mut Diagnostics) -> Option<Ident> {
    if !expect_value(opt, true, example, diag) {
        return None;
    }
    let value = opt.value.as_ref()?;
    let (written, form) = match value {
        Expr::Path(path) if path.qself.is_none() => match path.path.get_ident() {
            Some(ident) => return Some(ident.clone()),
            None => (path.path.segments.last().map(|segment| segment.ident.to_string()), "a path"),
        },
        Expr::Lit(lit) => match &lit.lit {
            Lit::Str(text) => (Some(text.value()), "a string"),
            Lit::Int(int) => (Some(int.base10_digits().to_owned()), "a number"),
            _ => (None, "a literal"),
        },
        _ => (None, "an expression"),
    };
    let name = &opt.name;
    let fix = match written.as_deref().and_then(|written| closest(written, names)) {
        Some(known) => format!("write `{name} = {known}`"),
        None => format!("write `{example}`"),
    };
    diag.error_over(value, Code::Syntax, format!("`{name}` takes a bare name, not {form}"), fix);
    None
}

/// The value of `name = word` among `names`, with "did you mean".
fn choice<T>(
    opt: &Opt,
    example: &str,
    names: &[&str],
    parse: impl Fn(&str) -> Option<T>,
    diag: &mut Diagnostics,
) -> Option<T> {
    let ident = word(opt, example, names, diag)?;
    let text = ident.to_string();
    if let Some(value) = parse(&text) {
        return Some(value);
    }
    let list: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    diag.error(
        ident.span(),
        Code::UnknownOption,
        format!("unknown value `{text}` of `{}`{}", opt.name, did_you_mean(&text, names)),
        format!("`{}` takes {}", opt.name, list.join(", ")),
    );
    None
}

/// The bind groups any wgpu device can have at most: its `max_bind_groups`
/// never exceeds this.
const MAX_BIND_GROUPS: u32 = 8;

/// The `wgpu::TextureFormat` of `format = ..`, if it names one a storage
/// texture can have.
fn storage_format(opt: &Opt, diag: &mut Diagnostics) -> Option<Ident> {
    let ident = word(opt, "format = Rgba8Unorm", &STORAGE_FORMATS, diag)?;
    let text = ident.to_string();
    if STORAGE_FORMATS.contains(&text.as_str()) {
        return Some(ident);
    }
    diag.error(
        ident.span(),
        Code::UnknownOption,
        format!(
            "`{text}` is not an uncompressed color `wgpu::TextureFormat`, which a storage texture's format is{}",
            did_you_mean(&text, &STORAGE_FORMATS)
        ),
        "write the `wgpu::TextureFormat` variant, such as `Rgba8Unorm`, `Rgba16Float`, `R32Float` or `R32Uint` \
         (WGSL's `rgba8unorm` is `Rgba8Unorm`)",
    );
    None
}

/// What a `wgpu::BindGroupLayoutEntry` field a user may reach for as an
/// option is, where the derive has no such option: the message and the fix,
/// for an unknown option named `name`.
pub(crate) fn layout_field_option(name: &str) -> Option<(String, &'static str)> {
    let fix = match name {
        "dynamic" | "dynamic_offset" | "has_dynamic_offset" => {
            "bind the range each frame uses as a `BufferSlice` field: the runtime keeps one bind group per range, \
             found again in later frames"
        }
        "visibility" => "remove it: the derive takes the stages from the pass's shader, or from its kind without one",
        "min_binding_size" => {
            "remove it: the derive takes the minimum size from the pass's shader, and a bound range smaller than \
             it is FG1109 (FG4015 for an untracked buffer)"
        }
        "count" => "bind one handle per field, each at its own binding: binding arrays are not supported",
        _ => return None,
    };
    Some((format!("`{name}` is a field of `wgpu::BindGroupLayoutEntry` the derive does not take as an option"), fix))
}
