//! A user's NTCIR-12 STC Chinese collection for paper A's experiments (`reproduce --data DIR`).
//!
//! Layout of `DIR`:
//!
//! - `DIR/qrels.txt` — NTCIR qrels, one judgement per line, `topic doc Lx` with `x` in {0, 1, 2}
//!   (L0 judged nonrelevant, L1 relevant, L2 highly relevant). The topics of this file are the topics
//!   evaluated, in sorted order.
//! - `DIR/runs/<run name>` — one file per run, every regular file of the directory (hidden files, whose
//!   names start with `.`, are ignored). The run name is the file name without a final extension
//!   (`MSRSC-C-R1.txt` → `MSRSC-C-R1`), and the run's team is the run name before its last `-`
//!   (`MSRSC-C-R1` → `MSRSC-C`, `BUPTTeam-C-R4` → `BUPTTeam-C`). Two files that give one run name
//!   and file names that are not UTF-8 are refused ([`crate::io::run_dir`]). Each file is either a TREC run
//!   (`qid Q0 doc rank score tag`, ranked by score descending, ties by document id descending, as
//!   trec_eval ranks them) or an NTCIREVAL res file (`topic doc`, ranked in file order); the first line
//!   decides. Only the first `depth` documents of each list are kept (paper A evaluates the top 10).
//!
//! Errors name the file and line: a malformed line, a level other than L0–L2, a document judged twice,
//! a document listed twice in one ranked list, a run name without `-`, two files with the same run name,
//! a missing `qrels.txt` or `runs/` directory, or a `runs/` directory without runs. A topic of the qrels
//! that a run does not answer is an empty list for that run (scores 0), and topics of a run that the
//! qrels do not judge are not evaluated; both are counted in [`StcData`] so the experiment can say so.

use std::collections::BTreeMap;
use std::path::Path;

use crate::io::qrels::{QrelsFormat, parse_level_qrels};
use crate::io::run::{RunFormat, RunOrder, find_duplicate, parse_run};
use crate::io::run_dir::{RunFile, RunNaming, run_files};
use crate::io::{SourceError, read_text};
use crate::papers::unanimity::collection::{MAX_LEVEL, Retrieved, StcCollection, StcRun, StcTopic};
use evia_engine::measures::Relevance;

/// The qrels file inside the data directory.
pub(crate) const QRELS_FILE: &str = "qrels.txt";
/// The directory of run files inside the data directory.
pub(crate) const RUNS_DIR: &str = "runs";

/// A real collection and what the reader had to leave out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StcData {
    pub(crate) collection: StcCollection,
    /// (run, topic) pairs of the qrels' topics that a run does not answer (scored 0).
    pub(crate) missing_lists: usize,
    /// (run, topic) pairs of runs for topics the qrels do not judge (not evaluated).
    pub(crate) unjudged_topics: usize,
}

/// The judged documents of one topic, by id: the document's index in its [`StcTopic`].
type DocIndex<'a> = BTreeMap<&'a str, usize>;

/// For each judged topic id, its position among the topics and its [`DocIndex`].
type TopicIndex<'a> = BTreeMap<&'a str, (usize, DocIndex<'a>)>;

/// Reads `dir/qrels.txt` and every run in `dir/runs/`, keeping the top `depth` documents per list.
pub(crate) fn read_stc_collection(dir: &Path, depth: usize) -> Result<StcData, SourceError> {
    let qrels_path = dir.join(QRELS_FILE);
    let text = read_text(&qrels_path)?;
    let (topics, index) = read_stc_qrels(&qrels_path, &text)?;
    let files = stc_run_files(&dir.join(RUNS_DIR))?;
    let mut runs: Vec<StcRun> = Vec::with_capacity(files.len());
    let mut missing_lists = 0;
    let mut unjudged_topics = 0;
    for RunFile { name, path } in files {
        let team = team_of(&path, &name)?;
        let lists = read_stc_run(&path, &index, depth)?;
        missing_lists += lists.missing;
        unjudged_topics += lists.unjudged;
        runs.push(StcRun {
            team,
            name,
            lists: lists.lists,
        });
    }
    Ok(StcData {
        collection: StcCollection { topics, runs },
        missing_lists,
        unjudged_topics,
    })
}

/// The topics of the qrels `text` (read from `path`), sorted, each with its judged documents and
/// levels (L0–L2), and for each topic id its position and the index of its documents.
fn read_stc_qrels<'a>(
    path: &Path,
    text: &'a str,
) -> Result<(Vec<StcTopic>, TopicIndex<'a>), SourceError> {
    let qrels = parse_level_qrels(path, text, QrelsFormat::Ntcir)?;
    let mut topics = Vec::with_capacity(qrels.topics.len());
    let mut index = BTreeMap::new();
    for (t, (&topic, judged)) in qrels.topics.iter().enumerate() {
        let mut docs: DocIndex = BTreeMap::new();
        let mut levels = Vec::with_capacity(judged.len());
        for (i, j) in judged.iter().enumerate() {
            // NTCIR qrels give every document a level.
            let level = match j.value {
                Relevance::Level(level) if level <= u32::from(MAX_LEVEL) => level,
                other => {
                    let shown = match other {
                        Relevance::Level(level) => format!("L{level}"),
                        Relevance::Unjudged => "no level".to_string(),
                    };
                    return Err(SourceError::at_line(
                        path,
                        j.line,
                        format!(
                            "relevance level {shown} of document {}: STC judgements are L0, L1 or L2",
                            j.doc
                        ),
                    ));
                }
            };
            if let Some(&first) = docs.get(j.doc) {
                let first_line: usize = judged[first].line;
                return Err(SourceError::at_line(
                    path,
                    j.line,
                    format!(
                        "document {} of topic {topic} is judged again (first judged on line {first_line})",
                        j.doc
                    ),
                ));
            }
            docs.insert(j.doc, i);
            levels.push(u8::try_from(level).unwrap_or(MAX_LEVEL));
        }
        topics.push(StcTopic {
            id: topic.to_string(),
            docs: judged.iter().map(|j| j.doc.to_string()).collect(),
            levels,
        });
        index.insert(topic, (t, docs));
    }
    if topics.is_empty() {
        return Err(SourceError::whole_file(
            path,
            "no judgements: expected lines `topic doc Lx`",
        ));
    }
    Ok((topics, index))
}

