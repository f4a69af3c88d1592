//! The paper artefacts built once per test binary and shared by every test that only reads a
//! build: one `reproduce` of the project (the tests' study sizes, the commit pinned, and no
//! SVG-to-PDF converter on the `PATH`, so that no output depends on the machine), and the ledger
//! `check --format json` gives for it. A test that needs its own build (one of a changed project, or
//! one that tests rebuilding) starts from a copy of this one where it can ([`copy_of_build`]).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::common::{TEST_STUDIES, TestCommand, copy_dir, project_root};

/// The commit stamped into outputs by the tests, so snapshots never depend on the checkout.
pub const PINNED_COMMIT: &str = "0000000000000000000000000000000000000000";

/// A build every test shares: its output directory, in a temporary directory kept for the whole
/// test binary.
struct Built {
    _dir: tempfile::TempDir,
    out: PathBuf,
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("build");
        // `--force --threads 2` on an empty directory runs the experiments ahead, side by side;
        // `reproduce.rs` compares it with a one-thread run.
        reproduce()
            .args(["--force", "--threads", "2", "--out"])
            .arg(&out)
            .assert_success();
        Built { _dir: dir, out }
    })
}

/// The output directory of the shared `reproduce` of the project. Read it, never write into it:
/// a test that changes a build works on [`copy_of_build`].
pub fn build_dir() -> &'static Path {
    &built().out
}

/// A second build of the project, on one thread (each experiment run in its step), in the
/// shared build's environment: the tests of determinism across thread counts compare it with
/// [`build_dir`].
pub fn one_thread_build() -> &'static Path {
    static ONE_THREAD: OnceLock<Built> = OnceLock::new();
    &ONE_THREAD
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let out = dir.path().join("build");
            reproduce()
                .args(["--threads", "1", "--out"])
                .arg(&out)
                .assert_success();
            Built { _dir: dir, out }
        })
        .out
}

/// The output directory of one `evia-repro study` of the shipped example
/// (`data/study-example/`, 200 trials), in the shared build's environment; the study is in its
/// `study/`.
pub fn study_dir() -> &'static Path {
    static STUDY: OnceLock<Built> = OnceLock::new();
    &STUDY
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let out = dir.path().join("study");
            let example = project_root().join("data/study-example");
            // `study` takes no --root: it runs from anywhere.
            command()
                .args(["study", "--labels"])
                .arg(example.join("labels.tsv"))
                .args(["--layout", "wide", "--runs"])
                .arg(example.join("runs"))
                .args(["--trials", "200", "--out"])
                .arg(&out)
                .assert_success();
            Built { _dir: dir, out }
        })
        .out
}

/// A copy of the shared build in a new temporary directory (the build is its `build/`), for a test
/// that runs `reproduce` again or damages an output.
pub fn copy_of_build() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("build");
    copy_dir(build_dir(), &out);
    (dir, out)
}

/// The binary in the shared build's environment (the commit pinned, an empty `PATH`), on the
/// project: `--root` and the command's arguments are the caller's.
pub fn command() -> TestCommand {
    let mut command = TestCommand::new();
    command
        .env("EVIA_REPRO_COMMIT", PINNED_COMMIT)
        .env("PATH", "");
    command
}

/// `reproduce` of the project with the tests' study sizes ([`TEST_STUDIES`]) in the shared build's
/// environment; `--out` and other options are the caller's. Run into a copy of the shared build
/// ([`copy_of_build`]), it finds everything up to date.
pub fn reproduce() -> TestCommand {
    let mut command = command();
    command
        .root(project_root())
        .arg("reproduce")
        .args(TEST_STUDIES);
    command
}

/// `check` of the project against the shared build (`--state`, with its study sizes): nothing is
/// rebuilt. Further arguments are the caller's.
pub fn check() -> TestCommand {
    let mut command = command();
    command
        .root(project_root())
        .arg("check")
        .args(TEST_STUDIES)
        .arg("--state")
        .arg(build_dir());
    command
}

/// Every entry of `check --format json` against the shared build.
pub fn ledger() -> &'static [Value] {
    static LEDGER: OnceLock<Vec<Value>> = OnceLock::new();
    LEDGER.get_or_init(|| {
        let text = check().args(["--format", "json"]).stdout();
        match serde_json::from_str(&text) {
            Ok(Value::Array(entries)) => entries,
            other => panic!("check --format json is not an array: {other:?}"),
        }
    })
}
