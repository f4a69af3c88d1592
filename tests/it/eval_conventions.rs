//! `evia-repro eval` follows the conventions users know from trec_eval and NTCIREVAL: unjudged run
//! topics skipped with one warning, `--condensed` skipping only the measures a topic cannot have,
//! TREC relevance below 0 read as trec_eval reads it (in the pool, but unjudged), TREC files'
//! comment lines, blank lines and fields after the run tag read as trec_eval reads them, undefined
//! values reported without stopping the evaluation, a byte-order mark ignored, NUL bytes refused,
//! numbers without float noise, and linear time in the number of topics.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use tempfile::TempDir;

use crate::common::TestCommand;

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
    let o = TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&q)
        .arg("--run")
        .arg(&r)
        .args(args)
        .run();
    Out {
        code: o.status.code().unwrap(),
        stdout: String::from_utf8(o.stdout).unwrap(),
        stderr: String::from_utf8(o.stderr).unwrap(),
    }
}

/// Two topics with documents judged -1 and -2 (trec_eval: "in the pool, but unjudged").
const NEGATIVE_QRELS: &str = "T1 0 a 1\nT1 0 b -1\nT1 0 c 0\nT1 0 d 1\nT1 0 e -2\n\
                              T2 0 a 1\nT2 0 b 0\nT2 0 c -1\nT2 0 d 0\nT2 0 e 1\n";
const NEGATIVE_RUN: &str = "T1 Q0 b 1 9 r\nT1 Q0 a 2 8 r\nT1 Q0 c 3 7 r\nT1 Q0 e 4 6 r\nT1 Q0 d 5 5 r\n\
                            T2 Q0 c 1 9 r\nT2 Q0 b 2 8 r\nT2 Q0 a 3 7 r\nT2 Q0 d 4 6 r\nT2 Q0 e 5 5 r\n";

