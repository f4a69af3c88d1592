//! A large text file read in two halves of whole lines, each read and checked as UTF-8 on its own
//! thread. [`super::read_text`] reads and checks a file on one thread; on `eval`'s benchmark
//! qrels (16.7 MB) that read and check were the serial step before the qrels are parsed on two
//! threads.
//!
//! A fast path only: it gives up (`None`) on anything unusual — gzip data, a file that cannot be opened or
//! is not a regular file, one shorter than [`MIN_SPLIT`], a byte-order mark, no line feed near
//! the middle, a read that fails or returns another number of bytes than the file's size, or
//! bytes that are not UTF-8 — and the caller then reads the file with [`super::read_text`],
//! which reports every error with its file, line and column. Splitting after a line feed never
//! cuts a UTF-8 sequence (the byte 0x0A occurs in none), so the halves are valid UTF-8 exactly
//! when the whole file is.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Files shorter than this are not split (a thread costs more than it saves).
pub const MIN_SPLIT: u64 = 1 << 20;

/// How far past the middle of the file (in bytes) a line feed is looked for.
const SEARCH: u64 = 1 << 16;

/// A text file's two halves: `first` ends with a line feed, `second` is the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextHalves {
    pub first: String,
    pub second: String,
}

/// The file at `path` opened with its size when it is worth splitting between threads: a plain
/// (not gzip) regular file of at least [`MIN_SPLIT`] bytes within the input limit; `None` for
/// anything else, which the caller leaves to the whole-file reader.
pub fn open_large_plain(path: &Path) -> Option<(File, u64)> {
    // Only a regular file, asked before opening it: opening a FIFO and closing it again would end
    // its writer, and the reader's own opening would then wait for one forever.
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let file = File::open(path).ok()?;
    let meta = file.metadata().ok()?;
    let size = meta.len();
    if !meta.is_file()
        || size < MIN_SPLIT
        || !super::input::within_limit(size)
        || super::input::file_is_gzip(path)
    {
        return None;
    }
    Some((file, size))
}

/// The file at `path` read in two halves on two threads, or `None` (see the module).
pub fn read_text_in_halves(path: &Path) -> Option<TextHalves> {
    let (mut file, size) = open_large_plain(path)?;
    let split = split_after_line_feed(&mut file, size)?;
    let (first, second) = std::thread::scope(|scope| {
        let second = scope.spawn(|| read_range(path, split, size - split, true));
        let first = read_range(path, 0, split, false);
        match second.join() {
            Ok(second) => (first, second),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    let first = first?;
    if first.starts_with(super::BOM) {
        return None;
    }
    Some(TextHalves {
        first,
        second: second?,
    })
}

/// The offset just after the first line feed at or after the middle of the file (of `size`
/// bytes), looked for within [`SEARCH`] bytes.
fn split_after_line_feed(file: &mut File, size: u64) -> Option<u64> {
    let middle = size / 2;
    file.seek(SeekFrom::Start(middle)).ok()?;
    let mut window = Vec::with_capacity(SEARCH as usize);
    file.take(SEARCH).read_to_end(&mut window).ok()?;
    let at = memchr::memchr(b'\n', &window)?;
    Some(middle + at as u64 + 1)
}

/// `len` bytes of the file at `path` from byte `start`, as UTF-8; `None` when they cannot all be
/// read, are not UTF-8, or (with `at_end`) the file has more bytes after them.
fn read_range(path: &Path, start: u64, len: u64, at_end: bool) -> Option<String> {
    let mut file = File::open(path).ok()?;
    file.seek(SeekFrom::Start(start)).ok()?;
    // `len` is bounded by the file's size, which the caller took from its metadata.
    let mut bytes = Vec::with_capacity(usize::try_from(len).ok()?);
    (&mut file).take(len).read_to_end(&mut bytes).ok()?;
    if bytes.len() as u64 != len {
        return None;
    }
    if at_end && file.read(&mut [0u8; 1]).ok()? != 0 {
        return None;
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_with(bytes: &[u8]) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(bytes).unwrap();
        f.flush().unwrap();
        f
    }

    /// The halves put together are the file, the first ends with a line feed at or after the
    /// middle, and multi-byte characters around the middle are kept whole.
    #[test]
    fn halves_are_the_file_split_after_a_line_feed() {
        let mut text = String::new();
        let mut i = 0;
        while (text.len() as u64) < 3 * MIN_SPLIT {
            text.push_str(&format!("T{i} döc-{i} L1 ∑\n"));
            i += 1;
        }
        for tail in ["", "no line feed at the end"] {
            let whole = format!("{text}{tail}");
            let f = file_with(whole.as_bytes());
            let h = read_text_in_halves(f.path()).unwrap();
            assert_eq!(format!("{}{}", h.first, h.second), whole);
            assert!(h.first.ends_with('\n'));
            assert!(h.first.len() >= whole.len() / 2);
            assert!(h.first.len() <= whole.len() / 2 + SEARCH as usize);
        }
    }

    /// Small files, a byte-order mark, bytes that are not UTF-8 in either half and a middle
    /// without a line feed make it give up (the caller then reports the file as before).
    #[test]
    fn gives_up_on_anything_unusual() {
        let line = "T1 doc L1\n";
        let text = line.repeat((3 * MIN_SPLIT as usize) / line.len());
        assert!(read_text_in_halves(file_with(text.as_bytes()).path()).is_some());
        assert!(read_text_in_halves(file_with(line.as_bytes()).path()).is_none());
        let bom = format!("\u{feff}{text}");
        assert!(read_text_in_halves(file_with(bom.as_bytes()).path()).is_none());
        for at in [3, text.len() - 3] {
            let mut bytes = text.clone().into_bytes();
            bytes[at] = 0xff;
            assert!(read_text_in_halves(file_with(&bytes).path()).is_none());
        }
        let one_line = "x".repeat(3 * MIN_SPLIT as usize);
        assert!(read_text_in_halves(file_with(one_line.as_bytes()).path()).is_none());
        assert!(read_text_in_halves(Path::new("/no/such/file")).is_none());
    }
}
