//! Intentwise qrels for diversity evaluation: one line `topic intent doc Lx` per judgement (the
//! layout of NTCIR INTENT/IMine's intentwise relevance files, all intents in one file), and the
//! topics built from them with an intent file.
//!
//! Fields are separated by runs of ASCII whitespace; a UTF-8 byte-order mark is ignored. Errors
//! name the line: a malformed field, an intent the intent file does not declare for the topic, a
//! topic the intent file does not have, a document judged twice for one intent, or a level above
//! the highest level with a gain.

use std::collections::BTreeMap;
use std::path::Path;

use super::SourceError;
use super::intents::TopicIntents;
use super::split_lines::{SplitLine, intent_field, level_field, split_lines};
use evia_engine::diversity::{DiversityError, DiversityTopic, IntentJudgement};
use evia_engine::measures::{LevelGains, MeasureError};

/// One intentwise judgement with its line.
#[derive(Debug, Clone, PartialEq)]
pub struct IntentJudged<'a> {
    pub intent: u32,
    pub doc: &'a str,
    pub level: u32,
    pub line: usize,
}

/// Parses intentwise qrels, grouped by topic (topics sorted, judgements in file order).
pub fn parse_intent_qrels<'a>(
    path: &Path,
    text: &'a str,
) -> Result<BTreeMap<&'a str, Vec<IntentJudged<'a>>>, SourceError> {
    let mut out: BTreeMap<&str, Vec<IntentJudged<'a>>> = BTreeMap::new();
    // The lines of the current run of one topic, moved into `out` when the topic changes (files
    // are grouped by topic, so this avoids a map lookup per line).
    let mut current: (&str, Vec<IntentJudged<'a>>) = ("", Vec::new());
    let expected = "an intentwise qrels line `topic intent doc Lx`";
    for line in split_lines::<4>(path, text, 4..=4, expected) {
        let SplitLine {
            number: n,
            fields: f,
            ..
        } = line?;
        let intent = intent_field(path, n, f[1])?;
        let level = level_field(path, n, f[3], "fourth")?;
        if f[0] != current.0 {
            flush(&mut out, &mut current);
            current.0 = f[0];
        }
        current.1.push(IntentJudged {
            intent,
            doc: f[2],
            level,
            line: n,
        });
    }
    flush(&mut out, &mut current);
    Ok(out)
}

/// Appends the current topic's lines to its entry of `out` (lines of one topic may come in
/// several runs; file order is kept).
fn flush<'a>(
    out: &mut BTreeMap<&'a str, Vec<IntentJudged<'a>>>,
    current: &mut (&'a str, Vec<IntentJudged<'a>>),
) {
    if !current.1.is_empty() {
        out.entry(current.0).or_default().append(&mut current.1);
    }
}

/// Diversity topics ready to evaluate, and the topics without any relevant document.
#[derive(Debug, Clone, Default)]
pub struct DiversityTopicSet {
    pub topics: BTreeMap<String, DiversityTopic>,
    pub without_relevant: Vec<String>,
}

/// Builds every topic of the intent file with its intentwise judgements (a topic without
/// judgements has no relevant document).
pub fn diversity_topics(
    intents_path: &Path,
    intents: &BTreeMap<String, TopicIntents>,
    qrels_path: &Path,
    qrels: &BTreeMap<&str, Vec<IntentJudged<'_>>>,
    gains: &LevelGains,
) -> Result<DiversityTopicSet, SourceError> {
    for (topic, judged) in qrels {
        if !intents.contains_key(*topic) {
            let line = judged.first().map_or(0, |j| j.line);
            return Err(SourceError::at_line(
                qrels_path,
                line,
                format!("topic {topic} has no intents in {}", intents_path.display()),
            ));
        }
    }
    let mut set = DiversityTopicSet::default();
    let empty = Vec::new();
    for (topic, ti) in intents {
        let judged = qrels.get(topic.as_str()).unwrap_or(&empty);
        let mut list = Vec::with_capacity(judged.len());
        for j in judged {
            let Some(position) = ti.intents.index_of(j.intent) else {
                return Err(SourceError::at_line(
                    qrels_path,
                    j.line,
                    format!(
                        "intent {} is not declared for topic {topic} in {}",
                        j.intent,
                        intents_path.display()
                    ),
                ));
            };
            if j.level > gains.max_level() {
                return Err(SourceError::at_line(
                    qrels_path,
                    j.line,
                    format!(
                        "relevance level L{} is above the highest level with a gain (L{})",
                        j.level,
                        gains.max_level()
                    ),
                ));
            }
            list.push(IntentJudgement {
                intent: position,
                doc: j.doc,
                level: j.level,
            });
        }
        match DiversityTopic::new(ti.intents.clone(), list, gains) {
            Ok(t) => {
                set.topics.insert(topic.clone(), t);
            }
            Err(DiversityError::Measure(MeasureError::NoRelevant)) => {
                set.without_relevant.push(topic.clone());
            }
            Err(DiversityError::DuplicateJudgement { intent, doc }) => {
                let mut lines = judged
                    .iter()
                    .filter(|j| j.intent == intent && j.doc == doc)
                    .map(|j| j.line);
                let first = lines.next().unwrap_or(0);
                let again = lines.next().unwrap_or(0);
                return Err(SourceError::at_line(
                    qrels_path,
                    again,
                    format!(
                        "document {doc} is judged again for intent {intent} of topic {topic} (first on line {first})"
                    ),
                ));
            }
            Err(e) => {
                return Err(SourceError::whole_file(
                    qrels_path,
                    format!("topic {topic}: {e}"),
                ));
            }
        }
    }
    Ok(set)
}
