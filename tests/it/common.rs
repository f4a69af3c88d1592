//! Helpers shared by the integration tests.

#![allow(clippy::unwrap_used, dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// The replicates R of the robustness studies (A.R1, B.R1) in tests that rebuild every artefact:
/// the manifest's R = 200 is for release builds, not for a debug test run (`--replicates`).
pub const TEST_REPLICATES: u32 = 2;

/// [`TEST_REPLICATES`] as a `--replicates` argument.
pub const TEST_REPLICATES_ARG: &str = "2";

/// The repository root.
pub fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Copies the directory tree `from` to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &dest);
        } else {
            fs::copy(entry.path(), dest).unwrap();
        }
    }
}

/// A scratch copy of the project (paper/, data/, templates/) that a test may modify.
pub fn scratch_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["paper", "data", "templates"] {
        copy_dir(&project_root().join(sub), &dir.path().join(sub));
    }
    dir
}
