//! `evia-repro judges` through the binary, on the fixture `tests/fixtures/judges/` (made by its
//! `gen.py`): two judges with runs, three judges, a judge sharing no document, the JSON contract
//! of docs/judges.md, the pending topic split, left-out runs and hostile names.

use std::path::PathBuf;

use crate::common::{TestCommand, project_root};

fn fixture(name: &str) -> PathBuf {
    project_root().join("tests/fixtures/judges").join(name)
}

fn judge(name: &str, file: &str) -> String {
    format!("{name}={}", fixture(file).display())
}

fn judges(args: &[String]) -> TestCommand {
    let mut c = TestCommand::new();
    c.arg("judges")
        .arg("--runs")
        .arg(fixture("runs"))
        .args(["--trials", "500"])
        .args(args);
    c
}

fn json(args: &[String]) -> serde_json::Value {
    let mut c = judges(args);
    c.args(["--format", "json"]);
    serde_json::from_str(&c.stdout()).unwrap()
}

fn two() -> Vec<String> {
    vec![
        "--qrels".into(),
        judge("human", "human.qrels"),
        "--qrels".into(),
        judge("llm", "llm.qrels"),
    ]
}

#[test]
fn judges_prints_the_headline_first_and_every_table() {
    let out = judges(&two()).stdout();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("1 judge(s) against the reference human: 6 runs"));
    assert!(lines[1].starts_with("llm against human on 240 shared documents"));
    let blank = lines.iter().position(|l| l.is_empty()).unwrap();
    assert!(blank <= 10, "headline of {blank} lines");
    for title in [
        "Label agreement: documents and leniency",
        "Confusion matrix: human (rows) against llm (columns)",
        "Per-topic linear kappa",
        "Ranking agreement",
        "Significance agreement",
        "Topic subsets",
        "Coverage: judged@10",
    ] {
        assert!(out.contains(title), "{title}");
    }
    assert!(!out.to_lowercase().contains("statistically equivalent"));
}

#[test]
fn judges_run_scores_equal_evals_means() {
    let j = json(&two());
    for run in ["runA", "runD"] {
        for judge in ["human", "llm"] {
            let eval = TestCommand::new()
                .arg("eval")
                .arg("--qrels")
                .arg(fixture(&format!("{judge}.qrels")))
                .arg("--run")
                .arg(fixture("runs").join(run))
                .args(["--measures", "nDCG@10,AP,P@10", "--format", "json"])
                .stdout();
            let eval: serde_json::Value = serde_json::from_str(&eval).unwrap();
            for (m, measure) in ["nDCG@10", "AP", "P@10"].iter().enumerate() {
                let want = eval["mean"][measure].as_f64().unwrap();
                let got = j["rankings"][m]["run_scores"][judge][run].as_f64().unwrap();
                assert_eq!(j["rankings"][m]["measure"], *measure);
                // eval prints 15 significant digits.
                assert!(
                    (got - want).abs() < 1e-13,
                    "{run} {judge} {measure}: {got} vs {want}"
                );
            }
        }
    }
}

#[test]
fn judges_json_has_the_documented_fields() {
    let j = json(&two());
    let l = &j["labels"][0];
    assert_eq!(
        (l["judge"].as_str(), l["reference"].as_str()),
        (Some("llm"), Some("human"))
    );
    assert_eq!(l["shared_documents"], 240);
    for k in ["unweighted", "linear", "quadratic", "binary"] {
        assert!(
            l["kappa"][k]["value"].is_f64() && l["kappa"][k]["ci"].is_array(),
            "{k}"
        );
    }
    for a in ["nominal", "ordinal", "interval"] {
        assert!(l["krippendorff_alpha"][a]["value"].is_f64(), "{a}");
    }
    let t = &l["per_topic"][0];
    assert_eq!(t["topic"], "400");
    assert!(t["shared_documents"].is_u64() && t["kappa_linear"]["ci"].is_array());
    let r = &j["rankings"][0];
    for f in [
        "measure",
        "judge",
        "reference",
        "run_scores",
        "kendall_tau_b",
        "tau_ap",
        "tau_ap_b",
        "top_k_tau",
        "rbo",
        "spearman",
        "same_top_run",
    ] {
        assert!(!r[f].is_null(), "rankings.{f}");
    }
    assert!(r["kendall_tau_b"]["value"].is_f64() && r["kendall_tau_b"]["ci"].is_array());
    let s = &j["significance"][0];
    for f in [
        "measure",
        "judge",
        "reference",
        "pairs",
        "both",
        "only_reference",
        "only_judge",
    ] {
        assert!(!s[f].is_null(), "significance.{f}");
    }
    assert_eq!(s["pairs"], 15);
}

