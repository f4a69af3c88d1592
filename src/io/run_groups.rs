//! A run file read topic by topic: each maximal block of consecutive lines of one topic is ranked
//! and handed to the caller while the file is read, so that no entry is kept per run line.
//!
//! Run files list each topic's documents together in practice (trec_eval's and NTCIREVAL's
//! outputs, TREC submissions). Whether a file really is grouped so is known only at its end:
//! [`is_grouped`] tells, and a caller falls back to [`super::run::parse_run`] when it is not.
//! Lines are parsed by [`super::run::parse_line`], so errors are exactly `parse_run`'s (file,
//! line, what was expected), and blocks are ranked by [`super::run::rank_by_score`], so a block of
//! a grouped file is ranked exactly as `parse_run` ranks its topic.
//!
//! The text can be split into two parts at a line where the topic changes
//! ([`split_at_topic_change`]) and the parts read on two threads.

use std::path::Path;

use super::SourceError;
use super::run::{RunDoc, RunFormat, RunOrder, parse_line, rank_by_score};

/// A block of consecutive lines of one topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block<'a> {
    pub topic: &'a str,
    /// 1-based line of the block's first line in the file.
    pub first_line: usize,
}

/// How a part of a run is read.
#[derive(Debug, Clone, Copy)]
pub struct Reading<'p> {
    pub path: &'p Path,
    /// The resolved syntax (see [`super::run::resolve_format`]).
    pub format: RunFormat,
    pub order: RunOrder,
}

/// Reads `part`, whole lines of a run file whose first line is line `first_line` of the file,
/// and calls `each` with every block of consecutive lines of one topic and its documents, ranked
/// as [`super::run::parse_run`] ranks a topic. `docs` is the caller's buffer, reused from block to
/// block. The first malformed line is an error naming it (as `parse_run`); blocks before it have
/// been handed over already.
pub fn for_each_block<'a>(
    reading: Reading<'_>,
    part: &'a str,
    first_line: usize,
    docs: &mut Vec<RunDoc<'a>>,
    mut each: impl FnMut(Block<'a>, &[RunDoc<'a>]),
) -> Result<(), SourceError> {
    let rank = reading.format == RunFormat::Trec && reading.order == RunOrder::Score;
    let mut hand_over = |block: Block<'a>, docs: &mut Vec<RunDoc<'a>>| {
        if rank {
            rank_by_score(docs);
        }
        each(block, docs);
        docs.clear();
    };
    docs.clear();
    let mut block = Block {
        topic: "",
        first_line,
    };
    for (i, line) in part.lines().enumerate() {
        let n = first_line + i;
        let (topic, doc) = parse_line(reading.path, n, line, reading.format)?;
        if topic != block.topic {
            if !docs.is_empty() {
                hand_over(block, docs);
            }
            block = Block {
                topic,
                first_line: n,
            };
        }
        docs.push(doc);
    }
    if !docs.is_empty() {
        hand_over(block, docs);
    }
    Ok(())
}

