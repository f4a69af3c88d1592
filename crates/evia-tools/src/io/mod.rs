//! Readers for the project's input files and atomic writers for its outputs.
//!
//! Every reader reports bad input as a [`SourceError`] that names the file, the line (and column where
//! known) and what was expected, so a user can fix the input without reading the code.
//!
//! Every input passes the byte limit of [`input`], plain or gzip (gzip is decompressed as it is
//! read, through the limit). How each reader reads:
//!
//! - label files ([`labels`], at most [`labels::MAX_TEXT_BYTES`]), matrices ([`matrix`]), score
//!   tables ([`score_table`]), rating files ([`ratings`]) and mapping rules
//!   (`assessors::mapping`) stream a line at a time through [`lines::Lines`], whose one line
//!   buffer is all they hold of the file;
//! - `eval`'s grouped runs and qrels ([`run_groups`], [`qrels_blocks`]) and `study`'s runs read a
//!   part or a line at a time;
//! - `eval`'s plain runs and qrels split between threads ([`text_halves`]) are read by position
//!   from the regular file, never a gzip one;
//! - the runs and qrels `eval` cannot stream (a run whose topics are not grouped, whose parsed
//!   lines borrow their ids from the text) and small project files (YAML, the build state) are
//!   read whole into one text through the limit ([`read_text`], [`input::read_input`]).

use std::fmt;
use std::path::{Path, PathBuf};

/// A position in an input file: 1-based line and, where known, 1-based column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: Option<usize>,
}

impl Position {
    pub fn line(line: usize) -> Self {
        Position { line, column: None }
    }

    pub fn at(line: usize, column: usize) -> Self {
        Position {
            line,
            column: Some(column),
        }
    }
}

/// Bad input: which file, where in it, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SourceError {
    pub path: PathBuf,
    pub position: Option<Position>,
    pub message: String,
}

impl SourceError {
    pub fn new(
        path: impl Into<PathBuf>,
        position: Option<Position>,
        message: impl Into<String>,
    ) -> Self {
        SourceError {
            path: path.into(),
            position,
            message: message.into(),
        }
    }

    /// An error at a 1-based line (no column).
    pub fn at_line(path: impl Into<PathBuf>, line: usize, message: impl Into<String>) -> Self {
        Self::new(path, Some(Position::line(line)), message)
    }

    /// An error about the file as a whole (missing, unreadable, empty).
    pub fn whole_file(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Self::new(path, None, message)
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        match self.position {
            Some(Position {
                line,
                column: Some(column),
            }) => write!(f, ":{line}:{column}")?,
            Some(Position { line, column: None }) => write!(f, ":{line}")?,
            None => {}
        }
        write!(f, ": {}", self.message)
    }
}

/// Reads a whole text file as UTF-8, turning I/O failures into a [`SourceError`] that names the file
/// (once: the I/O error's own text does not repeat the path). Gzip data is decompressed, whatever
/// the file's name, and other binary formats are refused by name ([`input::read_input`]).
///
/// A leading UTF-8 byte-order mark is removed (editors on Windows write one; kept, it would glue
/// itself to the first topic id). Bytes that are not UTF-8 are an error naming the line and column
/// (in characters) where the first bad byte is.
pub fn read_text(path: &Path) -> Result<String, SourceError> {
    let (bytes, _) = input::read_input(path, input::MAX_INPUT)?;
    decode_text(path, bytes)
}

/// The reason of an I/O error without the OS error number (`No such file or directory`).
pub fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The error for a file whose lines end with a carriage return alone ([`cr_only_line`]).
pub const CR_ONLY: &str = "the lines end with a carriage return alone (CR, the old Mac OS line end), so the file reads as one long line; convert the line ends to line feeds first (e.g. `tr '\\r' '\\n' < FILE > FIXED`)";

/// The line (1-based) of the first carriage return of `text` that is not followed by a line feed
/// (CR-only line ends, which would glue every line of the file into one), or `None`.
pub fn cr_only_line(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let at = memchr::memchr_iter(b'\r', bytes).find(|&i| bytes.get(i + 1) != Some(&b'\n'))?;
    // A carriage return that ends the file ends its last line.
    if at + 1 == bytes.len() {
        return None;
    }
    Some(1 + memchr::memchr_iter(b'\n', &bytes[..at]).count())
}

