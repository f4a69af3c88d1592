//! The run files of a runs directory, each with its run name: the one listing every reader of a
//! directory of runs uses (paper A's and paper B's `reproduce --data`, `study`).
//!
//! Every regular file whose name does not start with `.` is a run. Its run name comes from its
//! file name ([`RunNaming`]), and two files that give one run name are refused, naming both
//! (`runB` beside `runB.gz` would otherwise be one run, its scores the other's). A file name that
//! is not UTF-8 is refused rather than decoded lossily: two such names could decode alike, and the
//! run name is printed in every table.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::SourceError;

/// How a run's name follows from its file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunNaming {
    /// The file name without its final extension (`MSRSC-C-R1.txt` → `MSRSC-C-R1`).
    WithoutExtension,
    /// The file name without a final `.gz` (TREC distributes runs as `input.<run>.gz`).
    WithoutGz,
}

impl RunNaming {
    /// The run name of the file named `file_name`.
    fn run_name(self, file_name: &str) -> String {
        match self {
            RunNaming::WithoutExtension => Path::new(file_name)
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or(file_name)
                .to_string(),
            RunNaming::WithoutGz => file_name
                .strip_suffix(".gz")
                .unwrap_or(file_name)
                .to_string(),
        }
    }
}

/// One run file and its run name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunFile {
    pub name: String,
    pub path: PathBuf,
}

/// The run files of `dir` (see the module), sorted by run name; the run names are unique. `what`
/// says what one file holds, for the message when the directory cannot be read.
pub fn run_files(dir: &Path, naming: RunNaming, what: &str) -> Result<Vec<RunFile>, SourceError> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        SourceError::whole_file(
            dir,
            format!(
                "cannot read the runs directory ({what}): {}",
                super::io_reason(&e)
            ),
        )
    })?;
    let mut by_name: BTreeMap<String, PathBuf> = BTreeMap::new();
    for entry in entries {
        let entry = entry.map_err(|e| {
            SourceError::whole_file(
                dir,
                format!("cannot list the directory: {}", super::io_reason(&e)),
            )
        })?;
        let path = entry.path();
        let raw = entry.file_name();
        if raw.as_encoded_bytes().starts_with(b".") || !path.is_file() {
            continue;
        }
        let Some(file_name) = raw.to_str() else {
            return Err(SourceError::whole_file(
                dir,
                format!(
                    "the file name {raw:?} is not UTF-8: a run is named after its file, so rename it (run names are kept exactly, never decoded lossily)"
                ),
            ));
        };
        let name = naming.run_name(file_name);
        if let Some(other) = by_name.get(&name) {
            let (first, second) = if *other < path {
                (other.clone(), path)
            } else {
                (path, other.clone())
            };
            return Err(SourceError::whole_file(
                dir,
                format!(
                    "{} and {} both give the run name `{}`; run names must be unique (remove or rename one)",
                    first.display(),
                    second.display(),
                    super::shown(&name)
                ),
            ));
        }
        by_name.insert(name, path);
    }
    Ok(by_name
        .into_iter()
        .map(|(name, path)| RunFile { name, path })
        .collect())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn names_come_from_file_names_and_must_be_unique() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.txt", "a", ".hidden", "c.gz"] {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let names = |naming| -> Vec<String> {
            run_files(dir.path(), naming, "runs")
                .unwrap()
                .into_iter()
                .map(|f| f.name)
                .collect()
        };
        assert_eq!(names(RunNaming::WithoutExtension), ["a", "b", "c"]);
        assert_eq!(names(RunNaming::WithoutGz), ["a", "b.txt", "c"]);
        std::fs::write(dir.path().join("c"), "y").unwrap();
        for naming in [RunNaming::WithoutExtension, RunNaming::WithoutGz] {
            let err = run_files(dir.path(), naming, "runs")
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("c.gz") && err.contains("both give the run name `c`"),
                "{err}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_is_refused() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let name = std::ffi::OsStr::from_bytes(b"run\xff");
        if std::fs::write(dir.path().join(name), "x").is_err() {
            return; // a file system that stores only UTF-8 names
        }
        let err = run_files(dir.path(), RunNaming::WithoutGz, "runs")
            .unwrap_err()
            .to_string();
        assert!(err.contains("\\xFF") && err.contains("not UTF-8"), "{err}");
    }
}
