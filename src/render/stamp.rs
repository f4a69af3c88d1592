//! A provenance stamp ([`Stamp`]) as the comment at the head of a generated file: an XML comment
//! for Markdown files and SVG figures, `%` lines for LaTeX. Every line is escaped for its comment
//! ([`crate::render::escape`]): a path holding a newline, `-->` or `--` can neither end the comment
//! nor start a line of live LaTeX or HTML.

use crate::provenance::Stamp;
use crate::render::escape::{comment_line, latex_comment_line};

/// The stamp as an XML (and HTML) comment block, for the head of Markdown files (invisible when
/// rendered) and of SVG figures.
pub(crate) fn xml_comment(stamp: &Stamp) -> String {
    let mut out = format!("<!-- {}\n     inputs:\n", comment_line(&stamp.headline()));
    for line in stamp.input_lines() {
        out.push_str(&format!("       {}\n", comment_line(&line)));
    }
    out.push_str("-->\n");
    out
}

/// The stamp as LaTeX comment lines.
pub(crate) fn latex_comment(stamp: &Stamp) -> String {
    let mut out = format!("% {}\n% inputs:\n", latex_comment_line(&stamp.headline()));
    for line in stamp.input_lines() {
        out.push_str(&format!("%   {}\n", latex_comment_line(&line)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provenance::ContentHash;

    fn hostile_stamp() -> Stamp {
        let mut stamp = Stamp::new("abc--def", 7);
        for path in [
            "/data/x\n\\input{/etc/passwd}\n/labels.tsv",
            "/data/a-->b<script>/run---2017",
            "/data/ok-1.tsv",
        ] {
            stamp.inputs.insert(path.to_string(), ContentHash::of(b""));
        }
        stamp
    }

    #[test]
    fn xml_stamps_hold_one_comment_with_no_double_hyphen() {
        let comment = xml_comment(&hostile_stamp());
        let inner = comment
            .strip_prefix("<!--")
            .and_then(|c| c.strip_suffix("-->\n"))
            .expect("one comment");
        assert!(!inner.contains("--") && !inner.ends_with('-'), "{comment}");
        assert!(inner.contains("/data/ok-1.tsv"), "{comment}");
        assert!(inner.contains("run-U+002DU+002D2017"), "{comment}");
    }

    #[test]
    fn latex_stamps_are_comment_lines_only() {
        let comment = latex_comment(&hostile_stamp());
        assert!(comment.lines().all(|l| l.starts_with('%')), "{comment}");
        assert!(
            comment.contains("U+000A\\input{/etc/passwd}U+000A"),
            "{comment}"
        );
    }
}
