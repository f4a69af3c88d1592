//! A deterministic, seeded mutation fuzzer for every reader.
//!
//! Each target starts from valid inputs (the shipped data files and small hand-written ones), applies
//! one to four random mutations per input (bit flips, random bytes, deleted, duplicated or swapped
//! lines, truncation, and tokens known to break readers: huge integers, `NaN`, `1e999`, byte-order
//! marks, invalid UTF-8, zero-width characters, YAML markup) and feeds the result to the reader, in
//! process, as `evia-repro` would (bytes through `io::decode_text`, then the parser and the checks
//! that follow it). Every input must give `Ok` or an error that names the input file, never a panic,
//! and take less than [`SLOW`]: these tests are timed, since a hang or a quadratic path is what they
//! look for and a reader has no count of its work to bound instead.
//!
//! `cargo test` runs [`DEFAULT_INPUTS`] inputs per target (a few seconds in all), one test per target.
//! The long campaign is the same tests with more inputs (`docs/fuzzing.md`):
//!
//! ```text
//! EVIA_FUZZ_INPUTS=1000000 cargo test --release --lib fuzz:: -- --nocapture
//! ```
//!
//! `EVIA_FUZZ_SEED` changes the seed (default 13); a test name filter (`fuzz::runs`) selects targets.
//! Inputs are drawn from `evia_engine::rng::stream(seed, "fuzz", target)`, so a failure is
//! reproduced by the same seed and count; the failing input is printed escaped.
#![allow(clippy::unwrap_used)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::io::decode_text;
use crate::io::qrels::{QrelsFormat, parse_gain_file, parse_level_qrels};
use crate::io::run::{RunFormat, RunOrder, find_duplicate, parse_run};
use evia_engine::measures::{Evaluator, Label, LevelGains, Params};
use evia_engine::rng::{StreamSpec, stream};
use evia_engine::significance::randomised_hsd::randomised_hsd;

use super::common::project_root;

mod mutation;
mod project_files;

use project_files::{
    STC_BUNDLE, STUDY_BUNDLE, WWW_BUNDLE, assessor_labels, confusion, consistency, manifest,
    published, ratings, stc_directory, stc_labels, stc_standin, study_collection, www_directory,
    www_labels, www_runs, www_standin,
};

use mutation::next_input;

/// Inputs per target in `cargo test`, unless `EVIA_FUZZ_INPUTS` says otherwise.
const DEFAULT_INPUTS: u64 = 1500;
/// The seed, unless `EVIA_FUZZ_SEED` says otherwise.
const DEFAULT_SEED: u64 = 13;
/// The longest any single input may take (a debug build too, on a shared machine): a reader that needs longer
/// is quadratic or unbounded somewhere. `EVIA_FUZZ_SLOW_MS` raises it for a campaign run at low
/// priority on a busy machine, where wall time includes waiting for a core.
const SLOW: Duration = Duration::from_secs(2);

fn slow_limit() -> Duration {
    static LIMIT: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *LIMIT.get_or_init(|| {
        std::env::var("EVIA_FUZZ_SLOW_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(SLOW, Duration::from_millis)
    })
}
/// The file name every input is reported under.
const INPUT: &str = "fuzz-input";

/// What a reader made of an input: accepted, or an error message.
type Verdict = Result<(), String>;

/// One reader under test: its name, its valid starting inputs and how to feed it one input.
struct Target {
    name: &'static str,
    seeds: Vec<Vec<u8>>,
    run: fn(&[u8], &Path) -> Verdict,
}

/// The outcome of a fuzzing run over one target.
#[derive(Debug, Default)]
struct Report {
    inputs: u64,
    accepted: u64,
    rejected: u64,
    slowest: Duration,
    failures: Vec<String>,
}

/// Shows an input so that it can be pasted into a test.
fn escaped(data: &[u8]) -> String {
    let cut = &data[..data.len().min(2000)];
    cut.escape_ascii().to_string()
}

/// Runs `inputs` inputs of `target` from `seed`.
fn fuzz(target: &Target, seed: u64, inputs: u64) -> Report {
    fuzz_with_progress(target, seed, inputs, false)
}

/// [`fuzz`], printing a progress line every 100,000 inputs when `verbose`.
fn fuzz_with_progress(target: &Target, seed: u64, inputs: u64, verbose: bool) -> Report {
    let mut rng = stream(seed, "fuzz", target.name);
    let dir = tempfile::tempdir().unwrap();
    let mut report = Report::default();
    for index in 0..inputs {
        let data = next_input(&mut rng, &target.seeds);
        let start = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| (target.run)(&data, dir.path())));
        let took = start.elapsed();
        report.inputs += 1;
        report.slowest = report.slowest.max(took);
        if verbose && report.inputs % 100_000 == 0 {
            println!(
                "  {}: {} inputs so far, {} failure(s)",
                target.name,
                report.inputs,
                report.failures.len()
            );
        }
        let failure = match outcome {
            Err(_) => Some("panicked".to_string()),
            Ok(Ok(())) => {
                report.accepted += 1;
                None
            }
            Ok(Err(message)) => {
                report.rejected += 1;
                (!message.contains(INPUT) || message.trim().is_empty())
                    .then(|| format!("error does not name the input file: {message}"))
            }
        };
        let failure = failure.or_else(|| (took > slow_limit()).then(|| format!("took {took:?}")));
        if let Some(why) = failure {
            report.failures.push(format!(
                "{} input #{index} (seed {seed}): {why}\n  input: b\"{}\"",
                target.name,
                escaped(&data)
            ));
            if report.failures.len() >= 5 {
                break;
            }
        }
    }
    report
}

