//! Relevance judgements: NTCIR qrels (`topic doc Lx`), TREC qrels (`topic 0 doc rel`) and
//! direct-gain files (`topic doc gain`) (tests/fixtures/measures.md §2.1, §2.4).
//!
//! Fields are separated by runs of ASCII whitespace (as C `strtok`). Every line must be a
//! judgement: empty lines and `#` comments are errors (NTCIREVAL 20200527 rejects them too), as are
//! wrong field counts, malformed levels or gains, negative NTCIR levels or gains, and a document
//! judged twice for a topic (the error names both lines; NTCIREVAL would silently use the first line
//! for labelling and count both, pyNTCIREVAL and trec_eval reject the file).
//!
//! TREC relevance below 0 (`-1`, `-2`: "judged, known nonrelevant" in some TREC tracks) counts as
//! nonrelevant, level 0, as trec_eval treats it. A leading UTF-8 byte-order mark is ignored.
//!
//! Bounds (checked on the line, before anything is allocated): a relevance level is at most
//! [`MAX_LEVEL`]; a gain is at most [`MAX_GAIN`], so that no sum of gains over a topic can overflow
//! to infinity.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::line_fields::lines_with_fields;
use super::{SourceError, describe_line, shown, split_fields, strip_bom};
use evia_engine::measures::{LevelGains, MeasureError, TopicJudgements};

/// The syntax of a qrels file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QrelsFormat {
    /// `topic doc Lx` (NTCIR; level `x` ≥ 0).
    Ntcir,
    /// `topic iteration doc rel` (TREC; `rel` an integer level ≥ 0; the iteration is ignored).
    Trec,
    /// Decided by the first line: 3 fields ⇒ NTCIR, 4 fields ⇒ TREC.
    Auto,
}

/// The highest relevance level a qrels file may use (NTCIR and TREC collections use at most a
/// handful; the default linear gains allocate one value per level).
pub const MAX_LEVEL: u32 = 1000;

/// The largest gain a gain file may give a document: sums over any realistic topic (fewer than
/// 10^290 documents) stay finite.
pub const MAX_GAIN: f64 = 1e15;

/// One judged document (borrowing its ids from the file text).
#[derive(Debug, Clone, PartialEq)]
pub struct Judged<'a, T> {
    pub doc: &'a str,
    pub value: T,
    /// 1-based line in the file.
    pub line: usize,
}

/// Judgements grouped by topic (topics in sorted order, documents in file order).
#[derive(Debug, Clone, PartialEq)]
pub struct Qrels<'a, T> {
    pub topics: BTreeMap<&'a str, Vec<Judged<'a, T>>>,
}

/// Per-level judgements.
pub type LevelQrels<'a> = Qrels<'a, u32>;
/// Direct per-item gains.
pub type GainQrels<'a> = Qrels<'a, f64>;

impl<'a> LevelQrels<'a> {
    /// The highest level judged in the file (0 if empty).
    pub fn max_level(&self) -> u32 {
        self.topics
            .values()
            .flatten()
            .map(|j| j.value)
            .max()
            .unwrap_or(0)
    }

    /// Builds each topic's [`TopicJudgements`] with `gains`. A level above the highest declared
    /// level is an error naming its line (C: "max rel level mismatch"); so is a document judged
    /// twice for a topic (naming both lines). Topics without any relevant document cannot be
    /// evaluated (C: "no rel doc"); they are returned separately.
    pub fn judgements(&self, path: &Path, gains: &LevelGains) -> Result<TopicSet, SourceError> {
        Self::judgements_of(self.topics.iter(), path, gains)
    }

    /// [`Self::judgements`] of some of the topics (`topics`, in order).
    pub(crate) fn judgements_of<'t>(
        topics: impl Iterator<Item = (&'t &'a str, &'t Vec<Judged<'a, u32>>)>,
        path: &Path,
        gains: &LevelGains,
    ) -> Result<TopicSet, SourceError>
    where
        'a: 't,
    {
        let mut set = TopicSet::default();
        for (topic, judged) in topics {
            if let Some(j) = judged.iter().find(|j| j.value > gains.max_level()) {
                return Err(SourceError::at_line(
                    path,
                    j.line,
                    format!(
                        "relevance level L{} is above the highest level with a gain (L{}, from {} gain values)",
                        j.value,
                        gains.max_level(),
                        gains.max_level()
                    ),
                ));
            }
            let id_bytes = judged.iter().map(|j| j.doc.len()).sum();
            let built = TopicJudgements::from_levels_sized(
                judged.iter().map(|j| (j.doc, j.value)),
                gains,
                id_bytes,
            );
            set.add(path, topic, judged, built)?;
        }
        Ok(set)
    }
}

