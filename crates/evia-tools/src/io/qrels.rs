//! Relevance judgements: NTCIR qrels (`topic doc Lx`), TREC qrels (`topic 0 doc rel`) and
//! direct-gain files (`topic doc gain`) (tests/fixtures/measures.md §2.1, §2.4).
//!
//! Fields are separated by runs of ASCII whitespace (as C `strtok`). Every line must be a
//! judgement, except that TREC qrels may have comment lines, a `#` in the first column, which
//! trec_eval skips (`get_qrels.c`; a `#` elsewhere is part of a field, as in a document id
//! `CR#93E-1860`). Errors: empty lines (trec_eval and NTCIREVAL reject them too), `#` lines in
//! NTCIR qrels (NTCIREVAL reads none) and in direct-gain files, wrong field counts, malformed levels
//! or gains, negative NTCIR levels or gains, a NUL byte (C tools end an id there), and a document
//! listed twice for a topic (the error names both lines; NTCIREVAL would silently use the first
//! line for labelling and count both, pyNTCIREVAL and trec_eval reject the file). The syntax is
//! decided by the first line that is not a comment.
//!
//! TREC relevance below 0 (`-1`, `-2`) is read as trec_eval reads it: the document is "in the
//! pool, but unjudged" ([`Relevance::Unjudged`]), nonrelevant in a full ranked list, dropped from
//! a condensed one and not a judged nonrelevant document (bpref's N). A leading UTF-8 byte-order
//! mark is ignored.
//!
//! Bounds (checked on the line, before anything is allocated): a relevance level is at most
//! [`MAX_LEVEL`]; a gain is at most [`MAX_GAIN`], so that no sum of gains over a topic can overflow
//! to infinity.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::line_fields::lines_with_fields;
use super::{Position, SourceError, describe_line, shown, split_fields, strip_bom};
use evia_engine::measures::{LevelGains, MeasureError, Relevance, TopicJudgements};

/// The syntax of a qrels file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QrelsFormat {
    /// `topic doc Lx` (NTCIR; level `x` ≥ 0).
    Ntcir,
    /// `topic iteration doc rel` (TREC; `rel` an integer, below 0 = listed but unjudged; the
    /// iteration is ignored; `#` comment lines).
    Trec,
    /// Decided by the first line that is not a comment: 3 fields ⇒ NTCIR, 4 fields ⇒ TREC.
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

/// Per-level judgements (a level, or TREC's "listed but unjudged").
pub type LevelQrels<'a> = Qrels<'a, Relevance>;
/// Direct per-item gains.
pub type GainQrels<'a> = Qrels<'a, f64>;

