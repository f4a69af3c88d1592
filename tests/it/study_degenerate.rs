//! `evia-repro study` on ordinary collections where a statistic is undefined: nothing aborts the
//! study. A measure whose runs tie makes the artefacts of Kendall's tau pending, naming the measure
//! and the versions; a topic of one label is a perfect-agreement topic (in the full topic set only);
//! a subset of one topic is left out, naming the topic; a measure without a cutoff (RR) runs; too
//! few runs is one message up front; and a `--version` cannot take the name of a version the study
//! makes itself.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{TestCommand, project_root};

fn example() -> PathBuf {
    project_root().join("data/study-example")
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `study` on `labels` (wide) and `runs` into `out`, with `extra` arguments and 200 trials.
fn study(labels: &Path, runs: &Path, out: &Path, extra: &[&str]) -> Output {
    TestCommand::new()
        .args(["study", "--labels"])
        .arg(labels)
        .args(["--layout", "wide", "--runs"])
        .arg(runs)
        .args(["--trials", "200", "--out"])
        .arg(out)
        .args(extra)
        .run()
}

fn succeeded(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The example's labels with each line rewritten by `relabel(topic, labels)`.
fn relabelled(dir: &Path, relabel: impl Fn(&str, &mut Vec<String>)) -> PathBuf {
    let source = text(&example().join("labels.tsv"));
    let mut lines = source.lines();
    let mut out = format!("{}\n", lines.next().unwrap());
    for line in lines {
        let mut fields: Vec<String> = line.split('\t').map(str::to_string).collect();
        let mut labels = fields.split_off(2);
        relabel(&fields[0], &mut labels);
        fields.extend(labels);
        out.push_str(&fields.join("\t"));
        out.push('\n');
    }
    let path = dir.join("labels.tsv");
    std::fs::write(&path, out).unwrap();
    path
}

/// Four runs identical but for their names tie under every measure: Kendall's tau-b is undefined,
/// so B.T3 and B.T6 are pending with the reason naming the measure and the versions, and the
/// other eight artefacts are built.
#[test]
fn tied_runs_make_the_rank_correlations_pending_and_the_rest_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    let run01 = text(&example().join("runs/run01"));
    for name in ["r1", "r2", "r3", "r4"] {
        std::fs::write(runs.join(name), run01.replace("run01", name)).unwrap();
    }
    let out = dir.path().join("out");
    let labels = example().join("labels.tsv");
    let stdout = succeeded(&study(&labels, &runs, &out, &["--measures", "P@1"]));
    assert!(
        stdout.contains("8 rebuilt") && stdout.contains("2 pending"),
        "{stdout}"
    );
    for id in ["B.T3", "B.T6"] {
        assert!(!out.join(format!("study/{id}.json")).exists(), "{id}");
    }
    assert!(out.join("study/B.T4.json").is_file());
    let report = text(&out.join("study/report.md"));
    assert!(
        report.contains("P@1, a01 vs a02: the statistic is undefined"),
        "the reason names the measure and the versions"
    );
}

/// A topic where every assessor gives every document 0 is a perfect-agreement topic: the study
/// is built, B.T1 says on which topic each pair's kappa is undefined, and the topic-set tables say
/// the topic is in the full set only.
#[test]
fn a_topic_of_one_label_is_perfect_agreement_and_the_study_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let labels = relabelled(dir.path(), |topic, labels| {
        if topic == "T001" {
            labels.iter_mut().for_each(|l| *l = "0".to_string());
        }
    });
    let out = dir.path().join("out");
    let stdout = succeeded(&study(&labels, &example().join("runs"), &out, &[]));
    assert!(stdout.contains("10 rebuilt"), "{stdout}");
    let t1 = text(&out.join("study/B.T1.md"));
    assert!(t1.contains("a01-a02 on T001"), "{t1}");
    let t6 = text(&out.join("study/B.T6.md"));
    assert!(t6.contains("1 perfect-agreement topic(s) (T001"), "{t6}");
}

/// The high-agreement set of one topic (T001 labelled alike by every assessor, the others at
/// random) is left out, naming the topic; the full and low-agreement sets are compared.
#[test]
fn a_subset_of_one_topic_is_left_out_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = std::cell::Cell::new(20_171_205_u64);
    let draw = || {
        let s = state
            .get()
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state.set(s);
        ((s >> 33) % 3).to_string()
    };
    let labels = relabelled(dir.path(), |topic, labels| {
        if topic == "T001" {
            let first = labels[0].clone();
            labels.iter_mut().for_each(|l| *l = first.clone());
        } else {
            labels.iter_mut().for_each(|l| *l = draw());
        }
    });
    let out = dir.path().join("out");
    let stdout = succeeded(&study(&labels, &example().join("runs"), &out, &[]));
    assert!(stdout.contains("10 rebuilt"), "{stdout}");
    let t8 = text(&out.join("study/B.T8.md"));
    assert!(
        t8.contains("the high-agreement set holds 1 topic (T001)"),
        "{t8}"
    );
    assert!(
        t8.contains("low-agreement topics") && !t8.contains("all4-high1"),
        "{t8}"
    );
}

/// `--measures RR` (no cutoff) builds every artefact.
#[test]
fn a_measure_without_a_cutoff_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let labels = example().join("labels.tsv");
    let stdout = succeeded(&study(
        &labels,
        &example().join("runs"),
        &out,
        &["--measures", "RR"],
    ));
    assert!(stdout.contains("10 rebuilt"), "{stdout}");
    assert!(text(&out.join("study/B.T3.md")).contains("RR"));
}

/// Two runs are refused before anything is built, with one message naming the count and the
/// minimum; nothing is written.
#[test]
fn two_runs_are_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    for name in ["run01", "run02"] {
        std::fs::copy(example().join("runs").join(name), runs.join(name)).unwrap();
    }
    let out = dir.path().join("out");
    let output = study(&example().join("labels.tsv"), &runs, &out, &[]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("holds 2 run(s)") && stderr.contains("needs at least 3"),
        "{stderr}"
    );
    assert!(!out.join("study").exists());
    assert!(
        !stderr.contains("B.T3"),
        "refused before any artefact: {stderr}"
    );
}

/// A `--version` named like the every-assessor version (`all4`) but holding fewer assessors, or
/// named after an assessor but holding others, is refused: it would stand in for the version of
/// B.T6–B.T8 and B.F2 (or of that assessor) under the same name. So is an assessor named like a
/// version the study makes.
#[test]
fn user_version_names_cannot_shadow_the_study_s_own() {
    let dir = tempfile::tempdir().unwrap();
    let labels = example().join("labels.tsv");
    let runs = example().join("runs");
    for (version, expected) in [
        ("all4=a01,a02", "the version of every assessor"),
        ("a01=a01,a02", "the version of assessor `a01` alone"),
    ] {
        let out = dir.path().join("out");
        let output = study(&labels, &runs, &out, &["--version", version]);
        assert_eq!(output.status.code(), Some(2), "{version}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{version}: {stderr}");
    }
    let renamed = text(&labels).replacen("a02", "all4", 1);
    let path = dir.path().join("renamed.tsv");
    std::fs::write(&path, renamed).unwrap();
    let output = study(&path, &runs, &dir.path().join("out"), &[]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("assessor `all4` has the name"), "{stderr}");
}
