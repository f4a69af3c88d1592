//! Malformed manifests are rejected by the real binary with exit code 2, one message naming the file,
//! line and column, and nothing written.

#![allow(clippy::unwrap_used)]

use std::fs;

use crate::common;
use common::{TestCommand, project_root};

/// A scratch project whose manifest is `manifest`, sharing the real data and templates.
fn scratch_project(manifest: &str) -> tempfile::TempDir {
    let dir = common::scratch_project();
    fs::write(dir.path().join("paper/manifest.yaml"), manifest).unwrap();
    dir
}

fn real_manifest() -> String {
    fs::read_to_string(project_root().join("paper/manifest.yaml")).unwrap()
}

/// 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` not in text"))
        + 1
}

/// Runs `reproduce` on a scratch project with `manifest`; asserts exit code 2, that stderr names
/// `manifest.yaml:<line>:` and contains `expected`, and that no output directory was created.
fn assert_rejected(manifest: &str, line: usize, expected: &str) {
    let project = scratch_project(manifest);
    let output = TestCommand::new()
        .root(project.path())
        .args(["reproduce", "--out", "out"])
        .run();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(
        stderr.contains(&format!("manifest.yaml:{line}:")),
        "expected line {line} in: {stderr}"
    );
    assert!(
        stderr.contains(expected),
        "expected `{expected}` in: {stderr}"
    );
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "one message: {stderr}"
    );
    assert!(
        !project.path().join("out").exists(),
        "nothing may be written"
    );
}

#[test]
fn the_shipped_manifest_is_valid() {
    let project = scratch_project(&real_manifest());
    TestCommand::new()
        .root(project.path())
        .arg("list")
        .assert_success();
}

#[test]
fn unknown_key_names_its_line() {
    let text = real_manifest().replacen(
        "    experiment: lancers.level_counts\n",
        "    experiment: lancers.level_counts\n    colour: red\n",
        1,
    );
    assert_rejected(
        &text,
        line_of(&text, "colour: red"),
        "unknown field `colour`",
    );
}

#[test]
fn duplicate_key_names_its_line() {
    let text = real_manifest().replacen(
        "    experiment: lancers.level_counts\n",
        "    experiment: lancers.level_counts\n    caption: \"again\"\n",
        1,
    );
    assert_rejected(
        &text,
        line_of(&text, "caption: \"again\""),
        "duplicate field `caption`",
    );
}

#[test]
fn wrong_type_names_its_line() {
    let text = real_manifest().replacen("      dmax: [3]\n", "      dmax: three\n", 1);
    assert_rejected(&text, line_of(&text, "dmax: three"), "invalid type");
}

#[test]
fn unknown_experiment_names_its_line() {
    let text = real_manifest().replacen(
        "experiment: lancers.level_counts",
        "experiment: lancers.no_such_experiment",
        1,
    );
    assert_rejected(
        &text,
        line_of(&text, "lancers.no_such_experiment"),
        "unknown experiment `lancers.no_such_experiment`",
    );
}

/// A paper may use another paper's experiment kind (`tests/it/fixture_paper.rs`), and the artefact's
/// parameters are then read as that kind's: B.T2 naming paper A's `unanimity.gain_examples` keeps its
/// level-count parameters, and the first one that kind does not read is the error, at its line.
#[test]
fn experiment_of_the_other_paper_reads_its_parameters() {
    let text = real_manifest().replacen(
        "experiment: lancers.level_counts",
        "experiment: unanimity.gain_examples",
        1,
    );
    let b_t2 = line_of(&text, "- id: B.T2");
    let standin = text
        .lines()
        .enumerate()
        .skip(b_t2)
        .find(|(_, l)| l.trim_start().starts_with("standin:"))
        .unwrap()
        .0
        + 1;
    assert_rejected(
        &text,
        standin,
        "parameters: unknown field `standin`, expected one of `data`, `n`, `dmax`, `p`",
    );
}

#[test]
fn duplicate_artefact_id_names_the_second_occurrence() {
    let text = real_manifest().replacen("  - id: B.T2\n", "  - id: B.T1\n", 1);
    let second = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == "- id: B.T1")
        .nth(1)
        .unwrap()
        .0
        + 1;
    assert_rejected(&text, second, "duplicate artefact id `B.T1`");
}

/// An artefact's parameters are read as those of its experiment, so `experiment:` must come first;
/// the other order is rejected at the artefact, saying why.
#[test]
fn parameters_before_experiment_are_rejected() {
    let qrels = "      qrels: [all3, 2lancers, lancer1, lancer2, student]\n    layout:\n";
    let text = real_manifest()
        .replacen("    experiment: lancers.level_counts\n", "", 1)
        .replacen(
            qrels,
            &qrels.replace(
                "    layout:",
                "    experiment: lancers.level_counts\n    layout:",
            ),
            1,
        );
    assert_ne!(
        text.find("experiment: lancers.level_counts"),
        real_manifest().find("experiment: lancers.level_counts"),
        "B.T2's experiment moved"
    );
    assert_rejected(
        &text,
        line_of(&text, "- id: B.T2"),
        "`parameters` come before `experiment`",
    );
}

