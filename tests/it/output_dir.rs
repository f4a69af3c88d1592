//! Output-directory discipline of `reproduce`: a relative `--out` is relative to the
//! current directory; a second run into a directory another run holds is refused with a clear error;
//! the lock file and temporary files of a killed run are taken over and removed by the next run.

use std::process::Output;

use crate::common::{TestCommand, project_root};

fn reproduce_a_t1(cwd: &std::path::Path, out: &str) -> Output {
    TestCommand::new()
        .current_dir(cwd)
        .root(project_root())
        .args(["reproduce", "--only", "A.T1", "--out", out])
        .run()
}

#[test]
fn relative_out_is_relative_to_the_current_directory() {
    let cwd = tempfile::tempdir().unwrap();
    let out = reproduce_a_t1(cwd.path(), "rel/out");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(cwd.path().join("rel/out/index.md").is_file());
    assert!(!project_root().join("rel").exists());
    // The lock is released when the run ends.
    assert!(!cwd.path().join("rel/out/.evia-repro.lock").exists());
}

#[test]
fn a_locked_directory_is_refused_and_stale_temporary_files_are_removed() {
    let cwd = tempfile::tempdir().unwrap();
    let dir = cwd.path().join("out");
    std::fs::create_dir_all(dir.join("unanimity")).unwrap();
    // A lock held by a live process: this test's own, holding the file's advisory lock.
    let held = std::fs::File::create(dir.join(".evia-repro.lock")).unwrap();
    held.try_lock().unwrap();
    std::fs::write(
        dir.join(".evia-repro.lock"),
        format!("{}\n", std::process::id()),
    )
    .unwrap();
    let out = reproduce_a_t1(cwd.path(), "out");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("another evia-repro run"), "{stderr}");
    assert!(stderr.contains(".evia-repro.lock"), "{stderr}");
    assert!(
        stderr.contains(&std::process::id().to_string()),
        "the error names the holder: {stderr}"
    );
    assert!(
        !dir.join("index.md").exists(),
        "nothing is written while locked"
    );
    // The other run was killed: its lock file stays, unlocked, beside a temporary file it left.
    // The next run takes the lock over and removes the temporary file.
    drop(held);
    assert!(dir.join(".evia-repro.lock").exists());
    std::fs::write(
        dir.join("unanimity/.evia-repro-tmp.A.T1.md.4242"),
        "half written",
    )
    .unwrap();
    let out = reproduce_a_t1(cwd.path(), "out");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!dir.join("unanimity/.evia-repro-tmp.A.T1.md.4242").exists());
    assert!(dir.join("index.md").is_file());
}

/// `--out` naming an existing file: the error says that the file is not a directory and which flag
/// to change, once, without the operating system's message twice.
#[test]
fn an_output_path_that_is_a_file_is_named_as_such() {
    let cwd = tempfile::tempdir().unwrap();
    std::fs::write(cwd.path().join("FILE"), "x").unwrap();
    for out in ["FILE", "FILE/sub"] {
        let run = reproduce_a_t1(cwd.path(), out);
        assert_eq!(run.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            stderr.contains("`FILE` exists and is not a directory") && stderr.contains("--out"),
            "{stderr}"
        );
        assert!(!stderr.contains("os error"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// `--out` naming a directory of the user's (not empty, no build state) is refused before anything
/// is written, naming an entry; nothing of the user's is overwritten. An earlier build's directory
/// is accepted.
#[test]
fn a_directory_of_the_users_is_refused() {
    let cwd = tempfile::tempdir().unwrap();
    let dir = cwd.path().join("notes");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.md"), "my notes").unwrap();
    let out = reproduce_a_t1(cwd.path(), "notes");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("holds no earlier build"), "{stderr}");
    assert!(stderr.contains("index.md"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(dir.join("index.md")).unwrap(),
        "my notes"
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "nothing written beside the user's file");

    // A build's directory is accepted again.
    let out = reproduce_a_t1(cwd.path(), "build");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(cwd.path().join("build/.evia-repro-state.json").is_file());
    let out = reproduce_a_t1(cwd.path(), "build");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
