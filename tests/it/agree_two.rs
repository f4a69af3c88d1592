//! `evia-repro agree` with two assessors: Krippendorff's alpha is reported, the binary kappa is cut
//! where `--relevant-from` says (and says so), the single pair is not called a mean, `--detail`
//! prints every per-topic kappa, and two assessors who share no document get a clear message
//! instead of every topic being "low-agreement". Expected values are computed here from the labels
//! (Cohen 1960; Krippendorff 2011, nominal alpha from the coincidence matrix).
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns

use crate::common::TestCommand;

/// Two assessors on a 0..3 scale, 24 shared documents on two topics.
fn pairs() -> Vec<(&'static str, u32, u32)> {
    let a = [0, 1, 2, 3, 3, 2, 1, 0, 2, 2, 3, 1];
    let b = [0, 2, 2, 3, 2, 1, 1, 0, 3, 2, 3, 0];
    let mut out = Vec::new();
    for (t, shift) in [("T1", 0), ("T2", 1)] {
        for i in 0..12 {
            out.push((t, a[(i + shift) % 12], b[i]));
        }
    }
    out
}

fn labels_file(dir: &tempfile::TempDir) -> String {
    let text: String = pairs()
        .iter()
        .enumerate()
        .map(|(i, (t, a, b))| format!("{t} d{i} a {a}\n{t} d{i} b {b}\n"))
        .collect();
    let path = dir.path().join("labels.txt");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Cohen's unweighted kappa of two label lists.
fn cohen(x: &[u32], y: &[u32]) -> f64 {
    let n = x.len() as f64;
    let po = x.iter().zip(y).filter(|(a, b)| a == b).count() as f64 / n;
    let pe: f64 = (0..4)
        .map(|c| {
            let px = x.iter().filter(|&&v| v == c).count() as f64 / n;
            let py = y.iter().filter(|&&v| v == c).count() as f64 / n;
            px * py
        })
        .sum();
    (po - pe) / (1.0 - pe)
}

/// Krippendorff's nominal alpha for two coders without missing values.
fn nominal_alpha(x: &[u32], y: &[u32]) -> f64 {
    let n = 2.0 * x.len() as f64;
    let disagree = x.iter().zip(y).filter(|(a, b)| a != b).count() as f64 * 2.0;
    let counts: Vec<f64> = (0..4)
        .map(|c| x.iter().chain(y).filter(|&&v| v == c).count() as f64)
        .collect();
    let expected = (n * n - counts.iter().map(|c| c * c).sum::<f64>()) / (n - 1.0);
    1.0 - disagree / expected
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&TestCommand::new().args(args).stdout()).unwrap()
}

#[test]
fn two_assessors_get_alpha_a_stated_binary_cut_and_one_pair() {
    let dir = tempfile::tempdir().unwrap();
    let file = labels_file(&dir);
    let (x, y): (Vec<u32>, Vec<u32>) = pairs().iter().map(|p| (p.1, p.2)).unzip();
    let args = ["agree", "--labels", &file, "--scale", "0..3"];
    let doc = json(&[&args[..], &["--format", "json", "--relevant-from", "2"]].concat());
    let alpha = doc["many_raters"]["alpha_nominal"].as_f64().unwrap();
    assert!((alpha - nominal_alpha(&x, &y)).abs() < 1e-12, "{alpha}");
    let cut = |v: &[u32]| v.iter().map(|&l| u32::from(l >= 2)).collect::<Vec<_>>();
    let binary = doc["pairs"][0]["kappa_binary"]["kappa"].as_f64().unwrap();
    assert!(
        (binary - cohen(&cut(&x), &cut(&y))).abs() < 1e-12,
        "{binary}"
    );
    assert_eq!(doc["binary_relevant_from"], 2);
    // The default cut is the lowest label against the rest.
    let doc = json(&[&args[..], &["--format", "json"]].concat());
    let binary = doc["pairs"][0]["kappa_binary"]["kappa"].as_f64().unwrap();
    let low = |v: &[u32]| v.iter().map(|&l| u32::from(l >= 1)).collect::<Vec<_>>();
    assert!(
        (binary - cohen(&low(&x), &low(&y))).abs() < 1e-12,
        "{binary}"
    );

    let text = TestCommand::new()
        .args([&args[..], &["--relevant-from", "2", "--detail"]].concat())
        .stdout();
    assert!(
        text.contains("Cohen's κ of a–b on 24 shared documents"),
        "{text}"
    );
    assert!(
        !text.contains("Light's") && !text.contains("Mean pairwise"),
        "{text}"
    );
    assert!(text.contains("binary (relevant from 2)"), "{text}");
    assert!(text.contains("Krippendorff's α: nominal"), "{text}");
    // Every per-topic kappa is printed, as the JSON gives it.
    assert!(
        text.contains("Per-topic linear weighted κ of each pair"),
        "{text}"
    );
    let doc = json(&[&args[..], &["--format", "json", "--min-topic-items", "2"]].concat());
    let text = TestCommand::new()
        .args([&args[..], &["--detail", "--min-topic-items", "2"]].concat())
        .stdout();
    for v in doc["pairs"][0]["per_topic"]["values"].as_array().unwrap() {
        let kappa = v["kappa_linear"]["kappa"].as_f64().unwrap();
        let row = format!("{}  ", v["topic"].as_str().unwrap());
        let line = text
            .lines()
            .find(|l| l.starts_with("a–b") && l.contains(&row))
            .unwrap_or_else(|| panic!("no row for {row} in {text}"));
        assert!(line.contains(&format!("{kappa:.3}")), "{line}");
    }
    TestCommand::new()
        .args([&args[..], &["--relevant-from", "0"]].concat())
        .assert_failure_with(2, "--relevant-from 0");
}

#[test]
fn assessors_sharing_no_document_get_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("apart.txt");
    std::fs::write(&path, "T1 d1 a 1\nT1 d2 b 0\nT2 d3 a 2\nT2 d4 b 1\n").unwrap();
    let file = path.to_str().unwrap();
    let out = TestCommand::new()
        .args(["agree", "--labels", file])
        .assert_success();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    for text in [&stdout, &stderr] {
        assert!(text.contains("No two assessors share a document"), "{text}");
    }
    let doc = json(&["agree", "--labels", file, "--format", "json"]);
    assert_eq!(doc["low_agreement_topics"], serde_json::json!([]));
    assert_eq!(doc["unshared_topics"], serde_json::json!(["T1", "T2"]));
}