/// The run files of `runs_dir` with their run names (the file name without a final extension,
/// unique: [`run_files`]), sorted by file name; at least one.
fn stc_run_files(runs_dir: &Path) -> Result<Vec<RunFile>, SourceError> {
    let mut files = run_files(
        runs_dir,
        RunNaming::WithoutExtension,
        "one file per run expected",
    )?;
    // Paper A's runs are in file-name order.
    files.sort_by(|a, b| a.path.cmp(&b.path));
    if files.is_empty() {
        return Err(SourceError::whole_file(
            runs_dir,
            "no run files: expected one file per run (TREC or NTCIR res format)",
        ));
    }
    Ok(files)
}

/// The team of the run `name` (read from `path`): the name before its last `-`.
fn team_of(path: &Path, name: &str) -> Result<String, SourceError> {
    let Some((team, _)) = name.rsplit_once('-') else {
        return Err(SourceError::whole_file(
            path,
            format!(
                "run name `{name}` has no `-`: the team is the run name before its last `-` (e.g. MSRSC-C-R1 → MSRSC-C)"
            ),
        ));
    };
    if team.is_empty() {
        return Err(SourceError::whole_file(
            path,
            format!("run name `{name}` starts with `-`, so its team name is empty"),
        ));
    }
    Ok(team.to_string())
}

/// One run's ranked lists, one per qrels topic, and what was left out.
struct RunLists {
    lists: Vec<Vec<Retrieved>>,
    /// Qrels topics the run does not answer (empty lists).
    missing: usize,
    /// Topics of the run the qrels do not judge (not evaluated).
    unjudged: usize,
}

/// Reads the run file `path` (TREC or NTCIR res, decided by its first line) and keeps the top `depth`
/// documents of each list of a judged topic, labelled through `index`.
fn read_stc_run(path: &Path, index: &TopicIndex, depth: usize) -> Result<RunLists, SourceError> {
    let text = read_text(path)?;
    if text.trim().is_empty() {
        return Err(SourceError::whole_file(
            path,
            "empty run file: expected TREC (`qid Q0 doc rank score tag`) or NTCIR res (`topic doc`) lines",
        ));
    }
    let parsed = parse_run(path, &text, RunFormat::Auto, RunOrder::Score)?;
    let mut lists = vec![Vec::new(); index.len()];
    let mut answered = vec![false; index.len()];
    let mut unjudged = 0;
    for list in &parsed {
        if let Some((first, again, doc)) = find_duplicate(&list.docs) {
            return Err(SourceError::at_line(
                path,
                again,
                format!(
                    "document {doc} of topic {} is listed again (first on line {first})",
                    list.topic
                ),
            ));
        }
        let Some((t, docs)) = index.get(list.topic) else {
            unjudged += 1;
            continue;
        };
        answered[*t] = true;
        lists[*t] = list
            .docs
            .iter()
            .take(depth)
            .map(|d| match docs.get(d.doc) {
                Some(&i) => Retrieved::Judged(i),
                None => Retrieved::Unjudged,
            })
            .collect();
    }
    Ok(RunLists {
        lists,
        missing: answered.iter().filter(|&&a| !a).count(),
        unjudged,
    })
}
