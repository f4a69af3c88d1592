//! A run file read topic by topic, in chunks: each maximal block of consecutive lines of one topic
//! is ranked and handed to the caller as soon as it has been read, so that neither the file's
//! text nor an entry per run line is kept, and the file can be read in byte ranges that two
//! threads take in turn ([`plan_parts`] cuts it where the topic changes).
//!
//! A gzip file is read as one stream, decompressed as it is read (through the input limit,
//! [`super::input::input_limit`]), so that it takes no more memory than the plain file.
//!
//! This reader is a fast path only: it gives up (`None`) on anything unusual — a file that is not
//! a regular file or larger than the input limit, a byte-order mark, a first line that is blank or a comment, bytes that are not
//! UTF-8, a malformed line (a NUL byte, a blank or comment line of a res-form run), or a caller
//! that stops — and the caller then reads the file with [`super::read_text`] and
//! [`super::run::parse_run`], which report every error with its file, line and what was expected.
//! Whether each topic's lines are all in one block is known at the end ([`is_grouped`]), and a part
//! that meets a topic twice tells its caller sooner.
//! TREC lines are read by [`super::trec_line`] (the common line); other lines are split by
//! [`super::simple_line`] (the common line) or else [`super::line_fields`]
//! (the fields [`super::split_fields`] finds, in one pass with the line's end), parsed by [`super::run::line_from_fields`] and blocks ranked by
//! [`super::run::rank_by_score`], so a block of a grouped file is ranked exactly as `parse_run`
//! ranks its topic.

use std::fs::File;
use std::io::Read;
use std::ops::{ControlFlow, Range};
use std::path::Path;

use super::input::{MAX_INPUT, Stored, open_input, within_limit};
use super::line_fields::line_fields;
use super::run::{
    RunFormat, RunOrder, is_blank_or_comment, line_from_fields, rank_by_score, resolve_format,
};
use super::run_doc::RunDoc;
use super::simple_line::simple_line;
use super::topic_ranges::{
    SEARCH, cut_at_topic_changes, first_line, first_line_of, read_regions, read_regions_from,
};
use super::trec_line::trec_line;

/// A block of consecutive lines of one topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block<'a> {
    pub topic: &'a str,
    /// 1-based line of the block's first line, counted from the start of the byte range read.
    pub first_line: usize,
}

/// How a run file is read: its resolved syntax and ranking, and its byte ranges.
#[derive(Debug, Clone, PartialEq)]
pub struct Parts<'p> {
    pub path: &'p Path,
    /// Whether the file is gzip: then it is read as one stream, decompressed as it is read (one
    /// range, `0..0`, which stands for the whole stream).
    pub stored: Stored,
    /// The resolved syntax (see [`super::run::resolve_format`]).
    pub format: RunFormat,
    pub order: RunOrder,
    /// Ranges of whole lines covering the file in order, at least one; each but the first starts
    /// at a line whose topic differs from the previous line's (see [`plan_parts`]).
    pub ranges: Vec<Range<u64>>,
}

/// Bytes per part, about: a file is cut at about every this many bytes (at least in two, at most
/// in [`MAX_PARTS`]), so that two threads taking parts in turn stay busy until the end.
const PART_BYTES: u64 = 1 << 22;

/// The most parts a file is cut into.
const MAX_PARTS: u64 = 32;

/// How the run at `path` is read in parts, or `None` (the fast path gives up) when it is not a
/// regular file, starts with a byte-order mark or its first line does not decide `format` (see
/// [`first_line`]).
///
/// The file is cut at the first topic change after each of `k · size / n` (k = 1 … n − 1, n
/// parts of about [`PART_BYTES`]); a point without a topic change within [`super::topic_ranges::SEARCH`] bytes is
/// not cut, so each part holds whole topics wherever the file is grouped.
pub fn plan_parts(path: &Path, format: RunFormat, order: RunOrder) -> Option<Parts<'_>> {
    let mut file = File::open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() {
        return None;
    }
    if super::input::file_is_gzip(path) {
        let mut head = Vec::new();
        open_input(path, MAX_INPUT)
            .ok()?
            .reader
            .take(SEARCH as u64)
            .read_to_end(&mut head)
            .ok()?;
        let first = first_line_of(&head)?;
        if is_blank_or_comment(&first) {
            return None;
        }
        return Some(Parts {
            path,
            stored: Stored::Gzip,
            format: resolve_format(path, &first, format).ok()?,
            order,
            ranges: std::iter::once(0..0).collect(),
        });
    }
    let size = meta.len();
    if !within_limit(size) {
        return None;
    }
    let first = first_line(&mut file)?;
    if is_blank_or_comment(&first) {
        return None;
    }
    let format = resolve_format(path, &first, format).ok()?;
    let n = (size / PART_BYTES).clamp(2, MAX_PARTS);
    let ranges = cut_at_topic_changes(&mut file, size, n)?;
    Some(Parts {
        path,
        stored: Stored::Plain,
        format,
        order,
        ranges,
    })
}

