//! The bytes of an input file as its reader sees them: gzip data is decompressed wherever it is
//! found, whatever the file is called, and any other binary file is refused with a message that says
//! what it is.
//!
//! A file is gzip when it starts with the gzip magic bytes `1f 8b` (RFC 1952 §2.3.1); every member
//! of a multi-member file is read (`cat a.gz b.gz`, bgzip), as `zcat` does. Other compressed and
//! container formats are recognised by their magic bytes ([`BINARY_MAGIC`]) and named in the error,
//! since a reader would otherwise report their first bytes as a bad line. Text that is not UTF-8 is
//! left to [`super::decode_text`], which names the line and column of the first bad byte, and adds
//! that the file looks binary when its first bytes are mostly control bytes ([`looks_binary`]).
//!
//! Every input is read through a byte limit, plain or gzip ([`input_limit`]): the reader stops one
//! byte past it and reports the file as too large, so that `/dev/zero`, a FIFO that never ends or a
//! file that grows while it is read end in an error, never in memory exhaustion. A file whose
//! first bytes are binary with a NUL byte among them is refused at once.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use super::{SourceError, io_reason};

/// The gzip magic bytes (RFC 1952 §2.3.1: ID1 = 31, ID2 = 139).
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The most bytes an input may hold (plain, or gzip once decompressed), unless its reader sets a
/// smaller bound or [`LIMIT_ENV`] another one: eight times the largest qrels and run files of the
/// benchmark collection, so that a small file cannot expand to fill memory.
pub const MAX_INPUT: u64 = 4 << 30;

/// The environment variable that sets the input limit in bytes (in place of [`MAX_INPUT`]).
pub const LIMIT_ENV: &str = "EVIA_MAX_INPUT_BYTES";

/// The most bytes an input may hold: [`LIMIT_ENV`] when it is set (a positive integer), else
/// [`MAX_INPUT`]; a value that is not one is an error naming the variable.
pub fn input_limit() -> Result<u64, String> {
    match std::env::var(LIMIT_ENV) {
        Err(std::env::VarError::NotPresent) => Ok(MAX_INPUT),
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!(
                "{LIMIT_ENV}={v}: expected the most bytes an input may hold, a positive integer"
            )),
        },
        Err(std::env::VarError::NotUnicode(v)) => {
            Err(format!("{LIMIT_ENV}={v:?}: expected a positive integer"))
        }
    }
}

/// Formats recognised by their first bytes and refused, with the name the error gives them.
pub const BINARY_MAGIC: &[(&[u8], &str)] = &[
    (b"BZh", "bzip2-compressed"),
    (&[0xfd, b'7', b'z', b'X', b'Z', 0x00], "xz-compressed"),
    (&[0x28, 0xb5, 0x2f, 0xfd], "zstd-compressed"),
    (b"PK\x03\x04", "a zip archive (or an .xlsx/.docx document)"),
    (&[b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c], "a 7z archive"),
    (&[0x04, 0x22, 0x4d, 0x18], "lz4-compressed"),
    (b"%PDF", "a PDF document"),
    (
        &[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
        "an old Office document (.xls/.doc)",
    ),
    (b"PAR1", "a Parquet file"),
    (b"SQLite format 3\0", "an SQLite database"),
    (b"\x89HDF", "an HDF5 file"),
    (&[0x93, b'N', b'U', b'M', b'P', b'Y'], "a NumPy array"),
    (b"\x80\x04\x95", "a Python pickle"),
];

/// How the bytes of a file were stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    Plain,
    Gzip,
}

/// Whether `start` (a file's first bytes) begins with the gzip magic bytes.
pub fn is_gzip(start: &[u8]) -> bool {
    start.starts_with(&GZIP_MAGIC)
}

/// The name of the binary format `start` begins with, if it is one of [`BINARY_MAGIC`].
pub fn binary_format(start: &[u8]) -> Option<&'static str> {
    BINARY_MAGIC
        .iter()
        .find(|(magic, _)| start.starts_with(magic))
        .map(|&(_, name)| name)
}

/// Whether the file at `path` starts with the gzip magic bytes (`false` if it cannot be read): the
/// fast readers of `eval`, which read a plain file in byte ranges, leave such a file to the general
/// reader.
pub fn file_is_gzip(path: &Path) -> bool {
    let mut start = [0u8; 2];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok_and(|()| is_gzip(&start))
}

