//! The arguments of one attribute: `name` or `name = expr`, comma separated.

use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, Ident, Meta, Token};

use crate::diag::{Code, Diagnostics};

/// One argument as written.
pub(crate) struct Opt {
    pub name: Ident,
    pub value: Option<Expr>,
}

impl Parse for Opt {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let name = input.call(syn::ext::IdentExt::parse_any)?;
        let value = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Some(input.parse()?)
        } else {
            None
        };
        Ok(Self { name, value })
    }
}

/// The arguments of `attr`: none for `#[name]`, the list for `#[name(..)]`.
/// Syntax errors are recorded and give `None`.
pub(crate) fn parse_options(attr: &Attribute, diag: &mut Diagnostics) -> Option<Vec<Opt>> {
    match &attr.meta {
        Meta::Path(_) => Some(Vec::new()),
        Meta::List(_) => match attr.parse_args_with(Punctuated::<Opt, Token![,]>::parse_terminated) {
            Ok(options) => Some(options.into_iter().collect()),
            Err(error) => {
                diag.syntax(&error);
                None
            }
        },
        Meta::NameValue(meta) => {
            diag.error(
                meta.eq_token.span,
                Code::Syntax,
                "this attribute takes a list, not `= value`",
                "write its options in parentheses, as in `#[storage_write(overwrite)]`",
            );
            None
        }
    }
}

/// Checks that `opt` has a value or not, as the option requires.
pub(crate) fn expect_value(opt: &Opt, wanted: bool, example: &str, diag: &mut Diagnostics) -> bool {
    if opt.value.is_some() == wanted {
        return true;
    }
    let name = &opt.name;
    if wanted {
        diag.error(
            name.span(),
            Code::ConflictingOptions,
            format!("`{name}` needs a value"),
            format!("write `{example}`"),
        );
    } else {
        diag.error(
            name.span(),
            Code::ConflictingOptions,
            format!("`{name}` takes no value"),
            format!("write `{example}`"),
        );
    }
    false
}
