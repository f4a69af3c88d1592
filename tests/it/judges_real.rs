//! `evia-repro judges` end to end on real judgements: LLM judges of the LLMJudge challenge (TREC
//! 2023 Deep Learning passages, `data/external/llmjudge-dl23/`), its label agreement compared with
//! the reference values that scikit-learn and krippendorff computed from the same files
//! (`expected.json`, made by `scripts/judges_reference/llmjudge-dl23.py`). The set has no openly
//! licensed runs, so two runs of the small fixture stand in for them (their topics are not the
//! set's: every run scores 0 and only the label agreement is checked).

use std::path::PathBuf;

use crate::common::{TestCommand, project_root};

const JUDGES: [&str; 4] = [
    "willia-umbrela1",
    "Olz-gpt4o",
    "TREMA-CoT",
    "NISTRetrieval-instruct0",
];

fn data(name: &str) -> PathBuf {
    project_root()
        .join("data/external/llmjudge-dl23")
        .join(name)
}

#[test]
fn judges_label_agreement_on_llmjudge_equals_scikit_learn_and_krippendorff() {
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data("expected.json")).unwrap()).unwrap();
    let mut c = TestCommand::new();
    c.arg("judges");
    for j in JUDGES {
        c.arg("--qrels").arg(format!(
            "{j}={}",
            data(&format!("llm/{j}.qrels.gz")).display()
        ));
    }
    let runs = project_root().join("tests/fixtures/judges/runs");
    c.arg("--run")
        .arg(runs.join("runA"))
        .arg("--run")
        .arg(runs.join("runB"));
    c.args([
        "--relevant-from",
        "2",
        "--trials",
        "100",
        "--format",
        "json",
    ]);
    let got: serde_json::Value = serde_json::from_str(&c.stdout()).unwrap();
    let pairs = got["labels"].as_array().unwrap();
    // Three judges against the reference, and the three other pairs.
    assert_eq!(pairs.len(), 6);
    let close = |a: &serde_json::Value, b: &serde_json::Value, what: &str| {
        let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
        assert!((a - b).abs() < 1e-9, "{what}: {a} against {b}");
    };
    for pair in pairs {
        let (j, r) = (
            pair["judge"].as_str().unwrap(),
            pair["reference"].as_str().unwrap(),
        );
        let want = expected["agreement"][r]
            .get(j)
            .or_else(|| expected["agreement"][j].get(r))
            .unwrap_or_else(|| panic!("no reference values for {j} and {r}"));
        assert_eq!(want["excluded_off_scale"], 0);
        assert_eq!(pair["shared_documents"], want["pairs_used"]);
        let what = |s: &str| format!("{j} / {r}: {s}");
        close(
            &pair["raw_agreement"],
            &want["exact_agreement"],
            &what("raw agreement"),
        );
        for (k, w) in [
            ("unweighted", "unweighted"),
            ("linear", "linear"),
            ("quadratic", "quadratic"),
            ("binary", "binary_ge2"),
        ] {
            close(
                &pair["kappa"][k]["value"],
                &want["cohen_kappa"][w],
                &what(k),
            );
        }
        for a in ["nominal", "ordinal", "interval"] {
            close(
                &pair["krippendorff_alpha"][a]["value"],
                &want["krippendorff_alpha"][a],
                &what(a),
            );
        }
    }
}
