//! `evia-repro eval`: error cases (malformed qrels/run lines, unknown levels, negative gains, NaN
//! scores, topics missing from the qrels, duplicates) and documented behaviour (ranking, topic
//! coverage, output formats). Expected numbers come from tests/fixtures/measures.md §9.
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::common::TestCommand;

const SAMPLE_QRELS: &str = "T1 dummy01 L3\nT1 dummy02 L3\nT1 dummy03 L3\nT1 dummy04 L2\n\
T1 dummy05 L2\nT1 dummy06 L2\nT1 dummy07 L1\nT1 dummy08 L1\nT1 dummy09 L1\nT1 dummy10 L1\n\
T1 dummy11 L0\n";

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn write(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn eval(args: &[&str], files: &[(&str, &Path)]) -> Out {
    let mut cmd = TestCommand::new();
    cmd.arg("eval");
    for (flag, path) in files {
        cmd.arg(flag).arg(path);
    }
    cmd.args(args);
    let o = cmd.run();
    Out {
        code: o.status.code().unwrap(),
        stdout: String::from_utf8(o.stdout).unwrap(),
        stderr: String::from_utf8(o.stderr).unwrap(),
    }
}

/// Runs eval on the given qrels and run texts.
fn eval_texts(qrels: &str, run: &str, args: &[&str]) -> Out {
    let dir = TempDir::new().unwrap();
    let q = write(&dir, "q.txt", qrels);
    let r = write(&dir, "run.txt", run);
    eval(args, &[("--qrels", &q), ("--run", &r)])
}

fn assert_error(out: &Out, fragments: &[&str]) {
    assert_eq!(
        out.code, 2,
        "stdout: {}\nstderr: {}",
        out.stdout, out.stderr
    );
    assert!(out.stdout.is_empty(), "no partial output: {}", out.stdout);
    for f in fragments {
        assert!(out.stderr.contains(f), "stderr lacks `{f}`: {}", out.stderr);
    }
}

fn nev_value(out: &Out, topic: &str, name: &str) -> String {
    let prefix = format!("{topic} {name}=");
    out.stdout
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {prefix} in {}", out.stdout))
        .trim()
        .to_string()
}

const SAMPLE_RUN_RES: &str = "T1 dummy11\nT1 dummy01\nT1 dummy12\nT1 dummy04\n";

#[test]
fn sample_through_res_form_matches_reference() {
    // tests/fixtures/measures.md §9.1 column A.
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--gains", "1:2:3"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with("T1 # syslen=4 jrel=10 jnonrel=1\nT1 # r1=2 rp=2\n")
    );
    assert_eq!(nev_value(&out, "T1", "Q-measure"), "0.0967");
    assert_eq!(nev_value(&out, "T1", "ERR"), "0.4062");
    assert_eq!(nev_value(&out, "T1", "nDCG@1000"), "0.3380");
    assert_eq!(nev_value(&out, "T1", "Prec@1000"), "0.0020");
    // The line layout: value 22 characters after the topic prefix.
    assert!(out.stdout.contains("\nT1 RR=                  0.5000\n"));
}

#[test]
fn trec_qrels_and_ntcir_qrels_agree() {
    let trec: String = SAMPLE_QRELS
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            format!("{} 0 {} {}\n", f[0], f[1], &f[2][1..])
        })
        .collect();
    let a = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--cutoffs", "1,10"]);
    let b = eval_texts(&trec, SAMPLE_RUN_RES, &["--cutoffs", "1,10"]);
    assert_eq!(a.code, 0);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn trec_run_is_ranked_by_score_then_docno_descending() {
    // Scores put dummy01 and dummy12 in a tie; docno descending ranks dummy12 first, so the
    // ranking is dummy11, dummy12, dummy01, dummy04: r1 = 3.
    let run = "T1 Q0 dummy01 1 2.0 x\nT1 Q0 dummy11 2 3.0 x\nT1 Q0 dummy04 3 1.0 x\n\
               T1 Q0 dummy12 4 2.0 x\n";
    let out = eval_texts(SAMPLE_QRELS, run, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("T1 # r1=3 rp=3"), "{}", out.stdout);
    // --file-order: dummy01, dummy11, dummy04, dummy12: r1 = 1.
    let out = eval_texts(SAMPLE_QRELS, run, &["--file-order"]);
    assert!(out.stdout.contains("T1 # r1=1 rp=1"), "{}", out.stdout);
}

