//! Per-level qrels (NTCIR `topic doc Lx`, TREC `topic 0 doc rel`) read straight into each topic's
//! judgements. The file is cut where the topic changes into byte ranges that two threads take in
//! turn and read in chunks ([`super::topic_ranges`]); each block of consecutive lines of one topic
//! goes into a [`LevelJudgementsBuilder`] as it is read, finished with the gains as soon as its
//! block ends when the gains are given, else at the end, once H (the highest level in the file)
//! is known. Neither the file's text nor an entry per line is kept: on `eval`'s benchmark
//! collection (600,000 judgements, 16.7 MB) keeping the text and a 32-byte entry per line would
//! be about 40% of the memory `eval` touches.
//!
//! A fast path only: it gives up (`None`) on anything unusual — gzip data, a file that is not a regular file
//! or is smaller than [`super::text_halves::MIN_SPLIT`], a byte-order mark, a first line that does not decide the
//! syntax (a comment line among them), bytes that are not UTF-8, a NUL byte, any line that is not
//! a judgement of the file's syntax (a TREC comment line is skipped, as the other path skips it), a level
//! above the given gains' highest (or [`MAX_LEVEL`]), a document judged twice for a topic, a topic
//! whose lines are not all together, no level above L0 with the default gains, or any error of a
//! topic's judgements but having no relevant document — and the caller then reads the file as
//! before ([`super::qrels_halves`]), which reports every error with its file and line. The
//! judgements are the same on both paths: each line is split and its level parsed by the same
//! functions, the other path builds each topic with `TopicJudgements::from_levels`, which is a
//! [`LevelJudgementsBuilder`] filled and finished in the same way, and the topics are in sorted
//! order (the tests compare the two on NTCIR and TREC files, with given and default gains).

use std::ops::Range;
use std::path::Path;

use super::READ_THREADS;
use super::ids::all_pass;
use super::line_fields::line_fields;
use super::qrels::{
    MAX_LEVEL, QrelsFormat, TopicSet, is_comment, parse_ntcir_level, parse_trec_level,
};
use super::simple_line::simple_line;
use super::text_halves::open_large_plain;
use super::topic_ranges::{cut_at_topic_changes, first_line, read_regions};
use crate::parallel::{map_in_turn, map_owned_in_halves};
use evia_engine::measures::{
    LevelGains, LevelJudgementsBuilder, MeasureError, Relevance, TopicJudgements,
};

/// Bytes per range, about: the file is cut at about every this many bytes (at least in two, at
/// most in [`MAX_PARTS`]), so that two threads taking ranges in turn stay busy until the end.
const PART_BYTES: u64 = 1 << 20;

/// The most ranges a file is cut into.
const MAX_PARTS: u64 = 64;

/// The judgements of the qrels at `path` with `gains` (`None`: linear gains up to the highest
/// level in the file), or `None` when the fast path gives up (see the module).
pub fn read_level_topics(
    path: &Path,
    format: QrelsFormat,
    gains: Option<&LevelGains>,
) -> Option<TopicSet> {
    let (mut file, size) = open_large_plain(path)?;
    let first = first_line(&mut file)?;
    if is_comment(&first) {
        return None;
    }
    let format = match (format, line_fields::<4>(&first, 0).1) {
        (QrelsFormat::Auto, 3) => QrelsFormat::Ntcir,
        (QrelsFormat::Auto, 4) => QrelsFormat::Trec,
        (QrelsFormat::Auto, _) => return None,
        (known, _) => known,
    };
    let ranges = cut_at_topic_changes(&mut file, size, (size / PART_BYTES).clamp(2, MAX_PARTS))?;
    let reading = Reading {
        path,
        ranges: &ranges,
        format,
    };
    let topics = match gains {
        // Each topic is finished as soon as its block ends.
        Some(gains) => reading.topics(gains.max_level(), &|b| b.finish(gains))?,
        // H is known once every topic is read.
        None => {
            let built = reading.topics(MAX_LEVEL, &|b| b)?;
            let highest = built.iter().map(|(_, b)| b.highest_level()).max()?;
            if highest == 0 {
                return None;
            }
            let gains = LevelGains::linear(highest).ok()?;
            map_owned_in_halves(built, |(topic, b)| (topic, b.finish(&gains)))
        }
    };
    topic_set(topics)
}

/// A qrels file being read: its ranges and its syntax.
struct Reading<'a> {
    path: &'a Path,
    ranges: &'a [Range<u64>],
    format: QrelsFormat,
}

