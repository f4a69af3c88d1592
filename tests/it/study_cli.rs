//! `evia-repro study` through the binary: on paper B's stand-in written out as a label file and a
//! run directory (`evia_repro::write_paper_b_standin`), with paper B's qrels versions listed, it
//! writes exactly the cells `reproduce --only B.T1,…,B.F2` writes (the results JSON compared cell
//! by cell, no typed numbers); its outputs do not depend on the thread count; bad labels are errors
//! naming file and line.

use std::path::Path;
use std::process::Output;

use crate::common::{TestCommand, copy_dir, project_root};

const PAPER_B: [&str; 10] = [
    "B.T1", "B.T2", "B.T3", "B.T4", "B.T5", "B.T6", "B.T7", "B.T8", "B.F1", "B.F2",
];

/// `evia-repro ARGS` run in the repository root.
fn evia_at_root(args: &[&str]) -> Output {
    TestCommand::new()
        .args(args)
        .current_dir(project_root())
        .run()
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `cells` array of a results JSON file.
fn cells(path: &Path) -> serde_json::Value {
    let json: serde_json::Value = serde_json::from_str(&text(path)).unwrap();
    json["cells"].clone()
}

fn study_args<'a>(labels: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "study", "--labels", labels, "--layout", "wide", "--out", out,
    ]
}

/// Acceptance: `study` on the written-out stand-in equals `reproduce --only B.T1,…,B.F2` cell for
/// cell, in every results JSON; its report and figures are written.
#[test]
fn study_on_the_standin_equals_reproduce_cell_for_cell() {
    let dir = tempfile::tempdir().unwrap();
    let specs = evia_repro::write_paper_b_standin(&project_root(), dir.path()).unwrap();
    let labels = dir.path().join("labels.tsv").display().to_string();
    let runs = dir.path().join("runs").display().to_string();
    let (study_out, paper_out) = (dir.path().join("study-out"), dir.path().join("paper-out"));
    let study_out_text = study_out.display().to_string();
    let mut args = study_args(&labels, &study_out_text);
    args.extend(["--runs", &runs]);
    for spec in &specs {
        args.extend(["--version", spec]);
    }
    let study = evia_at_root(&args);
    assert!(
        study.status.success(),
        "{}",
        String::from_utf8_lossy(&study.stderr)
    );
    let stdout = String::from_utf8_lossy(&study.stdout);
    assert!(stdout.contains("10 rebuilt"), "{stdout}");
    let stderr = String::from_utf8_lossy(&study.stderr);
    assert!(stderr.contains("B.T4"), "progress on stderr: {stderr}");

    let only = PAPER_B.join(",");
    let paper_out_text = paper_out.display().to_string();
    let reproduce = evia_at_root(&["reproduce", "--only", &only, "--out", &paper_out_text]);
    assert!(
        reproduce.status.success(),
        "{}",
        String::from_utf8_lossy(&reproduce.stderr)
    );
    for id in PAPER_B {
        let general = cells(&study_out.join(format!("study/{id}.json")));
        let mut paper = cells(&paper_out.join(format!("lancers/{id}.json")));
        assert!(general.as_array().is_some_and(|c| !c.is_empty()), "{id}");
        // The study clips Kendall's interval to [−1, 1]; paper B's tables keep it as printed.
        if matches!(id, "B.T3" | "B.T6") {
            for cell in paper.as_array_mut().unwrap() {
                if matches!(cell["part"].as_str(), Some("ci_lo" | "ci_hi")) {
                    let value = cell["value"].as_f64().unwrap();
                    cell["value"] = serde_json::json!(value.clamp(-1.0, 1.0));
                }
            }
        }
        assert_eq!(general, paper, "{id}");
    }
    for figure in ["B.F1", "B.F2"] {
        assert!(study_out.join(format!("study/{figure}.svg")).is_file());
    }
    let report = text(&study_out.join("study/report.md"));
    assert!(report.contains("B.F1.svg"), "the report places the figures");
    // A study has no published values: its title names the user's files by name (their full paths,
    // which may hold a temporary directory's random name, are in the provenance stamp), and it has
    // no reviewer's summary, printed-value legend, running-text numbers or findings about a paper.
    let title = "# Paper B's disagreement analysis of labels.tsv with the runs in runs";
    assert!(report.contains(title), "{title}");
    assert!(report.contains(&labels), "the stamp names {labels}");
    for absent in [
        "Rebuilding paper",
        "## Reviewer's summary",
        "as printed in the",
        "## Numbers in the running text",
        "## Findings about the paper",
    ] {
        assert!(!report.contains(absent), "{absent}");
    }
    let latex = text(&study_out.join("study/report.tex"));
    assert!(!latex.contains("Reviewer's summary") && !latex.contains("Rebuilding paper"));
}

