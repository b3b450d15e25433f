//! The lines of a shader under naga's labels, underlined, for error messages.

use std::fmt::Write as _;

/// The source lines of `labels`, each underlined where its span lies and
/// followed by its text, every line after a newline so that the excerpt can
/// follow a message; labels without a span in `source` are left out.
pub(super) fn excerpt<'t>(source: &str, labels: impl IntoIterator<Item = (naga::Span, &'t str)>) -> String {
    let lines: Vec<(usize, &str, usize, usize, &str)> = labels
        .into_iter()
        .filter_map(|(span, label)| {
            let range = span.to_range()?;
            source.get(range.clone())?;
            let before = &source[..range.start];
            let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
            let line_end = source[range.start..].find('\n').map_or(source.len(), |newline| range.start + newline);
            let number = before.matches('\n').count() + 1;
            let end = range.end.min(line_end);
            Some((number, &source[line_start..line_end], range.start - line_start, end - line_start, label))
        })
        .collect();
    let width = lines.iter().map(|(number, ..)| number.to_string().len()).max().unwrap_or(0);
    let mut text = String::new();
    for (number, line, start, end, label) in lines {
        // Tabs stay tabs under the line, so the carets line up with the code.
        let indent: String = line[..start].chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        let carets = "^".repeat(line[start..end].chars().count().max(1));
        let underline = format!("{indent}{carets} {label}");
        let _ = write!(text, "\n{number:>width$} | {line}\n{:width$} | {}", "", underline.trim_end());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn underlines_each_label_on_its_line() {
        let source = "fn f() {\n\treturn foo;\n}\n";
        let start = source.find("foo").map_or(0, |at| at as u32);
        let text = excerpt(source, [(naga::Span::new(start, start + 3), "unknown identifier")]);
        assert_eq!(text, "\n2 | \treturn foo;\n  | \t       ^^^ unknown identifier");
    }

    #[test]
    fn cuts_a_span_at_its_first_line_and_skips_undefined_spans() {
        let source = "a\nbc\nd";
        let text = excerpt(source, [(naga::Span::new(2, 6), ""), (naga::Span::default(), "nowhere")]);
        assert_eq!(text, "\n2 | bc\n  | ^^");
    }
}
