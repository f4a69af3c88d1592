//! `evia-repro eval` against trec_eval 10.0's own test suite: NIST's test inputs and trec_eval's
//! expected outputs, vendored in tests/fixtures/trec_eval/ (SOURCE.md: origin, commit, sha256,
//! licence).
//!
//! Every input pair is evaluated by `eval`, and every measure trec_eval prints is either shared
//! (compared per topic and in the mean at trec_eval's 4 decimals) or listed in [`NOT_COMPUTED`],
//! which `eval --help` names too. Where a shared measure differs, the difference is a convention
//! of `eval --help` and `docs/eval.md`, named here by its subject, and the test shows it: with the
//! other reading, computed from `eval`'s output (or given by the option the table names),
//! `eval`'s value is trec_eval's. A difference that no convention explains fails the test, and so
//! does a convention named here that makes no difference on these files. Two options are always
//! given, as the table says: `--rbp 0.9` (trec_eval's RBP persistence) and, for bpref,
//! `--condensed` (trec_eval's bpref looks at judged documents only).
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::common::{TestCommand, project_root};

/// trec_eval's measures that `eval` does not compute (with their parameters after a `_`, as
/// `recall_5` or `relstring_20`).
const NOT_COMPUTED: [&str; 19] = [
    "runid",
    "Rprec",
    "recall_",
    "iprec_at_recall_",
    "11pt_avg",
    "infAP",
    "Rprec_mult_",
    "utility",
    "relstring",
    "Rndcg",
    "ndcg_rel",
    "G",
    "binG",
    "relative_P_",
    "set_",
    "unj_",
    "rbp_resid",
    "gm_map",
    "gm_bpref",
];

/// The cutoffs of trec_eval's test outputs (`P_l`, `ndcg_cut_l`, `map_cut_l`, `success_l`, with
/// the measure parameters of `out.test.meas_params`: `ndcg_cut.23.4` is cutoff 23).
const CUTOFFS: &str = "1,2,3,5,7,10,15,20,23,30,100,200,500,1000";

/// A cutoff at least every list's length and R in these files: MSnDCG@l there is trec_eval's
/// `ndcg` (the whole list against the whole ideal list).
const WHOLE_LIST: usize = 1000;

fn fixture(name: &str) -> PathBuf {
    project_root().join("tests/fixtures/trec_eval").join(name)
}

/// A fixture as a file `eval` can read: the file itself, or decompressed into `dir` (`.gz`).
fn input(name: &str, dir: &Path) -> PathBuf {
    let gz = fixture(&format!("{name}.gz"));
    if !gz.exists() {
        return fixture(name);
    }
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(gz).unwrap())
        .read_to_end(&mut text)
        .unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// trec_eval's output: topic (`all` for the summary) → measure → printed value.
type Printed = BTreeMap<String, BTreeMap<String, String>>;

fn trec_eval_output(name: &str) -> Printed {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let mut out = Printed::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 3, "{name}: {line}");
        out.entry(f[1].to_string())
            .or_default()
            .insert(f[0].to_string(), f[2].to_string());
    }
    out
}

/// `eval --format tsv` of one input pair: topic (`mean` for the means) → column → cell.
struct Table {
    rows: BTreeMap<String, BTreeMap<String, String>>,
}

impl Table {
    fn cell(&self, topic: &str, column: &str) -> &str {
        self.rows[topic]
            .get(column)
            .unwrap_or_else(|| panic!("no column {column}"))
    }

    fn value(&self, topic: &str, column: &str) -> Option<f64> {
        match self.cell(topic, column) {
            "NA" => None,
            v => Some(v.parse().unwrap()),
        }
    }

    fn topics(&self) -> impl Iterator<Item = &str> {
        self.rows
            .keys()
            .map(String::as_str)
            .filter(|&t| t != "mean")
    }
}

fn eval(qrels: &Path, run: &Path, args: &[&str]) -> Table {
    let text = TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(qrels)
        .arg("--run")
        .arg(run)
        .args(["--format", "tsv", "--cutoffs", CUTOFFS])
        .args(args)
        .stdout();
    let mut lines = text.lines().map(|l| l.split('\t').collect::<Vec<_>>());
    let header = lines.next().unwrap();
    let rows = lines
        .map(|cells| {
            let row = header
                .iter()
                .zip(&cells)
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect();
            (cells[0].to_string(), row)
        })
        .collect();
    Table { rows }
}