/// The README's example (the shipped `data/study-example/`) with 1 and 2 threads writes
/// byte-identical tables, figures and results.
#[test]
fn study_outputs_do_not_depend_on_the_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let (labels, runs) = ("data/study-example/labels.tsv", "data/study-example/runs");
    let run = |threads: &str| {
        let out = dir.path().join(format!("out-{threads}"));
        let out_text = out.display().to_string();
        let mut args = study_args(labels, &out_text);
        args.extend(["--runs", runs, "--trials", "2000"]);
        args.extend(["--threads", threads, "--seed", "11"]);
        let output = evia_at_root(&args);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        out
    };
    let (one, two) = (run("1"), run("2"));
    for id in PAPER_B {
        for ext in ["json", "md", "svg"] {
            let name = format!("study/{id}.{ext}");
            if one.join(&name).is_file() {
                assert_eq!(text(&one.join(&name)), text(&two.join(&name)), "{name}");
            }
        }
    }
    assert!(one.join("study/B.T4.json").is_file());
    let report = "study/report.md";
    assert_eq!(text(&one.join(report)), text(&two.join(report)));
}

/// `study` clips Kendall's tau interval to [−1, 1] (the README's example has taus whose τ + 1.96σ
/// exceeds 1) and says so in the tables' notes.
#[test]
fn study_clips_kendalls_interval_to_the_range_of_tau() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out_text = out.display().to_string();
    let mut args = study_args("data/study-example/labels.tsv", &out_text);
    args.extend(["--runs", "data/study-example/runs", "--trials", "200"]);
    let output = evia_at_root(&args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for id in ["B.T3", "B.T6"] {
        let cells = cells(&out.join(format!("study/{id}.json")));
        let value = |c: &serde_json::Value, part: &str| -> Option<f64> {
            (c["part"] == part).then(|| c["value"].as_f64().unwrap())
        };
        let cells = cells.as_array().unwrap();
        let highs: Vec<f64> = cells.iter().filter_map(|c| value(c, "ci_hi")).collect();
        let lows: Vec<f64> = cells.iter().filter_map(|c| value(c, "ci_lo")).collect();
        let taus: Vec<f64> = cells.iter().filter_map(|c| value(c, "tau")).collect();
        assert!(!highs.is_empty(), "{id}");
        assert!(highs.iter().all(|&h| h <= 1.0), "{id}: {highs:?}");
        assert!(lows.iter().all(|&l| l >= -1.0), "{id}: {lows:?}");
        // A tau below 1 with its upper limit at 1: the interval τ + 1.96σ went past 1 and was clipped.
        let clipped = taus.iter().zip(&highs).any(|(&t, &h)| t < 1.0 && h == 1.0);
        assert!(
            clipped,
            "{id}: no interval reaches past 1 ({taus:?}, {highs:?})"
        );
        let table = text(&out.join(format!("study/{id}.md")));
        // The note, its brackets escaped for Markdown.
        assert!(table.contains(r"clipped to \[−1, 1\]"), "{id}: {table}");
    }
}

