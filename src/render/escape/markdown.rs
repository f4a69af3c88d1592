//! Plain text escaped for Markdown (CommonMark), so that a name from a user's file can never be
//! markup: in running text and table cells ([`escape_markdown`]) and in code spans ([`code_span`]).

use super::code_point;
use crate::model::{is_invisible, show_invisible};

/// Escapes plain text (a caption, a note, a name from a user's file) for Markdown, so that it can
/// never be markup: `\` and `|` (which would split a table cell), and every character that can start
/// markup (emphasis `*` `~`, code `` ` ``, links and images `[` `]`, inline HTML and entities `<`
/// `>` `&`, math `$`) are backslash-escaped (CommonMark allows it for any ASCII punctuation). `_` is
/// escaped unless it stands between two letters or digits, where CommonMark never reads it as
/// emphasis (`ES_HSD`, `RawG_i` stay as they are); `<` only where it could open a tag or an autolink
/// (before a letter, `/`, `!` or `?`, so `p < 0.05` stays), and what starts a block (`>`, `#`,
/// `=`, a list's `-` or `+`) only at the start. Control and invisible characters (a newline would end the table row; a bidirectional
/// override would reorder the text) are shown as their code point.
pub(crate) fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let intraword = |next: Option<&char>| {
            previous.is_some_and(char::is_alphanumeric) && next.is_some_and(|n| n.is_alphanumeric())
        };
        match c {
            '\\' | '|' | '*' | '`' | '[' | ']' | '~' | '&' | '$' => {
                out.push('\\');
                out.push(c);
            }
            // HTML and autolinks start with `<` and a letter, `/`, `!` or `?`; `p < 0.05` is text.
            '<' if chars
                .peek()
                .is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!' | '?')) =>
            {
                out.push_str("\\<")
            }
            // At the start of the text (where a template may put it at the start of a line), `>`
            // opens a block quote, `#` a heading, `=` a heading's underline, and `-` or `+` before a
            // space or another of itself a list item or a rule.
            '>' | '#' | '=' if previous.is_none() => {
                out.push('\\');
                out.push(c);
            }
            '-' | '+'
                if previous.is_none() && chars.peek().is_some_and(|n| *n == ' ' || *n == c) =>
            {
                out.push('\\');
                out.push(c);
            }
            '_' if !intraword(chars.peek()) => out.push_str("\\_"),
            c if is_invisible(c) => out.push_str(&code_point(c)),
            c => out.push(c),
        }
        previous = Some(c);
    }
    out
}

/// `text` as one inline code span, shown exactly as it is: CommonMark reads no backslash escape
/// and no markup inside a code span, so nothing is backslash-escaped (a backslash would show);
/// instead the fence is one backtick longer than the longest run of backticks in `text`, and a text
/// that starts or ends with a backtick or a space is padded with one space on each side (which
/// CommonMark strips). Control and invisible characters (a newline would end the list item) are
/// shown as their code point. Not for a table cell, where GitHub's tables split at `|` even
/// inside code.
pub(crate) fn code_span(text: &str) -> String {
    let shown = show_invisible(text);
    let mut longest = 0;
    let mut run = 0;
    for c in shown.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if shown.is_empty() || shown.starts_with(['`', ' ']) || shown.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{shown}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_data_cannot_be_markdown_markup() {
        assert_eq!(
            escape_markdown(
                "*run*_[x](http://a)<b>|`c`\n#1 &amp; $x$ _y_ a_b </i> <!-- p < 0.05 >"
            ),
            "\\*run\\*\\_\\[x\\](http://a)\\<b>\\|\\`c\\`U+000A#1 \\&amp; \\$x\\$ \\_y\\_ a_b \\</i> \\<!-- p < 0.05 >"
        );
        assert_eq!(escape_markdown("T1\u{202e}x\u{200b}"), "T1U+202ExU+200B");
        assert_eq!(escape_markdown(">quote"), "\\>quote");
        assert_eq!(escape_markdown("# h"), "\\# h");
        assert_eq!(escape_markdown("- item"), "\\- item");
        assert_eq!(escape_markdown("-0.5 a-b #1"), "-0.5 a-b #1");
        let label = "Dmax = 8, N = 5: MSRSC-C-R1 vs. PolyU-C-R1";
        assert_eq!(escape_markdown(label), label);
    }

    #[test]
    fn code_spans_show_their_text_without_backslashes() {
        assert_eq!(
            code_span("/tmp/a_b*c [x] <i> \\n"),
            "`/tmp/a_b*c [x] <i> \\n`"
        );
        assert_eq!(code_span("a`b``c"), "```a`b``c```");
        assert_eq!(code_span("`x"), "`` `x ``");
        assert_eq!(code_span("a\nb\u{1b}[31m"), "`aU+000AbU+001B[31m`");
    }

    #[test]
    fn escapes_markdown_pipes() {
        assert_eq!(escape_markdown("|d_XY|"), "\\|d_XY\\|");
    }
}
