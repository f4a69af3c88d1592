//! Per-level qrels parsed and turned into judgements on two threads: the text in two halves of
//! whole lines, then the topics in parts that two threads take in turn. `eval` comes here when
//! the faster reader [`super::qrels_blocks`] (which builds the judgements as it reads, without
//! keeping the text) gives up: on a file whose topics are not grouped, or to report an error.
//!
//! Only a faster way to the same result: the halves' judgements are merged in file order (a topic
//! whose lines straddle the split keeps them in order), and on any error — or when the first line
//! does not decide the syntax — the whole text is parsed again on one thread by
//! [`parse_level_qrels`], which reports it with its file and line exactly as before; the
//! judgements' error is the first topic's in order, as [`LevelQrels::judgements`] gives it. Small texts are read on one thread.

use std::collections::btree_map::Entry;
use std::path::Path;

use super::READ_THREADS;
use super::SourceError;
use super::line_fields::lines_with_fields;
use super::qrels::{
    LevelQrels, QrelsFormat, TopicSet, is_comment, parse_level_lines, parse_level_qrels,
};
use super::strip_bom;
use crate::parallel::map_in_turn;
use evia_engine::measures::LevelGains;

/// Texts shorter than this are parsed on one thread (a thread costs more than it saves).
const MIN_SPLIT: usize = 1 << 20;

/// [`parse_level_qrels`] of `text`, in two halves on two threads when it is large (see the
/// module); errors are one thread's.
pub fn parse_level_qrels_in_halves<'a>(
    path: &Path,
    text: &'a str,
    format: QrelsFormat,
) -> Result<LevelQrels<'a>, SourceError> {
    let text = strip_bom(text);
    match parse_in_halves(path, text, format) {
        Some(qrels) => Ok(qrels),
        None => parse_level_qrels(path, text, format),
    }
}

/// Topics per part of [`judgements_in_parts`] (on the benchmark collection about 4,800
/// judgements, 125 parts: a part costs far more than taking it from the counter).
const TOPICS_PER_PART: usize = 16;

/// [`LevelQrels::judgements`], the topics in parts of [`TOPICS_PER_PART`] taken by two threads
/// ([`map_in_turn`]); the error, if any, is the one the first topic in order with an error gives
/// (each part stops at its first error, and the parts are merged in order).
pub fn judgements_in_parts(
    qrels: &LevelQrels<'_>,
    path: &Path,
    gains: &LevelGains,
) -> Result<TopicSet, SourceError> {
    let topics: Vec<_> = qrels.topics.iter().collect();
    let parts: Vec<_> = topics.chunks(TOPICS_PER_PART).collect();
    let sets = map_in_turn(&parts, READ_THREADS, |part, _: &mut ()| {
        LevelQrels::judgements_of(part.iter().copied(), path, gains)
    });
    let mut evaluable = Vec::with_capacity(topics.len());
    let mut set = TopicSet::default();
    for part in sets {
        let part = part?;
        evaluable.extend(part.topics);
        set.without_relevant.extend(part.without_relevant);
    }
    // The parts are in topic order, so the map is built from sorted keys.
    set.topics = evaluable.into_iter().collect();
    Ok(set)
}

/// `text` parsed in two halves of whole lines on two threads and merged, or `None` when it is
/// small, its first line does not decide an `Auto` syntax, or a half has an error.
fn parse_in_halves<'a>(path: &Path, text: &'a str, format: QrelsFormat) -> Option<LevelQrels<'a>> {
    if text.len() < MIN_SPLIT {
        return None;
    }
    let split = text.len() / 2 + memchr::memchr(b'\n', &text.as_bytes()[text.len() / 2..])? + 1;
    let (first, second) = text.split_at(split);
    parse_split(path, first, second, format)
}

/// [`parse_level_qrels`] of a text given as two halves (`first` ends with a line feed, or is
/// the whole text), each parsed on its own thread, then merged; `None` on any error or when the
/// first line does not decide an `Auto` syntax (the caller then parses the whole text on one
/// thread, which reports the error). The texts read by [`super::text_halves`] come here.
pub fn parse_level_qrels_from_halves<'a>(
    path: &Path,
    first: &'a str,
    second: &'a str,
    format: QrelsFormat,
) -> Option<LevelQrels<'a>> {
    if first.starts_with(super::BOM) || !(first.is_empty() || first.ends_with('\n')) {
        return None;
    }
    parse_split(path, first, second, format)
}

