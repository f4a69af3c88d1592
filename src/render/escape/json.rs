//! JSON as every command prints it: pretty-printed, with every invisible character inside a string
//! ([`is_invisible`]: a C1 control, a bidirectional override such as U+202E, a zero-width space) written
//! as its `\uXXXX` escape, so the document is the same JSON value and still cannot reorder or hide
//! text on the terminal it is printed to. serde_json escapes the C0 controls, `"` and `\` itself.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

use crate::model::is_invisible;

/// `value` as pretty-printed JSON ending with a line end, invisible characters escaped (see the
/// module).
pub(crate) fn json_pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut bytes = Vec::new();
    write_json_pretty(&mut bytes, value)?;
    bytes.push(b'\n');
    // The serializer writes UTF-8, and the escapes are ASCII.
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into()))
}

/// Writes `value` to `out` as pretty-printed JSON (no line end after it), invisible characters
/// escaped (see the module).
pub(crate) fn write_json_pretty<W: Write, T: Serialize + ?Sized>(
    out: W,
    value: &T,
) -> serde_json::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(out, Escaping::default());
    value.serialize(&mut serializer)
}

/// serde_json's pretty formatter, with the string fragments' invisible characters escaped.
#[derive(Default)]
struct Escaping(PrettyFormatter<'static>);

impl Formatter for Escaping {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if is_invisible(c) {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    write!(writer, "\\u{unit:04x}")?;
                }
                start = i + c.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }

    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Invisible characters become `\uXXXX` escapes (a surrogate pair beyond the BMP), the value is
    /// unchanged, and the layout is serde_json's pretty one.
    #[test]
    fn invisible_characters_are_escaped_and_the_value_kept() {
        let value = serde_json::json!({
            "name": "a\u{202e}b\u{200b}c\u{85}d\u{e0041}e\u{1b}f 東京",
            "list": [1, 2],
        });
        let text = json_pretty(&value).unwrap();
        assert!(
            text.contains(r#""a\u202eb\u200bc\u0085d\udb40\udc41e\u001bf 東京""#),
            "{text}"
        );
        assert!(!text.chars().any(is_invisible_but_layout), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
        let plain = serde_json::json!({"name": "x y", "list": [1, 2], "empty": {}});
        assert_eq!(
            json_pretty(&plain).unwrap(),
            serde_json::to_string_pretty(&plain).unwrap() + "\n"
        );
    }

    /// Invisible, other than the layout's own line ends and spaces.
    fn is_invisible_but_layout(c: char) -> bool {
        is_invisible(c) && c != '\n'
    }
}
