//! An input read line by line, never whole: the bytes come through the input's byte limit
//! ([`open_input`]; gzip decompressed as it is read) into one line buffer that is reused, so memory
//! is one line, not one file. Lines are split as [`str::lines`] splits a text (at `\n`, a `\r`
//! before it dropped), a leading byte-order mark is dropped, and every failure is the
//! [`SourceError`] reading the file whole gives ([`super::read_text`]): the same I/O reasons, the
//! same "holds more than" once past the limit, and invalid UTF-8 at the same line and column.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use super::input::{Opened, Stored, looks_binary, open_input};
use super::{BOM, Position, SourceError, io_reason};

/// How many of the input's first bytes are kept for the binary-data hint of a UTF-8 error.
const HEAD: usize = 1024;

/// The longest line an input may hold (bytes, without its line end): the line buffer grows no
/// further, so a file without line ends (a gzip of zeros) is refused at this length, not read
/// into memory up to the input limit.
pub const MAX_LINE: usize = 64 << 20;

/// The lines of one input (see the module).
pub struct Lines {
    path: PathBuf,
    reader: BufReader<Box<dyn std::io::Read + Send>>,
    stored: Stored,
    limit: u64,
    /// Bytes read so far (at most `limit` + 1).
    read: u64,
    /// Lines given so far.
    line: usize,
    buffer: Vec<u8>,
    /// Where in `buffer` the last line given is (without its line end).
    current: std::ops::Range<usize>,
    /// The input's first bytes ([`HEAD`]).
    head: Vec<u8>,
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field("path", &self.path)
            .field("stored", &self.stored)
            .field("line", &self.line)
            .finish_non_exhaustive()
    }
}

impl Lines {
    /// Opens the input at `path` through the [`super::input::input_limit`] (at most `max` bytes).
    pub fn open(path: &Path, max: u64) -> Result<Self, SourceError> {
        let Opened {
            reader,
            stored,
            limit,
        } = open_input(path, max)?;
        Ok(Lines {
            path: path.to_path_buf(),
            reader: BufReader::with_capacity(1 << 16, reader),
            stored,
            limit,
            read: 0,
            line: 0,
            buffer: Vec::new(),
            current: 0..0,
            head: Vec::new(),
        })
    }

    /// The next line, without its line end, with its 1-based number; `None` at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, &str)>, SourceError> {
        self.buffer.clear();
        let n = (&mut self.reader)
            .take(MAX_LINE as u64 + 2)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|e| {
                let reason = io_reason(&e);
                SourceError::whole_file(
                    &self.path,
                    match self.stored {
                        Stored::Gzip => reason,
                        Stored::Plain => format!("cannot read: {reason}"),
                    },
                )
            })?;
        if n == 0 {
            return Ok(None);
        }
        self.read += n as u64;
        if self.read > self.limit {
            return Err(SourceError::whole_file(
                &self.path,
                super::input::too_large_message(self.stored, self.limit),
            ));
        }
        // The line's text without its line end (`\n` or `\r\n`); reading stops two bytes past
        // the most, so a longer line is seen here without reading it whole.
        let ends_in_newline = self.buffer.last() == Some(&b'\n');
        let mut text_len = self.buffer.len() - usize::from(ends_in_newline);
        if ends_in_newline && text_len > 0 && self.buffer[text_len - 1] == b'\r' {
            text_len -= 1;
        }
        if text_len > MAX_LINE {
            let cr = if self.buffer.contains(&b'\r') {
                format!("; {}", super::CR_ONLY)
            } else {
                String::new()
            };
            return Err(SourceError::at_line(
                &self.path,
                self.line + 1,
                format!("the line is longer than {MAX_LINE} bytes, the most a line may hold{cr}"),
            ));
        }
        if self.head.len() < HEAD {
            let take = (HEAD - self.head.len()).min(self.buffer.len());
            self.head.extend_from_slice(&self.buffer[..take]);
        }
        self.line += 1;
        let mut end = self.buffer.len();
        if self.buffer[end - 1] == b'\n' {
            end -= 1;
            if end > 0 && self.buffer[end - 1] == b'\r' {
                end -= 1;
            }
        }
        let bytes = &self.buffer[..end];
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let good = &bytes[..e.valid_up_to()];
                // `good` is valid UTF-8 up to the bad byte.
                let column = 1 + String::from_utf8_lossy(good).chars().count();
                let hint = if looks_binary(&self.head) {
                    " (its first bytes are mostly control bytes: it looks like a binary file)"
                } else {
                    ""
                };
                return Err(SourceError::new(
                    &self.path,
                    Some(Position::at(self.line, column)),
                    format!(
                        "invalid UTF-8 (byte 0x{:02x}); the file must be UTF-8 text{hint}",
                        bytes[good.len()]
                    ),
                ));
            }
        };
        let text = match self.line {
            1 => text.strip_prefix(BOM).unwrap_or(text),
            _ => text,
        };
        let start = text.as_ptr() as usize - self.buffer.as_ptr() as usize;
        self.current = start..start + text.len();
        Ok(Some((self.line, text)))
    }
}

/// Numbered lines, one at a time: a file streamed ([`Lines`]) or a text in memory
/// ([`TextLines`], split the same way), so that a reader parses both with one code path.
pub trait LineSource {
    /// Moves to the next line; `false` at the end.
    fn advance(&mut self) -> Result<bool, SourceError>;

    /// The line [`LineSource::advance`] moved to, without its line end, with its 1-based number.
    fn line(&self) -> (usize, &str);

    /// The next line with its number; `None` at the end.
    fn next_line(&mut self) -> Result<Option<(usize, &str)>, SourceError> {
        Ok(if self.advance()? {
            Some(self.line())
        } else {
            None
        })
    }