/// `eval`'s reading of one input pair: full ranked lists (trec_eval's default) and condensed
/// lists (what trec_eval's bpref sees), with the same options.
struct Ours {
    full: Table,
    condensed: Table,
    /// The qrels topics `eval` skips for having no relevant document that the run has (trec_eval
    /// evaluates them), each with its number of retrieved documents.
    without_relevant: Vec<(String, f64)>,
    /// `eval`'s reading of the qrels with the levels below trec_eval's `-l` value written as 0,
    /// for a case run with `-l`.
    with_threshold: Option<Box<Ours>>,
}

impl Ours {
    fn new(qrels: &Path, run: &Path, args: &[&str]) -> Ours {
        let full: Vec<&str> = args.iter().copied().chain(["--rbp", "0.9"]).collect();
        let condensed: Vec<&str> = args.iter().copied().chain(["--condensed"]).collect();
        let full = eval(qrels, run, &full);
        let condensed = eval(qrels, run, &condensed);
        // The lines of each run topic, and the topics of the qrels (TREC files: the first field,
        // `#` comment lines left out).
        let run_text = std::fs::read_to_string(run).unwrap();
        let mut retrieved: BTreeMap<&str, f64> = BTreeMap::new();
        for line in run_text.lines() {
            *retrieved
                .entry(line.split_whitespace().next().unwrap())
                .or_default() += 1.0;
        }
        let qrels_text = std::fs::read_to_string(qrels).unwrap();
        let qrels_topics: BTreeSet<&str> = qrels_text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        let without_relevant = qrels_topics
            .into_iter()
            .filter(|t| !full.rows.contains_key(*t))
            .filter_map(|t| Some((t.to_string(), *retrieved.get(t)?)))
            .collect();
        Ours {
            full,
            condensed,
            without_relevant,
            with_threshold: None,
        }
    }

    /// Topics evaluated (`mean` excluded).
    fn topics(&self) -> Vec<String> {
        self.full.topics().map(str::to_string).collect()
    }

    /// Relevant documents retrieved: Prec@l·l with l at least the list's length.
    fn rel_ret(&self, topic: &str) -> f64 {
        let prec = self.full.value(topic, &column("Prec", WHOLE_LIST)).unwrap();
        (prec * WHOLE_LIST as f64).round()
    }
}

fn column(base: &str, cutoff: usize) -> String {
    format!("{base}@{cutoff:04}")
}

/// The cutoff of `measure` if it is `{prefix}{cutoff}`.
fn cutoff_of(measure: &str, prefix: &str) -> Option<usize> {
    measure.strip_prefix(prefix)?.parse().ok()
}

/// A value as trec_eval prints it: an integer count, or `%.4f`.
#[derive(Debug, Clone, Copy)]
enum Value {
    Count(f64),
    Real(f64),
}

impl Value {
    fn printed(self) -> String {
        match self {
            Value::Count(v) => format!("{v:.0}"),
            Value::Real(v) => format!("{v:.4}"),
        }
    }
}

