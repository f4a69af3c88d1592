//! `evia-repro eval` follows the conventions users know from trec_eval and NTCIREVAL (issue 13,
//! items 4, 5 and 8): unjudged run topics skipped with one warning, `--condensed` skipping only the
//! measures a topic cannot have, TREC negative relevance = nonrelevant, a byte-order mark ignored,
//! numbers without float noise, and linear time in the number of topics.
#![allow(clippy::unwrap_used)]

use std::process::Command;
use std::time::{Duration, Instant};

use tempfile::TempDir;

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn eval_texts(qrels: &str, run: &str, args: &[&str]) -> Out {
    let dir = TempDir::new().unwrap();
    let q = dir.path().join("q.txt");
    let r = dir.path().join("run.txt");
    std::fs::write(&q, qrels).unwrap();
    std::fs::write(&r, run).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_evia-repro"))
        .arg("eval")
        .arg("--qrels")
        .arg(&q)
        .arg("--run")
        .arg(&r)
        .args(args)
        .output()
        .unwrap();
    Out {
        code: o.status.code().unwrap(),
        stdout: String::from_utf8(o.stdout).unwrap(),
        stderr: String::from_utf8(o.stderr).unwrap(),
    }
}

#[test]
fn trec_negative_relevance_is_nonrelevant() {
    let run = "T1 b\nT1 a\nT1 c\n";
    let negative = eval_texts("T1 0 a 1\nT1 0 b -1\nT1 0 c -2\n", run, &["--condensed"]);
    let zero = eval_texts("T1 0 a 1\nT1 0 b 0\nT1 0 c 0\n", run, &["--condensed"]);
    assert_eq!(negative.code, 0, "{}", negative.stderr);
    assert_eq!(negative.stdout, zero.stdout);
    assert!(negative.stdout.contains("jnonrel=2"), "{}", negative.stdout);
}

#[test]
fn byte_order_mark_makes_no_phantom_topic() {
    let run = "T1 a\nT1 b\nT2 c\n";
    let qrels = "T1 a L1\nT1 b L0\nT2 c L1\n";
    let plain = eval_texts(qrels, run, &["--format", "tsv"]);
    let bom = eval_texts(
        &format!("\u{feff}{qrels}"),
        &format!("\u{feff}{run}"),
        &["--format", "tsv"],
    );
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert_eq!(bom.code, 0, "{}", bom.stderr);
    assert_eq!(bom.stdout, plain.stdout);
    assert!(bom.stderr.is_empty(), "{}", bom.stderr);
}

#[test]
fn condensed_skips_only_bpref_for_topics_without_judged_nonrelevant() {
    // T2 has no judged nonrelevant document: bpref is undefined for it (N = 0), the rest is not.
    let qrels = "T1 a L1\nT1 b L0\nT2 c L1\n";
    let run = "T1 b\nT1 a\nT2 c\n";
    let out = eval_texts(qrels, run, &["--condensed", "--format", "tsv"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("1 topic(s) have no judged nonrelevant document")
    );
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    let bpref = rows[0].iter().position(|&c| c == "bpref").unwrap();
    let ap = rows[0].iter().position(|&c| c == "AP").unwrap();
    assert_eq!(rows[2][0], "T2");
    assert_eq!(rows[2][bpref], "NA");
    assert_eq!(rows[2][ap], "1");
    // T1: the relevant document is below one judged nonrelevant one: bpref = 1 - 1/1 = 0.
    assert_eq!(rows[1][bpref], "0");
    // The mean of bpref is over T1 only; AP over both.
    assert_eq!(rows[3][bpref], "0");
    assert_eq!(rows[3][ap], "0.75");
    // nev leaves the undefined lines out for T2 only.
    let out = eval_texts(qrels, run, &["--condensed"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("T1 bpref="));
    assert!(!out.stdout.contains("T2 bpref="));
    assert!(out.stdout.contains("T2 AP="));
}

#[test]
fn tsv_and_json_print_no_float_noise() {
    // P@10 with 1 relevant document retrieved of 3: 0.1 in both formats; a mean of 0.1 and 0.2 is
    // 0.15000000000000002 in binary floating point, printed 0.15.
    let qrels = "T1 a L1\nT1 z L0\nT2 b L1\nT2 c L1\nT2 z L0\n";
    let run = "T1 a\nT2 b\nT2 c\n";
    let out = eval_texts(qrels, run, &["--format", "tsv", "--cutoffs", "10"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    let prec = rows[0].iter().position(|&c| c == "Prec@0010").unwrap();
    assert_eq!(rows[1][prec], "0.1");
    assert_eq!(rows[2][prec], "0.2");
    assert_eq!(rows[3][prec], "0.15", "{}", 0.1_f64.midpoint(0.2));
    let out = eval_texts(qrels, run, &["--format", "json", "--cutoffs", "10"]);
    assert!(
        out.stdout.contains("\"Prec@0010\": 0.15\n") || out.stdout.contains("\"Prec@0010\": 0.15,"),
        "{}",
        out.stdout
    );
}

#[test]
fn many_unjudged_topics_take_linear_time() {
    // Issue 13 item 4: 200,000 run topics missing from the qrels plus 200,000 qrels topics without a
    // relevant document took minutes (a quadratic membership test).
    let n = 200_000;
    let mut qrels = String::from("T0 a L1\n");
    let mut run = String::from("T0 a\n");
    for i in 1..=n {
        qrels.push_str(&format!("Q{i:06} x L0\n"));
        run.push_str(&format!("R{i:06} y\n"));
    }
    let start = Instant::now();
    let out = eval_texts(&qrels, &run, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 2, "{}", out.stderr);
    assert!(out.stderr.contains("200000 run topic(s)"), "{}", out.stderr);
    assert!(out.stderr.contains("and 199995 more"), "{}", out.stderr);
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}
