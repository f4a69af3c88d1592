//! A user's real paper-B collection (`reproduce --data DIR`): the three assessors' labels and the runs.
//!
//! Layout of `DIR`:
//!
//! - `DIR/labels.tsv`: one judged (pooled) document per line, five fields separated by whitespace,
//!   `topic doc lancer1 lancer2 student`, each label 0, 1 or 2 (paper B §2: nonrelevant and error 0,
//!   relevant 1, highly relevant 2). A (topic, doc) pair may appear once. Topics are evaluated in
//!   the order of their ids (byte order); a topic's documents keep the file's order.
//! - `DIR/runs/`: one file per run in TREC run format, `topic Q0 doc rank score tag`; the run is named
//!   after its file without a final `.gz` (every regular file whose name does not start with `.`, in
//!   name order; two files that give one name, `runB` and `runB.gz`, and a file name that is not
//!   UTF-8 are refused: [`crate::io::run_dir`]). As in
//!   `evia-repro eval`, a topic's documents are ranked by score descending, ties by document id
//!   descending (trec_eval's order; the rank column is ignored). Topics that are not in `labels.tsv`
//!   are ignored (the WWW runs cover 100 topics, paper B judged 50); a labelled topic a run does not
//!   list is an empty ranked list (every measure 0). A document listed twice for a topic is an error.
//!
//! Every problem is a [`SourceError`] naming the file and, for a bad line, the line.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use crate::io::lines::{LineSource, Lines};
use crate::io::run::{RunFormat, RunOrder, find_duplicate, parse_line, parse_run};
use crate::io::run_dir::{RunNaming, run_files};
use crate::io::run_doc::RunDoc;
use crate::io::{SourceError, describe_line, read_text, shown, split_fields};
use crate::papers::lancers::collection::Run;
use crate::papers::lancers::collection::{Judgement, LabelledTopic};

/// The label file inside a collection directory.
pub(crate) const LABELS_FILE: &str = "labels.tsv";
/// The run directory inside a collection directory.
pub(crate) const RUNS_DIR: &str = "runs";

/// Reads `DIR/labels.tsv` and every run in `DIR/runs/`.
#[cfg(test)]
pub(crate) fn read_collection(dir: &Path) -> Result<(Vec<LabelledTopic>, Vec<Run>), SourceError> {
    let topics = read_labels(&dir.join(LABELS_FILE))?;
    let runs = read_runs(&dir.join(RUNS_DIR), &topics)?;
    Ok((topics, runs))
}

/// Reads a label file (`topic doc lancer1 lancer2 student` per line).
pub(crate) fn read_labels(path: &Path) -> Result<Vec<LabelledTopic>, SourceError> {
    labels_from_lines(path, &mut Lines::open(path, crate::io::input::MAX_INPUT)?)
}

/// Parses label-file text; `path` is used in error messages only.
#[cfg(test)]
pub(crate) fn parse_labels(path: &Path, text: &str) -> Result<Vec<LabelledTopic>, SourceError> {
    labels_from_lines(path, &mut crate::io::lines::TextLines::new(text))
}

/// The labels of a file's lines, read one at a time.
fn labels_from_lines(
    path: &Path,
    lines: &mut dyn LineSource,
) -> Result<Vec<LabelledTopic>, SourceError> {
    let mut topics: BTreeMap<String, Vec<Judgement>> = BTreeMap::new();
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    while let Some((n, line)) = lines.next_line()? {
        let (f, count) = split_fields::<5>(line);
        if count != 5 {
            return Err(SourceError::at_line(
                path,
                n,
                format!(
                    "expected 5 fields `topic doc lancer1 lancer2 student`, found {}",
                    describe_line(line)
                ),
            ));
        }
        crate::io::ids::check_ids(path, n, &[("topic", f[0]), ("document", f[1])])?;
        let mut labels = vec![0u8; 3];
        for (k, label) in labels.iter_mut().enumerate() {
            *label = match f[2 + k] {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                other => {
                    return Err(SourceError::at_line(
                        path,
                        n,
                        format!(
                            "expected the {} label (field {}) to be 0, 1 or 2, found `{}`",
                            crate::papers::lancers::collection::ASSESSORS[k],
                            3 + k,
                            shown(other)
                        ),
                    ));
                }
            };
        }
        if let Some(first) = seen.insert((f[0].to_string(), f[1].to_string()), n) {
            return Err(SourceError::at_line(
                path,
                n,
                format!(
                    "document `{}` of topic `{}` is already labelled on line {first}; each judged document appears once",
                    f[1], f[0]
                ),
            ));
        }
        topics.entry(f[0].to_string()).or_default().push(Judgement {
            doc: f[1].to_string(),
            labels,
        });
    }
    if topics.is_empty() {
        return Err(SourceError::whole_file(
            path,
            "no labelled documents; expected lines `topic doc lancer1 lancer2 student`",
        ));
    }
    Ok(topics
        .into_iter()
        .map(|(id, docs)| LabelledTopic { id, docs })
        .collect())
}

