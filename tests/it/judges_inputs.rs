//! `evia-repro judges` on the judge inputs besides level qrels, through the binary: per-assessor
//! labels (`--labels`, as `agree` reads them) and direct-gain files with real-valued gains. The
//! label file and the gain file are written from the level qrels of `tests/fixtures/judges/`, so
//! each analysis is checked against the same judges given as qrels, or against `eval`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::common::{TestCommand, project_root};

fn fixture(name: &str) -> PathBuf {
    project_root().join("tests/fixtures/judges").join(name)
}

/// `(topic, doc, level)` of a TREC qrels fixture.
fn qrels(name: &str) -> Vec<(String, String, u32)> {
    std::fs::read_to_string(fixture(name))
        .unwrap()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[2].to_string(), f[3].parse().unwrap())
        })
        .collect()
}

fn json(c: &mut TestCommand) -> serde_json::Value {
    c.args(["--format", "json", "--trials", "200"]);
    serde_json::from_str(&c.stdout()).unwrap()
}

/// The human and llm fixtures as one long-layout label file.
fn label_file(dir: &Path) -> PathBuf {
    let mut text = String::new();
    for judge in ["human", "llm"] {
        for (t, d, l) in qrels(&format!("{judge}.qrels")) {
            writeln!(text, "{t} {d} {judge} {l}").unwrap();
        }
    }
    let path = dir.join("labels.txt");
    std::fs::write(&path, text).unwrap();
    path
}

fn close(a: &serde_json::Value, b: &serde_json::Value, what: &str) {
    let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
    assert!((a - b).abs() < 1e-12, "{what}: {a} vs {b}");
}

#[test]
fn judges_labels_equal_the_same_judges_given_as_qrels() {
    let dir = tempfile::tempdir().unwrap();
    let labels = label_file(dir.path());
    let from_labels = json(
        TestCommand::new()
            .arg("judges")
            .arg("--labels")
            .arg(&labels)
            .args(["--reference", "human", "--runs"])
            .arg(fixture("runs")),
    );
    let from_qrels = json(
        TestCommand::new()
            .arg("judges")
            .arg("--qrels")
            .arg(format!("human={}", fixture("human.qrels").display()))
            .arg("--qrels")
            .arg(format!("llm={}", fixture("llm.qrels").display()))
            .arg("--runs")
            .arg(fixture("runs")),
    );
    assert_eq!(from_labels["reference"], "human");
    assert_eq!(from_labels["labels"][0]["judge"], "llm");
    assert_eq!(from_labels["labels"][0]["shared_documents"], 240);
    for k in ["unweighted", "linear", "quadratic", "binary"] {
        close(
            &from_labels["labels"][0]["kappa"][k]["value"],
            &from_qrels["labels"][0]["kappa"][k]["value"],
            k,
        );
    }
    // Levels as gains: each run's mean equals its mean under the level qrels' linear gains.
    for m in 0..3 {
        let (a, b) = (&from_labels["rankings"][m], &from_qrels["rankings"][m]);
        assert_eq!(a["measure"], b["measure"]);
        for judge in ["human", "llm"] {
            for run in ["runA", "runD"] {
                close(
                    &a["run_scores"][judge][run],
                    &b["run_scores"][judge][run],
                    &format!("{judge} {run} {}", a["measure"]),
                );
            }
        }
        close(
            &a["kendall_tau_b"]["value"],
            &b["kendall_tau_b"]["value"],
            "tau_b",
        );
    }
}

#[test]
fn judges_labels_refuse_an_unknown_reference_and_negative_labels_with_runs() {
    let dir = tempfile::tempdir().unwrap();
    let labels = label_file(dir.path());
    TestCommand::new()
        .arg("judges")
        .arg("--labels")
        .arg(&labels)
        .args(["--reference", "nist"])
        .assert_failure_with(2, "no assessor of --labels is named `nist`");
    TestCommand::new()
        .arg("judges")
        .arg("--labels")
        .arg(&labels)
        .args(["--scale=-1..2", "--runs"])
        .arg(fixture("runs"))
        .assert_failure_with(2, "negative labels");
    TestCommand::new()
        .arg("judges")
        .arg("--labels")
        .arg(&labels)
        .arg("--qrels")
        .arg(format!("human={}", fixture("human.qrels").display()))
        .assert_failure_with(2, "cannot be used with");
}