#[test]
fn judges_sharing_no_document_get_a_clear_outcome() {
    let args = vec![
        "--qrels".into(),
        judge("human", "human.qrels"),
        "--qrels".into(),
        judge("elsewhere", "elsewhere.qrels"),
    ];
    let j = json(&args);
    assert_eq!(j["labels"][0]["outcome"], "no_shared_documents");
    assert_eq!(j["labels"][0]["shared_documents"], 0);
    let out = judges(&args).stdout();
    assert!(out.contains("elsewhere against human: no shared documents"));
    assert!(!out.contains("low-agreement"));
}

#[test]
fn judges_with_three_judges_compare_every_pair() {
    let mut args = two();
    args.extend(["--qrels".into(), judge("crowd", "crowd.qrels")]);
    let j = json(&args);
    let pairs: Vec<(String, String)> = j["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["judge"].as_str().unwrap().into(),
                l["reference"].as_str().unwrap().into(),
            )
        })
        .collect();
    let want = [("llm", "human"), ("crowd", "human"), ("crowd", "llm")];
    assert_eq!(pairs, want.map(|(a, b)| (a.to_string(), b.to_string())));
    assert!(j["all_judges_alpha"]["ordinal"]["value"].is_f64());
    assert_eq!(j["headline"]["judges"].as_array().unwrap().len(), 2);
    assert_eq!(j["rankings"].as_array().unwrap().len(), 6);
}

#[test]
fn judges_split_is_pending_when_a_subset_is_too_small_and_median_splits() {
    let j = json(&two());
    assert_eq!(j["subsets"]["outcome"], "pending");
    assert_eq!(j["subsets"]["high_topics"].as_array().unwrap().len(), 8);
    let mut args = two();
    args.extend(["--split".into(), "median".into()]);
    let j = json(&args);
    assert_eq!(j["subsets"]["outcome"], "split");
    assert_eq!(j["subsets"]["high"]["topics"].as_array().unwrap().len(), 4);
}

#[test]
fn judges_leave_out_runs_and_refuse_unknown_ones() {
    let mut args = two();
    args.extend(["--exclude-runs".into(), "runC".into()]);
    let j = json(&args);
    assert_eq!(j["excluded_runs"][0], "runC");
    assert!(j["rankings"][0]["run_scores"]["human"]["runC"].is_null());
    assert_eq!(j["significance"][0]["pairs"], 10);
    let mut args = two();
    args.extend(["--exclude-runs".into(), "nope".into()]);
    judges(&args).assert_failure_with(2, "--exclude-runs: no run is named `nope`");
}

#[test]
fn judges_escape_hostile_names_in_md_and_tex() {
    let args = vec![
        "--qrels".into(),
        judge("<script>x|y", "human.qrels"),
        "--qrels".into(),
        judge("a&b_%$", "llm.qrels"),
    ];
    let mut md = judges(&args);
    md.args(["--format", "md"]);
    let md = md.stdout();
    assert!(
        !md.replace("\\<", "").contains("<script>"),
        "raw HTML in the Markdown"
    );
    assert!(!md.contains("x|y"), "an unescaped | in a cell");
    let mut tex = judges(&args);
    tex.args(["--format", "tex"]);
    let tex = tex.stdout();
    assert!(!tex.contains("a&b_%$"), "an unescaped name in the LaTeX");
    assert!(!tex.contains("\\renewcommand{\\thetable}"));
}

