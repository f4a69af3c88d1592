//! `evia-repro hsd` end to end: determinism across thread counts and seeds, output formats, and the
//! matrix reader's error messages.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::TestCommand;

/// Sakai's textbook example (tests/fixtures/statistics.md §4) as a TSV matrix.
const TEXTBOOK: &str = "topic\tX\tY\tZ
1\t0.70\t0.50\t0.00
2\t0.30\t0.10\t0.00
3\t0.20\t0.00\t0.20
4\t0.60\t0.20\t0.10
5\t0.40\t0.40\t0.30
6\t0.40\t0.30\t0.30
7\t0.00\t0.00\t0.10
8\t0.70\t0.50\t0.20
9\t0.10\t0.30\t0.40
10\t0.30\t0.30\t0.40
11\t0.50\t0.40\t0.40
12\t0.40\t0.40\t0.30
13\t0.00\t0.10\t0.30
14\t0.60\t0.40\t0.20
15\t0.50\t0.20\t0.20
16\t0.30\t0.10\t0.20
17\t0.10\t0.10\t0.10
18\t0.50\t0.60\t0.50
19\t0.20\t0.30\t0.40
20\t0.10\t0.20\t0.30
";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writing a test matrix into a temporary directory");
    path
}

fn hsd(args: &[&str]) -> Output {
    TestCommand::new().arg("hsd").args(args).run()
}

#[test]
fn same_seed_is_byte_identical_for_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.tsv", TEXTBOOK);
    let m = m.to_str().unwrap();
    for format in ["text", "tsv", "json"] {
        let base = [
            "--matrix", m, "--trials", "2000", "--seed", "9", "--format", format,
        ];
        let one = hsd(&[&base[..], &["--threads", "1"]].concat());
        let two = hsd(&[&base[..], &["--threads", "2"]].concat());
        assert!(
            one.status.success(),
            "{}",
            String::from_utf8_lossy(&one.stderr)
        );
        assert!(!one.stdout.is_empty());
        assert_eq!(one.stdout, two.stdout, "format {format}");
    }
    let seeded = |seed: &str| {
        hsd(&[
            "--matrix", m, "--trials", "2000", "--seed", seed, "--format", "tsv",
        ])
        .stdout
    };
    assert_ne!(
        seeded("9"),
        seeded("10"),
        "different seeds must draw differently"
    );
}

#[test]
fn tsv_and_json_report_every_pair() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.tsv", TEXTBOOK);
    let m = m.to_str().unwrap();
    let out = hsd(&["--matrix", m, "--trials", "1000", "--format", "tsv"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("run_a\trun_b\t"));
    let first: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(&first[..2], ["X", "Y"]);
    // |d| = 0.075 and ES_HSD(X, Y) = 0.5070 (tests/fixtures/statistics.md §4).
    assert_eq!(first[5], "0.075000");
    assert!(first[9].starts_with("0.5069"), "{}", first[9]);

    let out = hsd(&["--matrix", m, "--trials", "1000", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["topics"], 20);
    assert_eq!(json["df_residual"], 38);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 3);
    let v_e = json["v_e"].as_f64().unwrap();
    assert!((v_e - 0.0219).abs() < 1e-4);
    // Classical p of (X, Z): q = 0.1 / sqrt(V_E / 20) ≈ 3.02 with m = 3, df = 38.
    let p = json["pairs"][1]["p_classical"].as_f64().unwrap();
    assert!(p > 0.05 && p < 0.15, "{p}");
}

fn error_of(text: &str) -> String {
    let dir = tempfile::tempdir().expect("creating a temporary directory");
    let m = write(dir.path(), "bad.tsv", text);
    let out = hsd(&["--matrix", &m.to_string_lossy(), "--trials", "10"]);
    assert_eq!(out.status.code(), Some(2), "bad input must exit with 2");
    assert!(out.stdout.is_empty());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn bad_matrices_give_clear_errors() {
    let e = error_of("topic\ta\tb\n1\t0.5\tx\n2\t0.1\t0.2\n");
    assert!(e.contains("bad.tsv:2:7"), "{e}");
    assert!(
        e.contains("run `b`") && e.contains("`x`") && e.contains("expected a number"),
        "{e}"
    );

    let e = error_of("topic\ta\tb\n1\t0.5\t0.2\n2\t0.1\n");
    assert!(e.contains("bad.tsv:3") && e.contains("expected 3"), "{e}");

    let e = error_of("topic\ta\n1\t0.5\n2\t0.1\n");
    assert!(e.contains("bad.tsv:1") && e.contains("at least 2"), "{e}");

    let e = error_of("topic\ta\tb\n1\t0.5\t0.2\n");
    assert!(e.contains("at least 2 topics"), "{e}");

    let e = error_of("topic\ta\tb\n1\t0.5\tNaN\n2\t0.1\t0.2\n");
    assert!(e.contains("bad.tsv:2:7") && e.contains("finite"), "{e}");

    let e = error_of("");
    assert!(e.contains("empty file"), "{e}");

    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.tsv");
    let out = hsd(&["--matrix", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.tsv"));

    let m = write(dir.path(), "m.tsv", TEXTBOOK);
    let out = hsd(&["--matrix", m.to_str().unwrap(), "--alpha", "1.5"]);
    assert_eq!(out.status.code(), Some(2));
    let out = hsd(&["--matrix", m.to_str().unwrap(), "--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Two runs that differ by a constant not exact in binary (0.5 added to 0.5, 0.3, 0.1): the
/// residual is zero up to rounding, so ES_HSD and the classical p-value are NA, as for a constant
/// that is exact, not an effect size of about 1e15 and p = 0.
#[test]
fn a_rounding_residual_is_no_effect() {
    let dir = tempfile::tempdir().unwrap();
    for (name, shift) in [("inexact", 0.5), ("exact", 0.25)] {
        let rows: String = [0.5f64, 0.3, 0.1]
            .iter()
            .enumerate()
            .map(|(i, v)| format!("t{i}\t{v}\t{}\n", v + shift))
            .collect();
        let m = write(dir.path(), name, &format!("topic\tr1\tr2\n{rows}"));
        let out = hsd(&[
            "--matrix",
            m.to_str().unwrap(),
            "--trials",
            "10",
            "--format",
            "tsv",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let row: Vec<&str> = text.lines().nth(1).unwrap().split('\t').collect();
        assert_eq!((row[8], row[9]), ("NA", "NA"), "{name}: {text}");
    }
}