/// Reads every run file in `dir`, keeping the lists of `topics` (aligned with them).
pub(crate) fn read_runs(dir: &Path, topics: &[LabelledTopic]) -> Result<Vec<Run>, SourceError> {
    lancers_run_files(dir)?
        .iter()
        .map(|(name, path)| read_run(name, path, topics))
        .collect()
}

/// Every topic id the run files of `dir` rank documents for, sorted (for messages about topics the
/// runs and the labels do not share).
pub(crate) fn run_topic_ids(dir: &Path) -> Result<Vec<String>, SourceError> {
    let mut ids = std::collections::BTreeSet::new();
    for (_, path) in lancers_run_files(dir)? {
        let text = read_text(&path)?;
        for topic in parse_run(&path, &text, RunFormat::Trec, RunOrder::Score)? {
            ids.insert(topic.topic.to_string());
        }
    }
    Ok(ids.into_iter().collect())
}

/// The run files of `dir` with their run names (the file name without a final `.gz`, unique:
/// [`run_files`]), sorted by name; at least two.
fn lancers_run_files(dir: &Path) -> Result<Vec<(String, PathBuf)>, SourceError> {
    let files = run_files(
        dir,
        RunNaming::WithoutGz,
        "one TREC run file per run expected",
    )?;
    if files.len() < 2 {
        return Err(SourceError::whole_file(
            dir,
            format!(
                "found {} run file(s); at least 2 runs are needed to compare systems",
                files.len()
            ),
        ));
    }
    Ok(files.into_iter().map(|f| (f.name, f.path)).collect())
}

/// Reads one run file line by line ([`Lines`]), never whole: every line is checked as
/// [`parse_run`] checks it, the documents of the labelled `topics` are kept and ranked, and of the
/// other topics only a hash of each document id, to find one listed twice. Anything amiss — a bad
/// line, an empty file, a document listed twice, a file past the input limit — is left to
/// [`read_run_whole`], which reads the file whole (within the input limit) and reports the first
/// problem in the order and words it always has.
fn read_run(name: &str, path: &Path, topics: &[LabelledTopic]) -> Result<Run, SourceError> {
    streamed_run(name, path, topics).map_or_else(|| read_run_whole(name, path, topics), Ok)
}

/// One retrieved document of a labelled topic, owned (the line buffer is reused).
struct KeptDoc {
    doc: String,
    score: f64,
    line: usize,
}

/// [`read_run`]'s streaming reading, `None` on anything amiss (see there).
fn streamed_run(name: &str, path: &Path, topics: &[LabelledTopic]) -> Option<Run> {
    let index: HashMap<&str, usize> = topics
        .iter()
        .enumerate()
        .map(|(k, t)| (t.id.as_str(), k))
        .collect();
    let mut kept: Vec<Vec<KeptDoc>> = (0..topics.len()).map(|_| Vec::new()).collect();
    let mut others: HashMap<String, Vec<u64>> = HashMap::new();
    let mut blank = true;
    let mut lines = Lines::open(path, crate::io::input::MAX_INPUT).ok()?;
    while let Some((n, line)) = lines.next_line().ok()? {
        blank &= line.trim().is_empty();
        let Some((topic, doc)) = parse_line(path, n, line, RunFormat::Trec).ok()? else {
            continue;
        };
        match index.get(topic) {
            Some(&t) => kept[t].push(KeptDoc {
                doc: doc.doc.to_string(),
                score: doc.score,
                line: doc.line,
            }),
            None => {
                let hash = evia_engine::measures::doc_hash(doc.doc);
                match others.get_mut(topic) {
                    Some(hashes) => hashes.push(hash),
                    None => {
                        others.insert(topic.to_string(), vec![hash]);
                    }
                }
            }
        }
    }
    if blank {
        return None;
    }
    for hashes in others.values_mut() {
        hashes.sort_unstable();
        if hashes.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
    }
    let mut finder = crate::io::duplicates::DuplicateFinder::default();
    let mut lists = Vec::with_capacity(kept.len());
    for mut docs in kept {
        // Ranked as `parse_run` ranks a TREC run: score descending, ties by document id descending.
        docs.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| b.doc.cmp(&a.doc)));
        let borrowed: Vec<RunDoc<'_>> = docs
            .iter()
            .map(|d| RunDoc {
                doc: &d.doc,
                score: d.score,
                line: d.line,
            })
            .collect();
        if finder.first_repeat(&borrowed).is_some() {
            return None;
        }
        drop(borrowed);
        lists.push(docs.into_iter().map(|d| d.doc).collect());
    }
    Some(Run {
        name: name.to_string(),
        team: None,
        lists,
    })
}