impl Reading<'_> {
    /// Every topic of the file, in file order, each block of consecutive lines of one topic read
    /// into a builder accepting levels up to `bound` and handed to `done` when it ends; the ranges
    /// taken in turn by two threads. `None` when the reader gives up (see the module).
    fn topics<T: Send>(
        &self,
        bound: u32,
        done: &(dyn Fn(LevelJudgementsBuilder) -> T + Sync),
    ) -> Option<Vec<(String, T)>> {
        let parts = map_in_turn(self.ranges, READ_THREADS, |range, buffer: &mut Vec<u8>| {
            self.range_topics(range, buffer, bound, done)
        });
        let mut topics = Vec::new();
        for part in parts {
            topics.extend(part?);
        }
        Some(topics)
    }

    /// The topics of one range, as [`Self::topics`].
    fn range_topics<T>(
        &self,
        range: &Range<u64>,
        buffer: &mut Vec<u8>,
        bound: u32,
        done: &(dyn Fn(LevelJudgementsBuilder) -> T + Sync),
    ) -> Option<Vec<(String, T)>> {
        let mut topics = Vec::new();
        // The size of the last topic read, the room given to the next one.
        let (mut docs_hint, mut bytes_hint) = (0, 0);
        read_regions(self.path, range.clone(), buffer, |region, more| {
            let mut block: Option<(&str, LevelJudgementsBuilder, usize)> = None;
            let mut block_start = 0;
            let mut at = 0;
            while at < region.len() {
                let (fields, count, next) = match simple_line::<4>(region, at) {
                    Some(simple) => simple,
                    None => {
                        let general = line_fields::<4>(region, at);
                        // A NUL byte is an error the other path reports (a simple line has none).
                        if region.as_bytes()[at..general.2].contains(&0) {
                            return None;
                        }
                        general
                    }
                };
                if region.as_bytes()[at] == b'#' {
                    // A comment: skipped in TREC qrels, an error the other path reports in NTCIR.
                    if self.format != QrelsFormat::Trec {
                        return None;
                    }
                    at = next;
                    continue;
                }
                let (topic, doc, level) = judgement(self.format, &fields, count)?;
                if !all_pass(&[topic, doc]) {
                    return None;
                }
                match &mut block {
                    Some((t, b, bytes)) if *t == topic => {
                        b.insert_relevance(doc, level).ok()?;
                        *bytes += doc.len();
                    }
                    _ => {
                        if let Some((t, b, bytes)) = block.take() {
                            (docs_hint, bytes_hint) = (b.len(), bytes);
                            topics.push((t.to_string(), done(b)));
                        }
                        let mut b = LevelJudgementsBuilder::with_capacity(
                            docs_hint + docs_hint / 8,
                            bytes_hint + bytes_hint / 8,
                            bound,
                        );
                        b.insert_relevance(doc, level).ok()?;
                        block = Some((topic, b, doc.len()));
                        block_start = at;
                    }
                }
                at = next;
            }
            if more {
                // The last block may go on in the next chunk: it is read again from its start.
                return Some(block_start);
            }
            if let Some((t, b, _)) = block {
                topics.push((t.to_string(), done(b)));
            }
            Some(region.len())
        })?;
        Some(topics)
    }
}

/// A judgement line's topic, document and relevance, or `None` when it is not a judgement of
/// `format` (the fields as [`line_fields`] gives them, `count` of them).
fn judgement<'a>(
    format: QrelsFormat,
    f: &[&'a str; 4],
    count: usize,
) -> Option<(&'a str, &'a str, Relevance)> {
    match (format, count) {
        (QrelsFormat::Ntcir, 3) => Some((f[0], f[1], Relevance::Level(parse_ntcir_level(f[2])?))),
        (QrelsFormat::Trec, 4) => Some((f[0], f[2], parse_trec_level(f[3])?)),
        _ => None,
    }
}

