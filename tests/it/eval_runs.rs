//! `evia-repro eval` over many runs: `--run` repeated or `--runs DIR` gives one run-by-measure
//! table whose means are each run's single-run means, and `--matrix MEASURE` gives the matrix
//! `hsd --matrix` reads, with each run's column mean equal to its mean in the table.
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::common::TestCommand;

const QRELS: &str = "1 0 d1 1\n1 0 d2 0\n1 0 d3 2\n2 0 d1 1\n2 0 d4 1\n2 0 d5 0\n3 0 d2 2\n";
const RUNS: [(&str, &str); 3] = [
    (
        "a",
        "1 Q0 d1 1 3 a\n1 Q0 d2 2 2 a\n2 Q0 d4 1 3 a\n3 Q0 d2 1 1 a\n",
    ),
    (
        "b",
        "1 Q0 d3 1 3 b\n1 Q0 d1 2 2 b\n2 Q0 d5 1 3 b\n2 Q0 d1 2 1 b\n",
    ),
    (
        "c.txt",
        "1 Q0 d2 1 3 c\n2 Q0 d1 1 3 c\n2 Q0 d4 2 2 c\n3 Q0 d9 1 1 c\n",
    ),
];

fn setup() -> (TempDir, PathBuf, PathBuf) {
    let dir = TempDir::new().unwrap();
    let qrels = dir.path().join("qrels");
    std::fs::write(&qrels, QRELS).unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    for (name, text) in RUNS {
        std::fs::write(runs.join(name), text).unwrap();
    }
    (dir, qrels, runs)
}

/// The `mean` row of one run's `eval --format tsv`, by measure.
fn single_means(qrels: &Path, run: &Path, measures: &str) -> Vec<String> {
    let out = TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(qrels)
        .arg("--run")
        .arg(run)
        .args(["--measures", measures, "--format", "tsv"])
        .stdout();
    let mean = out.lines().find(|l| l.starts_with("mean\t")).unwrap();
    mean.split('\t').skip(6).map(str::to_string).collect()
}

#[test]
fn many_runs_give_one_table_of_each_runs_means() {
    let (_dir, qrels, runs) = setup();
    let measures = "AP,P@10,nDCG@10";
    let table = TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&qrels)
        .arg("--runs")
        .arg(&runs)
        .args(["--measures", measures, "--format", "tsv"])
        .stdout();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines[0], "run\tAP\tP@10\tnDCG@10");
    assert_eq!(lines.len(), 4, "{table}");
    for (line, (file, _)) in lines[1..].iter().zip(RUNS) {
        let cells: Vec<&str> = line.split('\t').collect();
        // Named after the file; only a final `.gz` is dropped.
        assert_eq!(cells[0], file);
        assert_eq!(cells[1..], single_means(&qrels, &runs.join(file), measures));
    }
    // `--run` repeated gives the same rows, named after the files.
    let repeated = TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&qrels)
        .arg("--run")
        .arg(runs.join("a"))
        .arg("--run")
        .arg(runs.join("b"))
        .args(["--measures", measures, "--format", "tsv"])
        .stdout();
    assert_eq!(repeated.lines().collect::<Vec<_>>(), lines[..3]);
}

#[test]
fn the_matrix_is_what_hsd_reads() {
    let (dir, qrels, runs) = setup();
    let matrix = TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&qrels)
        .arg("--runs")
        .arg(&runs)
        .args(["--matrix", "P@10"])
        .stdout();
    assert!(matrix.starts_with("topic\ta\tb\tc.txt\n"), "{matrix}");
    assert_eq!(
        matrix.lines().count(),
        4,
        "one row per judged topic: {matrix}"
    );
    let path = dir.path().join("matrix.tsv");
    std::fs::write(&path, &matrix).unwrap();
    let hsd = TestCommand::new()
        .arg("hsd")
        .arg("--matrix")
        .arg(&path)
        .args(["--trials", "200", "--format", "json"])
        .stdout();
    let hsd: serde_json::Value = serde_json::from_str(&hsd).unwrap();
    assert_eq!(hsd["runs"], serde_json::json!(["a", "b", "c.txt"]));
    let table = TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&qrels)
        .arg("--runs")
        .arg(&runs)
        .args(["--measures", "P@10", "--format", "json"])
        .stdout();
    let table: serde_json::Value = serde_json::from_str(&table).unwrap();
    for pair in hsd["pairs"].as_array().unwrap() {
        for side in ["a", "b"] {
            let run = pair[format!("run_{side}")].as_str().unwrap();
            let mean = pair[format!("mean_{side}")].as_f64().unwrap();
            let row = table["runs"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["run"] == run)
                .unwrap();
            let want = row["mean"]["P@10"].as_f64().unwrap();
            assert!((mean - want).abs() < 1e-12, "{run}: {mean} vs {want}");
        }
    }
}

#[test]
fn two_files_with_one_run_name_are_refused() {
    let (_dir, qrels, runs) = setup();
    std::fs::write(runs.join("a.gz"), b"").unwrap();
    TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&qrels)
        .arg("--runs")
        .arg(&runs)
        .assert_failure_with(2, "both give the run name `a`");
}