impl GainQrels<'_> {
    /// Builds each topic's [`TopicJudgements`] in direct-gain mode (duplicates are errors naming
    /// both lines).
    pub fn judgements(&self, path: &Path) -> Result<TopicSet, SourceError> {
        let mut set = TopicSet::default();
        for (topic, judged) in &self.topics {
            let built = TopicJudgements::from_direct_gains(judged.iter().map(|j| (j.doc, j.value)));
            set.add(path, topic, judged, built)?;
        }
        Ok(set)
    }
}

/// Evaluable topics, and topics that have no relevant document.
#[derive(Debug, Clone, Default)]
pub struct TopicSet {
    pub topics: BTreeMap<String, TopicJudgements>,
    pub without_relevant: BTreeSet<String>,
}

impl TopicSet {
    fn add<T>(
        &mut self,
        path: &Path,
        topic: &str,
        judged: &[Judged<'_, T>],
        built: Result<TopicJudgements, MeasureError>,
    ) -> Result<(), SourceError> {
        match built {
            Ok(t) => {
                self.topics.insert(topic.to_string(), t);
                Ok(())
            }
            Err(MeasureError::NoRelevant) => {
                self.without_relevant.insert(topic.to_string());
                Ok(())
            }
            Err(MeasureError::DuplicateJudgement(doc)) => {
                let mut lines = judged.iter().filter(|j| j.doc == doc).map(|j| j.line);
                let first = lines.next().unwrap_or(0);
                let again = lines.next().unwrap_or(0);
                Err(SourceError::at_line(
                    path,
                    again,
                    format!(
                        "document {doc} of topic {topic} is judged again (first judged on line {first})"
                    ),
                ))
            }
            Err(e) => Err(SourceError::whole_file(path, format!("topic {topic}: {e}"))),
        }
    }
}

/// Groups judgements by topic without a map lookup per line (files are usually grouped).
struct Grouper<'a, T> {
    topics: BTreeMap<&'a str, Vec<Judged<'a, T>>>,
    current: &'a str,
    buffer: Vec<Judged<'a, T>>,
}

impl<'a, T> Grouper<'a, T> {
    fn new() -> Self {
        Grouper {
            topics: BTreeMap::new(),
            current: "",
            buffer: Vec::new(),
        }
    }

    fn push(&mut self, topic: &'a str, j: Judged<'a, T>) {
        if topic != self.current {
            self.flush();
            self.current = topic;
        }
        self.buffer.push(j);
    }

    fn flush(&mut self) {
        if !self.buffer.is_empty() {
            self.topics
                .entry(self.current)
                .or_default()
                .append(&mut self.buffer);
        }
    }

    fn finish(mut self) -> Qrels<'a, T> {
        self.flush();
        Qrels {
            topics: self.topics,
        }
    }
}

/// Parses an NTCIR or TREC qrels file.
pub fn parse_level_qrels<'a>(
    path: &Path,
    text: &'a str,
    format: QrelsFormat,
) -> Result<LevelQrels<'a>, SourceError> {
    parse_level_lines(path, strip_bom(text), 1, format)
}

