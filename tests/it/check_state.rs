//! `check --only` reuses the build state of a previous `reproduce`: an artefact
//! whose experiment fingerprint is unchanged is not rerun, and the ledger is the same either way.

#![allow(clippy::unwrap_used)]

use std::process::Output;

use crate::common::{self, TestCommand};

fn run(root: &std::path::Path, args: &[&str]) -> Output {
    TestCommand::new()
        .current_dir(root) // `--out` and `--state` are relative to the current directory
        .root(root)
        .args(args)
        .run()
}

#[test]
fn check_only_takes_unchanged_results_from_the_build_state() {
    let project = common::scratch_project();
    let root = project.path();
    let built = run(root, &["reproduce", "--only", "A.T1", "--out", "out"]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );

    let reused = run(
        root,
        &[
            "check", "--only", "A.T1", "--state", "out", "--format", "json",
        ],
    );
    let stderr = String::from_utf8_lossy(&reused.stderr);
    assert!(reused.status.success(), "{stderr}");
    assert!(
        stderr.contains("results of A.T1 taken from the build state")
            && stderr.contains("0 rebuilt"),
        "{stderr}"
    );

    let fresh = run(
        root,
        &[
            "check",
            "--only",
            "A.T1",
            "--state",
            "no-such-dir",
            "--format",
            "json",
        ],
    );
    assert!(fresh.status.success());
    assert!(
        !String::from_utf8_lossy(&fresh.stderr).contains("build state"),
        "nothing to reuse without a state"
    );
    assert_eq!(
        String::from_utf8_lossy(&reused.stdout),
        String::from_utf8_lossy(&fresh.stdout)
    );
    assert!(String::from_utf8_lossy(&fresh.stdout).contains("\"A.T1\""));

    // A changed seed changes the fingerprint: nothing is reused.
    let other_seed = run(
        root,
        &[
            "check", "--only", "A.T1", "--state", "out", "--seed", "7", "--format", "json",
        ],
    );
    assert!(other_seed.status.success());
    assert!(!String::from_utf8_lossy(&other_seed.stderr).contains("build state"));
}

/// `check --replicates R` reads the holding rates of a `reproduce --replicates R` from the
/// build state: with the same R the ledger's simulated claims (of A.T2, checked with its study A.R1)
/// end with them; with the manifest's R the study's fingerprint differs, so nothing of it is reused
/// and no claim has a rate.
#[test]
fn check_replicates_takes_the_study_of_that_r_from_the_build_state() {
    let project = common::scratch_project();
    let root = project.path();
    let r = common::TEST_REPLICATES_ARG;
    let built = run(
        root,
        &[
            "reproduce",
            "--only",
            "A.T2,A.T3,A.R1",
            "--replicates",
            r,
            "--out",
            "out",
        ],
    );
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let check = |extra: &[&str]| {
        let mut args = vec![
            "check",
            "--only",
            "A.T2,A.R1",
            "--state",
            "out",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let output = run(root, &args);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let rates = format!("of {r} replicates of A.R1)");
    assert!(check(&["--replicates", r]).contains(&rates), "{rates}");
    assert!(!check(&[]).contains("replicates of A.R1)"));
}