fn input_path(dir: &Path) -> PathBuf {
    dir.join(INPUT)
}

/// Decodes the input as `evia-repro` decodes a file (BOM stripped, bad UTF-8 an error with its line).
fn text(data: &[u8], dir: &Path) -> Result<String, String> {
    decode_text(&input_path(dir), data.to_vec()).map_err(|e| e.to_string())
}

fn shipped(relative: &str) -> Vec<u8> {
    std::fs::read(project_root().join(relative)).unwrap()
}

fn seeds(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|t| t.as_bytes().to_vec()).collect()
}

const NTCIR_QRELS: &str = "T1 d01 L3\nT1 d02 L0\nT1 d03 L1\nT2 d01 L2\nT2 d09 L0\nT3 x L0\n";
const INTENTS: &str = "T1 1 0.6 inf\nT1 2 0.4 nav\nT2 1 1\n";
const INTENT_QRELS: &str = "T1 1 d01 L2\nT1 2 d01 L1\nT1 2 d02 L0\nT2 1 d03 L1\nT2 1 d04 L3\n";
const CLASS_QRELS: &str = "T1 d01 L3 1\nT1 d02 L0 2\nT1 d03 L1 1\nT2 d01 L2 7\nT2 d09 L0 7\n";
const TREC_QRELS: &str = "401 0 FBIS3-1 1\n401 0 FBIS3-2 0\n401 0 FBIS3-3 2\n402 0 LA-9 1\n";
const GAINS: &str = "G d01 4.5\nG d02 3.25\nG d03 0\nH d04 1\nH d05 0.75\n";
const TREC_RUN: &str =
    "T1 Q0 d01 1 2.5 sys\nT1 Q0 d02 2 2.5 sys\nT1 Q0 d09 3 -1 sys\nT2 Q0 d01 1 0.5 sys\n";
const RES_RUN: &str = "T1 d03\nT1 d01\nT2 d09\nT2 d01\n";
const MATRIX: &str = "topic\tX\tY\tZ\n1\t0.70\t0.50\t0.00\n2\t0.30\t0.10\t0.00\n3\t0.20\t0.00\t0.20\n4\t0.60\t0.20\t0.10\n";

/// Evaluates each topic's judged documents, in file order, as a run (the `eval` path after parsing).
fn evaluate_all(topics: &crate::io::qrels::TopicSet, docs: &[&str]) -> Verdict {
    let evaluator = Evaluator::new(Params {
        cutoffs: vec![1, 10],
        bpref: false,
        ..Params::default()
    })
    .unwrap();
    let mut labels: Vec<Label> = Vec::new();
    let mut ev = Default::default();
    for judgements in topics.topics.values() {
        judgements.label_into(docs.iter().copied(), false, Some(100), &mut labels);
        evaluator
            .evaluate_into(judgements.ideal(), &labels, &mut ev)
            .map_err(|e| format!("{INPUT}: {e}"))?;
    }
    Ok(())
}

fn level_qrels(data: &[u8], dir: &Path, format: QrelsFormat) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    let qrels = parse_level_qrels(&path, &text, format).map_err(|e| e.to_string())?;
    let h = qrels.max_level().max(1);
    let gains = LevelGains::linear(h).map_err(|e| format!("{INPUT}: {e}"))?;
    let topics = qrels.judgements(&path, &gains).map_err(|e| e.to_string())?;
    let docs: Vec<&str> = qrels.topics.values().flatten().map(|j| j.doc).collect();
    evaluate_all(&topics, &docs)
}