/// Whether every topic of `blocks` has a single block (the run file lists each topic's lines
/// together), i.e. whether blocks and topics correspond one to one.
pub fn is_grouped(blocks: &[Block<'_>]) -> bool {
    let mut topics: Vec<&str> = blocks.iter().map(|b| b.topic).collect();
    topics.sort_unstable();
    topics.windows(2).all(|w| w[0] != w[1])
}

/// How far past the middle (in bytes) a topic change is looked for; without one there, the text
/// is not split.
const SEARCH_LIMIT: usize = 1 << 20;

/// `text` split into two parts of whole lines, the second starting at the first line at or after
/// the middle whose topic (first field) differs from the previous line's, so that a grouped run's
/// topics are not cut in two. The second part is empty when no such line is found within
/// [`SEARCH_LIMIT`] bytes of the middle.
pub fn split_at_topic_change(text: &str) -> (&str, &str) {
    let bytes = text.as_bytes();
    let Some(start) = bytes[bytes.len() / 2..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| bytes.len() / 2 + i + 1)
    else {
        return (text, "");
    };
    let previous_start = bytes[..start - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let mut previous = first_field(&text[previous_start..start]);
    let mut at = start;
    while at < bytes.len() && at - start < SEARCH_LIMIT {
        let end = bytes[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| at + i + 1);
        let topic = first_field(&text[at..end]);
        if topic != previous {
            return text.split_at(at);
        }
        previous = topic;
        at = end;
    }
    (text, "")
}

/// The first whitespace-separated field of `line` ("" if it has none).
fn first_field(line: &str) -> &str {
    line.split_ascii_whitespace().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::run::parse_run;

    fn blocks_of(text: &str, order: RunOrder) -> Vec<(Block<'_>, Vec<RunDoc<'_>>)> {
        let reading = Reading {
            path: Path::new("run.txt"),
            format: RunFormat::Trec,
            order,
        };
        let mut out = Vec::new();
        let mut docs = Vec::new();
        for_each_block(reading, text, 1, &mut docs, |b, d| {
            out.push((b, d.to_vec()))
        })
        .unwrap();
        out
    }

    /// On a grouped run, the blocks are parse_run's topics (in file order), ranked alike, for
    /// both orders; every split keeps whole lines and never cuts a topic.
    #[test]
    fn blocks_of_a_grouped_run_are_parse_runs_topics() {
        let text = "B Q0 d1 1 0.5 r\nB Q0 d3 2 0.5 r\nB Q0 d2 3 0.9 r\nA Q0 x 1 1 r\r\n\
                    A Q0 y 2 2 r\nC Q0 z 1 0 r";
        for order in [RunOrder::Score, RunOrder::File] {
            let blocks = blocks_of(text, order);
            assert!(is_grouped(&blocks.iter().map(|b| b.0).collect::<Vec<_>>()));
            let mut parsed = parse_run(Path::new("run.txt"), text, RunFormat::Trec, order).unwrap();
            parsed.sort_by_key(|t| t.docs.iter().map(|d| d.line).min());
            assert_eq!(blocks.len(), parsed.len());
            for ((block, docs), topic) in blocks.iter().zip(&parsed) {
                assert_eq!(block.topic, topic.topic);
                assert_eq!(&topic.docs, docs);
                assert_eq!(block.first_line, docs.iter().map(|d| d.line).min().unwrap());
            }
        }
        for cut in 0..text.len() {
            let (a, b) = split_at_topic_change(&text[..cut]);
            assert_eq!(format!("{a}{b}"), &text[..cut]);
            if !b.is_empty() {
                assert!(a.ends_with('\n'));
                assert_ne!(first_field(a.lines().last().unwrap()), first_field(b));
            }
        }
    }

    /// A topic whose lines are not together gives two blocks: the file is not grouped.
    #[test]
    fn a_topic_in_two_places_is_not_grouped() {
        let text = "A Q0 x 1 1 r\nB Q0 y 1 1 r\nA Q0 z 2 0 r\n";
        let blocks: Vec<Block<'_>> = blocks_of(text, RunOrder::Score)
            .into_iter()
            .map(|b| b.0)
            .collect();
        assert_eq!(blocks.len(), 3);
        assert!(!is_grouped(&blocks));
    }

    /// A malformed line is parse_run's error, naming the line counted from `first_line`.
    #[test]
    fn a_malformed_line_is_parse_runs_error() {
        let text = "A Q0 x 1 1 r\nA Q0 y 1 nan r\n";
        let reading = Reading {
            path: Path::new("run.txt"),
            format: RunFormat::Trec,
            order: RunOrder::Score,
        };
        let err = for_each_block(reading, text, 41, &mut Vec::new(), |_, _| {}).unwrap_err();
        let whole = "A Q0 w 1 1 r\n".repeat(40) + text;
        let expected = parse_run(
            Path::new("run.txt"),
            &whole,
            RunFormat::Trec,
            RunOrder::Score,
        )
        .unwrap_err();
        assert_eq!(err, expected);
    }
}