#[test]
fn judges_on_real_valued_gains_say_which_statistics_are_not_defined() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for (t, d, l) in qrels("llm.qrels") {
        writeln!(text, "{t} {d} {}", f64::from(l) * 0.7).unwrap();
    }
    let gains = dir.path().join("llm.gains");
    std::fs::write(&gains, text).unwrap();
    let j = json(
        TestCommand::new()
            .arg("judges")
            .arg("--qrels")
            .arg(format!("human={}", fixture("human.qrels").display()))
            .arg("--qrels")
            .arg(format!("llm={}", gains.display()))
            .arg("--runs")
            .arg(fixture("runs")),
    );
    assert_eq!(j["real_valued_gains"], true);
    let l = &j["labels"][0];
    for k in ["unweighted", "linear", "quadratic"] {
        assert!(l["kappa"][k]["value"].is_null(), "{k}");
        let why = l["kappa"][k]["undefined"].as_str().unwrap();
        assert!(
            why.starts_with("not defined for real-valued gains"),
            "{why}"
        );
    }
    for a in ["nominal", "ordinal"] {
        assert!(l["krippendorff_alpha"][a]["value"].is_null(), "{a}");
    }
    assert!(l["krippendorff_alpha"]["interval"]["value"].is_f64());
    assert!(l["confusion"].is_null());
    assert!(l["per_topic"][0]["kappa_linear"]["value"].is_null());
    // The gains evaluate the runs as `eval --gain-file` does.
    for (m, measure) in ["nDCG@10", "AP", "P@10"].iter().enumerate() {
        let eval = TestCommand::new()
            .arg("eval")
            .arg("--gain-file")
            .arg(&gains)
            .arg("--run")
            .arg(fixture("runs").join("runB"))
            .args(["--measures", measure, "--format", "json"])
            .stdout();
        let eval: serde_json::Value = serde_json::from_str(&eval).unwrap();
        let got = j["rankings"][m]["run_scores"]["llm"]["runB"]
            .as_f64()
            .unwrap();
        let want = eval["mean"][measure].as_f64().unwrap();
        assert!((got - want).abs() < 1e-13, "{measure}: {got} vs {want}");
    }
    assert!(j["rankings"][0]["kendall_tau_b"]["value"].is_f64());
    assert!(j["significance"][0]["pairs"].is_u64());
    let mut c = TestCommand::new();
    c.arg("judges")
        .arg("--qrels")
        .arg(format!("human={}", fixture("human.qrels").display()))
        .arg("--qrels")
        .arg(format!("llm={}", gains.display()));
    assert!(c.stdout().contains("Real-valued gains: kappa"));
}

/// `judges --out` on the two fixture judges with every run.
fn report(out: &Path, path_env: Option<&Path>) {
    let mut c = TestCommand::new();
    c.arg("judges")
        .arg("--qrels")
        .arg(format!("human={}", fixture("human.qrels").display()))
        .arg("--qrels")
        .arg(format!("llm={}", fixture("llm.qrels").display()))
        .arg("--runs")
        .arg(fixture("runs"))
        .args(["--trials", "200", "--measures", "nDCG@10,AP", "--out"])
        .arg(out);
    if let Some(p) = path_env {
        c.env("PATH", p);
    }
    c.assert_success();
}

const FIGURES: [&str; 5] = [
    "scatter-1",
    "rank-change-1",
    "scatter-2",
    "rank-change-2",
    "kappa-topics",
];

#[test]
fn judges_report_tex_includes_the_figures_as_pdf_and_compiles() {
    let Some(pdflatex) = crate::common::require_tool("pdflatex") else {
        return;
    };
    let Some(_) = crate::common::require_tool("rsvg-convert") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    report(&out, None);
    let tex = std::fs::read_to_string(out.join("report.tex")).unwrap();
    for f in FIGURES {
        assert!(out.join(format!("figures/{f}.pdf")).is_file(), "{f}.pdf");
        assert!(
            tex.contains(&format!("{{figures/{f}.pdf}}")),
            "{f} is not included"
        );
    }
    assert!(!tex.contains("Figure not included"));
    crate::common::pdflatex(&pdflatex, &out, "report");
    assert!(out.join("report.pdf").is_file());
    // A second run replaces its own output, PDFs included.
    std::fs::remove_file(out.join("report.pdf")).unwrap();
    for aux in ["report.aux", "report.log"] {
        let _ = std::fs::remove_file(out.join(aux));
    }
    report(&out, None);
}

#[test]
fn judges_report_without_a_converter_names_each_svg() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("no-tools");
    std::fs::create_dir(&empty).unwrap();
    let out = dir.path().join("report");
    report(&out, Some(&empty));
    let tex = std::fs::read_to_string(out.join("report.tex")).unwrap();
    assert!(!tex.contains("\\includegraphics"));
    for f in FIGURES {
        assert!(!out.join(format!("figures/{f}.pdf")).exists(), "{f}.pdf");
        assert!(
            tex.contains(&format!("\\texttt{{figures/{f}.svg}}")),
            "{f} is not named"
        );
    }
    assert!(tex.contains("no SVG-to-PDF converter, rsvg-convert, on the PATH"));
}
