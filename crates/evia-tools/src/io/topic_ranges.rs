//! A file of lines grouped by topic (the first field), cut into byte ranges where the topic
//! changes ([`cut_at_topic_changes`]) and read range by range in chunks of whole lines
//! ([`read_regions`]): the common ground of the readers that evaluate a run
//! ([`super::run_groups`]) or build the judgements ([`super::qrels_blocks`]) topic by topic
//! without keeping the file's text, on two threads taking the ranges in turn.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;

/// Bytes read at a time, at least (the part of a region its reader does not take is read again
/// with the next chunk).
const CHUNK: usize = 1 << 21;

/// How far past a planned cut (in bytes) a topic change is looked for.
pub const SEARCH: usize = 1 << 18;

/// How far past a planned cut a topic change is looked for first (a window of [`SEARCH`]
/// bytes is read only when there is none this near: each such window is a new allocation whose
/// pages are touched).
const FIRST_LOOK: usize = 1 << 15;

/// Up to `len` bytes of `file` from byte `start`.
fn read_at(file: &mut File, start: u64, len: usize) -> Option<Vec<u8>> {
    file.seek(SeekFrom::Start(start)).ok()?;
    let mut bytes = Vec::with_capacity(len);
    file.take(len as u64).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// The first line of `file` (without its line feed), or `None` when the file starts with a
/// byte-order mark, the line is not UTF-8, or it does not end within [`SEARCH`] bytes (the last
/// line of a file may end without a line feed).
pub fn first_line(file: &mut File) -> Option<String> {
    first_line_of(&read_at(file, 0, SEARCH)?)
}

/// The first line of `head`, a file's first [`SEARCH`] bytes or all of them (see [`first_line`]).
pub fn first_line_of(head: &[u8]) -> Option<String> {
    if head.starts_with(super::BOM.encode_utf8(&mut [0; 4]).as_bytes()) {
        return None;
    }
    let end = match memchr::memchr(b'\n', head) {
        Some(end) => end,
        None if head.len() < SEARCH => head.len(),
        None => return None,
    };
    String::from_utf8(head[..end].to_vec()).ok()
}

/// Ranges of whole lines covering `file` (of `size` bytes) in order, at least one: the file is
/// cut at the first topic change after each of `k · size / parts` (k = 1 … parts − 1); a point
/// without a topic change within [`SEARCH`] bytes is not cut, so each range holds whole topics
/// wherever the file is grouped. `None` when the file cannot be read.
pub fn cut_at_topic_changes(file: &mut File, size: u64, parts: u64) -> Option<Vec<Range<u64>>> {
    let parts = parts.max(1);
    let mut cuts = vec![0];
    for k in 1..parts {
        let point = size / parts * k;
        // A small window first (most topics are shorter), the whole search only if needed.
        let mut change = None;
        for len in [FIRST_LOOK, SEARCH] {
            let window = read_at(file, point, len)?;
            change = first_topic_change(&window);
            if change.is_some() || window.len() < len {
                break;
            }
        }
        if let Some(at) = change {
            cuts.push(point + at as u64);
        }
    }
    cuts.push(size);
    // Windows of a small file overlap: the cuts are topic changes all the same, in any order.
    cuts.sort_unstable();
    cuts.dedup();
    Some(cuts.windows(2).map(|w| w[0]..w[1]).collect())
}

/// The offset in `window` of the first line start after its first line feed whose topic (first
/// field) differs from the previous line's; both lines must end within the window.
fn first_topic_change(window: &[u8]) -> Option<usize> {
    let mut at = memchr::memchr(b'\n', window)? + 1;
    let mut previous: Option<&[u8]> = None;
    while let Some(len) = memchr::memchr(b'\n', &window[at..]) {
        let line = &window[at..at + len];
        let topic = line
            .split(u8::is_ascii_whitespace)
            .find(|f| !f.is_empty())
            .unwrap_or(&[]);
        if previous.is_some_and(|p| p != topic) {
            return Some(at);
        }
        previous = Some(topic);
        at += len + 1;
    }
    None
}

/// Reads `range` of the file at `path` in chunks and calls `each(region, more)` with the text
/// read so far that ends with a whole line: `more` says whether the range goes on after it.
/// `each` returns the offset where the part of the region it did not take starts (with
/// `more`, that part is handed over again at the start of the next region, followed by the next
/// chunk), or `None` to stop. Returns `None` when the file cannot be read as far as the range
/// says, its bytes are not UTF-8, or `each` stops. `buffer` holds the bytes read; a caller
/// reading several ranges passes the same one (its pages are then touched once).
pub fn read_regions(
    path: &Path,
    range: Range<u64>,
    buffer: &mut Vec<u8>,
    each: impl FnMut(&str, bool) -> Option<usize>,
) -> Option<()> {
    let mut file = File::open(path).ok()?;
    file.seek(SeekFrom::Start(range.start)).ok()?;
    let len = range.end.saturating_sub(range.start);
    read_regions_from(&mut file, Some(len), buffer, each)
}

/// [`read_regions`] on the bytes `reader` gives: `len` of them exactly (`None` when it gives
/// fewer), or with `len` `None` every byte up to its end (a decompressed stream, whose size is
/// not known before it ends).
pub fn read_regions_from(
    reader: &mut dyn Read,
    len: Option<u64>,
    buffer: &mut Vec<u8>,
    mut each: impl FnMut(&str, bool) -> Option<usize>,
) -> Option<()> {
    let mut remaining = len;
    buffer.clear();
    buffer.reserve(CHUNK);
    loop {
        // As many bytes as are kept, at least: a region not taken for longer than a chunk is
        // read again only a logarithmic number of times.
        let chunk = CHUNK.max(buffer.len());
        let want = remaining.map_or(chunk, |r| {
            usize::try_from(r).map_or(chunk, |r| r.min(chunk))
        });
        // Appended without zeroing the space first (`read_to_end` reads into spare capacity).
        let old = buffer.len();
        buffer.reserve_exact(want);
        reader.take(want as u64).read_to_end(buffer).ok()?;
        let got = buffer.len() - old;
        let more = match &mut remaining {
            Some(r) => {
                if got != want {
                    return None;
                }
                *r -= want as u64;
                *r > 0
            }
            None => got == want,
        };
        let end = if more {
            match memchr::memrchr(b'\n', buffer) {
                Some(i) => i + 1,
                None => continue,
            }
        } else {
            buffer.len()
        };
        let region = std::str::from_utf8(&buffer[..end]).ok()?;
        let kept = each(region, more)?;
        if !more {
            return Some(());
        }
        buffer.drain(..kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first line, without its line feed, even without one at the end of the file; nothing
    /// after a byte-order mark, bytes that are not UTF-8 or a line longer than the search.
    #[test]
    fn first_line_of_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lines.txt");
        let long = "x".repeat(SEARCH + 1);
        let cases: [(&[u8], Option<&str>); 6] = [
            (b"A Q0 d 1 2 r\nB Q0 e 1 2 r\n", Some("A Q0 d 1 2 r")),
            (b"only line", Some("only line")),
            (b"", Some("")),
            (b"\xef\xbb\xbfA d L1\n", None),
            (b"A \xff L1\n", None),
            (long.as_bytes(), None),
        ];
        for (bytes, expected) in cases {
            std::fs::write(&path, bytes).unwrap();
            let mut file = File::open(&path).unwrap();
            assert_eq!(first_line(&mut file).as_deref(), expected);
        }
    }

    /// The ranges cover the file in order and each starts at a topic change (or the file's
    /// start), for any number of parts; a file without a topic change is one range.
    #[test]
    fn ranges_cover_the_file_and_start_at_topic_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lines.txt");
        let mut text = String::new();
        for t in 0..40 {
            for d in 0..(t * 7 % 13 + 1) {
                text.push_str(&format!("T{t} d{d} L1\n"));
            }
        }
        std::fs::write(&path, &text).unwrap();
        let size = text.len() as u64;
        for parts in [0, 1, 2, 3, 7, 50, 400] {
            let mut file = File::open(&path).unwrap();
            let ranges = cut_at_topic_changes(&mut file, size, parts).unwrap();
            assert_eq!(ranges.first().unwrap().start, 0);
            assert_eq!(ranges.last().unwrap().end, size);
            for w in ranges.windows(2) {
                assert_eq!(w[0].end, w[1].start);
                let before = text[..w[1].start as usize].lines().last().unwrap();
                let after = text[w[1].start as usize..].lines().next().unwrap();
                assert_ne!(before.split(' ').next(), after.split(' ').next(), "{parts}");
            }
        }
        std::fs::write(&path, "A x L1\n".repeat(100)).unwrap();
        let mut file = File::open(&path).unwrap();
        let whole = cut_at_topic_changes(&mut file, 700, 5).unwrap();
        assert_eq!((whole.len(), whole[0].clone()), (1, 0..700));
    }

    /// Regions are whole lines; what a reader leaves is handed over again, so taking nothing but
    /// the last line of each region still reads every line once, in order.
    #[test]
    fn regions_hand_back_what_was_not_taken() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lines.txt");
        let text: String = (0..300_000).map(|i| format!("line {i}\n")).collect();
        std::fs::write(&path, &text).unwrap();
        let mut seen = String::new();
        let mut regions = 0;
        read_regions(
            &path,
            0..text.len() as u64,
            &mut Vec::new(),
            |region, more| {
                regions += 1;
                assert!(region.ends_with('\n'));
                if !more {
                    seen.push_str(region);
                    return Some(region.len());
                }
                let last = region[..region.len() - 1].rfind('\n').map_or(0, |i| i + 1);
                seen.push_str(&region[..last]);
                Some(last)
            },
        )
        .unwrap();
        assert_eq!(seen, text);
        assert!(regions > 1);
        let stop = read_regions(&path, 0..10, &mut Vec::new(), |_, _| None);
        assert_eq!(stop, None);
        let short = read_regions(&path, 0..text.len() as u64 + 1, &mut Vec::new(), |r, _| {
            Some(r.len())
        });
        assert_eq!(short, None);
    }
}
