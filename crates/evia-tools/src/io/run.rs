//! System runs: TREC format (`qid Q0 doc rank score tag`) and NTCIR res form (`topic doc`,
//! ranked in file order) (tests/fixtures/measures.md §2.2, §8).
//!
//! Ranking:
//! * TREC runs are ranked as trec_eval ranks them: by score descending, ties broken by document
//!   id descending (byte order); the rank column is ignored. With [`RunOrder::File`] they are
//!   ranked in file order instead, as NTCIREVAL's `TRECsplitruns` does.
//! * res-form runs are always ranked in file order (NTCIREVAL: "if there are ties, it is the
//!   system's responsibility to resolve them").
//!
//! Fields are separated by runs of ASCII whitespace. TREC runs are read as trec_eval reads them
//! (`get_trec_results.c`): fields after the sixth (the run tag) are ignored, and blank lines and
//! comment lines (`#` as the first character that is not a blank) are skipped. res-form runs have
//! neither (NTCIREVAL reads every line as a document). Errors naming the line: wrong field counts,
//! blank or comment lines in res form, scores that are not finite numbers (NaN, inf), a NUL byte
//! (C tools end an id there). The syntax is decided by the first line that is neither blank nor a
//! comment. A leading UTF-8 byte-order mark is ignored. Duplicate documents within a topic are
//! checked by the caller ([`find_duplicate`], [`DuplicateFinder`]).
//!
//! Parsing borrows document ids from the file text (no per-line allocation).

use std::collections::HashMap;
use std::path::Path;

use super::decimal::parse_f64;
use super::duplicates::DuplicateFinder;
use super::qrels::{comment_error, nul_error};
use super::run_doc::RunDoc;
use super::{SourceError, describe_line, shown, split_fields, strip_bom};
use evia_engine::measures::FxBuildHasher;

/// The syntax of a run file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunFormat {
    /// 6 fields `qid Q0 doc rank score tag` (more are ignored; blank and `#` lines skipped).
    Trec,
    /// 2 fields `topic doc`, rank = file order.
    Res,
    /// Decided by the first line that is neither blank nor a comment: 6 or more fields ⇒ TREC,
    /// 2 fields ⇒ res. A file of blank and comment lines only is a TREC run without lines.
    Auto,
}

/// How TREC runs are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunOrder {
    /// Score descending, ties by document id descending (trec_eval).
    Score,
    /// File order (NTCIREVAL `TRECsplitruns`).
    File,
}

/// One topic's ranked list (rank 1 first).
#[derive(Debug, Clone, PartialEq)]
pub struct RunTopic<'a> {
    pub topic: &'a str,
    pub docs: Vec<RunDoc<'a>>,
}

/// Parses a run file into ranked lists, one per topic, sorted by topic id.
pub fn parse_run<'a>(
    path: &Path,
    text: &'a str,
    format: RunFormat,
    order: RunOrder,
) -> Result<Vec<RunTopic<'a>>, SourceError> {
    let text = strip_bom(text);
    let mut topics: Vec<RunTopic<'a>> = Vec::new();
    let mut index: HashMap<&'a str, usize, FxBuildHasher> = HashMap::default();
    let given = format;
    let format = resolve_format(path, text, format)?;
    let mut current: Option<(&'a str, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let parsed = parse_line(path, i + 1, line, format).map_err(|mut e| {
            e.message
                .push_str(other_syntax(given, split_fields::<6>(line).1));
            e
        });
        let Some((topic, doc)) = parsed? else {
            continue;
        };
        let slot = match current {
            Some((t, s)) if t == topic => s,
            _ => {
                let s = *index.entry(topic).or_insert_with(|| {
                    topics.push(RunTopic {
                        topic,
                        docs: Vec::new(),
                    });
                    topics.len() - 1
                });
                current = Some((topic, s));
                s
            }
        };
        topics[slot].docs.push(doc);
    }
    if format == RunFormat::Trec && order == RunOrder::Score {
        for t in &mut topics {
            rank_by_score(&mut t.docs);
        }
    }
    topics.sort_by(|a, b| a.topic.cmp(b.topic));
    Ok(topics)
}

/// The hint for a line of `count` fields that is a line of the other syntax than the one given
/// with `--run-format` (none when the syntax was decided by the file: the file then mixes the
/// two, which no option reads).
fn other_syntax(given: RunFormat, count: usize) -> &'static str {
    match (given, count) {
        (RunFormat::Res, 6..) => {
            "; it has the fields of a TREC run line, which --run-format trec (or auto) reads"
        }
        (RunFormat::Trec, 2) => {
            "; it has the fields of an NTCIR res line, which --run-format res (or auto) reads"
        }
        _ => "",
    }
}

/// Ranks one topic's documents (in file order) as trec_eval does: score descending, ties by
/// document id descending (a stable sort).
pub fn rank_by_score(docs: &mut [RunDoc<'_>]) {
    docs.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| b.doc.cmp(a.doc)));
}