/// Reads `range` of the run and calls `each` with every block of consecutive lines of one topic
/// and its documents, ranked as `parse_run` ranks a topic. Returns the number of lines read, or
/// `None` when the reader gives up (see the module) or `each` breaks. `buffer` holds the bytes
/// read; a caller reading several ranges passes the same one (its pages are then touched once).
pub fn read_blocks(
    parts: &Parts<'_>,
    range: Range<u64>,
    buffer: &mut Vec<u8>,
    mut each: impl FnMut(Block<'_>, &[RunDoc<'_>]) -> ControlFlow<()>,
) -> Option<usize> {
    let mut line = 1;
    let take = |region: &str, more| {
        let (kept, kept_line) = region_blocks(parts, region, line, more, &mut each)?;
        line = kept_line;
        Some(kept)
    };
    match parts.stored {
        Stored::Plain => read_regions(parts.path, range, buffer, take)?,
        Stored::Gzip => {
            // Read through the input limit: a stream longer than it gives up, and the whole-file
            // reader then reports the limit.
            let opened = open_input(parts.path, MAX_INPUT).ok()?;
            let mut limited = opened.reader.take(opened.limit);
            read_regions_from(&mut limited, None, buffer, take)?;
            if limited.into_inner().read(&mut [0u8; 1]).ok()? != 0 {
                return None;
            }
        }
    }
    Some(line - 1)
}

/// Hands over the blocks of `region` (whole lines, the first being line `first_line`), all of
/// them when `!more`, else all but the last, which may continue after the region. Returns the
/// byte offset and line number where the part not handed over starts (the region's end and the
/// line after its last when everything was), or `None` on a malformed line or a break.
fn region_blocks<'b>(
    parts: &Parts<'_>,
    region: &'b str,
    first_line: usize,
    more: bool,
    each: &mut impl FnMut(Block<'_>, &[RunDoc<'_>]) -> ControlFlow<()>,
) -> Option<(usize, usize)> {
    let rank = parts.format == RunFormat::Trec && parts.order == RunOrder::Score;
    let mut hand_over = |block: Block<'b>, docs: &mut Vec<RunDoc<'b>>| {
        if rank {
            rank_by_score(docs);
        }
        let flow = each(block, docs);
        docs.clear();
        flow
    };
    let mut docs: Vec<RunDoc<'b>> = Vec::new();
    let mut block = Block {
        topic: "",
        first_line,
    };
    let mut block_start = 0;
    let mut offset = 0;
    let mut n = first_line;
    let trec = parts.format == RunFormat::Trec;
    while offset < region.len() {
        let fast = if trec {
            trec_line(region, offset)
        } else {
            None
        };
        let (topic, doc, next) = match fast {
            Some(l) => {
                let doc = RunDoc {
                    doc: l.doc,
                    score: l.score,
                    line: n,
                };
                (l.topic, doc, l.next)
            }
            None => match general_line(parts, region, offset, n)? {
                General::Doc(topic, doc, next) => (topic, doc, next),
                General::Skipped(next) => {
                    offset = next;
                    n += 1;
                    continue;
                }
            },
        };
        if topic != block.topic {
            if !docs.is_empty() && hand_over(block, &mut docs).is_break() {
                return None;
            }
            block = Block {
                topic,
                first_line: n,
            };
            block_start = offset;
        }
        docs.push(doc);
        offset = next;
        n += 1;
    }
    if more {
        return Some((block_start, block.first_line));
    }
    if !docs.is_empty() && hand_over(block, &mut docs).is_break() {
        return None;
    }
    Some((region.len(), n))
}

/// A line read by the general path.
enum General<'b> {
    /// Its topic, its document and where the next line starts.
    Doc(&'b str, RunDoc<'b>, usize),
    /// A blank or comment line of a TREC run, skipped; where the next line starts.
    Skipped(usize),
}

/// The line `n` starting at byte `offset` of `region` read by the general path, or `None` when it
/// is malformed (the whole-file parser then reports it).
fn general_line<'b>(
    parts: &Parts<'_>,
    region: &'b str,
    offset: usize,
    n: usize,
) -> Option<General<'b>> {
    let (fields, count, next) = match simple_line::<6>(region, offset) {
        Some(simple) => simple,
        None => {
            let general = line_fields::<6>(region, offset);
            // A simple line has no NUL byte; any other line is checked.
            if region.as_bytes()[offset..general.2].contains(&0) {
                return None;
            }
            general
        }
    };
    let line = &region[offset..next];
    if is_blank_or_comment(line) {
        return (parts.format == RunFormat::Trec).then_some(General::Skipped(next));
    }
    let (topic, doc) = line_from_fields(parts.path, n, line, fields, count, parts.format).ok()?;
    Some(General::Doc(topic, doc, next))
}