/// Every experiment needs parameters (at least its input file): an artefact without any is rejected.
#[test]
fn artefact_without_parameters_is_rejected() {
    let parameters = "    parameters:\n      data: data/unanimity/table1-ratings.tsv\n      n: [5]\n      dmax: [3]\n      p: [0.2, 0.1]\n";
    let text = real_manifest().replacen(parameters, "", 1);
    assert_ne!(
        text,
        real_manifest(),
        "A.T1's parameters are not in the manifest"
    );
    assert_rejected(
        &text,
        line_of(&text, "- id: A.T1"),
        "missing field `parameters`",
    );
}

/// Parameter values are checked when the manifest loads (`manifest::parameter_rules`): each case is
/// (text replaced once, its replacement, the words the error must contain), reported at the
/// replaced line.
#[test]
fn bad_parameter_values_name_their_line() {
    let cases = [
        ("      p: [0.2, 0.1]\n", "      p: [.nan]\n", "p = NaN"),
        ("      p: [0.2]\n", "      p: [1.5]\n", "p = 1.5"),
        (
            "      n: [5]\n",
            "      n: [0]\n",
            "n = 0: expected a whole number",
        ),
        (
            "      dmax: [3]\n",
            "      dmax: [100000]\n",
            "dmax = 100000",
        ),
        ("      trials: 5000\n", "      trials: 0\n", "trials = 0"),
        ("      alpha: 0.05\n", "      alpha: .inf\n", "alpha = inf"),
        ("      gains: [1, 3]\n", "      gains: [1, -3]\n", "gain -3"),
        (
            "      measures: [nG@1, P+, nERR@10]\n",
            "      measures: []\n",
            "`measures` is empty",
        ),
    ];
    for (from, to, expected) in cases {
        let text = real_manifest().replacen(from, to, 1);
        assert_ne!(text, real_manifest(), "`{from}` is not in the manifest");
        assert_rejected(&text, line_of(&text, to.trim()), expected);
    }
}

/// Measure names are read when the manifest loads: paper A's STC measures by their own type (at the
/// name's line), paper B's by the experiment's value rules (at the `measures:` line: a name that is
/// no measure of `eval`, or a look-alike of one, with the reason), which also check each measure's
/// cutoff against `cutoffs`.
#[test]
fn unknown_measures_name_their_line() {
    let stc = "      measures: [nG@1, P+, nERR@10]\n";
    let text = real_manifest().replacen(stc, "      measures: [nG@1, P+, nDCG@10]\n", 1);
    assert_rejected(
        &text,
        line_of(&text, "nDCG@10]"),
        "unknown measure `nDCG@10`; expected nG@1, P+ or nERR@<cutoff>",
    );

    let lancers = "      measures: [MSnDCG@10, Q@10, nERR@10]\n";
    let text = real_manifest().replacen(
        lancers,
        "      measures: [MSnDCG@10, Q@10, map_cut_10]\n",
        1,
    );
    assert_rejected(
        &text,
        line_of(&text, ", map_cut_10]"),
        "artefact `B.T3`: unknown measure `map_cut_10`: not the same measure here",
    );

    let text = real_manifest().replacen(lancers, "      measures: [MSnDCG@10, Q@20, nERR@10]\n", 1);
    assert_rejected(
        &text,
        line_of(&text, "Q@20"),
        "measure `Q@20` has cutoff 20, which is not among `cutoffs` [10]",
    );
}

/// A key the experiment does not read, a key it needs, and a list where it uses one value: each is an
/// error of reading the experiment's own parameter type (`manifest::params`), at the line of the key,
/// of the artefact's parameters, and of the list.
#[test]
fn parameters_must_fit_their_experiment() {
    let qrels = "      qrels: [all3, 2lancers, lancer1, lancer2, student]\n";
    let text = real_manifest().replacen(qrels, &format!("{qrels}      trials: 17\n"), 1);
    assert_rejected(
        &text,
        line_of(&text, "trials: 17"),
        "parameters: unknown field `trials`, expected one of `standin`, `data`, `qrels_versions`, `qrels`, `collection`, `seed`",
    );

    let pairs = "      pairs: [lancer1-lancer2, lancer1-student, lancer2-student]\n";
    let text = real_manifest().replacen(pairs, "", 1);
    // The error is at the start of B.T1's parameters: its first key, after `parameters:`.
    let experiment = line_of(&text, "experiment: lancers.agreement");
    let first_parameter = text
        .lines()
        .enumerate()
        .skip(experiment)
        .find(|(_, l)| l.trim() == "parameters:")
        .unwrap()
        .0
        + 2;
    assert_rejected(&text, first_parameter, "parameters: missing field `pairs`");

    let text = real_manifest().replacen("      n: [5]\n", "      n: [5, 10]\n", 1);
    assert_rejected(
        &text,
        line_of(&text, "n: [5, 10]"),
        "parameters.n: found 2 values; this experiment uses exactly one",
    );
}

