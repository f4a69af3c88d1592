//! `evia-repro qrels`: consolidated qrels from per-assessor labels feed
//! `evia-repro eval` directly; the unanimity-aware gains are the engine's Eq. 2; the shipped NTCIR-12
//! STC Japanese labels go through it.

use std::path::Path;

use evia_engine::gain::{GainSetting, item_gains};

use crate::common::{TestCommand, project_root};

/// Labels of three assessors (one missing label) for two topics.
const LABELS: &str =
    "topic doc a b c\nT1 d1 2 2 1\nT1 d2 0 0 0\nT1 d3 1 NA 2\nT2 d4 2 2 2\nT2 d5 0 1 0\n";

fn per_doc_labels() -> Vec<(&'static str, &'static str, Vec<u32>)> {
    LABELS
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            let labels = f[2..].iter().filter_map(|v| v.parse().ok()).collect();
            (f[0], f[1], labels)
        })
        .collect()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

const RUN: &str =
    "T1 Q0 d3 1 3 r\nT1 Q0 d1 2 2 r\nT1 Q0 d2 3 1 r\nT2 Q0 d5 1 2 r\nT2 Q0 d4 2 1 r\n";

/// `qrels --combine sum` piped into `eval --qrels` gives what `eval` gives on the summed qrels
/// written independently here; `--combine ug` piped into `eval --gain-file` gives what `eval` gives
/// on gains computed here by the engine's Eq. 2.
#[test]
fn qrels_output_feeds_eval() {
    let dir = tempfile::tempdir().unwrap();
    let labels = write(dir.path(), "labels.tsv", LABELS);
    let run = write(dir.path(), "run", RUN);
    let args = ["qrels", "--labels", &labels, "--layout", "wide"];

    let summed = TestCommand::new()
        .args([&args[..], &["--combine", "sum"]].concat())
        .stdout();
    let expected: String = per_doc_labels()
        .iter()
        .map(|(t, d, l)| format!("{t} {d} L{}\n", l.iter().sum::<u32>()))
        .collect();
    assert_eq!(summed, expected);
    let ours = write(dir.path(), "sum.qrels", &summed);
    let reference = write(dir.path(), "ref.qrels", &expected);
    let eval = |flag: &str, file: &str| {
        TestCommand::new()
            .args(["eval", flag, file, "--run", &run])
            .stdout()
    };
    assert_eq!(eval("--qrels", &ours), eval("--qrels", &reference));

    let ug = TestCommand::new()
        .args([&args[..], &["--combine", "ug", "--p", "0.2"]].concat())
        .stdout();
    let setting = GainSetting { dmax: 2, p: 0.2 };
    let lines: Vec<&str> = ug.lines().collect();
    for ((t, d, l), line) in per_doc_labels().iter().zip(&lines) {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!((f[0], f[1]), (*t, *d));
        let gain: f64 = f[2].parse().unwrap();
        let engine = item_gains(l, setting).unwrap().unanimity_aware;
        assert!((gain - engine).abs() < 1e-12, "{line}: engine {engine}");
    }
    let gains = write(dir.path(), "ug.gains", &ug);
    let by_eval = eval("--gain-file", &gains);
    assert!(by_eval.contains("nDCG@1000"), "{by_eval}");
}

#[test]
fn majority_names_its_tie_rule_and_mean_needs_gains() {
    let dir = tempfile::tempdir().unwrap();
    let labels = write(
        dir.path(),
        "l",
        "T1 d1 a 2\nT1 d1 b 0\nT1 d1 c 1\nT1 d2 a 1\nT1 d2 b 1\n",
    );
    let low = TestCommand::new()
        .args(["qrels", "--labels", &labels, "--combine", "majority-low"])
        .stdout();
    let high = TestCommand::new()
        .args(["qrels", "--labels", &labels, "--combine", "majority-high"])
        .stdout();
    assert_eq!(low, "T1 d1 L0\nT1 d2 L1\n");
    assert_eq!(high, "T1 d1 L2\nT1 d2 L1\n");
    let mean = TestCommand::new()
        .args(["qrels", "--labels", &labels, "--combine", "mean"])
        .stdout();
    assert_eq!(mean, "T1 d1 1\nT1 d2 1\n");
    // Every mean here is a whole number, so levels are written; ug with p = 0 is RawG, also whole.
    let mean_levels = [
        "qrels",
        "--labels",
        &labels,
        "--combine",
        "mean",
        "--output",
        "levels",
    ];
    assert_eq!(
        TestCommand::new().args(mean_levels).stdout(),
        "T1 d1 L1\nT1 d2 L1\n"
    );
    let ug = [
        "qrels",
        "--labels",
        &labels,
        "--combine",
        "ug",
        "--p",
        "0",
        "--output",
        "levels",
    ];
    assert_eq!(TestCommand::new().args(ug).stdout(), "T1 d1 L3\nT1 d2 L2\n");
    // A mean of 1.5: the error names the document, its value and the flag that writes it.
    let halves = write(
        dir.path(),
        "h",
        "T1 d1 a 2\nT1 d1 b 2\nT1 d2 a 1\nT1 d2 b 2\n",
    );
    let out = TestCommand::new()
        .args([
            "qrels",
            "--labels",
            &halves,
            "--combine",
            "mean",
            "--output",
            "levels",
        ])
        .run();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("document `d2` of topic `T1` combines to 1.5 by --combine mean")
            && err.contains("--output gains")
            && !err.contains("non-integer"),
        "{err}"
    );
    let neg = write(dir.path(), "n", "T1 d1 a -2\nT1 d1 b 1\n");
    let out = TestCommand::new()
        .args([
            "qrels",
            "--labels",
            &neg,
            "--scale",
            "-2..2",
            "--combine",
            "sum",
        ])
        .run();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("document `d1` of topic `T1` combines to -1"),
        "{err}"
    );
    // Levels above L1000 (the most `eval` reads) are refused; gains are not bounded so low.
    let eleven: String = (0..11).map(|a| format!("T1 d1 a{a} 100\n")).collect();
    let big = write(dir.path(), "b", &eleven);
    let scale = ["--scale", "0..100"];
    let sum = ["qrels", "--labels", &big, "--combine", "sum"];
    let out = TestCommand::new().args([&sum[..], &scale].concat()).run();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("L1100"),
        "{out:?}"
    );
    let out = TestCommand::new()
        .args([&sum[..], &scale, &["--output", "gains"]].concat())
        .stdout();
    assert_eq!(out, "T1 d1 1100\n");
}