    /// The next line for which `keep` holds (the others, blank lines and comments, are skipped).
    fn next_kept(
        &mut self,
        keep: &dyn Fn(&str) -> bool,
    ) -> Result<Option<(usize, &str)>, SourceError> {
        while self.advance()? {
            if keep(self.line().1) {
                return Ok(Some(self.line()));
            }
        }
        Ok(None)
    }
}

impl LineSource for Lines {
    fn advance(&mut self) -> Result<bool, SourceError> {
        Ok(Lines::next_line(self)?.is_some())
    }

    fn line(&self) -> (usize, &str) {
        // The range is of a line `next_line` checked as UTF-8.
        let text = std::str::from_utf8(&self.buffer[self.current.clone()]).unwrap_or_default();
        (self.line, text)
    }
}

/// The lines of a text in memory, split as [`Lines`] splits a file: at `\n`, a `\r` before it
/// dropped, a leading byte-order mark dropped, no empty line after a final line end.
#[derive(Debug, Clone)]
pub struct TextLines<'a> {
    rest: &'a str,
    current: &'a str,
    line: usize,
}

impl<'a> TextLines<'a> {
    pub fn new(text: &'a str) -> Self {
        TextLines {
            rest: text.strip_prefix(BOM).unwrap_or(text),
            current: "",
            line: 0,
        }
    }
}

impl LineSource for TextLines<'_> {
    fn advance(&mut self) -> Result<bool, SourceError> {
        if self.rest.is_empty() {
            return Ok(false);
        }
        let (line, rest) = match self.rest.find('\n') {
            Some(i) => {
                let line = &self.rest[..i];
                (line.strip_suffix('\r').unwrap_or(line), &self.rest[i + 1..])
            }
            None => (self.rest, ""),
        };
        self.current = line;
        self.rest = rest;
        self.line += 1;
        Ok(true)
    }

    fn line(&self) -> (usize, &str) {
        (self.line, self.current)
    }
}

/// Whether `line` (as a [`LineSource`] gives it) holds a carriage return that is not its line end:
/// CR-only line ends, which glue every line of a file into one ([`super::CR_ONLY`]). A carriage
/// return that ends the file ends its last line.
pub fn has_cr_inside(line: &str) -> bool {
    line.find('\r').is_some_and(|i| i + 1 < line.len())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::io::input::tests::file_with;
    use std::io::Write;

    fn all_lines(path: &Path, max: u64) -> Result<Vec<(usize, String)>, SourceError> {
        let mut lines = Lines::open(path, max)?;
        let mut out = Vec::new();
        while let Some((n, line)) = lines.next_line()? {
            out.push((n, line.to_string()));
        }
        Ok(out)
    }

    /// The lines are those of the text read whole, split as `str::lines` splits it, plain or
    /// gzip; the errors are those of reading it whole.
    #[test]
    fn lines_and_errors_are_those_of_the_whole_text() {
        let text = "\u{feff}a b\r\nc\n\nd\re\r\nlast\r";
        let plain = file_with(text.as_bytes());
        let whole = super::super::read_text(plain.path()).unwrap();
        let expected: Vec<(usize, String)> = whole
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect();
        assert_eq!(all_lines(plain.path(), 1000).unwrap(), expected);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).unwrap();
        let gzipped = file_with(&gz.finish().unwrap());
        assert_eq!(all_lines(gzipped.path(), 1000).unwrap(), expected);
        for (bytes, max) in [
            (&b"ok\nab\xffc\n"[..], 1000),
            (&b"one\ntwo\nthree\n"[..], 6),
        ] {
            let f = file_with(bytes);
            let whole = super::super::input::read_input(f.path(), max)
                .and_then(|(b, _)| super::super::decode_text(f.path(), b))
                .unwrap_err();
            assert_eq!(all_lines(f.path(), max).unwrap_err(), whole);
        }
    }

    /// A text in memory is split as a file is: the same lines, numbers and byte-order mark.
    #[test]
    fn text_lines_split_as_a_file_does() {
        let text = "\u{feff}a b\r\nc\n\nd\re\r\nlast";
        let plain = file_with(text.as_bytes());
        let mut from_text = Vec::new();
        let mut lines = TextLines::new(text);
        while let Some((n, line)) = lines.next_line().unwrap() {
            from_text.push((n, line.to_string()));
        }
        assert_eq!(from_text, all_lines(plain.path(), 1000).unwrap());
        assert!(has_cr_inside("d\re") && !has_cr_inside("last\r") && !has_cr_inside("x"));
    }

    /// A line longer than [`MAX_LINE`] is an error at its line, not a buffer grown to the input
    /// limit (a gzip of zeros, a file without line ends).
    #[test]
    fn a_line_longer_than_the_most_is_refused() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"first\n").unwrap();
        let chunk = vec![b'0'; 1 << 20];
        for _ in 0..=(MAX_LINE >> 20) {
            gz.write_all(&chunk).unwrap();
        }
        let f = file_with(&gz.finish().unwrap());
        let err = all_lines(f.path(), u64::MAX).unwrap_err();
        assert_eq!(err.position, Some(Position::line(2)), "{err}");
        assert!(err.message.contains("longer than"), "{err}");
        let exact = format!("{}\r\n", "x".repeat(MAX_LINE));
        let f = file_with(exact.as_bytes());
        assert_eq!(all_lines(f.path(), u64::MAX).unwrap()[0].1.len(), MAX_LINE);
        // One byte over, with a line end after it, is refused too.
        let over = format!("{}\n", "x".repeat(MAX_LINE + 1));
        let f = file_with(over.as_bytes());
        let err = all_lines(f.path(), u64::MAX).unwrap_err();
        assert!(err.message.contains("longer than"), "{err}");
    }
}
