//! Rank correlations treat run means that are equal in exact arithmetic as ties. The fixture
//! `tests/fixtures/p10-ties/` (made by its `gen.py`) has runs with the same count of relevant
//! documents in their top 10 under a judge, spread differently over the topics, so their P@10 means
//! are equal in exact arithmetic but not as naive floating-point sums; its `expected.tsv` holds
//! scipy's tau_b on the exact means (true ties) and the different tau_b the naive means give.

use std::path::Path;

use crate::common::{TestCommand, project_root};

/// A value of the fixture's `expected.tsv`.
fn expected(what: &str) -> f64 {
    let path = project_root().join("tests/fixtures/p10-ties/expected.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .find_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0] == what).then(|| f[2].parse().unwrap())
        })
        .unwrap()
}

fn fixture(name: &str) -> String {
    project_root()
        .join("tests/fixtures/p10-ties")
        .join(name)
        .display()
        .to_string()
}

/// The cell (panel, row, column, part) of a results JSON file.
fn cell(path: &Path, key: [&str; 4]) -> f64 {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["panel"] == key[0]
                && c["row"] == key[1]
                && c["column"] == key[2]
                && c["part"] == key[3]
        })
        .unwrap_or_else(|| panic!("no cell {key:?} in {}", path.display()))["value"]
        .as_f64()
        .unwrap()
}

/// `study`'s B.T3 (Kendall's tau between the qrels versions' rankings) on P@10 equals scipy's tau_b
/// with the true ties, not the value naive means give.
#[test]
fn study_tau_treats_equal_p10_means_as_ties() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let (labels, runs) = (fixture("labels.tsv"), fixture("runs"));
    let out_text = out.display().to_string();
    TestCommand::new()
        .args(["study", "--labels", &labels, "--layout", "wide"])
        .args(["--runs", &runs, "--measures", "P@10", "--trials", "200"])
        .args(["--version", "A=a", "--version", "B=b", "--out", &out_text])
        .assert_success();
    let tau = cell(&out.join("study/B.T3.json"), ["P@10", "A", "B", "tau"]);
    let (truth, naive) = (expected("tau_b"), expected("naive_tau_b"));
    assert!(
        (tau - truth).abs() < 1e-12,
        "tau {tau}, scipy with ties {truth}"
    );
    assert!((naive - truth).abs() > 1e-3, "the fixture tests ties");
}

/// `tau` between the two judges' topic-by-run P@10 matrices compares their run means with the
/// true ties: tau_b and Spearman's rho equal scipy's on the exact means; the interval is clipped
/// to [−1, 1]; the text output names every statistic.
#[test]
fn tau_command_treats_equal_p10_means_as_ties() {
    let (a, b) = (fixture("p10-a.tsv"), fixture("p10-b.tsv"));
    let json = TestCommand::new()
        .args(["tau", &a, &b, "--format", "json", "--top-k", "5"])
        .stdout();
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let m = &report["measures"][0];
    assert_eq!(m["measure"], "mean");
    let tau = m["kendall_tau_b"]["value"].as_f64().unwrap();
    assert!((tau - expected("tau_b")).abs() < 1e-12, "{tau}");
    let rho = m["spearman"]["value"].as_f64().unwrap();
    assert!((rho - expected("spearman_rho")).abs() < 1e-12, "{rho}");
    let ci = m["kendall_tau_b"]["ci"].as_array().unwrap();
    assert!(
        ci.iter().all(|v| v.as_f64().unwrap().abs() <= 1.0),
        "{ci:?}"
    );
    // Tied means leave tau_AP undefined, with the reason; tau_AP_b is defined.
    assert!(m["tau_ap"]["value"].is_null());
    assert!(m["tau_ap_b"]["value"].is_f64());
    assert_eq!(report["runs"], 8);

    let text = TestCommand::new().args(["tau", &a, &b]).stdout();
    for needle in [
        "Kendall's tau-b",
        "tau_AP_b",
        "top-10 tau",
        "RBO_ext (p = 0.9)",
        "Spearman",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    TestCommand::new()
        .args(["tau", &a, &fixture("labels.tsv")])
        .assert_failure_with(2, "labels.tsv");
}

/// `tau` shows every name it prints from its inputs (paths, measures, runs) with invisible
/// characters as code points, and refuses a run name a terminal would act on, naming its line.
#[test]
fn tau_prints_no_control_character_from_its_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("tables\u{1b}[2J");
    std::fs::create_dir(&sub).unwrap();
    let table = |name: &str, scores: [f64; 4]| {
        let mut text = "run\tnDCG\u{1b}[31m\n".to_string();
        for (run, s) in ["a", "b", "c", "d"].iter().zip(scores) {
            text.push_str(&format!("{run}\t{s}\n"));
        }
        let path = sub.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let a = table("ref.tsv", [0.4, 0.3, 0.2, 0.1]);
    let b = table("cmp.tsv", [0.4, 0.2, 0.3, 0.1]);
    let text = TestCommand::new().args(["tau", &a, &b]).stdout();
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(text.contains("U+001B"), "{text}");

    let bad = sub.join("bad.tsv");
    std::fs::write(&bad, "run\tm\na\t1\nb\u{1b}[2J\t2\nc\t3\n").unwrap();
    let out = TestCommand::new()
        .args(["tau", &a, &bad.display().to_string()])
        .assert_failure_with(2, ":3");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("U+001B"), "{stderr}");
}