/// Whether every topic of `topics` (one entry per block) has a single block (the run file lists
/// each topic's lines together).
pub fn is_grouped(topics: &[&str]) -> bool {
    let mut topics = topics.to_vec();
    topics.sort_unstable();
    topics.windows(2).all(|w| w[0] != w[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::run::parse_run;

    /// A block: topic, first line and (document, line) in rank order.
    type Read = (String, usize, Vec<(String, usize)>);

    /// Every block of both parts, with whole-file line numbers.
    fn blocks_in_file(path: &Path, order: RunOrder) -> Option<Vec<Read>> {
        let parts = plan_parts(path, RunFormat::Auto, order)?;
        let mut out: Vec<Read> = Vec::new();
        let mut offset = 0;
        for range in parts.ranges.clone() {
            let mut blocks: Vec<Read> = Vec::new();
            let lines = read_blocks(&parts, range, &mut Vec::new(), |b, docs| {
                let docs = docs.iter().map(|d| (d.doc.to_string(), d.line)).collect();
                blocks.push((b.topic.to_string(), b.first_line, docs));
                ControlFlow::Continue(())
            })?;
            for (topic, first, docs) in blocks {
                let docs = docs.into_iter().map(|(d, l)| (d, offset + l)).collect();
                out.push((topic, offset + first, docs));
            }
            offset += lines;
        }
        Some(out)
    }

    /// On grouped runs (TREC and res form, CRLF, no final newline, topics of several chunks), the
    /// blocks are parse_run's topics in file order, ranked alike, for both orders, with whole-file
    /// lines; the parts never cut a topic.
    #[test]
    fn blocks_of_a_grouped_run_are_parse_runs_topics() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.txt");
        let mut big = String::new();
        for t in 0..5 {
            for d in 0..40_000 {
                big.push_str(&format!("T{t} Q0 doc{} 1 {} r\n", d % 30_000 + d, d % 17));
            }
        }
        let texts = [
            "B Q0 d1 1 0.5 r\nB Q0 d3 2 0.5 r\nB Q0 d2 3 0.9 r\nA Q0 x 1 1 r\r\nA Q0 y 2 2 r\nC Q0 z 1 0 r",
            "B Q0 d1 1 0.5 r x y\n\nB Q0 d3 2 0.5 r\n  # note\nB Q0 d2 3 0.9 r\n \t\nA Q0 x 1 1 r\n#\n",
            "B d1\nB d3\nA x\n",
            "A d\n",
            &big,
        ];
        for text in texts {
            std::fs::write(&path, text).unwrap();
            for order in [RunOrder::Score, RunOrder::File] {
                let blocks = blocks_in_file(&path, order).unwrap();
                let topics: Vec<&str> = blocks.iter().map(|b| b.0.as_str()).collect();
                assert!(is_grouped(&topics));
                let mut parsed = parse_run(&path, text, RunFormat::Auto, order).unwrap();
                parsed.sort_by_key(|t| t.docs.iter().map(|d| d.line).min());
                assert_eq!(blocks.len(), parsed.len());
                for ((topic, first, docs), parsed) in blocks.iter().zip(&parsed) {
                    assert_eq!(topic, parsed.topic);
                    let expected: Vec<(String, usize)> = parsed
                        .docs
                        .iter()
                        .map(|d| (d.doc.to_string(), d.line))
                        .collect();
                    assert_eq!(docs, &expected);
                    assert_eq!(*first, parsed.docs.iter().map(|d| d.line).min().unwrap());
                }
            }
        }
    }

    /// A topic in two places gives two blocks (not grouped); malformed lines, bad UTF-8, a
    /// byte-order mark, a bad first line and a missing file make the reader give up.
    #[test]
    fn unusual_files_are_left_to_the_whole_file_parser() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.txt");
        std::fs::write(&path, "A Q0 x 1 1 r\nB Q0 y 1 1 r\nA Q0 z 2 0 r\n").unwrap();
        let blocks = blocks_in_file(&path, RunOrder::Score).unwrap();
        let topics: Vec<&str> = blocks.iter().map(|b| b.0.as_str()).collect();
        assert_eq!(topics, ["A", "B", "A"]);
        assert!(!is_grouped(&topics));
        for bad in [
            &b"A Q0 x 1 1 r\nA Q0 y 1 nan r\n"[..],
            b"A Q0 x 1 1 r\nA Q0 y\x00 1 1 r\n",
            b"# run\nA Q0 x 1 1 r\n",
            b"\nA Q0 x 1 1 r\n",
            b"A x\n# note\nA y\n",
            b"A x\n\nA y\n",
            b"A Q0 x 1 1 r\nA Q0 \xff 1 1 r\n",
            b"\xef\xbb\xbfA Q0 x 1 1 r\n",
            b"A Q0 x 1\n",
            b"A Q0 x 1 1 r\nA Q0 y 1 r\n",
        ] {
            std::fs::write(&path, bad).unwrap();
            assert!(blocks_in_file(&path, RunOrder::Score).is_none(), "{bad:?}");
        }
        assert!(blocks_in_file(&dir.path().join("missing"), RunOrder::Score).is_none());
    }
}