/// `eval`'s value of trec_eval's `measure` for `topic` (`all`: the summary, a mean or for a count
/// a sum), or `None` if `eval` does not compute the measure. A topic without bpref (no judged
/// nonrelevant document) has no bpref value here: `Some(None)`.
fn shared(ours: &Ours, measure: &str, topic: &str) -> Option<Option<Value>> {
    let t = if topic == "all" { "mean" } else { topic };
    let full = |c: &str| Some(ours.full.value(t, c).map(Value::Real));
    let sum = |f: &dyn Fn(&str) -> f64| {
        let topics = ours.topics();
        let total = match topic {
            "all" => topics.iter().map(|t| f(t)).sum(),
            _ => f(topic),
        };
        Some(Some(Value::Count(total)))
    };
    let count = |c: &str, table: &Table, t: &str| table.cell(t, c).parse::<f64>().unwrap();
    for (prefix, base) in [
        ("P_", "Prec"),
        ("ndcg_cut_", "MSnDCG"),
        ("success_", "Hit"),
        ("map_cut_", "AP"),
    ] {
        if let Some(l) = cutoff_of(measure, prefix) {
            return full(&column(base, l));
        }
    }
    match measure {
        "map" => full("AP"),
        "recip_rank" => full("RR"),
        "rbp" => full("RBP"),
        "ndcg" => full(&column("MSnDCG", WHOLE_LIST)),
        // `ndcg` with gains (`-m ndcg.1=3,…`): the case gives `eval` the same gains.
        m if m.starts_with("ndcg_") && m.contains('=') => full(&column("MSnDCG", WHOLE_LIST)),
        "bpref" => Some(ours.condensed.value(t, "bpref").map(Value::Real)),
        "num_q" => Some(Some(Value::Count(ours.topics().len() as f64))),
        "num_ret" => sum(&|t| count("syslen", &ours.full, t)),
        "num_rel" => sum(&|t| count("jrel", &ours.full, t)),
        "num_rel_ret" => sum(&|t| ours.rel_ret(t)),
        "num_nonrel_judged_ret" => sum(&|t| count("syslen", &ours.condensed, t) - ours.rel_ret(t)),
        _ => None,
    }
}

/// `eval`'s value of `measure` for `topic` under the other reading of one or more conventions,
/// or `None` when it does not apply to `measure`.
type OtherReading = fn(&Ours, &str, &str) -> Option<Value>;

/// Relevant document: trec_eval `-l 2` counts levels below 2 as nonrelevant.
fn relevant_from_threshold(ours: &Ours, measure: &str, topic: &str) -> Option<Value> {
    shared(ours.with_threshold.as_deref()?, measure, topic).flatten()
}

/// Relevant document and AP@l divisor at once (map_cut_l with `-l 2`).
fn threshold_and_ap_divided_by_r(ours: &Ours, measure: &str, topic: &str) -> Option<Value> {
    ap_divided_by_r(ours.with_threshold.as_deref()?, measure, topic)
}

/// Qrels topic without a relevant document: trec_eval evaluates it (zeros, in the means and the
/// sums: its retrieved documents count in num_ret) and counts it in num_q.
fn with_topics_without_relevant(ours: &Ours, measure: &str, topic: &str) -> Option<Value> {
    if topic != "all" {
        return None;
    }
    let extra = ours.without_relevant.len() as f64;
    let n = ours.topics().len() as f64;
    match shared(ours, measure, topic)?? {
        Value::Real(mean) => Some(Value::Real(mean * n / (n + extra))),
        Value::Count(total) => Some(Value::Count(match measure {
            "num_q" => total + extra,
            "num_ret" => total + ours.without_relevant.iter().map(|t| t.1).sum::<f64>(),
            _ => total,
        })),
    }
}

/// bpref without a judged nonrelevant document: trec_eval gives the relevant documents retrieved
/// over R (and, as for every measure, counts the qrels topics without a relevant document as
/// zeros in the mean).
fn bpref_without_nonrelevant(ours: &Ours, measure: &str, topic: &str) -> Option<Value> {
    if measure != "bpref" {
        return None;
    }
    let value = |t: &str| match ours.condensed.value(t, "bpref") {
        Some(b) => b,
        None => ours.rel_ret(t) / ours.full.value(t, "jrel").unwrap(),
    };
    if topic != "all" {
        return Some(Value::Real(value(topic)));
    }
    let topics = ours.topics();
    let n = (topics.len() + ours.without_relevant.len()) as f64;
    Some(Value::Real(
        topics.iter().map(|t| value(t)).sum::<f64>() / n,
    ))
}

/// AP@l divisor: trec_eval's map_cut_l divides by R, not min(l, R).
fn ap_divided_by_r(ours: &Ours, measure: &str, topic: &str) -> Option<Value> {
    let l = cutoff_of(measure, "map_cut_")?;
    let per_topic = |t: &str| {
        let r = ours.full.value(t, "jrel").unwrap();
        ours.full.value(t, &column("AP", l)).unwrap() * (l as f64).min(r) / r
    };
    Some(Value::Real(mean_or(ours, topic, per_topic)))
}