/// The UTF-8 byte-order mark.
pub const BOM: char = '\u{feff}';

/// `text` without a leading UTF-8 byte-order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Decodes file bytes as UTF-8 without a leading byte-order mark; `path` is used in error messages.
pub fn decode_text(path: &Path, bytes: Vec<u8>) -> Result<String, SourceError> {
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with(BOM) {
                text.drain(..BOM.len_utf8());
            }
            Ok(text)
        }
        Err(e) => {
            let bytes = e.as_bytes();
            let good = &bytes[..e.utf8_error().valid_up_to()];
            let line_start = memchr::memrchr(b'\n', good).map_or(0, |i| i + 1);
            let line = 1 + memchr::memchr_iter(b'\n', good).count();
            // `good` is valid UTF-8 up to the bad byte, so its last line decodes.
            let column = 1 + String::from_utf8_lossy(&good[line_start..]).chars().count();
            Err(SourceError::new(
                path,
                Some(Position::at(line, column)),
                format!(
                    "invalid UTF-8 (byte 0x{:02x}); the file must be UTF-8 text{}",
                    bytes[good.len()],
                    if input::looks_binary(bytes) {
                        " (its first bytes are mostly control bytes: it looks like a binary file)"
                    } else {
                        ""
                    }
                ),
            ))
        }
    }
}

/// Threads that read one large input in parts taken in turn (`eval`'s qrels and run,
/// [`crate::parallel::map_in_turn`]): the two cores of the machine `eval` is benchmarked on. The
/// output never depends on it.
pub const READ_THREADS: usize = 2;

pub mod class_qrels;
pub mod confusion;
pub mod decimal;
pub mod duplicates;
pub mod ids;
pub mod input;
pub mod intent_qrels;
pub mod intents;
pub mod label_columns;
pub mod label_duplicates;
pub mod label_scale;
pub mod labels;
pub mod line_fields;
pub mod lines;
pub mod matrix;
pub mod output;
pub mod output_file;
pub mod output_place;
pub mod qrels;
pub mod qrels_blocks;
pub mod qrels_halves;
pub mod ratings;
pub mod run;
pub mod run_dir;
pub mod run_doc;
pub mod run_groups;
pub mod score_table;
pub mod simple_line;
pub mod split_lines;
pub mod text_halves;
pub mod topic_ranges;
pub mod trec_line;
pub mod yaml_depth;

