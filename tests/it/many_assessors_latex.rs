//! The LaTeX `study` and `agree` write compiles with many assessors: 25 assessors give `study`'s
//! agreement table 300 pair columns and `agree --pairs full` 300 pair rows and 300 confusion
//! matrices, beyond what one LaTeX tabular or float holds.

use std::fmt::Write as _;
use std::path::Path;

use crate::common::{TestCommand, copy_dir, project_root, require_tool};

const ASSESSORS: usize = 25;

/// The shipped study example (`data/study-example/`: 4 assessors, 16 topics, 6 runs) with
/// [`ASSESSORS`] assessors: assessor `k` gives assessor `k mod 4`'s label, one grade up (mod 3)
/// on every seventh document.
fn write_collection(dir: &Path) {
    let example = project_root().join("data/study-example");
    let labels = std::fs::read_to_string(example.join("labels.tsv")).unwrap();
    let mut out = String::from("topic\tdoc");
    for a in 0..ASSESSORS {
        let _ = write!(out, "\ta{a:02}");
    }
    out.push('\n');
    for (i, line) in labels.lines().skip(1).enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let _ = write!(out, "{}\t{}", fields[0], fields[1]);
        for a in 0..ASSESSORS {
            let base: u32 = fields[2 + a % 4].parse().unwrap();
            let label = if (i + a) % 7 == 0 {
                (base + 1) % 3
            } else {
                base
            };
            let _ = write!(out, "\t{label}");
        }
        out.push('\n');
    }
    std::fs::write(dir.join("labels.tsv"), out).unwrap();
    copy_dir(&example.join("runs"), &dir.join("runs"));
}

#[test]
fn study_and_agree_latex_compile_with_25_assessors() {
    let dir = tempfile::tempdir().unwrap();
    write_collection(dir.path());
    let out = dir.path().join("out");
    TestCommand::new()
        .arg("study")
        .arg("--labels")
        .arg(dir.path().join("labels.tsv"))
        .args(["--layout", "wide", "--trials", "100", "--runs"])
        .arg(dir.path().join("runs"))
        .arg("--out")
        .arg(&out)
        .assert_success();
    let agree = TestCommand::new()
        .arg("agree")
        .arg("--labels")
        .arg(dir.path().join("labels.tsv"))
        .args([
            "--layout", "wide", "--detail", "--pairs", "full", "--format", "tex",
        ])
        .assert_success();
    let Some(pdflatex) = require_tool("pdflatex") else {
        return;
    };
    crate::common::pdflatex(&pdflatex, &out.join("study"), "report");
    crate::common::pdflatex(&pdflatex, &out.join("study"), "tables");
    let document = format!(
        "\\documentclass{{article}}\n\\usepackage[T1]{{fontenc}}\n\\usepackage[utf8]{{inputenc}}\n\\usepackage{{booktabs}}\n\\usepackage{{longtable}}\n\\begin{{document}}\n{}\\end{{document}}\n",
        String::from_utf8(agree.stdout).unwrap()
    );
    std::fs::write(dir.path().join("agree.tex"), document).unwrap();
    crate::common::pdflatex(&pdflatex, dir.path(), "agree");
}
