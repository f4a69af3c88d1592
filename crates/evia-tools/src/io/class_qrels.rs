//! Qrels with equivalence classes, for `eval --ec` (NTCIREVAL 20200527 `label -ec` /
//! `compute -ec`): one line `topic doc Lx class` per judged document, the NTCIR qrels line with
//! the document's equivalence-class number (a positive integer) as a fourth field — NTCIREVAL's
//! per-topic rel file `doc Lx class` with the topic in front, as for ordinary NTCIR qrels.
//!
//! Fields are separated by runs of ASCII whitespace; a UTF-8 byte-order mark is ignored. Errors
//! name the line: a wrong field count, a malformed level (at most [`MAX_LEVEL`](super::qrels::MAX_LEVEL)) or class, a level
//! above the highest level with a gain, a document judged twice for a topic (naming both lines).

use std::collections::BTreeMap;
use std::path::Path;

use super::qrels::TopicSet;
use super::split_lines::{SplitLine, level_field, split_lines};
use super::{SourceError, shown};
use evia_engine::measures::{LevelGains, MeasureError, TopicJudgements};

/// One judged document with its class and line.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassJudged<'a> {
    pub doc: &'a str,
    pub level: u32,
    pub class: u32,
    /// 1-based line in the file.
    pub line: usize,
}

/// Judgements with classes grouped by topic (topics sorted, documents in file order).
pub type ClassQrels<'a> = BTreeMap<&'a str, Vec<ClassJudged<'a>>>;

/// Parses a qrels file with equivalence classes.
pub fn parse_class_qrels<'a>(path: &Path, text: &'a str) -> Result<ClassQrels<'a>, SourceError> {
    let mut out: ClassQrels<'a> = BTreeMap::new();
    let expected = "a qrels line with an equivalence class `topic doc Lx class` (--ec)";
    for line in split_lines::<4>(path, text, 4..=4, expected) {
        let SplitLine {
            number: n,
            fields: f,
            ..
        } = line?;
        let level = level_field(path, n, f[2], "third")?;
        let class = f[3]
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| f[3].parse::<u32>().ok())
            .flatten()
            .filter(|&c| c > 0)
            .ok_or_else(|| {
                SourceError::at_line(
                    path,
                    n,
                    format!(
                        "expected an equivalence-class number (an integer from 1 to {}) in the fourth field, found `{}`",
                        u32::MAX,
                        shown(f[3])
                    ),
                )
            })?;
        out.entry(f[0]).or_default().push(ClassJudged {
            doc: f[1],
            level,
            class,
            line: n,
        });
    }
    Ok(out)
}

/// The highest level judged in `qrels` (0 if empty).
pub fn max_level(qrels: &ClassQrels<'_>) -> u32 {
    qrels.values().flatten().map(|j| j.level).max().unwrap_or(0)
}

/// Builds each topic's equivalence-class judgements with `gains`. Topics without a class of
/// level ≥ 1 cannot be evaluated; they are returned separately.
pub fn class_judgements(
    path: &Path,
    qrels: &ClassQrels<'_>,
    gains: &LevelGains,
) -> Result<TopicSet, SourceError> {
    let mut set = TopicSet::default();
    for (topic, judged) in qrels {
        if let Some(j) = judged.iter().find(|j| j.level > gains.max_level()) {
            return Err(SourceError::at_line(
                path,
                j.line,
                format!(
                    "relevance level L{} is above the highest level with a gain (L{})",
                    j.level,
                    gains.max_level()
                ),
            ));
        }
        let built =
            TopicJudgements::from_classes(judged.iter().map(|j| (j.doc, j.level, j.class)), gains);
        match built {
            Ok(t) => {
                set.topics.insert(topic.to_string(), t);
            }
            Err(MeasureError::NoRelevant) => {
                set.without_relevant.insert(topic.to_string());
            }
            Err(MeasureError::DuplicateJudgement(doc)) => {
                let mut lines = judged.iter().filter(|j| j.doc == doc).map(|j| j.line);
                let first = lines.next().unwrap_or(0);
                let again = lines.next().unwrap_or(0);
                return Err(SourceError::at_line(
                    path,
                    again,
                    format!(
                        "document {} of topic {} is judged again (first judged on line {first})",
                        shown(&doc),
                        shown(topic)
                    ),
                ));
            }
            Err(e) => {
                return Err(SourceError::whole_file(
                    path,
                    format!("topic {}: {e}", shown(topic)),
                ));
            }
        }
    }
    Ok(set)
}