/// Whether a run line is blank or a comment (`#` as its first character that is not a blank):
/// skipped in TREC runs, as trec_eval skips it (`get_trec_results.c`).
pub fn is_blank_or_comment(line: &str) -> bool {
    matches!(line.trim_ascii_start().bytes().next(), None | Some(b'#'))
}

/// The syntax of the run whose text (without a byte-order mark) is `text`: `format` itself unless
/// it is [`RunFormat::Auto`], which is decided by the first line that is neither blank nor a
/// comment (6 or more fields: TREC, 2: res form; any other count is an error naming the line). A
/// text without such a line is a TREC run without lines (trec_eval's reading).
pub fn resolve_format(
    path: &Path,
    text: &str,
    format: RunFormat,
) -> Result<RunFormat, SourceError> {
    if format != RunFormat::Auto {
        return Ok(format);
    }
    let Some((i, line)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !is_blank_or_comment(l))
    else {
        return Ok(RunFormat::Trec);
    };
    match split_fields::<6>(line).1 {
        6.. => Ok(RunFormat::Trec),
        2 => Ok(RunFormat::Res),
        _ => Err(SourceError::at_line(
            path,
            i + 1,
            format!(
                "expected a TREC run line `qid Q0 doc rank score tag` or an NTCIR res line `topic doc`, found {}",
                describe_line(line)
            ),
        )),
    }
}

/// One line `n` of a run in the resolved syntax `format` (TREC or res form): its topic and
/// retrieved document (res form: score 0), or `None` for a blank or comment line of a TREC run.
/// Wrong field counts, scores that are not finite numbers, blank or comment lines of a res-form
/// run and NUL bytes are errors naming the line.
pub fn parse_line<'a>(
    path: &Path,
    n: usize,
    line: &'a str,
    format: RunFormat,
) -> Result<Option<(&'a str, RunDoc<'a>)>, SourceError> {
    if let Some(offset) = line.find('\0') {
        return Err(nul_error(path, n, line, offset));
    }
    if is_blank_or_comment(line) {
        if format == RunFormat::Trec {
            return Ok(None);
        }
        if line.trim_ascii_start().starts_with('#') {
            return Err(comment_error(path, n, "NTCIR res-form runs"));
        }
    }
    let (f, count) = split_fields::<6>(line);
    line_from_fields(path, n, line, f, count, format).map(Some)
}

/// [`parse_line`] of line `n` (its text `line`, for error messages) from its first six fields `f`
/// and its field count `count` (any value above 6 means "too many"), split by the caller; blank
/// and comment lines are the caller's (an error here).
pub fn line_from_fields<'a>(
    path: &Path,
    n: usize,
    line: &str,
    f: [&'a str; 6],
    count: usize,
    format: RunFormat,
) -> Result<(&'a str, RunDoc<'a>), SourceError> {
    if format == RunFormat::Trec {
        if count < 6 {
            return Err(SourceError::at_line(
                path,
                n,
                format!(
                    "expected 6 fields `qid Q0 doc rank score tag` (TREC run; more are ignored), found {}",
                    describe_line(line)
                ),
            ));
        }
        super::ids::check_ids(path, n, &[("topic", f[0]), ("document", f[2])])?;
        let score = parse_score(path, n, f[4])?;
        let doc = RunDoc {
            doc: f[2],
            score,
            line: n,
        };
        return Ok((f[0], doc));
    }
    if count != 2 {
        return Err(SourceError::at_line(
            path,
            n,
            format!(
                "expected 2 fields `topic doc` (NTCIR res form), found {}",
                describe_line(line)
            ),
        ));
    }
    super::ids::check_ids(path, n, &[("topic", f[0]), ("document", f[1])])?;
    let doc = RunDoc {
        doc: f[1],
        score: 0.0,
        line: n,
    };
    Ok((f[0], doc))
}

/// The score field of TREC run line `n`: a finite number.
fn parse_score(path: &Path, n: usize, field: &str) -> Result<f64, SourceError> {
    let s = parse_f64(field).ok_or_else(|| {
        SourceError::at_line(
            path,
            n,
            format!(
                "expected a score (a number) in the fifth field, found `{}`",
                shown(field)
            ),
        )
    })?;
    if !s.is_finite() {
        return Err(SourceError::at_line(
            path,
            n,
            format!(
                "score `{}` is not a finite number; the ranking would be undefined",
                shown(field)
            ),
        ));
    }
    Ok(s)
}

/// A document that occurs twice in a ranked list, as (earlier line, later line, doc): the first
/// repetition met in rank order (a caller checking many lists keeps one
/// [`DuplicateFinder`] instead).
pub fn find_duplicate<'a>(docs: &[RunDoc<'a>]) -> Option<(usize, usize, &'a str)> {
    DuplicateFinder::default().first_repeat(docs)
}