fn class_qrels(data: &[u8], dir: &Path) -> Verdict {
    use crate::io::class_qrels::{class_judgements, max_level, parse_class_qrels};
    let path = input_path(dir);
    let text = text(data, dir)?;
    let qrels = parse_class_qrels(&path, &text).map_err(|e| e.to_string())?;
    let gains =
        LevelGains::linear(max_level(&qrels).max(1)).map_err(|e| format!("{INPUT}: {e}"))?;
    let topics = class_judgements(&path, &qrels, &gains).map_err(|e| e.to_string())?;
    let docs: Vec<&str> = qrels.values().flatten().map(|j| j.doc).collect();
    evaluate_all(&topics, &docs)
}

/// Intent files, with fixed intentwise qrels, evaluated with the diversity measures.
fn intent_file(data: &[u8], dir: &Path) -> Verdict {
    use crate::io::intents::parse_intents;
    let path = input_path(dir);
    let text = text(data, dir)?;
    let intents = parse_intents(&path, &text).map_err(|e| e.to_string())?;
    let qrels = crate::io::intent_qrels::parse_intent_qrels(Path::new("q"), INTENT_QRELS)
        .map_err(|e| e.to_string())?;
    evaluate_diversity(&path, &intents, Path::new("q"), &qrels)
}

/// Intentwise qrels, with a fixed intent file, evaluated with the diversity measures.
fn intent_qrels(data: &[u8], dir: &Path) -> Verdict {
    use crate::io::intents::parse_intents;
    let path = input_path(dir);
    let text = text(data, dir)?;
    let qrels =
        crate::io::intent_qrels::parse_intent_qrels(&path, &text).map_err(|e| e.to_string())?;
    let intents = parse_intents(
        Path::new("i"),
        "T1 1 0.6 inf\nT1 2 0.4 nav\nT2 1 1\nT3 1 1 nav\n",
    )
    .map_err(|e| e.to_string())?;
    evaluate_diversity(Path::new("i"), &intents, &path, &qrels)
}

fn evaluate_diversity(
    intents_path: &Path,
    intents: &std::collections::BTreeMap<String, crate::io::intents::TopicIntents>,
    qrels_path: &Path,
    qrels: &std::collections::BTreeMap<&str, Vec<crate::io::intent_qrels::IntentJudged<'_>>>,
) -> Verdict {
    use evia_engine::diversity::{DiversityEvaluator, DiversityParams};
    let h = qrels
        .values()
        .flatten()
        .map(|j| j.level)
        .max()
        .unwrap_or(1)
        .clamp(1, 1000);
    let gains = LevelGains::linear(h).map_err(|e| format!("{INPUT}: {e}"))?;
    let topics =
        crate::io::intent_qrels::diversity_topics(intents_path, intents, qrels_path, qrels, &gains)
            .map_err(|e| e.to_string())?;
    let ev = DiversityEvaluator::new(DiversityParams {
        measures: Params {
            cutoffs: vec![1, 10],
            gap: true,
            ..Params::default()
        },
        ..DiversityParams::default()
    })
    .map_err(|e| format!("{INPUT}: {e}"))?;
    let docs: Vec<&str> = qrels.values().flatten().map(|j| j.doc).take(100).collect();
    for topic in topics.topics.values() {
        ev.evaluate(topic, &docs)
            .map_err(|e| format!("{INPUT}: {e}"))?;
    }
    Ok(())
}

fn gain_file(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    let qrels = parse_gain_file(&path, &text).map_err(|e| e.to_string())?;
    let topics = qrels.judgements(&path).map_err(|e| e.to_string())?;
    let docs: Vec<&str> = qrels.topics.values().flatten().map(|j| j.doc).collect();
    evaluate_all(&topics, &docs)
}

fn run_file(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    for order in [RunOrder::Score, RunOrder::File] {
        let run = parse_run(&path, &text, RunFormat::Auto, order).map_err(|e| e.to_string())?;
        for topic in &run {
            let _ = find_duplicate(&topic.docs);
        }
    }
    Ok(())
}

