//! From the derive input to a [`PassSpec`](crate::model::PassSpec), recording every error on the way.

mod field;
mod item;
mod options;
mod role_options;
mod root;

pub(crate) use field::{Parsed, parse_field, shape_of};
pub(crate) use item::{ItemShape, PassAttr, item_head, item_shape, parse_pass_attr};
