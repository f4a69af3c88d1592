//! `evia-repro agree` through the binary: on the vendored real data (NTCIR-12 STC Japanese,
//! NTCIR-14 STC-3 DQ) it reads every label; every format prints; bad files are errors naming the
//! file and line. That its analysis of paper B's stand-in labels reproduces B.T1 is tested inside
//! the crate (`src/pipeline/tests/agree_standin.rs`).

use std::io::Read;
use std::path::Path;

use crate::common::{self, TestCommand, project_root, require_tool};

fn evia(args: &[&str]) -> std::process::Output {
    TestCommand::new().args(args).run()
}

/// The JSON `args` print, the command having succeeded.
fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_slice(&TestCommand::new().args(args).assert_success().stdout).unwrap()
}

/// Every format runs on a small file; JSON carries the pairs and the many-rater statistics.
#[test]
fn agree_cli_prints_every_format_and_names_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("l.txt");
    std::fs::write(
        &path,
        "T1 d1 a 2\nT1 d1 b 2\nT1 d1 c 1\nT1 d2 a 0\nT1 d2 b 0\nT1 d2 c 0\nT1 d3 a 1\nT1 d3 b 2\nT2 d4 a 0\nT2 d4 c 2\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    for format in ["text", "md", "tex", "json"] {
        let out = evia(&["agree", "--labels", file, "--format", format]);
        assert!(
            out.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("a") && !text.is_empty(), "{format}");
    }
    let json = json_of(&["agree", "--labels", file, "--format", "json"]);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 3);
    assert_eq!(json["pairs"][0]["items"], 3);
    assert_eq!(json["pairs"][0]["matrix"][2][2], 1);
    assert!(json["many_raters"]["alpha_ordinal"].is_number(), "{json}");
    // Unequal label counts per item: Fleiss' kappa is refused with the reason.
    assert!(
        json["many_raters"]["fleiss_kappa"]["undefined"].is_string(),
        "{json}"
    );

    std::fs::write(&path, "T1 d1 a 2\nT1 d1 b 5\n").unwrap();
    let out = evia(&["agree", "--labels", file]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "{file}:2: expected the label (field 4) to be an integer on the declared scale 0..2"
        )),
        "{err}"
    );
    let out = evia(&[
        "agree", "--labels", file, "--scale", "-1..5", "--format", "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = evia(&["agree", "--labels", file, "--scale", "3..3"]);
    assert_eq!(out.status.code(), Some(2));
}

fn gunzip(path: &Path) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    text
}

/// NTCIR-12 STC Japanese (10 exchangeable crowd labels per pair, NA allowed), read as it is shipped:
/// every label is read, and the many-rater statistics (which need no rater identity) are defined.
#[test]
fn agree_reads_the_ntcir12_stc_japanese_labels() {
    let path = project_root().join("data/external/ntcir12-stc-japanese/test-final-labeled.txt.gz");
    let text = gunzip(&path);
    let lines = text.lines().count();
    let labels_in_file = text
        .lines()
        .flat_map(|l| l.split('\t').skip(2))
        .filter(|f| *f != "NA")
        .count();
    let json = json_of(&[
        "agree",
        "--labels",
        path.to_str().unwrap(),
        "--layout",
        "wide-unnamed",
        "--format",
        "json",
    ]);
    assert_eq!(json["items"], lines);
    assert_eq!(json["assessors"].as_array().unwrap().len(), 10);
    assert_eq!(json["labels_read"], labels_in_file);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 45);
    for metric in ["alpha_nominal", "alpha_ordinal", "alpha_interval"] {
        let a = json["many_raters"][metric].as_f64().unwrap();
        assert!(a > 0.0 && a < 1.0, "{metric} {a}");
    }
}

/// NTCIR-14 STC-3 DQ (19 annotators, every dialogue rated by all; scale −2..2), converted to the long
/// layout (`dq dialogue annotator A`): 171 pairs, Fleiss' kappa defined.
#[test]
fn agree_reads_the_ntcir14_stc3_dq_annotations() {
    let path =
        project_root().join("data/external/ntcir14-stc3-dq-annotations/dq_quality_train_cn.tsv.gz");
    let text = gunzip(&path);
    let long: String = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            format!("dq {} {} {}\n", f[0], f[1], f[2])
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dq-a.txt");
    std::fs::write(&file, &long).unwrap();
    let json = json_of(&[
        "agree",
        "--labels",
        file.to_str().unwrap(),
        "--scale",
        "-2..2",
        "--format",
        "json",
    ]);
    assert_eq!(json["assessors"].as_array().unwrap().len(), 19);
    assert_eq!(json["items"], 3700);
    assert_eq!(json["labels_read"], 3700 * 19);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 171);
    assert!(
        json["many_raters"]["fleiss_kappa"].is_number(),
        "{}",
        json["many_raters"]
    );
}