/// The NTCIR-12 STC Japanese pool: one qrels line per labelled pair, summed levels L0–L20 as the
/// organisers' official gain (the label sum), and unanimity-aware gains `eval` accepts.
#[test]
fn qrels_on_the_ntcir12_stc_japanese_labels() {
    let path = project_root().join("data/external/ntcir12-stc-japanese/test-final-labeled.txt.gz");
    let file = path.to_str().unwrap();
    let args = ["qrels", "--labels", file, "--layout", "wide-unnamed"];
    let summed = TestCommand::new()
        .args([&args[..], &["--combine", "sum"]].concat())
        .stdout();
    assert_eq!(summed.lines().count(), 18_543);
    assert!(summed.lines().all(|l| {
        let level: u32 = l.rsplit(" L").next().unwrap().parse().unwrap();
        level <= 20
    }));
    let ug = TestCommand::new()
        .args([&args[..], &["--combine", "ug"]].concat())
        .stdout();
    let dir = tempfile::tempdir().unwrap();
    let gains = write(dir.path(), "stc.gains", &ug);
    let first: Vec<&str> = ug.lines().take(5).collect();
    let run: String = first
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let f: Vec<&str> = l.split(' ').collect();
            format!("{} Q0 {} {} {} r\n", f[0], f[1], i + 1, 10 - i)
        })
        .collect();
    let run = write(dir.path(), "run", &run);
    TestCommand::new()
        .args(["eval", "--gain-file", &gains, "--run", &run])
        .stdout();
}

/// The shipped rule file of NTCIR-14 STC CECG (`data/qrels-rules/ntcir14-stc-cecg.rules`) against
/// the survey's scheme (NTCIR graded-relevance survey, §4.9: "consolidated on a majority-vote basis,
/// but if all three labels differed from one other (i.e., L2 vs. L1 vs. L0), the final relevance
/// level was set to L0"), implemented here independently, on all 27 label triples of the scale
/// 0..2; and the NTCIR-12 STC Chinese quadratic gains (L2, L1, L0 → 3, 1, 0) on one label a document.
#[test]
fn rule_files_apply_the_surveys_stc_schemes() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("topic doc a b c\n");
    let mut expected = Vec::new();
    for t in 0..27u32 {
        let triple = [t / 9, (t / 3) % 3, t % 3];
        text.push_str(&format!(
            "T1 d{t:02} {} {} {}\n",
            triple[0], triple[1], triple[2]
        ));
        let count = |l: u32| triple.iter().filter(|&&x| x == l).count();
        let majority = (0..3).find(|&l| count(l) >= 2);
        expected.push(format!("T1 d{t:02} L{}", majority.unwrap_or(0)));
    }
    let labels = dir.path().join("triples.tsv");
    std::fs::write(&labels, text).unwrap();
    let rules = project_root().join("data/qrels-rules/ntcir14-stc-cecg.rules");
    let out = TestCommand::new()
        .args([
            "qrels",
            "--layout",
            "wide",
            "--labels",
            labels.to_str().unwrap(),
            "--rules",
            rules.to_str().unwrap(),
        ])
        .stdout();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);

    let single = dir.path().join("single.tsv");
    std::fs::write(&single, "T1 d1 x 2\nT1 d2 x 1\nT1 d3 x 0\n").unwrap();
    let rules = project_root().join("data/qrels-rules/ntcir12-stc-chinese-quadratic.rules");
    let out = TestCommand::new()
        .args([
            "qrels",
            "--labels",
            single.to_str().unwrap(),
            "--rules",
            rules.to_str().unwrap(),
        ])
        .stdout();
    assert_eq!(out, "T1 d1 3\nT1 d2 1\nT1 d3 0\n");
}