/// The topics as a [`TopicSet`] (topics without a relevant document set apart), or `None` when a
/// topic's lines were not all together or a topic has another error.
fn topic_set(mut topics: Vec<(String, Result<TopicJudgements, MeasureError>)>) -> Option<TopicSet> {
    topics.sort_by(|a, b| a.0.cmp(&b.0));
    if topics.windows(2).any(|w| w[0].0 == w[1].0) {
        return None;
    }
    let mut set = TopicSet::default();
    let mut evaluable = Vec::with_capacity(topics.len());
    for (topic, built) in topics {
        match built {
            Ok(t) => evaluable.push((topic, t)),
            Err(MeasureError::NoRelevant) => {
                set.without_relevant.insert(topic);
            }
            Err(_) => return None,
        }
    }
    // Sorted keys: the map is built in one pass.
    set.topics = evaluable.into_iter().collect();
    Some(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::qrels::parse_level_qrels;

    /// The judgements of one thread's parse (`parse_level_qrels` + `judgements`), with `gains`
    /// or the default linear gains.
    fn one_thread(path: &Path, gains: Option<&LevelGains>) -> TopicSet {
        let text = std::fs::read_to_string(path).unwrap();
        let q = parse_level_qrels(path, &text, QrelsFormat::Auto).unwrap();
        let linear = LevelGains::linear(q.max_level()).unwrap();
        q.judgements(path, gains.unwrap_or(&linear)).unwrap()
    }

    fn assert_same(a: &TopicSet, b: &TopicSet, docs: &[String]) {
        assert_eq!(a.without_relevant, b.without_relevant);
        assert_eq!(a.topics.len(), b.topics.len());
        for ((ta, ja), (tb, jb)) in a.topics.iter().zip(&b.topics) {
            assert_eq!(ta, tb);
            assert_eq!(ja.ideal(), jb.ideal(), "{ta}");
            for d in docs {
                assert_eq!(ja.get(d), jb.get(d), "{ta} {d}");
            }
        }
    }

    /// A qrels text of `topics` topics (in the given order, some without relevant documents),
    /// NTCIR or TREC lines (negative TREC levels included, and comment lines after some TREC
    /// topics), CRLF or tabs on some lines: above the split size, so read in several ranges.
    fn qrels_text(trec: bool, topics: &[u32]) -> String {
        let mut text = String::new();
        for &t in topics {
            for d in 0..(700 + t * 37 % 500) {
                let level = if t % 5 == 0 { 0 } else { (d * 7 + t) % 4 };
                let end = if d % 11 == 0 { "\r\n" } else { "\n" };
                if trec {
                    let rel = match d % 3 {
                        _ if level > 0 => level as i32,
                        0 => -1,
                        1 => -2,
                        _ => 0,
                    };
                    text.push_str(&format!("T{t:03} 0 doc-{t}-{d} {rel}{end}"));
                } else {
                    let sep = if d % 13 == 0 { '\t' } else { ' ' };
                    text.push_str(&format!("T{t:03}{sep}doc-{t}-{d} L{level}{end}"));
                }
            }
            if trec && t % 2 == 0 {
                text.push_str("# a comment, T999 0 x 1\n");
            }
        }
        text
    }

    /// On grouped files (NTCIR and TREC, topics out of order, without relevant documents), the
    /// judgements are one thread's, with given and with default gains.
    #[test]
    fn judgements_are_one_threads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("qrels.txt");
        let order: Vec<u32> = (0..60).map(|i| (i * 17) % 60).collect();
        let docs: Vec<String> = ["doc-1-0", "doc-3-5", "doc-17-40", "doc-59-700", "x"]
            .iter()
            .map(|d| d.to_string())
            .collect();
        for trec in [false, true] {
            let text = qrels_text(trec, &order);
            assert!(text.len() as u64 > super::super::text_halves::MIN_SPLIT);
            std::fs::write(&path, &text).unwrap();
            let given = LevelGains::new(&[1.0, 2.0, 3.0, 4.0, 9.0]).unwrap();
            for gains in [None, Some(&given)] {
                let fast = read_level_topics(&path, QrelsFormat::Auto, gains).unwrap();
                assert!(!fast.without_relevant.is_empty());
                assert_same(&fast, &one_thread(&path, gains), &docs);
            }
        }
    }

    /// Anything the one-thread parse would report, and files it does not read this way, make
    /// the reader give up: a document judged twice, a topic in two places, a malformed line, an
    /// empty line, a comment line in NTCIR qrels, a NUL byte, a level above the given gains, a
    /// byte-order mark, a small file, no level above L0, bytes that are not UTF-8, a first line
    /// that is a comment.
    #[test]
    fn unusual_files_are_left_to_the_one_thread_parse() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("qrels.txt");
        let order: Vec<u32> = (1..60).collect();
        let text = qrels_text(false, &order);
        let middle = text[text.len() / 2..].find('\n').unwrap() + text.len() / 2 + 1;
        let (head, tail) = text.split_at(middle);
        let gains = LevelGains::linear(3).unwrap();
        let cases: Vec<(Vec<u8>, Option<&LevelGains>)> = vec![
            (format!("{head}T030 doc-30-0 L1\n{tail}").into_bytes(), None),
            (format!("{text}T001 other L1\n").into_bytes(), None),
            (
                format!("{head}T030 doc-x L1 extra\n{tail}").into_bytes(),
                None,
            ),
            (format!("{head}\n{tail}").into_bytes(), None),
            (format!("{head}# comment\n{tail}").into_bytes(), None),
            (format!("{head}T030 doc\0x L1\n{tail}").into_bytes(), None),
            (format!("# comment\n{text}").into_bytes(), None),
            (
                format!("{head}T030 doc-y L4\n{tail}").into_bytes(),
                Some(&gains),
            ),
            (format!("\u{feff}{text}").into_bytes(), None),
            (text.as_bytes()[..1000].to_vec(), None),
            (
                text.replace(" L1", " L0")
                    .replace(" L2", " L0")
                    .replace(" L3", " L0")
                    .into_bytes(),
                None,
            ),
            (
                [head.as_bytes(), b"T030 doc-\xff L1\n", tail.as_bytes()].concat(),
                None,
            ),
        ];
        std::fs::write(&path, &text).unwrap();
        assert!(read_level_topics(&path, QrelsFormat::Auto, None).is_some());
        for (k, (bytes, gains)) in cases.into_iter().enumerate() {
            std::fs::write(&path, bytes).unwrap();
            assert!(
                read_level_topics(&path, QrelsFormat::Auto, gains).is_none(),
                "case {k}"
            );
        }
        assert!(read_level_topics(&dir.path().join("missing"), QrelsFormat::Auto, None).is_none());
    }
}