impl<'a> LevelQrels<'a> {
    /// The highest level judged in the file (0 if none).
    pub fn max_level(&self) -> u32 {
        self.topics
            .values()
            .flatten()
            .filter_map(|j| match j.value {
                Relevance::Level(level) => Some(level),
                Relevance::Unjudged => None,
            })
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
    pub fn judgements_of<'t>(
        topics: impl Iterator<Item = (&'t &'a str, &'t Vec<Judged<'a, Relevance>>)>,
        path: &Path,
        gains: &LevelGains,
    ) -> Result<TopicSet, SourceError>
    where
        'a: 't,
    {
        let mut set = TopicSet::default();
        let max = gains.max_level();
        for (topic, judged) in topics {
            let above = judged.iter().find_map(|j| match j.value {
                Relevance::Level(level) if level > max => Some((j.line, level)),
                _ => None,
            });
            if let Some((line, level)) = above {
                return Err(SourceError::at_line(
                    path,
                    line,
                    format!(
                        "relevance level L{level} is above the highest level with a gain (L{max}, from {max} gain values); give --gains a gain for every level up to L{level}"
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

/// Whether a qrels line is a comment: `#` in its first column (trec_eval `get_qrels.c`).
pub fn is_comment(line: &str) -> bool {
    line.starts_with('#')
}

/// The error for a `#` comment line `n` in qrels of a syntax that has no comments (`what`).
pub fn comment_error(path: &Path, n: usize, what: &str) -> SourceError {
    SourceError::at_line(
        path,
        n,
        format!(
            "a `#` comment line, but {what} have no comment lines (NTCIREVAL reads none); only TREC qrels and runs do, as trec_eval reads them"
        ),
    )
}

/// The error for a NUL byte at byte `offset` of line `n` (`line`).
pub fn nul_error(path: &Path, n: usize, line: &str, offset: usize) -> SourceError {
    let column = line.get(..offset).map_or(offset, |b| b.chars().count()) + 1;
    SourceError::new(
        path,
        Some(Position::at(n, column)),
        "a NUL byte (\\0): ids may not contain one (C tools such as trec_eval and NTCIREVAL end an id there, so the id would mean something else to them)",
    )
}

/// [`parse_level_qrels`] of whole lines of a file, the first of them being its line
/// `first_line` (a byte-order mark is not looked for: `text` need not start the file).
pub fn parse_level_lines<'a>(
    path: &Path,
    text: &'a str,
    first_line: usize,
    format: QrelsFormat,
) -> Result<LevelQrels<'a>, SourceError> {
    // The syntax given (`Auto`: decided by the first judgement line).
    let given = format;
    let mut format = format;
    let mut grouper = Grouper::new();
    // The first comment line met before the syntax is decided (an error if it is NTCIR's).
    let mut early_comment = None;
    for (i, l) in lines_with_fields::<4>(text).enumerate() {
        let (line, f, count) = (l.text, l.fields, l.count);
        let n = first_line + i;
        if let Some(offset) = l.nul {
            return Err(nul_error(path, n, line, offset));
        }
        if is_comment(line) {
            match format {
                QrelsFormat::Trec => continue,
                QrelsFormat::Ntcir => return Err(comment_error(path, n, "NTCIR qrels")),
                QrelsFormat::Auto => {
                    early_comment.get_or_insert(n);
                    continue;
                }
            }
        }
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
            if let (QrelsFormat::Ntcir, Some(c)) = (format, early_comment) {
                return Err(comment_error(path, c, "NTCIR qrels"));
            }
        }
        let (topic, doc, level) = match (format, count) {
            (QrelsFormat::Ntcir, 3) => {
                let label = f[2];
                (f[0], f[1], parse_ntcir_level(label).map(Relevance::Level).ok_or_else(|| {
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
                            "expected an integer relevance level (at most {MAX_LEVEL}; below 0 = in the pool but unjudged) in the fourth field, found `{}`",
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
                        "expected 3 fields `topic doc Lx` (NTCIR qrels), found {}{}",
                        describe_line(line),
                        other_syntax(given, count)
                    ),
                ));
            }
            _ => {
                return Err(SourceError::at_line(
                    path,
                    n,
                    format!(
                        "expected 4 fields `topic 0 doc rel` (TREC qrels), found {}{}",
                        describe_line(line),
                        other_syntax(given, count)
                    ),
                ));
            }
        };
        super::ids::check_ids(path, n, &[("topic", topic), ("document", doc)])?;
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

/// The hint for a line of `count` fields that is a judgement of the other syntax than the one
/// given with `--qrels-format` (none when the syntax was decided by the file's first line: the
/// file then mixes the two, which no option reads).
fn other_syntax(given: QrelsFormat, count: usize) -> &'static str {
    match (given, count) {
        (QrelsFormat::Ntcir, 4) => {
            "; it has the fields of a TREC qrels line, which --qrels-format trec (or auto) reads"
        }
        (QrelsFormat::Trec, 3) => {
            "; it has the fields of an NTCIR qrels line, which --qrels-format ntcir (or auto) reads"
        }
        _ => "",
    }
}

/// `L<digits>` → level at most [`MAX_LEVEL`] (strict: C `atol` would also accept `L` and `L3x`).
/// Every reader of NTCIR levels (adhoc, intentwise and equivalence-class qrels) uses it.
pub fn parse_ntcir_level(label: &str) -> Option<u32> {
    let digits = label.strip_prefix('L')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    bounded_level(digits.parse::<u64>().ok()?)
}

/// A TREC relevance value → its [`Relevance`]: an integer; below 0 (`-0` is 0) the document is
/// listed but unjudged (trec_eval: "in the pool, but unjudged"); levels above [`MAX_LEVEL`] are
/// rejected.
pub fn parse_trec_level(rel: &str) -> Option<Relevance> {
    let digits = rel.strip_prefix(['-', '+']).unwrap_or(rel);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // All digits: too long for u64 means far above the bound.
    let value = digits.parse::<u64>().unwrap_or(u64::MAX);
    if rel.starts_with('-') && value > 0 {
        return Some(Relevance::Unjudged);
    }
    bounded_level(value).map(Relevance::Level)
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
        if let Some(offset) = line.find('\0') {
            return Err(nul_error(path, n, line, offset));
        }
        if is_comment(line) {
            return Err(comment_error(path, n, "direct-gain files"));
        }
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