/// `per_topic` of `topic`, or its mean over `eval`'s topics for `all`.
fn mean_or(ours: &Ours, topic: &str, per_topic: impl Fn(&str) -> f64) -> f64 {
    if topic != "all" {
        return per_topic(topic);
    }
    let topics = ours.topics();
    topics.iter().map(|t| per_topic(t)).sum::<f64>() / topics.len() as f64
}

/// One input pair of trec_eval's test suite, its expected output, and the conventions that
/// explain every difference on it.
struct Case {
    qrels: &'static str,
    run: &'static str,
    expected: &'static str,
    /// `eval`'s options for trec_eval's (e.g. `-c -M100`: `--truncate-ranks 100`).
    args: &'static [&'static str],
    /// trec_eval's `-l` value, if not 1.
    threshold: Option<u32>,
    /// The conventions (subjects of `eval --help`'s table) behind the differences, with the
    /// other reading.
    differences: &'static [(&'static [&'static str], OtherReading)],
}

/// Compares every measure of `case`'s expected output: the shared ones agree or differ by one of
/// `case.differences`, which then gives trec_eval's value; the others are [`NOT_COMPUTED`].
/// Returns the conventions that explained a difference, and how many values were compared.
fn compare(case: &Case, ours: &Ours, expected: &Printed) -> (Vec<&'static str>, usize) {
    let mut used = Vec::new();
    let mut compared = 0;
    for (topic, measures) in expected {
        for (measure, printed) in measures {
            let Some(value) = shared(ours, measure, topic) else {
                assert!(
                    NOT_COMPUTED.iter().any(|n| {
                        let n = n.trim_end_matches('_');
                        measure == n || measure.starts_with(&format!("{n}_"))
                    }),
                    "{}: trec_eval's {measure} is neither compared nor listed as not computed",
                    case.expected
                );
                continue;
            };
            compared += 1;
            if value.map(Value::printed).as_deref() == Some(printed.as_str()) {
                continue;
            }
            let explained = case.differences.iter().find(|(_, other)| {
                other(ours, measure, topic).map(Value::printed).as_deref() == Some(printed)
            });
            let Some(&(subjects, _)) = explained else {
                panic!(
                    "{}: {measure} of topic {topic}: trec_eval {printed}, eval {:?}, and no convention explains it",
                    case.expected,
                    value.map(Value::printed)
                );
            };
            for subject in subjects {
                if !used.contains(subject) {
                    used.push(subject);
                }
            }
        }
    }
    (used, compared)
}

fn check(case: &Case) {
    let dir = tempfile::tempdir().unwrap();
    let (qrels, run) = (input(case.qrels, dir.path()), input(case.run, dir.path()));
    let mut ours = Ours::new(&qrels, &run, case.args);
    if let Some(threshold) = case.threshold {
        let rewritten = dir.path().join("qrels.threshold");
        std::fs::write(&rewritten, below_threshold_as_zero(&qrels, threshold)).unwrap();
        ours.with_threshold = Some(Box::new(Ours::new(&rewritten, &run, case.args)));
    }
    let expected = trec_eval_output(case.expected);
    let (used, compared) = compare(case, &ours, &expected);
    let help = help_text();
    for (subjects, _) in case.differences {
        for subject in *subjects {
            assert!(
                used.contains(subject),
                "{}: the convention {subject:?} makes no difference here",
                case.expected
            );
            assert!(help.contains(&format!("\n  {subject}\n")), "{subject}");
        }
    }
    assert!(
        compared >= 15,
        "{}: only {compared} values compared",
        case.expected
    );
}

/// The TREC qrels at `path` with every level from 1 to `threshold - 1` written as 0.
fn below_threshold_as_zero(path: &Path, threshold: u32) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let level: i64 = f[3].parse().unwrap();
        let level = if (1..i64::from(threshold)).contains(&level) {
            0
        } else {
            level
        };
        out.push_str(&format!("{} {} {} {level}\n", f[0], f[1], f[2]));
    }
    out
}

/// `eval --help`, which ends with the conventions table.
fn help_text() -> String {
    TestCommand::new().args(["eval", "--help"]).stdout()
}

