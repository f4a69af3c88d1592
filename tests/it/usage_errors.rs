//! Usage errors of `check` and `reproduce` and `reproduce`'s progress lines (item 2):
//! each bad request exits with code 2 and a message saying what was expected, before anything is
//! written.

use std::path::Path;
use std::process::Output;

use crate::common::{self, TestCommand};
use crate::project_manifest::Manifest;

fn run(root: &Path, args: &[&str]) -> Output {
    TestCommand::new()
        .root(root)
        .args(args)
        .env(
            "EVIA_REPRO_COMMIT",
            "0000000000000000000000000000000000000000",
        )
        .run()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn check_only_with_an_unknown_id_is_a_usage_error_listing_the_known_ones() {
    let output = run(&common::project_root(), &["check", "--only", "BOGUS"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.contains("unknown table or text section `BOGUS`"),
        "{err}"
    );
    assert!(err.contains("A.T1") && err.contains("B.text"), "{err}");
    assert!(output.stdout.is_empty());
}

#[test]
fn reproduce_threads_zero_is_a_usage_error() {
    let out = tempfile::tempdir().unwrap();
    let output = run(
        &common::project_root(),
        &[
            "reproduce",
            "--out",
            out.path().to_str().unwrap(),
            "--threads",
            "0",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("0 is not in 1..=1024"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

#[test]
fn data_without_a_real_data_mode_is_a_usage_error() {
    let out = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let out_dir = out.path().join("build");
    let root = common::project_root();
    let base = [
        "reproduce",
        "--out",
        out_dir.to_str().unwrap(),
        "--data",
        data.path().to_str().unwrap(),
    ];
    let output = run(&root, &base);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--data needs --only"),
        "{}",
        stderr(&output)
    );

    let with_only = [&base[..], &["--only", "A.T1"]].concat();
    let output = run(&root, &with_only);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains("artefact `A.T1` has no real-data mode"),
        "{err}"
    );
    assert!(err.contains("A.T2, A.T3"), "{err}");
    // Nothing but the lock's directory may exist, and no output file.
    let written: Vec<_> = walk(&out_dir);
    assert!(written.is_empty(), "{written:?}");
}

#[test]
fn a_published_cell_naming_a_missing_column_is_an_error_at_its_line() {
    let project = common::scratch_project();
    let path = project.path().join("paper/published/lancers.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let needle = r#"{panel: lancer1-lancer2, row: "1", column: "2","#;
    let line = text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    std::fs::write(
        &path,
        text.replacen(
            needle,
            r#"{panel: lancer1-lancer2, row: "1", column: "9","#,
            1,
        ),
    )
    .unwrap();
    let output = run(project.path(), &["check"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains(&format!(
            "lancers.yaml:{line}: cell lancer1-lancer2/1/9 of B.T1 names column `9`"
        )),
        "{err}"
    );
    assert!(err.contains("expected one of: 0, 1, 2"), "{err}");
}

#[test]
fn reproduce_reports_each_step_as_a_plain_line_when_stderr_is_not_a_terminal() {
    let out = tempfile::tempdir().unwrap();
    let output = run(
        &common::project_root(),
        &[
            "reproduce",
            "--out",
            out.path().to_str().unwrap(),
            "--only",
            "A.T1",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let err = stderr(&output);
    let manifest = Manifest::load(&common::project_root());
    let total = manifest.artefacts.len() + manifest.papers.len() + 1;
    let position = manifest
        .artefacts
        .iter()
        .position(|a| a.id == "A.T1")
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("[{position}/{total}] A.T1 rebuilt\n")),
        "{err}"
    );
    assert!(err.contains(&format!("[{total}/{total}] index ")), "{err}");
    // Every step is reported exactly once.
    assert_eq!(
        err.lines().filter(|l| l.starts_with('[')).count(),
        total,
        "{err}"
    );
}

/// Every file below `dir` (none if it does not exist), lock files excepted.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|e| {
            let path = e.path();
            if path.is_dir() {
                walk(&path)
            } else if path.extension().is_some_and(|x| x == "lock") {
                Vec::new()
            } else {
                vec![path]
            }
        })
        .collect()
}

/// One set of bounds for every command that has the option: `--threads` from 1 to 1024 (`hsd`,
/// `study`, `reproduce`) and `--trials` from 1 to 1,000,000 (`hsd`, `study`), refused by the
/// argument parser before any input is read.
#[test]
fn threads_and_trials_have_the_same_bounds_in_every_command() {
    let study = ["study", "--labels", "l.tsv", "--runs", "runs"];
    let refused: [Vec<&str>; 6] = [
        vec!["hsd", "--matrix", "m.tsv", "--threads", "1025"],
        [&study[..], &["--threads", "1025"]].concat(),
        vec!["reproduce", "--threads", "1025"],
        vec!["hsd", "--matrix", "m.tsv", "--trials", "1000000000000"],
        [&study[..], &["--trials", "1000001"]].concat(),
        vec!["hsd", "--matrix", "m.tsv", "--trials", "0"],
    ];
    for args in refused {
        let output = TestCommand::new().args(&args).run();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(
            err.contains("1..=1024") || err.contains("1..=1000000"),
            "{args:?}: {err}"
        );
    }
}