/// The first `N` whitespace-separated fields of a line and how many fields it has, counted up to
/// `N + 1` so that a line with too many fields is recognised without scanning all of it.
pub fn split_fields<const N: usize>(line: &str) -> ([&str; N], usize) {
    // One pass over the bytes: ASCII whitespace (space, \t, \n, \x0c, \r, as
    // `str::split_ascii_whitespace`) never occurs inside a multi-byte UTF-8 character, so every
    // field boundary is a character boundary.
    let bytes = line.as_bytes();
    let mut fields = [""; N];
    let mut count = 0;
    let mut i = 0;
    while count <= N {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == bytes.len() {
            break;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if count < N {
            fields[count] = &line[start..i];
        }
        count += 1;
    }
    (fields, count)
}

/// A line as shown in an error message: quoted and cut at 60 characters, or "an empty line".
/// Invisible and control characters are shown escaped (see [`shown`]).
pub fn describe_line(line: &str) -> String {
    if line.trim().is_empty() {
        "an empty line".to_string()
    } else {
        let cut: String = line.chars().take(60).collect();
        format!("`{}`", shown(&cut))
    }
}

/// `text` as an error message quotes it: every invisible character as its code point (the
/// terminal's escaping, [`crate::invisible::show_invisible`]).
pub use crate::invisible::show_invisible as shown;

/// The line (1-based) of the block-style key `dotted` (`labels.topic_step`: `topic_step:` inside
/// `labels:`) in YAML `text`, for errors about a value the parser accepted; `None` when it is not
/// written in block style.
pub fn yaml_key_line(text: &str, dotted: &str) -> Option<usize> {
    let mut from = 0;
    let mut parent_indent: Option<usize> = None;
    let mut found = None;
    let lines: Vec<&str> = text.lines().collect();
    for key in dotted.split('.') {
        let pattern = format!("{key}:");
        let (at, indent) = lines
            .iter()
            .enumerate()
            .skip(from)
            .map(|(i, l)| (i, l.len() - l.trim_start().len(), l.trim_start()))
            .take_while(|&(i, indent, content)| {
                i == from
                    || content.is_empty()
                    || content.starts_with('#')
                    || parent_indent.is_none_or(|p| indent > p)
            })
            .find(|&(_, indent, content)| {
                content.starts_with(&pattern) && parent_indent.is_none_or(|p| indent > p)
            })
            .map(|(i, indent, _)| (i, indent))?;
        found = Some(at + 1);
        from = at + 1;
        parent_indent = Some(indent);
    }
    found
}

/// Reads a YAML file into `T`, reporting syntax errors, unknown or duplicate keys and wrong types with
/// the file, line and column.
pub fn read_yaml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, SourceError> {
    parse_yaml(path, &read_text(path)?)
}

/// Parses YAML text into `T`, its nesting first bounded by [`yaml_depth::check_depth`]; `path` is
/// used in error messages only.
///
/// serde reports a duplicate key at the start of its mapping; the position is moved to the duplicate
/// itself so the message points at the line to fix.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
) -> Result<T, SourceError> {
    yaml_depth::check_depth(path, text)?;
    serde_yaml::from_str(text).map_err(|e| {
        let location = e.location();
        let mut position = location
            .as_ref()
            .map(|l| Position::at(l.line(), l.column()));
        let mut message = e.to_string();
        // The parser writes its location into the message (" at line L column C", then any context
        // it was parsing): the message stops there, and the position is reported separately.
        if let Some(l) = &location {
            let mark = format!(" at line {} column {}", l.line(), l.column());
            if let Some(i) = message.find(&mark) {
                message.truncate(i);
            }
        }
        if let (Some(start), Some(key)) = (position, duplicated_key(&message)) {
            position = Some(second_key_position(text, start, key).unwrap_or(start));
        }
        SourceError::new(path, position, message)
    })
}

/// The key named by serde's "duplicate field `k`" or serde_yaml's "duplicate entry with key \"k\"".
fn duplicated_key(message: &str) -> Option<&str> {
    if let Some(rest) = message.split("duplicate field `").nth(1) {
        return rest.split('`').next();
    }
    let rest = message.split("duplicate entry with key \"").nth(1)?;
    rest.split('"').next()
}