/// TREC relevance below 0: the document is in the pool but unjudged, as trec_eval reads it. bpref
/// skips it and it is not in N: T1 (condensed a, c, d): a has no judged nonrelevant document above
/// it (1), d has c above it, 1 of min(R, N) = min(2, 1) (0): bpref 0.5; T2 (b, a, d, e): a has b
/// above it (1 − 1/2), e has b and d (0): 0.25 (trec_eval 10.0 prints 0.5000 and 0.2500). Every
/// output is that of the same qrels without those lines.
#[test]
fn trec_negative_relevance_is_in_the_pool_but_unjudged() {
    let out = eval_texts(
        NEGATIVE_QRELS,
        NEGATIVE_RUN,
        &["--condensed", "--format", "tsv"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    let bpref = rows[0].iter().position(|&c| c == "bpref").unwrap();
    assert_eq!((rows[1][bpref], rows[2][bpref]), ("0.5", "0.25"));
    assert_eq!((rows[1][3], rows[2][3]), ("1", "2"), "jnonrel");
    let without: String = NEGATIVE_QRELS
        .lines()
        .filter(|l| !l.ends_with(" -1") && !l.ends_with(" -2"))
        .map(|l| format!("{l}\n"))
        .collect();
    for args in [&["--condensed"][..], &[], &["--format", "json"]] {
        let negative = eval_texts(NEGATIVE_QRELS, NEGATIVE_RUN, args);
        let absent = eval_texts(&without, NEGATIVE_RUN, args);
        assert_eq!(negative.code, 0, "{}", negative.stderr);
        assert_eq!(negative.stdout, absent.stdout, "{args:?}");
    }
    // A document listed twice is an error, whatever its relevance.
    let twice = eval_texts(&format!("{NEGATIVE_QRELS}T1 0 b 1\n"), NEGATIVE_RUN, &[]);
    assert_eq!(twice.code, 2);
    assert!(
        twice.stderr.contains("q.txt:11") && twice.stderr.contains("line 2"),
        "{}",
        twice.stderr
    );
}

/// TREC runs as trec_eval reads them: fields after the run tag ignored, blank lines and comment
/// lines (`#` after any blanks) skipped; the syntax is decided by the first other line. Read
/// grouped by topic (the block reader) and not (the whole-file parser), the same evaluation.
#[test]
fn trec_run_comments_blank_lines_and_extra_fields() {
    let plain = eval_texts(NEGATIVE_QRELS, NEGATIVE_RUN, &["--format", "tsv"]);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let mut lines: Vec<String> = NEGATIVE_RUN
        .lines()
        .enumerate()
        .map(|(i, l)| match i % 3 {
            0 => format!("{l} more junk\tat the end\n"),
            1 => format!("{l}\n\n  # a comment\n"),
            _ => format!("{l}\n   \t\n"),
        })
        .collect();
    lines.insert(0, "# run: test\n\n".to_string());
    let grouped: String = lines.concat();
    lines.swap(2, 8);
    let rotated: String = lines.concat();
    for run in [grouped, rotated] {
        let out = eval_texts(NEGATIVE_QRELS, &run, &["--format", "tsv"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out.stdout, plain.stdout, "{run}");
    }
    // A res-form run has neither: a comment line is an error naming it.
    let out = eval_texts("T1 a L1\n", "T1 a\n# note\nT1 b\n", &[]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("run.txt:2") && out.stderr.contains("comment line"),
        "{}",
        out.stderr
    );
}

/// TREC qrels skip `#` comment lines (first column, as trec_eval); NTCIR qrels have none.
#[test]
fn qrels_comment_lines() {
    let run = "T1 a\nT1 b\n";
    let plain = eval_texts("T1 0 a 1\nT1 0 b 0\n", run, &[]);
    let commented = eval_texts("# judged by: x\nT1 0 a 1\n#T1 0 b 1\nT1 0 b 0\n", run, &[]);
    assert_eq!(commented.code, 0, "{}", commented.stderr);
    assert_eq!(commented.stdout, plain.stdout);
    for (qrels, line) in [
        ("# note\nT1 a L1\n", "q.txt:1"),
        ("T1 a L1\n# note\n", "q.txt:2"),
    ] {
        let out = eval_texts(qrels, run, &[]);
        assert_eq!(out.code, 2);
        assert!(
            out.stderr.contains(line) && out.stderr.contains("NTCIR qrels have no comment lines"),
            "{}",
            out.stderr
        );
    }
}

/// A NUL byte in a qrels or run line is an error naming the file, line and column, in small
/// files and in files large enough for the readers that work in parts.
#[test]
fn nul_bytes_are_refused() {
    let mut big_qrels = String::new();
    let mut big_run = String::new();
    for t in 0..300 {
        for d in 0..400 {
            big_qrels.push_str(&format!("T{t:03} 0 doc-{d} {}\n", d % 3));
            big_run.push_str(&format!("T{t:03} Q0 doc-{d} {d} {} r\n", 1000 - d));
        }
    }
    let nul_in = |text: &str, line: usize| -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[line - 1] = lines[line - 1].replacen("doc-", "do\0c-", 1);
        lines.iter().map(|l| format!("{l}\n")).collect()
    };
    let small_qrels = "T1 0 a 1\nT1 0 b 0\n";
    let small_run = "T1 Q0 a 1 2 r\nT1 Q0 b 2 1 r\n";
    for (qrels, run, at) in [
        (
            small_qrels.replace(" b ", " b\0x "),
            small_run.to_string(),
            "q.txt:2:7",
        ),
        (
            small_qrels.to_string(),
            small_run.replace(" b ", " b\0x "),
            "run.txt:2:8",
        ),
        (
            nul_in(&big_qrels, 90_000),
            big_run.clone(),
            "q.txt:90000:10",
        ),
        (
            big_qrels.clone(),
            nul_in(&big_run, 90_000),
            "run.txt:90000:11",
        ),
    ] {
        let out = eval_texts(&qrels, &run, &[]);
        assert_eq!(out.code, 2, "{at}");
        assert!(
            out.stderr.contains(at) && out.stderr.contains("NUL byte"),
            "{at}: {}",
            out.stderr
        );
    }
    // Qrels with equivalence classes (`--ec`) too.
    let out = eval_texts("T1 a L1 1\nT1 b\0 L0 2\n", small_run, &["--ec"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("q.txt:2:5") && out.stderr.contains("NUL byte"),
        "{}",
        out.stderr
    );
}

/// A topic whose relevant documents all have gain 0 under `--gains` stops nothing: its
/// normalised measures are undefined (0/0), printed as NTCIREVAL prints them (`-nan`), `NA` in
/// tsv, absent in json, left out of the means, with one warning naming the topic and the cause.
#[test]
fn undefined_values_do_not_stop_the_evaluation() {
    // T1 has only L1 documents, gain 0; T2 has an L2 document.
    let qrels = "T1 a L1\nT1 b L0\nT2 c L2\nT2 d L1\n";
    let run = "T1 a\nT1 b\nT2 x\nT2 c\n";
    let gains = ["--gains", "0:1", "--cutoffs", "10"];
    let nev = eval_texts(qrels, run, &gains);
    assert_eq!(nev.code, 0, "{}", nev.stderr);
    assert!(
        nev.stdout.contains("T1 MSnDCG@0010=         -nan"),
        "{}",
        nev.stdout
    );
    assert!(
        nev.stdout.contains("T1 RR=                  1.0000"),
        "{}",
        nev.stdout
    );
    assert!(!nev.stdout.contains("T2 MSnDCG@0010=         -nan"));
    assert_eq!(nev.stderr.lines().count(), 1, "{}", nev.stderr);
    for fragment in [
        "1 topic(s)",
        "every relevant document has gain 0",
        "--gains",
        "MSnDCG@l",
        ": T1",
    ] {
        assert!(nev.stderr.contains(fragment), "{fragment}: {}", nev.stderr);
    }
    let tsv = eval_texts(qrels, run, &[&gains[..], &["--format", "tsv"]].concat());
    let rows: Vec<Vec<&str>> = tsv
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    let ndcg = rows[0].iter().position(|&c| c == "MSnDCG@0010").unwrap();
    let rr = rows[0].iter().position(|&c| c == "RR").unwrap();
    assert_eq!(rows[1][ndcg], "NA");
    // The mean of MSnDCG@10 is T2's alone; RR's is over both topics.
    assert_eq!(rows[3][ndcg], rows[2][ndcg]);
    assert_eq!(
        (rows[1][rr], rows[2][rr], rows[3][rr]),
        ("1", "0.5", "0.75")
    );
    let json = eval_texts(qrels, run, &[&gains[..], &["--format", "json"]].concat());
    let doc: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert!(doc["topics"][0]["values"].get("MSnDCG@0010").is_none());
    assert!(doc["topics"][0]["values"].get("RR").is_some());
    assert_eq!(
        doc["topics_with_undefined_values"],
        serde_json::json!(["T1"])
    );
}

/// A file read with the other syntax than the one given is an error naming the option that reads
/// it; a file that mixes the two syntaxes names none.
#[test]
fn syntax_errors_name_the_format_option() {
    let trec_qrels = "T1 0 a 1\nT1 0 b 0\n";
    let trec_run = "T1 Q0 a 1 2 r\nT1 Q0 b 2 1 r\n";
    for (qrels, run, args, fragment) in [
        (
            trec_qrels,
            trec_run,
            &["--qrels-format", "ntcir"][..],
            "--qrels-format trec",
        ),
        (
            "T1 a L1\n",
            trec_run,
            &["--qrels-format", "trec"],
            "--qrels-format ntcir",
        ),
        (
            trec_qrels,
            trec_run,
            &["--run-format", "res"],
            "--run-format trec",
        ),
        (
            trec_qrels,
            "T1 a\n",
            &["--run-format", "trec"],
            "--run-format res",
        ),
    ] {
        let out = eval_texts(qrels, run, args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains(fragment), "{args:?}: {}", out.stderr);
    }
    let mixed = eval_texts("T1 a L1\nT1 0 b 1\n", trec_run, &[]);
    assert_eq!(mixed.code, 2);
    assert!(mixed.stderr.contains("q.txt:2") && !mixed.stderr.contains("--qrels-format"));
}

/// Parameters out of range are errors naming their flag, before anything is read.
#[test]
fn parameter_errors_name_the_flag() {
    let qrels = "T1 a L1\n";
    for (args, fragment) in [
        (&["--beta", "1e300"][..], "--beta: 1e300"),
        (&["--cutoffs", "0"], "--cutoffs: a cutoff of 0"),
        (&["--rbp", "2"], "--rbp: 2.0 is not a number from 0 to 1"),
        (
            &["--gains", "1"],
            "give --gains a gain for every level up to L2",
        ),
    ] {
        let qrels = if args[0] == "--gains" {
            "T1 a L2\n"
        } else {
            qrels
        };
        let out = eval_texts(qrels, "T1 a\n", args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains(fragment), "{args:?}: {}", out.stderr);
    }
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
    // 200,000 run topics missing from the qrels plus 200,000 qrels topics without a
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