#[test]
fn judges_out_writes_the_report_and_figures_and_keeps_foreign_directories() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let args = vec![
        "--qrels".into(),
        judge("<script>x|y", "human.qrels"),
        "--qrels".into(),
        judge("a&b_%$", "llm.qrels"),
        "--out".into(),
        out.display().to_string(),
    ];
    judges(&args).assert_success();
    for file in [
        "report.md",
        "report.tex",
        "judges.json",
        "figures/scatter-1.svg",
        "figures/rank-change-1.svg",
        "figures/kappa-topics.svg",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    for entry in std::fs::read_dir(out.join("figures")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pdf") {
            continue;
        }
        let svg = std::fs::read_to_string(path).unwrap();
        roxmltree::Document::parse(&svg).expect("every figure is well-formed XML");
        assert!(
            !svg.contains("<script>"),
            "a name became markup in a figure"
        );
    }
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.starts_with("# Judges against"));
    // Its own earlier output is replaced.
    judges(&args).assert_success();
    // A directory of the user's is refused, and left as it was.
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "keep").unwrap();
    let mut refused = args.clone();
    *refused.last_mut().unwrap() = mine.display().to_string();
    judges(&refused).assert_failure_with(2, "holds `notes.txt`");
    assert_eq!(
        std::fs::read_to_string(mine.join("notes.txt")).unwrap(),
        "keep"
    );
    assert_eq!(std::fs::read_dir(&mine).unwrap().count(), 1);
}

/// Runs that miss a judge's labelled topics (they score 0 there) and run topics no judge labelled
/// (left out) are named in warnings, never scored silently.
#[test]
fn runs_and_labelled_topics_that_do_not_meet_are_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("human.qrels")).unwrap();
    // A judge that also labels topic 999, for which no run has a ranked list.
    let wider = dir.path().join("wider.qrels");
    std::fs::write(&wider, format!("{text}999 0 Z999-0 1\n999 0 Z999-1 0\n")).unwrap();
    let args = vec![
        "--qrels".to_string(),
        format!("wide={}", wider.display()),
        "--qrels".to_string(),
        judge("other", "human.qrels"),
    ];
    let out = judges(&args).assert_success();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("have no ranked list for some of judge wide's labelled topics"),
        "{stderr}"
    );
    assert!(stderr.contains("(1 of 9)"), "{stderr}");

    // Two judges that both leave topic 407 unlabelled, for which every run has a ranked list.
    let narrower = dir.path().join("narrower.qrels");
    let kept: String = text
        .lines()
        .filter(|l| !l.starts_with("407 "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&narrower, kept).unwrap();
    let args = vec![
        "--qrels".to_string(),
        format!("a={}", narrower.display()),
        "--qrels".to_string(),
        format!("b={}", narrower.display()),
    ];
    let out = judges(&args).assert_success();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 run topic(s) are labelled by no judge and are left out (as eval leaves them out): 407"),
        "{stderr}"
    );
}

#[test]
fn judges_without_runs_gives_the_label_agreement_only() {
    let mut c = TestCommand::new();
    c.arg("judges").args(two());
    let out = c.stdout();
    let first = out.lines().next().unwrap();
    assert!(
        first.contains("label agreement only")
            && first.contains(
                "rankings, significance and coverage were not computed because no runs were given"
            ),
        "{first}"
    );
    assert!(out.contains("llm against human on 240 shared documents"));
    assert!(out.contains("Per-topic linear kappa"));
    for absent in [
        "Ranking agreement",
        "Significance agreement",
        "Coverage",
        "rankings: Kendall",
    ] {
        assert!(!out.contains(absent), "{absent}");
    }
    let mut c = TestCommand::new();
    c.arg("judges").args(two()).args(["--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&c.stdout()).unwrap();
    assert_eq!(j["runs_given"], false);
    assert_eq!(j["rankings"].as_array().map(Vec::len), Some(0));
    assert!(j["labels"][0]["kappa"]["linear"]["value"].is_f64());
}