/// [`parse_level_qrels`] of whole lines of a file, the first of them being its line
/// `first_line` (a byte-order mark is not looked for: `text` need not start the file).
pub(crate) fn parse_level_lines<'a>(
    path: &Path,
    text: &'a str,
    first_line: usize,
    format: QrelsFormat,
) -> Result<LevelQrels<'a>, SourceError> {
    let mut format = format;
    let mut grouper = Grouper::new();
    for (i, (line, f, count)) in lines_with_fields::<4>(text).enumerate() {
        let n = first_line + i;
        if format == QrelsFormat::Auto {
            format = match count {
                3 => QrelsFormat::Ntcir,
                4 => QrelsFormat::Trec,
                _ => {
                    return Err(SourceError::at_line(
                        path,
                        n,
                        format!(
                            "expected an NTCIR qrels line `topic doc Lx` or a TREC qrels line `topic 0 doc rel`, found {}",
                            describe_line(line)
                        ),
                    ));
                }
            };
        }
        let (topic, doc, level) = match (format, count) {
            (QrelsFormat::Ntcir, 3) => {
                let label = f[2];
                (f[0], f[1], parse_ntcir_level(label).ok_or_else(|| {
                    SourceError::at_line(
                        path,
                        n,
                        format!("expected a relevance level like L0, L1, L2 (at most L{MAX_LEVEL}) in the third field, found `{}`", shown(label)),
                    )
                })?)
            }
            (QrelsFormat::Trec, 4) => {
                let rel = f[3];
                let level = parse_trec_level(rel).ok_or_else(|| {
                    SourceError::at_line(
                        path,
                        n,
                        format!(
                            "expected an integer relevance level (at most {MAX_LEVEL}; below 0 = nonrelevant) in the fourth field, found `{}`",
                            shown(rel)
                        ),
                    )
                })?;
                (f[0], f[2], level)
            }
            (QrelsFormat::Ntcir, _) => {
                return Err(SourceError::at_line(
                    path,
                    n,
                    format!(
                        "expected 3 fields `topic doc Lx` (NTCIR qrels), found {}",
                        describe_line(line)
                    ),
                ));
            }
            _ => {
                return Err(SourceError::at_line(
                    path,
                    n,
                    format!(
                        "expected 4 fields `topic 0 doc rel` (TREC qrels), found {}",
                        describe_line(line)
                    ),
                ));
            }
        };
        grouper.push(
            topic,
            Judged {
                doc,
                value: level,
                line: n,
            },
        );
    }
    Ok(grouper.finish())
}

/// `L<digits>` → level at most [`MAX_LEVEL`] (strict: C `atol` would also accept `L` and `L3x`).
/// Every reader of NTCIR levels (adhoc, intentwise and equivalence-class qrels) uses it.
pub(crate) fn parse_ntcir_level(label: &str) -> Option<u32> {
    let digits = label.strip_prefix('L')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    bounded_level(digits.parse::<u64>().ok()?)
}

/// A TREC relevance value → level: negative values are nonrelevant (level 0, trec_eval), levels
/// above [`MAX_LEVEL`] are rejected.
pub(crate) fn parse_trec_level(rel: &str) -> Option<u32> {
    let digits = rel.strip_prefix(['-', '+']).unwrap_or(rel);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if rel.starts_with('-') {
        return Some(0);
    }
    // All digits: too long for u64 means far above the bound.
    bounded_level(digits.parse::<u64>().unwrap_or(u64::MAX))
}

fn bounded_level(level: u64) -> Option<u32> {
    u32::try_from(level).ok().filter(|&l| l <= MAX_LEVEL)
}

/// Parses a direct-gain file: `topic doc gain` with a finite gain ≥ 0 (0 = judged nonrelevant).
pub fn parse_gain_file<'a>(path: &Path, text: &'a str) -> Result<GainQrels<'a>, SourceError> {
    let text = strip_bom(text);
    let mut grouper = Grouper::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let (f, count) = split_fields::<4>(line);
        if count != 3 {
            return Err(SourceError::at_line(
                path,
                n,
                format!(
                    "expected 3 fields `topic doc gain`, found {}",
                    describe_line(line)
                ),
            ));
        }
        let gain = f[2];
        let g = gain.parse::<f64>().map_err(|_| {
            SourceError::at_line(
                path,
                n,
                format!(
                    "expected a gain value (a number >= 0) in the third field, found `{}`",
                    shown(gain)
                ),
            )
        })?;
        if !(0.0..=MAX_GAIN).contains(&g) {
            return Err(SourceError::at_line(
                path,
                n,
                format!(
                    "gain `{}` must be a finite number between 0 and {MAX_GAIN:e}",
                    shown(gain)
                ),
            ));
        }
        grouper.push(
            f[0],
            Judged {
                doc: f[1],
                value: g,
                line: n,
            },
        );
    }
    Ok(grouper.finish())
}