#[test]
fn condensed_and_truncate() {
    // tests/fixtures/measures.md §9.1 column D: condensed list; bpref lines appended.
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--condensed"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("T1 # syslen=3 jrel=10 jnonrel=1\n"));
    assert_eq!(nev_value(&out, "T1", "AP"), "0.1167");
    assert_eq!(nev_value(&out, "T1", "Q-measure"), "0.1083");
    assert!(out.stdout.contains("T1 bpref="));
    assert!(
        out.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("T1 rpref_relative2=")
    );
    // Truncation after condensing: top 2 judged documents.
    let out = eval_texts(
        SAMPLE_QRELS,
        SAMPLE_RUN_RES,
        &["--condensed", "--truncate", "2"],
    );
    assert!(out.stdout.starts_with("T1 # syslen=2 "), "{}", out.stdout);
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--truncate", "1"]);
    assert!(out.stdout.starts_with("T1 # syslen=1 "), "{}", out.stdout);
}

#[test]
fn condensed_skips_bpref_without_judged_nonrelevant_documents() {
    // Bpref is undefined (N = 0), the other measures are not.
    let out = eval_texts("T1 a L1\nT1 b L2\n", "T1 a\n", &["--condensed"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("no judged nonrelevant document"));
    assert!(!out.stdout.contains("bpref"));
    assert!(out.stdout.contains("T1 AP="));
}

#[test]
fn duplicates_are_errors_unless_allowed() {
    let run = "T1 dummy11\nT1 dummy01\nT1 dummy12\nT1 dummy04\nT1 dummy01\n";
    let out = eval_texts(SAMPLE_QRELS, run, &[]);
    assert_error(
        &out,
        &[
            "run.txt:5",
            "dummy01",
            "first on line 2",
            "--allow-duplicates",
        ],
    );
    // tests/fixtures/measures.md §9.4 duplicates vector: AP = 0.16, Prec@5 = 0.6.
    let out = eval_texts(SAMPLE_QRELS, run, &["--allow-duplicates", "--cutoffs", "5"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(nev_value(&out, "T1", "AP"), "0.1600");
    assert_eq!(nev_value(&out, "T1", "Prec@0005"), "0.6000");
}

/// A run whose topics' lines are interleaved (read by the whole-file parser) is evaluated exactly
/// as the same lines grouped by topic (read block by block, in two parts on two threads), in every
/// output format; errors in the second part name their lines in the whole file.
#[test]
fn interleaved_and_grouped_runs_agree() {
    let qrels = "T1 a L1\nT1 b L2\nT1 c L0\nT2 a L2\nT2 d L1\nT3 e L1\n";
    let lines = [
        "T1 Q0 a 1 3.0 r",
        "T2 Q0 d 1 2.5 r",
        "T1 Q0 x 2 2.0 r",
        "T3 Q0 e 1 1 r",
        "T2 Q0 a 2 2.5 r",
        "T1 Q0 b 3 2.0 r",
        "T4 Q0 z 1 1 r",
        "T2 Q0 q 3 0.5 r",
    ];
    let interleaved = lines.join("\n") + "\n";
    let mut sorted = lines.to_vec();
    sorted.sort_by_key(|l| l.split(' ').next().unwrap().to_string());
    let grouped = sorted.join("\n") + "\n";
    for format in ["nev", "tsv", "json"] {
        let a = eval_texts(
            qrels,
            &interleaved,
            &["--format", format, "--cutoffs", "1,2"],
        );
        let b = eval_texts(qrels, &grouped, &["--format", format, "--cutoffs", "1,2"]);
        assert_eq!(a.code, 0, "{}", a.stderr);
        assert_eq!(a.stdout, b.stdout, "{format}");
        assert!(a.stderr.contains("T4 (first on"), "{}", a.stderr);
    }
    let run = "T1 Q0 a 1 3 r\nT1 Q0 b 2 2 r\nT1 Q0 c 3 1 r\nT2 Q0 a 1 3 r\nT2 Q0 d 2 2 r\n\
               T2 Q0 a 3 1 r\n";
    let out = eval_texts(qrels, run, &[]);
    assert_error(
        &out,
        &["run.txt:6", "document a", "topic T2", "first on line 4"],
    );
    let out = eval_texts(qrels, &format!("{run}T3 Q0 e 1 x r\n"), &[]);
    assert_error(&out, &["run.txt:7", "expected a score"]);
}

#[test]
fn malformed_qrels_lines() {
    let run = SAMPLE_RUN_RES;
    for (qrels, fragments) in [
        ("T1 a L1\nT1 b\n", &["q.txt:2", "expected 3 fields"][..]),
        (
            "T1 a L1\nT1 b X2\n",
            &["q.txt:2", "relevance level like L0"],
        ),
        ("T1 a L1\nT1 b L\n", &["q.txt:2", "relevance level like L0"]),
        ("T1 a L1\n\nT1 b L1\n", &["q.txt:2", "an empty line"]),
        (
            "# comment\nT1 a L1\n",
            &["q.txt:1", "NTCIR qrels have no comment lines"],
        ),
        (
            "T1 0 a 1\nT1 0 b x\n",
            &["q.txt:2", "integer relevance level"],
        ),
        // A level that would allocate gigabytes of gains is rejected on its line.
        (
            "T1 0 a 1\nT1 0 b 4294967295\n",
            &["q.txt:2", "at most 1000"],
        ),
        ("T1 a L1\nT1 b L4294967295\n", &["q.txt:2", "at most L1000"]),
        (
            "T1 a L1\nT1 b L99999999999999999999999\n",
            &["q.txt:2", "at most L1000"],
        ),
        ("T1 a L1\nT1 b L\u{200b}1\n", &["q.txt:2", "LU+200B1"]),
        ("T1 a L1\nT1 a L2\n", &["q.txt:2", "judged again", "line 1"]),
        ("T1 a L1 extra junk\n", &["q.txt:1"]),
    ] {
        let out = eval_texts(qrels, run, &[]);
        assert_error(&out, fragments);
    }
}

#[test]
fn unknown_levels_and_bad_gains() {
    // A level above the declared gains (C: "max rel level mismatch").
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--gains", "1:2"]);
    assert_error(&out, &["q.txt:1", "L3", "above the highest level"]);
    // Decreasing and negative gains (C: "Bad gain/stop values").
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--gains", "3:2:1"]);
    assert_error(&out, &["non-decreasing"]);
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--gains=-1:2:3"]);
    assert_error(&out, &[">= 0"]);
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--gains", "1:2:1e308"]);
    assert_error(&out, &["--gains", "above the largest gain"]);
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--gains", "1:x:3"]);
    assert_error(&out, &["--gains", "`x`"]);
    // Cutoff 0 (C prints -nan) is rejected.
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--cutoffs", "10,0"]);
    assert_error(&out, &["--cutoffs: a cutoff of 0"]);
    // List items are trimmed, and a bad one is named with the option and the whole list.
    let spaced = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--cutoffs", "1, 10"]);
    assert_eq!(spaced.code, 0, "{}", spaced.stderr);
    let out = eval_texts(SAMPLE_QRELS, SAMPLE_RUN_RES, &["--cutoffs", "1,x"]);
    assert_error(&out, &["--cutoffs: `x` is not a valid number (in `1,x`)"]);
}

#[test]
fn direct_gain_files() {
    // tests/fixtures/measures.md §9.5.
    let gains = "G d01 4.5\nG d02 3.25\nG d03 2\nG d04 1.5\nG d05 0.75\nG d06 0\nG d07 0\n";
    let run = "G d06\nG d03\nG u1\nG d01\nG d05\nG d02\nG d07\n";
    let dir = TempDir::new().unwrap();
    let g = write(&dir, "gains.txt", gains);
    let r = write(&dir, "run.txt", run);
    let out = eval(
        &["--cutoffs", "1,3,5,10"],
        &[("--gain-file", &g), ("--run", &r)],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with("G # syslen=7 jrel=5 jnonrel=2\nG # r1=2 rp=4\n")
    );
    assert_eq!(nev_value(&out, "G", "Q-measure"), "0.4547");
    assert_eq!(nev_value(&out, "G", "nERR@0010"), "0.3672");
    for (text, fragments) in [
        (
            "G a 1\nG b -0.5\n",
            &["gains.txt:2", "finite number between 0 and"][..],
        ),
        (
            "G a 1\nG b NaN\n",
            &["gains.txt:2", "finite number between 0 and"],
        ),
        // Gains whose sum would overflow to infinity.
        (
            "G a 1e308\nG b 1e308\n",
            &["gains.txt:1", "between 0 and 1e15"],
        ),
        (
            "G a 1\nG b high\n",
            &["gains.txt:2", "expected a gain value"],
        ),
        ("G a 1\nG b\n", &["gains.txt:2", "expected 3 fields"]),
    ] {
        let g = write(&dir, "gains.txt", text);
        let out = eval(&[], &[("--gain-file", &g), ("--run", &r)]);
        assert_error(&out, fragments);
    }
    // --gains makes no sense with direct gains.
    let out = eval(&["--gains", "1:2"], &[("--gain-file", &g), ("--run", &r)]);
    assert_eq!(out.code, 2);
}

#[test]
fn malformed_run_lines() {
    for (run, fragments) in [
        (
            "T1 Q0 dummy01 1 NaN x\n",
            &["run.txt:1", "not a finite number"][..],
        ),
        (
            "T1 Q0 dummy01 1 inf x\n",
            &["run.txt:1", "not a finite number"],
        ),
        (
            "T1 Q0 dummy01 1 2.0 x\nT1 Q0 dummy02 2 high x\n",
            &["run.txt:2", "expected a score"],
        ),
        (
            "T1 Q0 dummy01 1 2.0 x\nT1 Q0 dummy02 2\n",
            &["run.txt:2", "expected 6 fields"],
        ),
        (
            "T1 dummy01\nT1 dummy02 extra\n",
            &["run.txt:2", "expected 2 fields"],
        ),
        (
            "T1 dummy01\n\nT1 dummy02\n",
            &["run.txt:2", "an empty line"],
        ),
        (
            "T1 dummy01 a b\n",
            &["run.txt:1", "expected a TREC run line"],
        ),
    ] {
        let out = eval_texts(SAMPLE_QRELS, run, &[]);
        assert_error(&out, fragments);
    }
}

#[test]
fn topics_missing_from_either_side() {
    // A run topic that the qrels do not have: skipped with one warning (trec_eval, NTCIREVAL);
    // with --strict, an error naming the run line.
    let out = eval_texts(SAMPLE_QRELS, "T1 dummy01\nT9 dummy01\n", &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("T9"));
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("1 run topic(s) are not in the relevance judgements and are skipped")
    );
    assert!(out.stderr.contains(": T9 (first on "), "{}", out.stderr);
    let out = eval_texts(SAMPLE_QRELS, "T1 dummy01\nT9 dummy01\n", &["--strict"]);
    assert_error(
        &out,
        &["run.txt:2", "topic T9", "not in the relevance judgements"],
    );
    // A qrels topic that the run does not have: evaluated as an empty list (all zeros).
    let qrels = format!("{SAMPLE_QRELS}T2 x L1\n");
    let out = eval_texts(&qrels, SAMPLE_RUN_RES, &["--cutoffs", "10"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("T2 # syslen=0 jrel=1 jnonrel=0\nT2 # r1=0 rp=0\n")
    );
    assert_eq!(nev_value(&out, "T2", "AP"), "0.0000");
    // A qrels topic without relevant documents: skipped with a warning.
    let qrels = format!("{SAMPLE_QRELS}T3 x L0\n");
    let out = eval_texts(&qrels, "T1 dummy01\nT3 x\n", &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("T3"));
    assert!(out.stderr.contains("1 topic(s) have no relevant document"));
    assert!(out.stderr.contains(": T3"));
}

#[test]
fn tsv_and_json_outputs() {
    let qrels = format!("{SAMPLE_QRELS}T2 x L1\nT2 y L0\n");
    let run = format!("{SAMPLE_RUN_RES}T2 x\n");
    let out = eval_texts(&qrels, &run, &["--format", "tsv", "--cutoffs", "1,10"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 4);
    let col = rows[0].iter().position(|&c| c == "AP").unwrap();
    assert_eq!(rows[1][0], "T1");
    assert_eq!(rows[1][col], "0.1");
    assert_eq!(rows[2][col], "1");
    assert_eq!(rows[3][0], "mean");
    assert_eq!(rows[3][col].parse::<f64>().unwrap(), (0.1 + 1.0) / 2.0);
    assert!(rows[0].contains(&"nCG@0010") && rows[0].contains(&"nG@1"));
    assert!(rows.iter().all(|r| r.len() == rows[0].len()));

    let out = eval_texts(&qrels, &run, &["--format", "json", "--cutoffs", "1,10"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["topics"][0]["topic"], "T1");
    // 15 significant digits (no float noise): the exact value is 0.09666666666666666.
    assert_eq!(v["topics"][0]["values"]["Q-measure"], 0.0966666666666667);
    assert_eq!(v["topics"][1]["values"]["nG@1"], 1.0);
    assert_eq!(v["mean"]["AP"], 0.55);
    assert_eq!(v["params"]["cutoffs"], serde_json::json!([1, 10]));
}

#[test]
fn usage_errors_exit_2() {
    let out = eval(&[], &[]);
    assert_eq!(out.code, 2);
    let dir = TempDir::new().unwrap();
    let r = write(&dir, "run.txt", SAMPLE_RUN_RES);
    let missing = dir.path().join("missing.txt");
    let out = eval(&[], &[("--qrels", &missing), ("--run", &r)]);
    assert_error(&out, &["missing.txt", "cannot read"]);
}
