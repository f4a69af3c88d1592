//! `evia-repro eval --intents`: bad intent files and intentwise qrels get errors naming the line;
//! the three output formats print the diversity lines.

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::common::TestCommand;

const INTENTS: &str = "T1 1 0.6 inf\nT1 2 0.4 nav\n";
const QRELS: &str = "T1 1 d1 L2\nT1 2 d1 L1\nT1 2 d2 L1\nT1 1 d3 L0\n";
const RUN: &str = "T1 d2\nT1 u1\nT1 d1\n";

fn write(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Runs `eval --intents I --qrels Q --run R ARGS`; returns (exit code, stdout, stderr).
fn eval(intents: &str, qrels: &str, args: &[&str]) -> (i32, String, String) {
    let dir = TempDir::new().unwrap();
    let i = write(&dir, "intents", intents);
    let q = write(&dir, "qrels", qrels);
    let r = write(&dir, "run", RUN);
    let arg = |p: &Path| p.to_str().unwrap().to_string();
    let o = TestCommand::new()
        .args([
            "eval",
            "--intents",
            &arg(&i),
            "--qrels",
            &arg(&q),
            "--run",
            &arg(&r),
        ])
        .args(["--run-format", "res", "--file-order"])
        .args(args)
        .run();
    (
        o.status.code().unwrap(),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[test]
fn probabilities_not_summing_to_one_name_the_topic_lines() {
    let (code, _, err) = eval("T1 1 0.6 inf\nT1 2 0.3 nav\n", QRELS, &[]);
    assert_ne!(code, 0);
    assert!(err.contains("intents:2:"), "{err}");
    assert!(err.contains("sum to"), "{err}");
}

#[test]
fn duplicate_intents_and_bad_fields_name_the_line() {
    let (code, _, err) = eval("T1 1 0.6 inf\nT1 1 0.4 nav\n", QRELS, &[]);
    assert_ne!(code, 0);
    assert!(
        err.contains("intents:2:") && err.contains("declared again"),
        "{err}"
    );
    let (code, _, err) = eval("T1 1 0.6 inf\nT1 2 0.4 navigational\n", QRELS, &[]);
    assert_ne!(code, 0);
    assert!(
        err.contains("intents:2:") && err.contains("`inf` or `nav`"),
        "{err}"
    );
    let (code, _, err) = eval("T1 1 NaN inf\n", QRELS, &[]);
    assert_ne!(code, 0);
    assert!(err.contains("intents:1:"), "{err}");
}

#[test]
fn unknown_intents_and_duplicate_judgements_name_the_qrels_line() {
    let (code, _, err) = eval(INTENTS, "T1 1 d1 L2\nT1 3 d2 L1\n", &[]);
    assert_ne!(code, 0);
    assert!(
        err.contains("qrels:2:") && err.contains("intent 3"),
        "{err}"
    );
    let (code, _, err) = eval(INTENTS, "T1 1 d1 L2\nT1 1 d1 L1\n", &[]);
    assert_ne!(code, 0);
    assert!(
        err.contains("qrels:2:") && err.contains("judged again"),
        "{err}"
    );
}

/// A level like `L4294967295` that would allocate without bound, in the intentwise qrels: the level is bounded on
/// its line (it used to reach the default linear gains and abort on a 34 GB allocation).
#[test]
fn a_level_beyond_the_bound_names_the_qrels_line() {
    let (code, _, err) = eval(INTENTS, "T1 1 d1 L2\nT1 2 d2 L4294967295\n", &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("qrels:2:") && err.contains("at most L1000"),
        "{err}"
    );
}

#[test]
fn nev_tsv_and_json_print_the_diversity_lines() {
    let (code, out, err) = eval(INTENTS, QRELS, &["--cutoffs", "1,3"]);
    assert_eq!(code, 0, "{err}");
    // d2 (rank 1) covers intent 2 only; d1 (rank 3) covers both: I-rec@1 = 1/2, I-rec@3 = 1.
    assert!(out.contains("T1 I-rec@0001=          0.5000"), "{out}");
    assert!(out.contains("T1 I-rec@0003=          1.0000"), "{out}");
    for name in [
        "D-nDCG@0003",
        "DIN-nDCG@0003",
        "D#-nDCG@0003",
        "P+Q@0003",
        "alpha-nDCG@0003",
        "ERR-IA@0003",
    ] {
        assert!(
            out.contains(&format!("T1 {name}=")),
            "{name} missing:\n{out}"
        );
    }
    let (code, tsv, _) = eval(INTENTS, QRELS, &["--cutoffs", "3", "--format", "tsv"]);
    assert_eq!(code, 0);
    assert!(tsv.lines().next().unwrap().contains("D#-Q@0003"));
    assert!(tsv.lines().any(|l| l.starts_with("mean\t")));
    let (code, json, _) = eval(INTENTS, QRELS, &["--cutoffs", "3", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["mean"]["I-rec@0003"], 1.0);
    assert_eq!(v["params"]["sharp_gamma"], 0.5);
}

/// A measure whose ideal value is 0 (niRBU@l with `--rbup 0`) stops nothing: it is undefined
/// (0/0), `-nan` in nev as NTCIREVAL prints it, `NA` in tsv, left out of json and of the means,
/// with one warning naming the measures and the topic; the other measures are as usual.
#[test]
fn undefined_values_do_not_stop_the_evaluation() {
    let args = ["--rbup", "0", "--cutoffs", "3"];
    let tsv_args = [&args[..], &["--format", "tsv"]].concat();
    let (code, tsv, err) = eval(INTENTS, QRELS, &tsv_args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for fragment in [
        "1 topic(s)",
        "D-niRBU@l",
        "--rbup 0",
        "printed as NA",
        ": T1\n",
    ] {
        assert!(err.contains(fragment), "{fragment}: {err}");
    }
    let rows: Vec<Vec<&str>> = tsv.lines().map(|l| l.split('\t').collect()).collect();
    let column = |name: &str| rows[0].iter().position(|&c| c == name).unwrap();
    let (nirbu, ndcg) = (column("D-niRBU@0003"), column("D-nDCG@0003"));
    assert_eq!((rows[1][nirbu], rows[2][nirbu]), ("NA", "NA"));
    assert_eq!(rows[2][ndcg], rows[1][ndcg]);
    let (code, nev, _) = eval(INTENTS, QRELS, &args);
    assert_eq!(code, 0);
    assert!(nev.contains("T1 D-niRBU@0003=        -nan"), "{nev}");
    let json_args = [&args[..], &["--format", "json"]].concat();
    let (_, json, _) = eval(INTENTS, QRELS, &json_args);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["topics"][0]["values"].get("D-niRBU@0003").is_none());
    assert!(v["mean"].get("D-niRBU@0003").is_none());
    assert!(v["mean"].get("D-nDCG@0003").is_some());
}