/// A bad rule line is an error naming the rule file and line; `--combine` and `--rules` exclude
/// each other; a document no rule matches is named.
#[test]
fn bad_rule_files_name_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let labels = dir.path().join("labels.tsv");
    std::fs::write(&labels, LABELS).unwrap();
    let rules = dir.path().join("bad.rules");
    std::fs::write(&rules, "# header\nsum 0..2 -> L0\nsum 3.. -> L1\n").unwrap();
    let args = |rules: &Path| {
        TestCommand::new()
            .args([
                "qrels",
                "--layout",
                "wide",
                "--labels",
                labels.to_str().unwrap(),
                "--rules",
                rules.to_str().unwrap(),
            ])
            .run()
    };
    let out = args(&rules);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.rules:3:"), "{stderr}");
    std::fs::write(&rules, "sum 0..2 -> L0\n").unwrap();
    let stderr = String::from_utf8_lossy(&args(&rules).stderr).to_string();
    assert!(
        stderr.contains("document `d1` of topic `T1`") && stderr.contains("no rule matches"),
        "{stderr}"
    );
    let both = TestCommand::new()
        .args([
            "qrels",
            "--labels",
            labels.to_str().unwrap(),
            "--combine",
            "sum",
            "--rules",
            rules.to_str().unwrap(),
        ])
        .run();
    assert_eq!(both.status.code(), Some(2));
    // A `labels` rule naming a label off the declared scale could never match.
    std::fs::write(&rules, "labels 0 1 3 -> L1\notherwise sum\n").unwrap();
    let stderr = String::from_utf8_lossy(&args(&rules).stderr).to_string();
    assert!(
        stderr.contains("bad.rules:1: label 3 is off the declared scale 0..2"),
        "{stderr}"
    );
}

/// The shipped NTCIR-14 STC-3 dialogue-quality annotations (19 annotators, A scores on -2..2)
/// through `qrels`: the A column shifted to 0..4 (qrels gains cannot be negative) and averaged per
/// dialogue gives 3,700 direct gains, each the mean of its 19 shifted scores computed here.
#[test]
fn qrels_on_the_ntcir14_stc3_dq_annotations() {
    use std::collections::BTreeMap;
    use std::io::Read as _;
    let path =
        project_root().join("data/external/ntcir14-stc3-dq-annotations/dq_quality_train_cn.tsv.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut long = String::new();
    let mut scores: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let shifted = f[2].parse::<i32>().unwrap() + 2;
        long.push_str(&format!("dq {} {} {shifted}\n", f[0], f[1]));
        scores
            .entry(f[0].to_string())
            .or_default()
            .push(f64::from(shifted));
    }
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "dq-a.txt", &long);
    let gains = TestCommand::new()
        .args([
            "qrels",
            "--labels",
            &file,
            "--scale",
            "0..4",
            "--combine",
            "mean",
        ])
        .stdout();
    assert_eq!(gains.lines().count(), 3700);
    for line in gains.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let labels = &scores[f[1]];
        assert_eq!(labels.len(), 19, "{line}");
        let mean = labels.iter().sum::<f64>() / 19.0;
        let gain: f64 = f[2].parse().unwrap();
        assert!((gain - mean).abs() < 1e-9, "{line}: expected {mean}");
    }
}

/// `--output trec` writes `topic 0 doc level` lines that `eval` reads as it reads the same levels
/// in NTCIR form; `--combine sum` warns, naming how many documents and one example, when documents
/// carry different numbers of labels (d3 has two labels, the others three).
#[test]
fn trec_output_and_the_uneven_sum_warning() {
    let dir = tempfile::tempdir().unwrap();
    let labels = write(dir.path(), "labels.tsv", LABELS);
    let run = write(dir.path(), "run", RUN);
    let args = [
        "qrels",
        "--labels",
        &labels,
        "--layout",
        "wide",
        "--combine",
        "sum",
    ];
    let out = TestCommand::new()
        .args([&args[..], &["--output", "trec"]].concat())
        .assert_success();
    let trec = String::from_utf8(out.stdout).unwrap();
    let expected: String = per_doc_labels()
        .iter()
        .map(|(t, d, l)| format!("{t} 0 {d} {}\n", l.iter().sum::<u32>()))
        .collect();
    assert_eq!(trec, expected);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("1 document(s) have fewer than the 3 labels")
            && stderr.contains("document d3 of topic T1 has 2"),
        "{stderr}"
    );
    let levels = TestCommand::new().args(args).stdout();
    let eval = |text: &str, name: &str| {
        let file = write(dir.path(), name, text);
        TestCommand::new()
            .args(["eval", "--qrels", &file, "--run", &run])
            .stdout()
    };
    assert_eq!(eval(&trec, "trec.qrels"), eval(&levels, "ntcir.qrels"));
    // Every document with all three labels: no warning.
    let even = write(
        dir.path(),
        "even.tsv",
        "topic doc a b c\nT1 d1 2 2 1\nT2 d4 2 2 2\n",
    );
    let out = TestCommand::new()
        .args([
            "qrels",
            "--labels",
            &even,
            "--layout",
            "wide",
            "--combine",
            "sum",
        ])
        .assert_success();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