/// Whether `bytes` (a file's first bytes) look like binary data rather than text: more than one
/// byte in ten, among the first 1,024, is a control byte other than tab, line feed, carriage return
/// or form feed.
pub fn looks_binary(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(1024)];
    let control = head
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f)
        .count();
    control * 10 > head.len()
}

/// Whether an input of `size` bytes is within the input limit ([`input_limit`]); the fast readers,
/// which read a regular file in byte ranges, leave a larger one to the whole-file reader, which
/// reports it.
pub fn within_limit(size: u64) -> bool {
    input_limit().is_ok_and(|limit| size <= limit)
}

/// An input opened for reading: its bytes as its reader sees them (decompressed when it is gzip)
/// through its byte limit, and how they were stored.
pub struct Opened {
    pub reader: Box<dyn Read + Send>,
    pub stored: Stored,
    /// The most bytes `reader` may give; it gives one more when the input holds more.
    pub limit: u64,
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened")
            .field("stored", &self.stored)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

impl Opened {
    /// The error for an input that holds more than [`Opened::limit`] bytes.
    pub fn too_large(&self, path: &Path) -> SourceError {
        too_large(path, self.stored, self.limit)
    }
}

/// The error for an input of `path` that holds more than `limit` bytes.
fn too_large(path: &Path, stored: Stored, limit: u64) -> SourceError {
    SourceError::whole_file(path, too_large_message(stored, limit))
}

/// What is wrong with an input that holds more than `limit` bytes.
pub fn too_large_message(stored: Stored, limit: u64) -> String {
    let what = match stored {
        Stored::Gzip => "decompresses to",
        Stored::Plain => "holds",
    };
    format!(
        "{what} more than {limit} bytes, the most an input may hold (set {LIMIT_ENV} to change the limit; a device, a FIFO or a growing file reads without end)"
    )
}

/// Opens the input at `path` (see the module): at most `max` bytes, or the [`input_limit`] if it
/// is smaller. A file in one of the [`BINARY_MAGIC`] formats, or whose first bytes are binary with a
/// NUL byte among them, is an error.
pub fn open_input(path: &Path, max: u64) -> Result<Opened, SourceError> {
    let limit = input_limit()
        .map_err(|e| SourceError::whole_file(path, e))?
        .min(max);
    let file = File::open(path).map_err(|e| {
        SourceError::whole_file(path, format!("cannot read file: {}", io_reason(&e)))
    })?;
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let start = reader
        .fill_buf()
        .map_err(|e| SourceError::whole_file(path, format!("cannot read: {}", io_reason(&e))))?;
    if is_gzip(start) {
        let decoder = flate2::bufread::MultiGzDecoder::new(reader);
        return Ok(Opened {
            reader: Box::new(GzipErrors(decoder).take(limit.saturating_add(1))),
            stored: Stored::Gzip,
            limit,
        });
    }
    if let Some(format) = binary_format(start) {
        return Err(SourceError::whole_file(
            path,
            format!(
                "is {format}, not text; only gzip is decompressed on reading (decompress it first, or recompress it with gzip)"
            ),
        ));
    }
    let head = &start[..start.len().min(1024)];
    if head.contains(&0) && looks_binary(head) {
        return Err(SourceError::whole_file(
            path,
            "is binary data, not text: its first bytes are mostly control bytes, NUL bytes among them (a UTF-16 file must be saved as UTF-8)",
        ));
    }
    Ok(Opened {
        reader: Box::new(reader.take(limit.saturating_add(1))),
        stored: Stored::Plain,
        limit,
    })
}

/// A gzip decoder whose errors say that the data is gzip.
struct GzipErrors<R>(flate2::bufread::MultiGzDecoder<R>);

impl<R: BufRead> Read for GzipErrors<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!(
                    "cannot decompress the gzip data (the file starts with gzip's magic bytes 1f 8b): {}",
                    io_reason(&e)
                ),
            )
        })
    }
}