/// Reads one run file whole (within the input limit) and reports its first problem: the reading
/// [`read_run`] leaves anything amiss to.
fn read_run_whole(name: &str, path: &Path, topics: &[LabelledTopic]) -> Result<Run, SourceError> {
    let text = read_text(path)?;
    if text.trim().is_empty() {
        return Err(SourceError::whole_file(
            path,
            "empty run file; expected lines `topic Q0 doc rank score tag`",
        ));
    }
    let parsed = parse_run(path, &text, RunFormat::Trec, RunOrder::Score)?;
    let mut lists = vec![Vec::new(); topics.len()];
    for topic in &parsed {
        if let Some((first, second, doc)) = find_duplicate(&topic.docs) {
            return Err(SourceError::at_line(
                path,
                second,
                format!(
                    "document `{doc}` is listed twice for topic `{}` (also on line {first})",
                    topic.topic
                ),
            ));
        }
        if let Some(t) = topics.iter().position(|t| t.id == topic.topic) {
            lists[t] = topic.docs.iter().map(|d| d.doc.to_string()).collect();
        }
    }
    Ok(Run {
        name: name.to_string(),
        team: None,
        lists,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// The streaming reader gives what reading the file whole gives, plain and gzip, with ties,
    /// unlabelled topics and a blank line; it leaves a file with a problem to the whole reading.
    #[test]
    fn streamed_runs_equal_runs_read_whole() {
        use std::io::Write;
        let topics = parse_labels(Path::new("l.tsv"), "t1 a 1 1 1\nt3 b 0 1 2\n").unwrap();
        let text = "t2 Q0 x 1 9 r\nt1 Q0 d2 1 0.5 r\n\nt1 Q0 d1 2 0.5 r\nt3 Q0 z 1 3 r\nt1 Q0 d3 3 0.7 r\nt2 Q0 y 2 8 r\n";
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("run");
        std::fs::write(&plain, text).unwrap();
        let gz = dir.path().join("run.gz");
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(text.as_bytes()).unwrap();
        std::fs::write(&gz, e.finish().unwrap()).unwrap();
        for path in [&plain, &gz] {
            let streamed = streamed_run("r", path, &topics).unwrap();
            let whole = read_run_whole("r", path, &topics).unwrap();
            assert_eq!(streamed.lists, whole.lists);
            assert_eq!(streamed.lists[0], ["d3", "d2", "d1"]);
        }
        // A document listed twice for a topic that is not labelled, a bad line, a blank file.
        for bad in [
            format!("{text}t2 Q0 x 3 1 r\n"),
            format!("{text}t1 Q0 d9 x r\n"),
            " \n\n".to_string(),
        ] {
            std::fs::write(&plain, &bad).unwrap();
            assert!(streamed_run("r", &plain, &topics).is_none());
            let err = read_run("r", &plain, &topics).unwrap_err();
            assert_eq!(err, read_run_whole("r", &plain, &topics).unwrap_err());
        }
    }

    /// Topic and document ids pass the one id check ([`crate::io::ids`]).
    #[test]
    fn look_alike_label_ids_are_refused() {
        let err =
            parse_labels(Path::new("l.tsv"), "t1 d1 1 1 1\nt1 d\u{200b}1 0 0 0\n").unwrap_err();
        assert_eq!(err.position, Some(crate::io::Position::line(2)), "{err}");
        assert!(err.message.contains("the document `dU+200B1`"), "{err}");
    }

    #[test]
    fn parses_labels_grouped_by_topic() {
        let text = "0003 d1 2 1 0\n0001 d9 0 0 1\n0003 d2 0 2 2\n";
        let topics = parse_labels(Path::new("l.tsv"), text).unwrap();
        assert_eq!(topics.len(), 2);
        assert_eq!(topics[0].id, "0001");
        assert_eq!(topics[1].docs[1].doc, "d2");
        assert_eq!(topics[1].docs[0].labels, [2, 1, 0]);
    }

    #[test]
    fn label_errors_name_file_and_line() {
        let cases = [
            ("0001 d1 2 1\n", 1, "expected 5 fields"),
            (
                "0001 d1 2 1 0\n0001 d2 2 3 0\n",
                2,
                "lancer2 label (field 4)",
            ),
            ("0001 d1 2 1 0\n\n", 2, "found an empty line"),
            (
                "0001 d1 2 1 0\n0001 d1 0 0 0\n",
                2,
                "already labelled on line 1",
            ),
        ];
        for (text, line, what) in cases {
            let e = parse_labels(Path::new("l.tsv"), text).unwrap_err();
            let shown = e.to_string();
            assert!(shown.starts_with(&format!("l.tsv:{line}: ")), "{shown}");
            assert!(shown.contains(what), "{shown}");
        }
        let e = parse_labels(Path::new("l.tsv"), "").unwrap_err();
        assert!(e.to_string().contains("no labelled documents"));
    }
}
