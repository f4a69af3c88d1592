//! Every command exits quietly when its standard output is closed early (`evia-repro check | head -1`):
//! no panic message, no error on standard error.

use crate::common::{TestCommand, project_root};

/// Runs `evia-repro ARGS` with standard output a pipe whose reading end is closed before the command
/// starts writing (the process needs milliseconds to load the manifest; the pipe is closed at once).
fn run_into_closed_pipe(args: &[&str]) -> std::process::Output {
    let mut child = TestCommand::new()
        .current_dir(project_root())
        .args(args)
        .spawn();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn list_and_check_exit_quietly_on_a_closed_pipe() {
    // `check` is pointed at a build state that does not exist, so that a `build/` left by
    // `cargo reproduce` in the project does not change what it prints.
    let none = tempfile::tempdir().unwrap();
    let state = none.path().join("no-build");
    let state = state.to_str().unwrap();
    for args in [
        &["list"][..],
        &["check", "--only", "B.T1", "--state", state][..],
    ] {
        let out = run_into_closed_pipe(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?} panicked");
    }
}
