//! From the derive input to a [`PassSpec`](crate::model::PassSpec), recording every error on the way.

mod bind_only;
mod binding_options;
mod field;
mod item;
mod options;
mod role_options;
mod root;
mod set_once;
mod shape;
mod storage_formats;

pub(crate) use field::{Parsed, parse_field};
pub(crate) use item::{ItemShape, PassAttr, item_head, item_shape, parse_pass_attr};
pub(crate) use shape::shape_of;
