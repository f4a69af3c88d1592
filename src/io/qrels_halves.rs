//! Per-level qrels parsed and turned into judgements on two threads: the text in two halves of
//! whole lines, then the topics in two halves. On a large collection (600,000 judgements) reading
//! the qrels was about a third of `eval`'s CPU time, done on one thread before the run is read.
//!
//! Only a faster way to the same result: the halves' judgements are merged in file order (a topic
//! whose lines straddle the split keeps them in order), and on any error — or when the first line
//! does not decide the syntax — the whole text is parsed again on one thread by
//! [`parse_level_qrels`], which reports it with its file and line exactly as before; the
//! judgements' error is the first topic's in order, as [`LevelQrels::judgements`] gives it. Small texts are read on one thread.

use std::collections::btree_map::Entry;
use std::path::Path;

use super::SourceError;
use super::line_fields::lines_with_fields;
use super::qrels::{LevelQrels, QrelsFormat, TopicSet, parse_level_qrels};
use super::strip_bom;
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

/// [`LevelQrels::judgements`], the first half of the topics on this thread and the second on
/// another; the error, if any, is the one the first topic in order with an error gives.
pub fn judgements_in_halves(
    qrels: &LevelQrels<'_>,
    path: &Path,
    gains: &LevelGains,
) -> Result<TopicSet, SourceError> {
    let k = qrels.topics.len() / 2;
    let (first, second) = std::thread::scope(|scope| {
        let second =
            scope.spawn(|| LevelQrels::judgements_of(qrels.topics.iter().skip(k), path, gains));
        let first = LevelQrels::judgements_of(qrels.topics.iter().take(k), path, gains);
        match second.join() {
            Ok(second) => (first, second),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    let (mut set, mut later) = (first?, second?);
    set.topics.append(&mut later.topics);
    set.without_relevant.append(&mut later.without_relevant);
    Ok(set)
}

/// `text` parsed in two halves of whole lines on two threads and merged, or `None` when it is
/// small, its first line does not decide an `Auto` syntax, or a half has an error.
fn parse_in_halves<'a>(path: &Path, text: &'a str, format: QrelsFormat) -> Option<LevelQrels<'a>> {
    if text.len() < MIN_SPLIT {
        return None;
    }
    let split = text.len() / 2
        + text.as_bytes()[text.len() / 2..]
            .iter()
            .position(|&b| b == b'\n')?
        + 1;
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

/// The halves `first` and `second` of a text parsed on two threads and merged (see
/// [`parse_in_halves`]).
fn parse_split<'a>(
    path: &Path,
    first: &'a str,
    second: &'a str,
    format: QrelsFormat,
) -> Option<LevelQrels<'a>> {
    let format = match format {
        QrelsFormat::Auto => match lines_with_fields::<4>(first).next()?.2 {
            3 => QrelsFormat::Ntcir,
            4 => QrelsFormat::Trec,
            _ => return None,
        },
        known => known,
    };
    let (first, second) = std::thread::scope(|scope| {
        let second = scope.spawn(|| parse_level_qrels(path, second, format).ok());
        let first = parse_level_qrels(path, first, format).ok();
        match second.join() {
            Ok(second) => (first, second),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    let (mut qrels, later) = (first?, second?);
    // Every line of the first half is a judgement, so its last line is the largest line judged.
    let offset = qrels
        .topics
        .values()
        .filter_map(|judged| judged.last())
        .map(|j| j.line)
        .max()
        .unwrap_or(0);
    for (topic, mut judged) in later.topics {
        for j in &mut judged {
            j.line += offset;
        }
        match qrels.topics.entry(topic) {
            Entry::Vacant(e) => {
                e.insert(judged);
            }
            Entry::Occupied(mut e) => e.get_mut().append(&mut judged),
        }
    }
    Some(qrels)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            for d in 0..30_000 {
                let level = if t == 0 { 0 } else { d % 4 };
                ntcir.push_str(&format!("T{t} doc{d} L{level}\r\n"));
                trec.push_str(&format!("T{t} 0 doc{d} {level}\n"));
            }
        }
        assert!(ntcir.len() > MIN_SPLIT);
        let one = |text: &str, format| {
            let q = parse_level_qrels(path, text, format)?;
            q.judgements(path, &gains)
        };
        let two = |text: &str, format| {
            let q = parse_level_qrels_in_halves(path, text, format)?;
            judgements_in_halves(&q, path, &gains)
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