/// The position of the second `key:` of the mapping that starts at `start` (block or one-line flow style).
fn second_key_position(text: &str, start: Position, key: &str) -> Option<Position> {
    let lines: Vec<&str> = text.lines().collect();
    let first = *lines.get(start.line.checked_sub(1)?)?;
    let column = start.column?.checked_sub(1)?;
    let pattern = format!("{key}:");
    if first[column.min(first.len())..]
        .trim_start()
        .starts_with('{')
    {
        let hits: Vec<usize> = first
            .match_indices(&pattern)
            .map(|(i, _)| i)
            .filter(|&i| i > 0 && matches!(first.as_bytes()[i - 1], b'{' | b',' | b' '))
            .collect();
        return hits.get(1).map(|&i| Position::at(start.line, i + 1));
    }
    let mut seen = 0;
    for (offset, line) in lines[start.line - 1..].iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let content = line.trim_start();
        if offset > 0 && !content.is_empty() && !content.starts_with('#') && indent < column {
            break;
        }
        let at_key_level = (offset == 0 && line.len() > column) || indent == column;
        if at_key_level && line[column.min(line.len())..].starts_with(&pattern) {
            seen += 1;
            if seen == 2 {
                return Some(Position::at(start.line + offset, column + 1));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_dotted_key_is_found_inside_its_section() {
        let text = "a: 1\nlabels:\n  topics: 5\n  # c\n\n  topic_step: 2\nruns:\n  topic_step: 3\n";
        assert_eq!(yaml_key_line(text, "labels.topic_step"), Some(6));
        assert_eq!(yaml_key_line(text, "runs.topic_step"), Some(8));
        assert_eq!(yaml_key_line(text, "labels.topics"), Some(3));
        assert_eq!(yaml_key_line(text, "a"), Some(1));
        assert_eq!(yaml_key_line(text, "labels.depth"), None);
        assert_eq!(yaml_key_line(text, "runs.topics"), None);
    }

    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Item {
        id: String,
        #[serde(default)]
        k: Option<u32>,
        #[serde(default)]
        cap: Option<u32>,
    }

    /// `split_fields` against its reference, `str::split_ascii_whitespace`: the same first `N`
    /// fields and the same count (capped at `N + 1`), on random lines mixing every ASCII
    /// whitespace byte, non-breaking and multi-byte characters, up to 200 bytes (several blocks).
    #[test]
    fn split_fields_agrees_with_split_ascii_whitespace() {
        let alphabet = [
            " ", "\t", "\r", "\x0c", "\n", "a", "7", "é", "\u{a0}", "漢", "-", "  ",
        ];
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            let line = line_fields::random_text(&mut x, &alphabet, 120);
            let reference: Vec<&str> = line.split_ascii_whitespace().take(7).collect();
            let (fields, count) = split_fields::<6>(&line);
            assert_eq!(count, reference.len(), "{line:?}");
            for (i, f) in reference.iter().take(6).enumerate() {
                assert_eq!(fields[i], *f, "{line:?}");
            }
            let (fields, count) = split_fields::<2>(&line);
            assert_eq!(count, reference.len().min(3), "{line:?}");
            for (i, f) in reference.iter().take(2).enumerate() {
                assert_eq!(fields[i], *f, "{line:?}");
            }
        }
    }

    #[test]
    fn byte_order_mark_is_stripped_and_bad_utf8_names_its_line() {
        let p = Path::new("f.txt");
        assert_eq!(
            decode_text(p, b"\xef\xbb\xbfT1 d L1\n".to_vec()).unwrap(),
            "T1 d L1\n"
        );
        let err = decode_text(p, b"T1 d L1\nT\xc3\xa92 \xff L1\n".to_vec()).unwrap_err();
        assert_eq!(err.position, Some(Position::at(2, 5)), "{err}");
        assert!(err.message.contains("0xff"), "{err}");
    }

    #[test]
    fn missing_file_names_its_path_once() {
        let err = read_text(Path::new("no/such/file.txt")).unwrap_err();
        let text = err.to_string();
        assert_eq!(text.matches("file.txt").count(), 1, "{text}");
        assert!(!text.contains("os error"), "{text}");
    }

    #[test]
    fn invisible_characters_are_shown_escaped() {
        assert_eq!(shown("a\u{200b}b\tc\u{feff}"), "aU+200BbU+0009cU+FEFF");
        assert_eq!(describe_line("T1\u{202e} x"), "`T1U+202E x`");
        assert_eq!(shown("Tōkyō run"), "Tōkyō run");
    }

    #[test]
    fn duplicate_keys_point_at_the_duplicate() {
        let block = "- id: x\n  cap: 1\n  k: 2\n  cap: 2\n";
        let err = parse_yaml::<Vec<Item>>(Path::new("f.yaml"), block).unwrap_err();
        assert_eq!(err.position, Some(Position::at(4, 3)), "{err}");
        let flow = "- {id: y, k: 1, k: 2}\n";
        let err = parse_yaml::<Vec<Item>>(Path::new("f.yaml"), flow).unwrap_err();
        assert_eq!(err.position, Some(Position::at(1, 17)), "{err}");
    }

    /// The message ends where the parser wrote its location, found from the location itself: words
    /// of the file that read like a location stay in it.
    #[test]
    fn the_message_keeps_words_that_read_like_a_location() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Strict {
            id: String,
        }
        let text = "id: x\n\"k at line 9 column 1\": 2\n";
        let err = parse_yaml::<Strict>(Path::new("f.yaml"), text).unwrap_err();
        assert_eq!(err.position, Some(Position::at(2, 1)), "{err}");
        assert_eq!(
            err.message, "unknown field `k at line 9 column 1`, expected `id`",
            "{err}"
        );
        let err = parse_yaml::<Strict>(Path::new("f.yaml"), "id: [x\n").unwrap_err();
        assert!(!err.message.contains(" at line "), "{err}");
    }
}