/// Every measure `eval` does not compute is named as such by `eval --help`.
#[test]
fn measures_not_computed_are_named_in_the_help() {
    let help = help_text();
    for name in NOT_COMPUTED.iter().filter(|&&n| n != "runid") {
        let name = name.trim_end_matches('_');
        assert!(
            help.contains(&format!(" {name}")) || help.contains(&format!(" {name}_")),
            "{name}"
        );
    }
}

#[test]
fn all_trec_measures_per_topic() {
    check(&Case {
        qrels: "qrels.test",
        run: "results.test",
        expected: "out.test.aq",
        args: &[],
        threshold: None,
        differences: &[(&["AP@l divisor"], ap_divided_by_r)],
    });
}

/// `-c` (every qrels topic, one the run lacks as zeros) is `eval`'s reading; the run has fields
/// after the tag, in topics out of order.
#[test]
fn complete_topics_and_fields_after_the_tag() {
    check(&Case {
        qrels: "qrels.test",
        run: "results.trunc",
        expected: "out.test.aqc",
        args: &[],
        threshold: None,
        differences: &[(&["AP@l divisor"], ap_divided_by_r)],
    });
    // `-M100`: the top 100 ranks, before bpref skips unjudged documents.
    check(&Case {
        qrels: "qrels.test",
        run: "results.trunc",
        expected: "out.test.aqcM",
        args: &["--truncate-ranks", "100"],
        threshold: None,
        differences: &[(&["AP@l divisor"], ap_divided_by_r)],
    });
}

/// Cutoffs and gains as measure parameters: `-m ndcg.1=3,2=9,4=4.5` gives level 1 gain 3 (the
/// binary qrels have no level 2 or 4), as `--gains 3` does.
#[test]
fn measure_parameters() {
    check(&Case {
        qrels: "qrels.test",
        run: "results.test",
        expected: "out.test.meas_params",
        args: &["--gains", "3"],
        threshold: None,
        differences: &[],
    });
}

/// `qrels.test.with-comments` is `qrels.test` with `#` comment lines (and a `#` inside a
/// document id): the same evaluation, and trec_eval's summary `out.test`.
#[test]
fn qrels_with_comment_lines() {
    check(&Case {
        qrels: "qrels.test.with-comments",
        run: "results.test",
        expected: "out.test",
        args: &[],
        threshold: None,
        differences: &[],
    });
    let run = fixture("results.test");
    for args in [&[][..], &["--condensed"]] {
        let with = eval(&fixture("qrels.test.with-comments"), &run, args);
        let without = eval(&fixture("qrels.test"), &run, args);
        assert_eq!(with.rows, without.rows);
    }
}

/// `-l2` on graded qrels with negative levels: nDCG and RBP use the levels as gains (RBP scaled
/// per topic: `--rbp-scale topic`), the other measures the threshold.
#[test]
fn graded_qrels_with_a_relevance_threshold() {
    check(&Case {
        qrels: "qrels.rel_level",
        run: "results.test",
        expected: "out.test.aql",
        args: &["--rbp-scale", "topic"],
        threshold: Some(2),
        differences: &[
            (&["Relevant document"], relevant_from_threshold),
            (&["AP@l divisor"], ap_divided_by_r),
            (
                &["Relevant document", "AP@l divisor"],
                threshold_and_ap_divided_by_r,
            ),
        ],
    });
}

/// TREC RAG 2024 judgements (levels 0 to 3, `#` inside document ids) and a run with 270 topics
/// that are not judged; one judged topic has no relevant document, three no judged nonrelevant
/// one.
#[test]
fn graded_qrels_with_topics_eval_skips() {
    check(&Case {
        qrels: "qrels.comment.test",
        run: "results.comment.test",
        expected: "out.comment.test",
        args: &[],
        threshold: None,
        differences: &[
            (
                &["Qrels topic without a relevant document"],
                with_topics_without_relevant,
            ),
            (
                &[
                    "bpref without a judged nonrelevant document",
                    "Qrels topic without a relevant document",
                ],
                bpref_without_nonrelevant,
            ),
        ],
    });
}
