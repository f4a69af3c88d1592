//! Plain text escaped for Markdown and for the terminal, so that a name from a user's file can
//! never be markup or a control sequence; characters that cannot be shown are written as their code
//! point.

use crate::model::is_invisible;

/// Escapes plain text (a caption, a note, a name from a user's file) for Markdown, so that it can
/// never be markup: `\` and `|` (which would split a table cell), and every character that can start
/// markup (emphasis `*` `~`, code `` ` ``, links and images `[` `]`, inline HTML and entities `<`
/// `>` `&`, math `$`) are backslash-escaped (CommonMark allows it for any ASCII punctuation). `_` is
/// escaped unless it stands between two letters or digits, where CommonMark never reads it as
/// emphasis (`ES_HSD`, `RawG_i` stay as they are); `<` only where it could open a tag or an autolink
/// (before a letter, `/`, `!` or `?`, so `p < 0.05` stays), and `>` only at the start (a block
/// quote). Control and invisible characters (a newline would end the table row; a bidirectional
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
            // `>` is markup only at the start (a block quote).
            '>' if previous.is_none() => out.push_str("\\>"),
            '_' if !intraword(chars.peek()) => out.push_str("\\_"),
            c if is_invisible(c) => out.push_str(&code_point(c)),
            c => out.push(c),
        }
        previous = Some(c);
    }
    out
}

/// Plain text for a terminal: control and invisible characters (an escape sequence could recolour
/// or rewrite the screen; a bidirectional override would reorder the text) are shown as their code
/// point, everything else as it is.
pub(crate) fn escape_terminal(text: &str) -> String {
    text.chars()
        .map(|c| {
            if is_invisible(c) {
                code_point(c)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `U+XXXX`: how a character that cannot be shown is written instead.
pub(super) fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
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
        let label = "Dmax = 8, N = 5: MSRSC-C-R1 vs. PolyU-C-R1";
        assert_eq!(escape_markdown(label), label);
    }

    #[test]
    fn terminal_text_shows_invisible_characters() {
        assert_eq!(
            escape_terminal("run\u{1b}[31m\u{202e}東京"),
            "runU+001B[31mU+202E東京"
        );
    }

    #[test]
    fn escapes_markdown_pipes() {
        assert_eq!(escape_markdown("|d_XY|"), "\\|d_XY\\|");
    }
}