/// The bytes of the file at `path`, decompressed when it is gzip, at most `max` bytes (or the
/// [`input_limit`]; see [`open_input`]), with how they were stored.
///
/// The bytes are read (and gzip decompressed) straight into one buffer, sized up front from what
/// the file says of its length ([`size_hint`]), so a large input is held once, not in a buffer
/// doubled as it grows.
pub fn read_input(path: &Path, max: u64) -> Result<(Vec<u8>, Stored), SourceError> {
    let mut opened = open_input(path, max)?;
    let mut bytes = Vec::new();
    // One byte more than the data: `read_to_end` probes for the end with a small read.
    let _ = bytes.try_reserve_exact(size_hint(path, opened.stored).min(opened.limit) as usize + 1);
    opened.reader.read_to_end(&mut bytes).map_err(|e| {
        let reason = io_reason(&e);
        SourceError::whole_file(
            path,
            match opened.stored {
                Stored::Gzip => reason,
                Stored::Plain => format!("cannot read: {reason}"),
            },
        )
    })?;
    if bytes.len() as u64 > opened.limit {
        return Err(opened.too_large(path));
    }
    Ok((bytes, opened.stored))
}

/// The length of the data of the regular file at `path`, as far as the file says it (0 when it
/// does not): its size when plain; when gzip, the length its last member's trailer gives (ISIZE,
/// RFC 1952 §2.3.1: the uncompressed length modulo 2^32), which is the whole length for a file of
/// one member under 4 GiB, bounded by deflate's largest expansion. A hint only: the buffer still
/// grows if the data is longer, and never past the input limit.
fn size_hint(path: &Path, stored: Stored) -> u64 {
    use std::io::{Seek, SeekFrom};
    // Asked of the path before opening it: opening a FIFO again could wait for a writer forever.
    let size = match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => meta.len(),
        _ => return 0,
    };
    if stored == Stored::Plain {
        return size;
    }
    let Ok(mut file) = File::open(path) else {
        return 0;
    };
    let mut isize = [0u8; 4];
    file.seek(SeekFrom::End(-4))
        .and_then(|_| file.read_exact(&mut isize))
        .map_or(0, |()| u64::from(u32::from_le_bytes(isize)))
        // Deflate expands at most 1,032-fold, so a trailer cannot claim more.
        .min(size.saturating_mul(1032))
}

#[cfg(test)]
pub(crate) mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use std::io::Write;

    /// A temporary file holding `bytes` (the readers' tests share it).
    pub(crate) fn file_with(bytes: &[u8]) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(bytes).unwrap();
        f.flush().unwrap();
        f
    }

    fn gzip(text: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(text).unwrap();
        e.finish().unwrap()
    }

    /// Gzip is found by its magic bytes whatever the name, multi-member files are read whole,
    /// and the decompressed size is bounded.
    #[test]
    fn gzip_is_recognised_by_its_magic_bytes() {
        let plain = file_with(b"T1 d1 L1\n");
        assert_eq!(
            read_input(plain.path(), 100).unwrap(),
            (b"T1 d1 L1\n".to_vec(), Stored::Plain)
        );
        let mut two = gzip(b"T1 d1 L1\n");
        two.extend(gzip(b"T2 d2 L0\n"));
        let gz = file_with(&two);
        assert!(file_is_gzip(gz.path()));
        assert!(!file_is_gzip(plain.path()));
        assert_eq!(
            read_input(gz.path(), 100).unwrap(),
            (b"T1 d1 L1\nT2 d2 L0\n".to_vec(), Stored::Gzip)
        );
        let err = read_input(gz.path(), 10).unwrap_err().to_string();
        assert!(err.contains("decompresses to more than 10 bytes"), "{err}");
        let err = read_input(plain.path(), 4).unwrap_err().to_string();
        assert!(err.contains("holds more than 4 bytes"), "{err}");
        let zeros = file_with(&[0; 4096]);
        let err = read_input(zeros.path(), 100).unwrap_err().to_string();
        assert!(err.contains("is binary data, not text"), "{err}");
        let broken = file_with(&two[..12]);
        let err = read_input(broken.path(), 100).unwrap_err().to_string();
        assert!(err.contains("cannot decompress the gzip data"), "{err}");
    }

    #[test]
    fn other_binary_formats_are_named() {
        for (bytes, name) in [
            (&b"BZh91AY&SY"[..], "bzip2"),
            (&b"PK\x03\x04\x14\x00"[..], "zip archive"),
            (&[0xfd, b'7', b'z', b'X', b'Z', 0x00, 1][..], "xz"),
        ] {
            let f = file_with(bytes);
            let err = read_input(f.path(), 100).unwrap_err().to_string();
            assert!(err.contains(name), "{err}");
            assert!(err.contains("only gzip is decompressed"), "{err}");
        }
        assert!(looks_binary(&[0, 1, 2, 3, b'a', b'b']));
        assert!(!looks_binary(b"T1\td1\tL1\r\n"));
    }
}
