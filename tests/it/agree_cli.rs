//! `evia-repro agree`: on paper B's stand-in labels it reproduces B.T1's pooled
//! kappas, intervals and raw agreement and its per-topic rows (compared with what the B.T1 experiment
//! computes, not with typed numbers); on the vendored real data (NTCIR-12 STC Japanese, NTCIR-14 STC-3
//! DQ) it reads every label; bad files are errors naming the file and line.

use std::io::Read;
use std::path::Path;

use evia_engine::agreement::StandardError;
use evia_repro::cli::agree::{KappaOutcome, analyse};
use evia_repro::io::labels::{LabelLayout, Scale, read_labels};
use evia_repro::manifest::Artefact;
use evia_repro::papers::lancers::params::AgreementParams;
use evia_repro::papers::lancers::standin::{
    ASSESSORS, AssessorSet, PAIR_IDS, high_agreement_split,
};
use evia_repro::papers::{Context, lancers::labels as lancers};
use evia_repro::pipeline::reproduce::manifest_path;

use crate::common::{self, TestCommand, project_root, require_tool};

fn agreement_params(artefact: &Artefact) -> &AgreementParams {
    (artefact.parameters.get::<AgreementParams>())
        .unwrap_or_else(|| panic!("B.T1 is lancers.agreement, not {}", artefact.experiment))
}

fn evia(args: &[&str]) -> std::process::Output {
    TestCommand::new().args(args).run()
}

/// The stand-in labels written as a wide label file, analysed by `agree`, give B.T1's pooled and
/// per-topic statistics and §3's high-agreement split exactly (same estimator, same SE).
#[test]
fn agree_on_the_standin_labels_reproduces_b_t1() {
    let root = project_root();
    let manifest = evia_repro::papers::load_manifest(&manifest_path(&root)).unwrap();
    let artefact = manifest.artefact("B.T1").unwrap();
    let params = agreement_params(artefact);
    let context = Context::new(root.clone(), manifest.seed);
    let topics = lancers::standin_topics(&context, artefact, params.labels()).unwrap();
    let table = lancers::agreement(artefact, params, &context).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("labels.tsv");
    let mut text = format!("topic\tdoc\t{}\n", ASSESSORS.join("\t"));
    for t in &topics {
        for d in &t.docs {
            let [a, b, c] = d.labels[..] else {
                panic!("paper B's stand-in has three labels per document")
            };
            text.push_str(&format!("{}\t{}\t{a}\t{b}\t{c}\n", t.id, d.doc));
        }
    }
    std::fs::write(&path, text).unwrap();
    let labels = read_labels(&path, LabelLayout::Wide, Scale::new(0, 2).unwrap()).unwrap();
    let analysis = analyse(
        &labels,
        "labels.tsv",
        StandardError::CohenSimple,
        evia_repro::cli::agree::WeightsOver::Declared,
        evia_repro::cli::agree::default_min_topic_items(3),
    );

    assert_eq!(analysis.pairs.len(), 3);
    for (pair, id) in analysis.pairs.iter().zip(PAIR_IDS) {
        assert_eq!(format!("{}-{}", pair.first, pair.second), id);
        let cell = |row: &str, part: &str| table.get("statistics", row, id, part).unwrap();
        for (row, k) in [
            ("kappa_w", &pair.kappa_linear),
            ("kappa_binary", &pair.kappa_binary),
        ] {
            let KappaOutcome::Defined {
                kappa,
                ci_lo,
                ci_hi,
                ..
            } = k
            else {
                panic!("{id} {row} undefined");
            };
            for (part, ours) in [("estimate", kappa), ("ci_lo", ci_lo), ("ci_hi", ci_hi)] {
                let b_t1 = cell(row, part);
                assert!(
                    (ours - b_t1).abs() < 1e-12,
                    "{id} {row} {part}: agree {ours}, B.T1 {b_t1}"
                );
            }
        }
        let raw = cell("raw_agreement_binary", "estimate");
        assert!((pair.raw_agreement_binary - raw).abs() < 1e-12, "{id}");
        let t = &pair.per_topic;
        assert_eq!(t.topics, topics.len());
        assert_eq!(t.undefined, 0);
        assert_eq!(
            t.not_significantly_positive as f64,
            cell("topics_not_significant", "count"),
            "{id}"
        );
        for (part, ours) in [("mean", t.mean), ("min", t.min), ("max", t.max)] {
            let b_t1 = cell("per_topic_kappa_w", part);
            assert!(
                (ours.unwrap() - b_t1).abs() < 1e-12,
                "{id} per-topic {part}"
            );
        }
    }
    let split =
        high_agreement_split(&topics, &AssessorSet::paper_b(), StandardError::CohenSimple).unwrap();
    let high: Vec<String> = topics
        .iter()
        .zip(&split)
        .filter(|(_, h)| **h)
        .map(|(t, _)| t.id.clone())
        .collect();
    assert_eq!(analysis.high_agreement_topics, high);
    assert_eq!(
        analysis.low_agreement_topics.len(),
        topics.len() - high.len()
    );
    // Three assessors: the many-rater statistics are there.
    assert!(analysis.many_raters.is_some());
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
    let out = evia(&["agree", "--labels", file, "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
    let labels = read_labels(&path, LabelLayout::WideUnnamed, Scale::new(0, 2).unwrap()).unwrap();
    assert_eq!(labels.items.len(), lines);
    assert_eq!(labels.assessors.len(), 10);
    let analysis = analyse(
        &labels,
        "stc",
        StandardError::CohenSimple,
        evia_repro::cli::agree::WeightsOver::Declared,
        evia_repro::cli::agree::default_min_topic_items(3),
    );
    assert_eq!(analysis.labels_read, labels_in_file);
    assert_eq!(analysis.pairs.len(), 45);
    let many = analysis.many_raters.unwrap();
    let json = serde_json::to_value(&many).unwrap();
    for metric in ["alpha_nominal", "alpha_ordinal", "alpha_interval"] {
        let a = json[metric].as_f64().unwrap();
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
    let out = evia(&[
        "agree",
        "--labels",
        file.to_str().unwrap(),
        "--scale",
        "-2..2",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
        let out = evia(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
    let out = evia(&[
        "agree", "--labels", file, "--scale", "0..3", "--format", "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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

    let out = evia(&[
        "agree", "--labels", file, "--scale", "-1..3", "--format", "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let reason = json["many_raters"]["alpha_ratio"]["undefined"]
        .as_str()
        .unwrap();
    assert!(reason.contains("values of 0 or more"), "{reason}");

    std::fs::write(
        &path,
        "T d1 a 1\nT d1 b 1\nT d1 c 1\nT d2 a 1\nT d2 b 1\nT d2 c 1\n",
    )
    .unwrap();
    let out = evia(&["agree", "--labels", file, "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
        "\\documentclass{{article}}\n\\usepackage[T1]{{fontenc}}\n\\usepackage[utf8]{{inputenc}}\n\\usepackage{{booktabs}}\n\\begin{{document}}\n{body}\\end{{document}}\n"
    );
    std::fs::write(dir.path().join("agree.tex"), document).unwrap();
    common::pdflatex(&pdflatex, dir.path(), "agree");
}