/// A label off the declared scale is an error naming the label file and line (exit code 2), and
/// nothing is written; so is an unknown assessor in `--version`.
#[test]
fn study_names_file_and_line_of_bad_labels() {
    let dir = tempfile::tempdir().unwrap();
    // Four assessors (a1–a4, scale 0..3) on 12 topics of 30 documents, and 5 runs.
    copy_dir(
        &project_root().join("tests/fixtures/four-assessors"),
        dir.path(),
    );
    let path = dir.path().join("labels.tsv");
    let content = text(&path);
    let mut lines: Vec<&str> = content.lines().collect();
    lines[5] = "T00 d04 1 7 1 1";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let labels = path.display().to_string();
    let runs = dir.path().join("runs").display().to_string();
    let out = dir.path().join("out").display().to_string();
    let mut args = study_args(&labels, &out);
    args.extend(["--runs", &runs, "--scale", "0..3"]);
    let output = evia_at_root(&args);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("labels.tsv:6"), "{stderr}");
    assert!(!dir.path().join("out/study").exists());

    std::fs::write(&path, content).unwrap();
    args.extend(["--version", "x=a1,a9"]);
    let output = evia_at_root(&args);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unknown assessor `a9`"), "{stderr}");
}

/// A collection with no assessor named `student` and no high-agreement topic (four assessors
/// labelling at random, so no topic's per-topic kappas are all significantly positive): no claim
/// fails for a premise the collection lacks — paper B's claims about its student and about the
/// high/low-agreement split are not applicable, with the reason — and no table compares a topic set
/// with itself: B.T6 and B.T7 are pending, saying why, and B.T8 lists the full set alone.
#[test]
fn study_says_which_claims_do_not_apply_and_compares_no_set_with_itself() {
    let dir = tempfile::tempdir().unwrap();
    let example = project_root().join("data/study-example");
    // The example's topics and documents, each labelled by four independent draws (a fixed LCG).
    let mut state: u64 = 20_171_205;
    let mut draw = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % 3
    };
    let mut labels = String::from("topic\tdoc\ta01\ta02\ta03\ta04\n");
    for line in text(&example.join("labels.tsv")).lines().skip(1) {
        let mut fields = line.split('\t');
        let (topic, doc) = (fields.next().unwrap(), fields.next().unwrap());
        labels.push_str(&format!(
            "{topic}\t{doc}\t{}\t{}\t{}\t{}\n",
            draw(),
            draw(),
            draw(),
            draw()
        ));
    }
    let path = dir.path().join("random.tsv");
    std::fs::write(&path, labels).unwrap();
    let out = dir.path().join("out");
    let output = TestCommand::new()
        .args(["study", "--labels"])
        .arg(&path)
        .args(["--layout", "wide", "--runs"])
        .arg(example.join("runs"))
        .args(["--trials", "200", "--out"])
        .arg(&out)
        .assert_success();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let account: serde_json::Value =
        serde_json::from_str(&text(&out.join("account.json"))).unwrap();
    let items = account["items"].as_array().unwrap();
    let term = |id: &str| {
        items
            .iter()
            .find(|i| i["cell"] == id)
            .unwrap_or_else(|| panic!("no claim {id}"))["term"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for id in [
        "B.T4.student_disagrees_most",
        "B.T5.student_least_discriminative",
        "B.T8.high_more_than_low",
        "B.T8.full_at_least_subsets",
    ] {
        assert_eq!(term(id), "not-applicable", "{id}");
    }
    for item in items {
        let words = item["words"].as_str().unwrap();
        assert!(
            !(item["term"].as_str().unwrap().starts_with("fail") && words.contains("student")),
            "a claim fails for want of a student: {item}"
        );
    }
    let report = text(&out.join("study/report.md"));
    assert!(
        report.contains("no topic is high-agreement"),
        "B.T6 and B.T7 do not say why they are pending"
    );
    for id in ["B.T6", "B.T7"] {
        assert!(
            !out.join(format!("study/{id}.json")).exists(),
            "{id} was built: {stdout}"
        );
    }
    // B.T8 counts the significant pairs of one topic set: the full set, never compared with itself.
    let t8 = text(&out.join("study/B.T8.md"));
    assert!(t8.contains("all4-16"), "{t8}");
    assert!(
        !t8.contains("all4-low") && !t8.contains("all4-high"),
        "{t8}"
    );
}