/// Pieces each half of the text is cut into for [`parse_split`] (two threads take the pieces in
/// turn, so neither idles while the other parses a slower half).
const PIECES_PER_HALF: usize = 4;

/// The halves `first` and `second` of a text, cut into pieces of whole lines that two threads
/// parse in turn ([`map_in_turn`]), then merged in file order (see [`parse_in_halves`]). Each
/// piece is parsed with its own first line number (the line feeds before it, counted on the two
/// threads first), so the merge only moves each topic's judgements; only the first piece may
/// start with a byte-order mark, which [`parse_level_qrels`] skips.
fn parse_split<'a>(
    path: &Path,
    first: &'a str,
    second: &'a str,
    format: QrelsFormat,
) -> Option<LevelQrels<'a>> {
    let format = match format {
        // The first line that is not a comment decides (one of the first half, or give up).
        QrelsFormat::Auto => match lines_with_fields::<4>(first)
            .find(|l| !is_comment(l.text))?
            .count
        {
            3 => QrelsFormat::Ntcir,
            4 => QrelsFormat::Trec,
            _ => return None,
        },
        known => known,
    };
    let mut pieces = cut_lines(first, PIECES_PER_HALF);
    pieces.extend(cut_lines(second, PIECES_PER_HALF));
    let line_feeds = map_in_turn(&pieces, READ_THREADS, |piece, _: &mut ()| {
        line_feeds(piece.as_bytes())
    });
    let mut starts = Vec::with_capacity(pieces.len());
    let mut line = 1;
    for (k, (&piece, feeds)) in pieces.iter().zip(line_feeds).enumerate() {
        starts.push((k, piece, line));
        line += feeds;
    }
    let parsed = map_in_turn(&starts, READ_THREADS, |&(k, piece, line), _: &mut ()| {
        if k == 0 {
            parse_level_qrels(path, piece, format).ok()
        } else {
            parse_level_lines(path, piece, line, format).ok()
        }
    });
    let mut parsed = parsed.into_iter();
    let mut qrels = parsed.next()??;
    for later in parsed {
        for (topic, mut judged) in later?.topics {
            match qrels.topics.entry(topic) {
                Entry::Vacant(e) => {
                    e.insert(judged);
                }
                Entry::Occupied(mut e) => e.get_mut().append(&mut judged),
            }
        }
    }
    Some(qrels)
}

