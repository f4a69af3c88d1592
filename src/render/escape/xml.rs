//! Plain text for XML (the SVG figures) and for comments in XML, HTML and Markdown (the provenance
//! stamps), so that a name or path from a user's file can never end a comment, be markup or make the
//! document invalid.

use super::code_point;
use crate::model::is_invisible;

/// Whether XML 1.0 allows `c` in a document at all (its `Char` production): tab, line feed,
/// carriage return and the characters from U+0020 on, less the surrogates and U+FFFE, U+FFFF.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// Text for an SVG `<text>` element drawn by plotters, which itself escapes `<`, `>`, `&` and quotes:
/// control and invisible characters, and anything XML does not allow, shown as their code point, so
/// the document stays valid XML and the label reads as it is.
pub(crate) fn svg_text(text: &str) -> String {
    text.chars()
        .map(|c| {
            if is_invisible(c) || !xml_char(c) {
                code_point(c)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// One line of text inside an XML or HTML comment (`<!-- … -->`, also a Markdown file's stamp):
/// XML forbids `--` inside a comment, and HTML (and CommonMark's HTML blocks) end one at `-->`, so a
/// hyphen that follows a hyphen, or ends the line, is shown as its code point (`run---2017` is
/// `run-U+002DU+002D2017`); control and invisible characters (a newline would start a line outside
/// the comment's indentation) and anything XML does not allow are shown as their code point too.
pub(crate) fn comment_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut previous = None;
    while let Some(c) = chars.next() {
        let hyphen_at_risk = c == '-' && (previous == Some('-') || chars.peek().is_none());
        if hyphen_at_risk || is_invisible(c) || !xml_char(c) {
            out.push_str(&code_point(c));
        } else {
            out.push(c);
        }
        previous = Some(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_lines_never_hold_two_hyphens() {
        assert_eq!(comment_line("run---2017"), "run-U+002DU+002D2017");
        assert_eq!(comment_line("a-->b\n<script>"), "a-U+002D>bU+000A<script>");
        assert_eq!(comment_line("x-"), "xU+002D");
        assert_eq!(
            comment_line("/data/run-1 fnv1a64:00"),
            "/data/run-1 fnv1a64:00"
        );
        for text in ["--", "---", "a--", "-", "- -", "\u{1b}--\u{fffe}"] {
            let line = comment_line(text);
            assert!(
                !line.contains("--") && !line.ends_with('-'),
                "{text:?} -> {line}"
            );
        }
    }

    #[test]
    fn svg_text_is_valid_xml_text() {
        assert_eq!(
            svg_text("a\u{1}b\u{fffe}\u{202e}<c>"),
            "aU+0001bU+FFFEU+202E<c>"
        );
    }
}
