//! `evia-repro study` through the binary : on paper B's stand-in
//! written out as a label file and a run directory, with paper B's qrels versions listed, it writes
//! exactly the cells `reproduce --only B.T1,…,B.F2` writes (the results JSON compared cell by cell,
//! no typed numbers); its outputs do not depend on the thread count; bad labels are errors naming
//! file and line.

use std::path::Path;
use std::process::Output;

use evia_repro::papers::Context;
use evia_repro::pipeline::reproduce::manifest_path;

use crate::common::{TestCommand, project_root};
use crate::study_collection::{paper_b_version_specs, write_four_assessors, write_standin};

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
    let root = project_root();
    let manifest = evia_repro::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let dir = tempfile::tempdir().unwrap();
    write_standin(&manifest, &context, dir.path());
    let labels = dir.path().join("labels.tsv").display().to_string();
    let runs = dir.path().join("runs").display().to_string();
    let (study_out, paper_out) = (dir.path().join("study-out"), dir.path().join("paper-out"));
    let study_out_text = study_out.display().to_string();
    let mut args = study_args(&labels, &study_out_text);
    args.extend(["--runs", &runs]);
    let specs = paper_b_version_specs(&manifest, &context);
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
        let paper = cells(&paper_out.join(format!("lancers/{id}.json")));
        assert!(general.as_array().is_some_and(|c| !c.is_empty()), "{id}");
        assert_eq!(general, paper, "{id}");
    }
    for figure in ["B.F1", "B.F2"] {
        assert!(study_out.join(format!("study/{figure}.svg")).is_file());
    }
    let report = text(&study_out.join("study/report.md"));
    assert!(report.contains("B.F1.svg"), "the report places the figures");
    // A study has no published values: its title names the user's files as given, and it has no
    // reviewer's summary, printed-value legend, running-text numbers or findings about a paper.
    let title = format!("# Paper B's disagreement analysis of {labels} with the runs in {runs}");
    assert!(report.contains(&title), "{title}");
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

/// A label off the declared scale is an error naming the label file and line (exit code 2), and
/// nothing is written; so is an unknown assessor in `--version`.
#[test]
fn study_names_file_and_line_of_bad_labels() {
    let dir = tempfile::tempdir().unwrap();
    write_four_assessors(dir.path());
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