/// The line feeds in `bytes`, counted in blocks of 255 bytes on a byte-wide counter (a form
/// the compiler turns into vector instructions: about 0.4 instructions a byte, against 4.6 for
/// `filter(..).count()` on the bytes). A count, not a search: `memchr` has none, and its
/// iterator stops at every line feed, one every few dozen bytes here.
fn line_feeds(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|block| usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

/// `text` (whole lines) cut into about `n` pieces of whole lines, in order: each cut is just
/// after the first line feed at or after `k · len / n`. Every piece but the last ends with a
/// line feed; an empty text is one empty piece.
fn cut_lines(text: &str, n: usize) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut pieces = Vec::with_capacity(n);
    let mut start = 0;
    for k in 1..n {
        let point = (text.len() / n * k).max(start);
        let Some(at) = memchr::memchr(b'\n', &bytes[point..]) else {
            break;
        };
        let end = point + at + 1;
        if end < text.len() {
            pieces.push(&text[start..end]);
            start = end;
        }
    }
    pieces.push(&text[start..]);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line feeds are counted exactly across block boundaries (0, 254, 255, 256, 600 bytes,
    /// all line feeds or none).
    #[test]
    fn line_feeds_are_counted() {
        for len in [0, 1, 254, 255, 256, 510, 600] {
            assert_eq!(line_feeds(&vec![b'\n'; len]), len);
            assert_eq!(line_feeds(&vec![b'x'; len]), 0);
            let mixed: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'\n' } else { b'y' })
                .collect();
            assert_eq!(line_feeds(&mixed), len.div_ceil(3));
        }
    }

    /// The pieces are the text in order, every piece but the last ends with a line feed, and no
    /// piece is empty unless the text is (lines longer than a piece, no final line feed).
    #[test]
    fn pieces_are_whole_lines_in_order() {
        let texts = [
            String::new(),
            "one line without a line feed".to_string(),
            "a\n".to_string(),
            "a\nb\nc".to_string(),
            format!("{}\nshort\n", "x".repeat(100)),
            (0..50).map(|i| format!("T{i} d{i} L1\n")).collect(),
        ];
        for text in &texts {
            for n in 1..8 {
                let pieces = cut_lines(text, n);
                assert_eq!(pieces.concat(), *text, "{n} pieces of {text:?}");
                assert!(pieces.len() <= n.max(1));
                for (k, p) in pieces.iter().enumerate() {
                    assert!(!p.is_empty() || text.is_empty(), "{n}: piece {k}");
                    if k + 1 < pieces.len() {
                        assert!(p.ends_with('\n'), "{n}: piece {k}");
                    }
                }
            }
        }
    }

    /// On texts above the split size (NTCIR and TREC, a topic straddling the middle, topics out of
    /// order, CRLF), the judgements are those of one thread; errors in either half, and a first
    /// line of the wrong size, give one thread's error (same line, same words).
    #[test]
    fn two_threads_give_one_threads_judgements_and_errors() {
        let path = Path::new("q.txt");
        let gains = LevelGains::new(&[1.0, 2.0, 3.0]).unwrap();
        let mut ntcir = String::new();
        let mut trec = String::new();
        for t in [3, 1, 2, 0] {
            // Topic 2's lines, from the middle on, start with U+FEFF: a byte-order mark only at
            // the start of the file is skipped, so a piece starting there keeps it in the topic.
            let bom = if t == 2 { "\u{feff}" } else { "" };
            for d in 0..30_000 {
                let level = if t == 0 { 0 } else { d % 4 };
                ntcir.push_str(&format!("{bom}T{t} doc{d} L{level}\r\n"));
                trec.push_str(&format!("{bom}T{t} 0 doc{d} {level}\n"));
            }
        }
        assert!(ntcir.len() > MIN_SPLIT);
        let one = |text: &str, format| {
            let q = parse_level_qrels(path, text, format)?;
            q.judgements(path, &gains)
        };
        let two = |text: &str, format| {
            let q = parse_level_qrels_in_halves(path, text, format)?;
            judgements_in_parts(&q, path, &gains)
        };
        for text in [&ntcir, &trec] {
            for format in [QrelsFormat::Auto, QrelsFormat::Ntcir, QrelsFormat::Trec] {
                match (one(text, format), two(text, format)) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(a.without_relevant, b.without_relevant);
                        assert_eq!(a.topics.len(), b.topics.len());
                        for ((ta, ja), (tb, jb)) in a.topics.iter().zip(&b.topics) {
                            assert_eq!(ta, tb);
                            assert_eq!(ja.ideal(), jb.ideal());
                            for d in ["doc0", "doc1", "doc29999", "doc30000"] {
                                assert_eq!(ja.get(d), jb.get(d));
                            }
                        }
                    }
                    (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                    (a, b) => panic!("one thread {:?}, two {:?}", a.is_ok(), b.is_ok()),
                }
            }
        }
        let late = ntcir.len() * 3 / 4;
        let late = late + ntcir[late..].find('\n').unwrap() + 1;
        for bad in [
            format!("{}T1 doc5 L9\n", ntcir),
            format!("{}T9 doc1 L1 extra\n{}", &ntcir[..late], &ntcir[late..]),
            format!("{}T3 doc7 L1\n", ntcir),
            format!("T1 doc1\n{ntcir}"),
        ] {
            let a = one(&bad, QrelsFormat::Auto).unwrap_err().to_string();
            let b = two(&bad, QrelsFormat::Auto).unwrap_err().to_string();
            assert_eq!(a, b);
        }
    }
}
