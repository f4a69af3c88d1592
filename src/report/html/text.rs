//! Small text helpers of the reviewer's page: stable anchor ids from ledger ids, the reports' Markdown
//! strings back to plain text (the page escapes for HTML itself), invisible characters shown as
//! code points.

use std::borrow::Cow;

use crate::model::{code_point, is_invisible};

/// The anchor id of a ledger entry: `e-` then its table and cell, injectively encoded so that it is
/// a valid HTML id and URL fragment. ASCII letters, digits, `.`, `-` and `_` stay; `/` becomes `~`;
/// every other byte becomes `:` and two upper-case hex digits (`~` and `:` never appear otherwise,
/// so two ids never collide).
pub(crate) fn entry_anchor(table: &str, cell: &str) -> String {
    let mut out = String::from("e-");
    encode_into(&mut out, table);
    out.push('~');
    out.push('~');
    encode_into(&mut out, cell);
    out
}

/// The anchor id of an artefact's section (`a-A.T1`).
pub(crate) fn artefact_anchor(id: &str) -> String {
    let mut out = String::from("a-");
    encode_into(&mut out, id);
    out
}

fn encode_into(out: &mut String, text: &str) {
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => {
                out.push(char::from(byte))
            }
            b'/' => out.push('~'),
            other => out.push_str(&format!(":{other:02X}")),
        }
    }
}

/// Markdown text escaped by [`crate::render::escape::escape_markdown`] back to plain text: that
/// escaping only puts a backslash before ASCII punctuation (and spells invisible characters as
/// their code points, which stay spelled), so dropping each escaping backslash inverts it. Used for
/// the reports' summary rows and printed grids, which the page shows as they are and escapes for
/// HTML itself.
pub(crate) fn unescape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(char::is_ascii_punctuation) {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` as the page shows it: every invisible character ([`is_invisible`]: a control character, a
/// bidirectional override, a zero-width space) but the line end written as its code point
/// (`U+202E`), as the terminal escaper writes it, so a name cannot hide or reorder what is around it.
pub(crate) fn visible(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| is_invisible(c) && c != '\n';
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.push_str(&code_point(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Every string in `value` (not its keys, which are field names) made [`visible`].
pub(crate) fn visible_strings(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::String(s) => {
            if let Cow::Owned(shown) = visible(s) {
                *s = shown;
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(visible_strings),
        serde_json::Value::Object(map) => map.values_mut().for_each(visible_strings),
        _ => {}
    }
}

/// JSON for a `<script type="application/json">` element: `<`, `>` and `&` as JSON escapes, so
/// no `</script>` or comment opener can end the element early (the parsed value is unchanged).
pub(crate) fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::escape::escape_markdown;

    #[test]
    fn anchors_are_distinct_for_distinct_ids_and_safe_in_urls() {
        let a = entry_anchor("A.T1", "main/x_y/ug_p[0]");
        let b = entry_anchor("A.T1", "main~x_y/ug_p[0]");
        assert_ne!(a, b);
        assert_eq!(a, "e-A.T1~~main~x_y~ug_p:5B0:5D");
        assert!(
            a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.~:".contains(c))
        );
    }

    #[test]
    fn unescaping_inverts_the_markdown_escaping() {
        for text in [
            "Table 2 (A.T2)",
            "a | b * c [d] `e` $f$ & <g> \\ h_i _j_ ~k",
            "> quote",
            "p < 0.05, ES_HSD",
        ] {
            assert_eq!(unescape_markdown(&escape_markdown(text)), text);
        }
    }

    #[test]
    fn invisible_characters_are_shown_as_code_points() {
        assert_eq!(
            visible("a\u{202e}b\u{200b}c\u{1b}[2J\nd"),
            "aU+202EbU+200BcU+001B[2J\nd"
        );
        assert!(matches!(visible("plain 東京\n"), Cow::Borrowed(_)));
        let mut value = serde_json::json!({"k": ["x\u{202e}", 1, {"n": "\u{200f}"}]});
        visible_strings(&mut value);
        assert_eq!(
            value,
            serde_json::json!({"k": ["xU+202E", 1, {"n": "U+200F"}]})
        );
    }

    #[test]
    fn script_json_cannot_close_its_element() {
        let json = script_json(r#"{"a":"</script><!--&"}"#);
        assert!(!json.contains('<') && !json.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back["a"], "</script><!--&");
    }
}
