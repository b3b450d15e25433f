//! The values that `#[derive(Pass)]` attributes and fields take besides
//! handles: the clear color of a color attachment and the label of a pass.

use std::borrow::Cow;

use crate::desc::Label;

/// A clear color given as `clear = ..` on a `#[color_attachment(..)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a clear color",
    label = "not a color",
    note = "write `clear = wgpu::Color::BLACK` (any `wgpu::Color`) or `clear = [r, g, b, a]` with `f64` components"
)]
pub trait ClearColor {
    /// The color.
    fn clear_color(self) -> wgpu::Color;
}

impl ClearColor for wgpu::Color {
    fn clear_color(self) -> wgpu::Color {
        self
    }
}

impl ClearColor for [f64; 4] {
    fn clear_color(self) -> wgpu::Color {
        let [r, g, b, a] = self;
        wgpu::Color { r, g, b, a }
    }
}

/// The type of a `#[label]` field: a name the pass is recorded under.
#[diagnostic::on_unimplemented(
    message = "a `#[label]` field names the pass, so it is a string, not `{Self}`",
    label = "not a string",
    note = "make the field a `String` (`format!(\"bloom {{index}}\")`), a `&'static str` or a `Cow<'static, str>`"
)]
pub trait PassLabel {
    /// The label, cloned from the field.
    fn pass_label(&self) -> Label;
}

impl PassLabel for String {
    fn pass_label(&self) -> Label {
        Cow::Owned(self.clone())
    }
}

impl PassLabel for &'static str {
    fn pass_label(&self) -> Label {
        Cow::Borrowed(self)
    }
}

impl PassLabel for Cow<'static, str> {
    fn pass_label(&self) -> Label {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::{ClearColor, PassLabel};

    #[test]
    fn clear_colors_come_from_colors_and_arrays() {
        let color = wgpu::Color { r: 0.25, g: 0.5, b: 0.75, a: 1.0 };
        assert_eq!([0.25, 0.5, 0.75, 1.0].clear_color(), color);
        assert_eq!(color.clear_color(), color);
    }

    #[test]
    fn labels_come_from_strings() {
        assert_eq!(String::from("bloom 3").pass_label(), "bloom 3");
        assert_eq!("tonemap".pass_label(), "tonemap");
        assert_eq!(Cow::<'static, str>::Borrowed("ui").pass_label(), "ui");
    }
}
