//! An input read line by line, never whole: the bytes come through the input's byte limit
//! ([`open_input`]; gzip decompressed as it is read) into one line buffer that is reused, so memory
//! is one line, not one file. Lines are split as [`str::lines`] splits a text (at `\n`, a `\r`
//! before it dropped), a leading byte-order mark is dropped, and every failure is the
//! [`SourceError`] reading the file whole gives ([`super::read_text`]): the same I/O reasons, the
//! same "holds more than" once past the limit, and invalid UTF-8 at the same line and column.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use super::input::{Opened, Stored, looks_binary, open_input};
use super::{BOM, Position, SourceError, io_reason};

/// How many of the input's first bytes are kept for the binary-data hint of a UTF-8 error.
const HEAD: usize = 1024;

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
            head: Vec::new(),
        })
    }

    /// The next line, without its line end, with its 1-based number; `None` at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, &str)>, SourceError> {
        self.buffer.clear();
        let n = self
            .reader
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
        Ok(Some((self.line, text)))
    }
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
}