/// A layout column derived from p (`ug_p…`) must name a p of the parameters (`model::column_id`).
#[test]
fn unanimity_gain_column_must_match_a_parameter() {
    let text = real_manifest().replacen("      p: [0.2, 0.1]\n", "      p: [0.2, 0.3]\n", 1);
    assert_rejected(
        &text,
        line_of(&text, "id: ug_p0.1,"),
        "column `ug_p0.1` shows UG for a p that is not among the parameters",
    );
}

/// An artefact id names output files, so one that could be a path (or is not an id at all) is
/// rejected at its line before anything is written.
#[test]
fn artefact_id_that_is_not_an_id_names_its_line() {
    for bad in ["../../x", "B.T2/../../etc", "B T2", "b.T2"] {
        let text = real_manifest().replacen("  - id: B.T2\n", &format!("  - id: \"{bad}\"\n"), 1);
        let line = line_of(&text, &format!("  - id: \"{bad}\""));
        assert_rejected(&text, line, "expected a paper letter, a dot and a name");
    }
}

/// Paper B's stand-in needs `data:` and `standin:` unless the entry has a user's `collection:`; a
/// missing one is named at the artefact's `parameters:` line (not at a later artefact's key).
#[test]
fn paper_b_stand_in_without_its_data_file_names_the_parameters_line() {
    let text =
        real_manifest().replacen("      data: data/lancers/confusion-matrices.yaml\n", "", 1);
    assert_ne!(text, real_manifest());
    let b_t1 = line_of(&text, "id: B.T1");
    let parameters = b_t1 + line_of(&text[text.find("id: B.T1").unwrap()..], "parameters:") - 1;
    assert_rejected(
        &text,
        parameters,
        "`data` is missing; it is needed unless `collection:` is given",
    );
}

/// A robustness study that replicates an artefact of the other paper, an unknown one, or names no
/// replicates is rejected at its `artefacts:` (or `replicates:`) line.
#[test]
fn robustness_study_parameters_name_their_line() {
    let text = real_manifest().replacen(
        "      artefacts: [A.T2, A.T3]\n",
        "      artefacts: [A.T2, B.T3]\n",
        1,
    );
    assert_rejected(
        &text,
        line_of(&text, "artefacts: [A.T2, B.T3]"),
        "replicated artefact `B.T3` is of paper B, not A",
    );
    let text = real_manifest().replacen(
        "      artefacts: [A.T2, A.T3]\n",
        "      artefacts: [A.T2, A.T9]\n",
        1,
    );
    assert_rejected(
        &text,
        line_of(&text, "artefacts: [A.T2, A.T9]"),
        "replicates unknown artefact `A.T9`",
    );
    let text = real_manifest().replacen("      replicates: 200\n", "      replicates: 0\n", 1);
    assert_rejected(
        &text,
        line_of(&text, "replicates: 0"),
        "replicates = 0: expected a whole number from 1 to 10000",
    );
    let text = real_manifest().replacen(
        "      headlines: [A.T2, A.T3]\n",
        "      headlines: [A.T2, A.T1]\n",
        1,
    );
    assert_rejected(
        &text,
        line_of(&text, "headlines: [A.T2, A.T1]"),
        "headline table `A.T1` is not one of the study's `artefacts`",
    );
}

#[test]
fn panel_drawn_by_a_figure_the_artefact_does_not_draw_names_its_line() {
    let text = real_manifest();
    let manifest_line = |t: &str| {
        t.match_indices("    outputs: [markdown, latex, json, svg]\n")
            .map(|(at, _)| at)
            .find(|&at| t[..at].contains("experiment: unanimity.knob_space"))
            .unwrap()
    };
    let at = manifest_line(&text);
    let text = format!(
        "{}    outputs: [markdown, latex, json]\n{}",
        &text[..at],
        &text[at + "    outputs: [markdown, latex, json, svg]\n".len()..]
    );
    assert_rejected(
        &text,
        line_of(&text, "          drawn_by_figure: true"),
        "panel `indices` of `A.M1` is `drawn_by_figure`, but the artefact draws no figure",
    );
}