fn hsd_matrix(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    let matrix = crate::io::matrix::parse_matrix(&path, &text).map_err(|e| e.to_string())?;
    if matrix.scores.values().len() <= 400 {
        let spec = StreamSpec {
            seed: 1,
            artefact: "fuzz",
            unit: "hsd",
        };
        randomised_hsd(&matrix.scores, 3, spec, 1, None).map_err(|e| format!("{INPUT}: {e}"))?;
    }
    Ok(())
}

/// Every target, with its seeds.
fn targets() -> Vec<Target> {
    vec![
        Target {
            name: "qrels-ntcir",
            seeds: seeds(&[NTCIR_QRELS, "T1 a L1\n"]),
            run: |d, p| level_qrels(d, p, QrelsFormat::Ntcir),
        },
        Target {
            name: "qrels-trec",
            seeds: seeds(&[TREC_QRELS, "1 0 a -1\n1 0 b 2\n"]),
            run: |d, p| level_qrels(d, p, QrelsFormat::Trec),
        },
        Target {
            name: "qrels-auto",
            seeds: seeds(&[NTCIR_QRELS, TREC_QRELS]),
            run: |d, p| level_qrels(d, p, QrelsFormat::Auto),
        },
        Target {
            name: "qrels-classes",
            seeds: seeds(&[CLASS_QRELS, "T1 a L1 1\nT1 b L1 1\n"]),
            run: class_qrels,
        },
        Target {
            name: "intents",
            seeds: seeds(&[INTENTS, "T1 1 0.5\nT1 2 0.5 nav\nT2 1 1.0\n"]),
            run: intent_file,
        },
        Target {
            name: "intent-qrels",
            seeds: seeds(&[INTENT_QRELS, "T3 1 x L0\nT3 1 y L2\n"]),
            run: intent_qrels,
        },
        Target {
            name: "gain-file",
            seeds: seeds(&[GAINS]),
            run: gain_file,
        },
        Target {
            name: "runs",
            seeds: seeds(&[TREC_RUN, RES_RUN]),
            run: run_file,
        },
        Target {
            name: "hsd-matrix",
            seeds: seeds(&[MATRIX, "t\ta\tb\n1\t1\t2\n2\t3\t4\n"]),
            run: hsd_matrix,
        },
        Target {
            name: "manifest",
            seeds: vec![shipped("paper/manifest.yaml")],
            run: manifest,
        },
        Target {
            name: "published",
            seeds: vec![
                shipped("paper/published/lancers.yaml"),
                shipped("paper/published/unanimity.yaml"),
            ],
            run: published,
        },
        Target {
            name: "consistency",
            seeds: vec![shipped("paper/consistency.yaml")],
            run: consistency,
        },
        Target {
            name: "stc-standin",
            seeds: vec![shipped("data/unanimity/stc-standin.yaml")],
            run: stc_standin,
        },
        Target {
            name: "www-standin",
            seeds: vec![shipped("data/lancers/www-standin.yaml")],
            run: www_standin,
        },
        Target {
            name: "www-runs",
            seeds: vec![shipped("data/lancers/www-runs.yaml")],
            run: www_runs,
        },
        Target {
            name: "confusion-matrices",
            seeds: vec![shipped("data/lancers/confusion-matrices.yaml")],
            run: confusion,
        },
        Target {
            name: "stc-labels",
            seeds: seeds(&["p1\tr1\t0\t2\tNA\np1\tr2\t1\t1\t1\np2\tr3\t2\t2\t2\n"]),
            run: stc_labels,
        },
        Target {
            name: "www-labels",
            seeds: seeds(&["0001 d1 0 1 2\n0001 d2 1 1 1\n0003 d3 2 2 0\n"]),
            run: www_labels,
        },
        Target {
            name: "labels-long",
            seeds: seeds(&["T1 d1 ann 2\nT1 d1 bob 0\nT2 d2\tbob\t1\nT2 d3 ann 0\n"]),
            run: |d, p| assessor_labels(d, p, crate::io::labels::LabelLayout::Long),
        },
        Target {
            name: "labels-wide",
            seeds: seeds(&["topic doc ann bob cy\nT1 d1 2 0 NA\nT2 d2 NA 1 1\nT2\td3\t0\t0\t2\n"]),
            run: |d, p| assessor_labels(d, p, crate::io::labels::LabelLayout::Wide),
        },
        Target {
            name: "labels-wide-unnamed",
            seeds: seeds(&["p1\tr1\t0\t2\tNA\np1\tr2\t1\t1\t1\np2\tr3\t2\t2\t2\n"]),
            run: |d, p| assessor_labels(d, p, crate::io::labels::LabelLayout::WideUnnamed),
        },
        Target {
            name: "ratings",
            seeds: vec![shipped("data/unanimity/table1-ratings.tsv")],
            run: ratings,
        },
        Target {
            name: "stc-directory",
            seeds: seeds(&[STC_BUNDLE]),
            run: stc_directory,
        },
        Target {
            name: "www-directory",
            seeds: seeds(&[WWW_BUNDLE]),
            run: www_directory,
        },
        Target {
            name: "study-collection",
            seeds: seeds(&[STUDY_BUNDLE]),
            run: study_collection,
        },
    ]
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs the target `name` and fails listing every failure.
fn fuzz_target(name: &str, seed: u64, inputs: u64, verbose: bool) {
    let target = targets()
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no fuzz target `{name}`"));
    let start = Instant::now();
    let report = fuzz_with_progress(&target, seed, inputs, verbose);
    if verbose {
        println!(
            "{:<20} {:>9} inputs: {:>9} accepted, {:>9} rejected with an error naming the file, {} failure(s); slowest input {:?}; {:.1} s",
            target.name,
            report.inputs,
            report.accepted,
            report.rejected,
            report.failures.len(),
            report.slowest,
            start.elapsed().as_secs_f64()
        );
    }
    assert!(report.failures.is_empty(), "{}", report.failures.join("\n"));
}

/// The harness itself: a reader that panics, errs without naming the file, or is slow is reported.
#[test]
fn harness_reports_panics_unnamed_errors_and_slow_inputs() {
    let target = |run: fn(&[u8], &Path) -> Verdict| Target {
        name: "self-test",
        seeds: seeds(&["a b c\n"]),
        run,
    };
    let panics = fuzz(&target(|_, _| panic!("reader bug")), 1, 3);
    assert_eq!(panics.failures.len(), 3);
    assert!(panics.failures[0].contains("panicked"));
    let unnamed = fuzz(&target(|_, _| Err("bad line".to_string())), 1, 2);
    assert!(unnamed.failures[0].contains("does not name the input file"));
    let named = fuzz(&target(|_, _| Err(format!("{INPUT}:1: bad line"))), 1, 2);
    assert!(named.failures.is_empty());
    assert_eq!(named.rejected, 2);
    let slow = fuzz(
        &target(|_, _| {
            std::thread::sleep(SLOW + Duration::from_millis(50));
            Ok(())
        }),
        1,
        1,
    );
    assert!(slow.failures[0].contains("took"));
}

/// Every target starts from valid inputs; the tests below fuzz each target.
#[test]
fn every_target_has_valid_seeds() {
    let dir = tempfile::tempdir().unwrap();
    for target in targets() {
        for seed in &target.seeds {
            let verdict = (target.run)(seed, dir.path());
            assert!(verdict.is_ok(), "{}: {verdict:?}", target.name);
        }
    }
}

macro_rules! quick_fuzz {
    ($($test:ident => $name:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                let inputs = env_u64("EVIA_FUZZ_INPUTS", DEFAULT_INPUTS);
                let seed = env_u64("EVIA_FUZZ_SEED", DEFAULT_SEED);
                // A campaign (more inputs than the default) prints its progress and a summary.
                fuzz_target($name, seed, inputs, inputs > DEFAULT_INPUTS);
            }
        )*
    };
}

quick_fuzz! {
    qrels_ntcir => "qrels-ntcir",
    qrels_trec => "qrels-trec",
    qrels_auto => "qrels-auto",
    qrels_classes => "qrels-classes",
    intent_file_inputs => "intents",
    intent_qrels_inputs => "intent-qrels",
    gain_file_inputs => "gain-file",
    runs => "runs",
    hsd_matrix_inputs => "hsd-matrix",
    manifest_inputs => "manifest",
    published_inputs => "published",
    consistency_inputs => "consistency",
    stc_standin_inputs => "stc-standin",
    www_standin_inputs => "www-standin",
    www_runs_inputs => "www-runs",
    confusion_matrices => "confusion-matrices",
    stc_labels_inputs => "stc-labels",
    www_labels_inputs => "www-labels",
    labels_long_inputs => "labels-long",
    labels_wide_inputs => "labels-wide",
    labels_wide_unnamed_inputs => "labels-wide-unnamed",
    ratings_inputs => "ratings",
    stc_directory_inputs => "stc-directory",
    www_directory_inputs => "www-directory",
    study_collection_inputs => "study-collection",
}