/// R's irr `anxiety` data, raters 2 and 3 (ratings 1–6; neither uses 5): linear weighted kappa is
/// 0.1262 with the weights over the declared scale 1..6 (the default) and 0.1459 with
/// `--weights-over observed`, as `irr::kappa2(anxiety[, 2:3], "equal")` gives; `--help` states the
/// convention and names the option.
#[test]
fn weights_over_the_declared_or_the_observed_categories() {
    let rater2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4];
    let rater3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("anxiety.txt");
    let mut text = String::new();
    for (i, (a, b)) in rater2.iter().zip(&rater3).enumerate() {
        text.push_str(&format!("s d{i} rater2 {a}\ns d{i} rater3 {b}\n"));
    }
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap();
    let kappa = |extra: &[&str]| {
        let mut args = vec!["agree", "--labels", file, "--scale", "1..6"];
        args.extend(extra);
        args.extend(["--format", "json"]);
        let json = json_of(&args);
        let k = json["pairs"][0]["kappa_linear"]["kappa"].as_f64().unwrap();
        (
            format!("{k:.4}"),
            json["weights"].as_str().unwrap().to_string(),
        )
    };
    let (declared, said) = kappa(&[]);
    assert_eq!(declared, "0.1262");
    assert!(said.contains("declared"), "{said}");
    assert_eq!(kappa(&["--weights-over", "declared"]).0, "0.1262");
    let (observed, said) = kappa(&["--weights-over", "observed"]);
    assert_eq!(observed, "0.1459");
    assert!(said.contains("observed"), "{said}");
    let help = String::from_utf8(evia(&["agree", "--help"]).stdout).unwrap();
    for words in [
        "declared scale",
        "observed categories",
        "--weights-over observed",
        "irr::kappa2",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
}

/// Unweighted kappa for more than two categories and ratio alpha are printed; three assessors who
/// give one label to everything get alpha and Fleiss' kappa "undefined" with the real reason (no
/// variation), not a two-assessor kappa message.
#[test]
fn unweighted_kappa_ratio_alpha_and_the_reasons_of_undefined_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("l.txt");
    std::fs::write(
        &path,
        "T d1 a 0\nT d1 b 0\nT d1 c 1\nT d2 a 3\nT d2 b 3\nT d2 c 3\nT d3 a 2\nT d3 b 1\nT d3 c 2\nT d4 a 1\nT d4 b 1\nT d4 c 0\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let json = json_of(&[
        "agree", "--labels", file, "--scale", "0..3", "--format", "json",
    ]);
    // a–b: labels 0 3 2 1 and 0 3 1 1, 3 of 4 identical; margins a 1 1 1 1, b 1 2 0 1:
    // p_e = (1·1 + 1·2 + 1·0 + 1·1)/16 = 1/4; kappa = (3/4 − 1/4)/(1 − 1/4) = 2/3.
    let k = json["pairs"][0]["kappa_unweighted"]["kappa"]
        .as_f64()
        .unwrap();
    assert!((k - 2.0 / 3.0).abs() < 1e-12, "{json}");
    assert!(json["many_raters"]["alpha_ratio"].is_number(), "{json}");
    let text =
        String::from_utf8(evia(&["agree", "--labels", file, "--scale", "0..3"]).stdout).unwrap();
    assert!(
        text.contains("unweighted κ") && text.contains(", ratio 0."),
        "{text}"
    );
    let detail =
        String::from_utf8(evia(&["agree", "--labels", file, "--scale", "0..3", "--detail"]).stdout)
            .unwrap();
    assert!(detail.contains("α (ratio)"), "{detail}");

    let json = json_of(&[
        "agree", "--labels", file, "--scale", "-1..3", "--format", "json",
    ]);
    let reason = json["many_raters"]["alpha_ratio"]["undefined"]
        .as_str()
        .unwrap();
    assert!(reason.contains("values of 0 or more"), "{reason}");

    std::fs::write(
        &path,
        "T d1 a 1\nT d1 b 1\nT d1 c 1\nT d2 a 1\nT d2 b 1\nT d2 c 1\n",
    )
    .unwrap();
    let json = json_of(&["agree", "--labels", file, "--format", "json"]);
    for statistic in ["alpha_nominal", "fleiss_kappa"] {
        let reason = json["many_raters"][statistic]["undefined"]
            .as_str()
            .unwrap();
        assert!(reason.contains("every label given is the same"), "{reason}");
        assert!(!reason.contains("both assessors"), "{reason}");
    }
}

/// `agree --format tex` with assessor names made of every LaTeX special character compiles with
/// pdflatex (`agree`'s LaTeX uses the one escaping function of every LaTeX output). Without pdflatex
/// the test says so, and fails under CI (`.ci/run` installs it).
#[test]
fn agree_latex_with_special_characters_in_names_compiles() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("l.txt");
    let names = ["a_%&#$\\{}~^", "<b>|c"];
    let mut text = String::new();
    for (doc, (x, y)) in [(0, 1), (1, 1), (2, 2), (0, 0), (1, 2)].iter().enumerate() {
        text.push_str(&format!(
            "t_1 d{doc} {} {x}\nt_1 d{doc} {} {y}\n",
            names[0], names[1]
        ));
    }
    std::fs::write(&path, text).unwrap();
    let out = evia(&[
        "agree",
        "--labels",
        path.to_str().unwrap(),
        "--format",
        "tex",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let body = String::from_utf8(out.stdout).unwrap();
    assert!(
        body.contains(
            "a\\_\\%\\&\\#\\$\\textbackslash{}\\{\\}\\textasciitilde{}\\textasciicircum{}"
        ),
        "{body}"
    );
    let Some(pdflatex) = require_tool("pdflatex") else {
        return;
    };
    let document = format!(
        "\\documentclass{{article}}\n\\usepackage[T1]{{fontenc}}\n\\usepackage[utf8]{{inputenc}}\n\\usepackage{{booktabs}}\n\\usepackage{{longtable}}\n\\begin{{document}}\n{body}\\end{{document}}\n"
    );
    std::fs::write(dir.path().join("agree.tex"), document).unwrap();
    common::pdflatex(&pdflatex, dir.path(), "agree");
}
