//! Whether `study --out DIR` may write into DIR. A study writes `DIR/study/` and, beside it, its
//! index, ledger, account, reviewer's page and build state (`index.md`, `index.html`, `ledger.md`,
//! `account.json`, `.evia-repro-state.json`), replacing those of an earlier study. So DIR must be
//! missing, empty, or hold an earlier study's output and nothing else: every file in it is one
//! the build state of that study recorded (or the state file, the lock file, a temporary file of
//! this program, or a tree under this program's temporary name in DIR itself, which the output
//! lock removes). Anything else — a project directory (`--out .`), a `reproduce` build, a file
//! of the user's inside `DIR/study/` — is refused before anything is read or written, naming the
//! first file that is not the study's.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::io::output::{LOCK_FILE, is_temp_name};
use crate::papers::lancers::study::STUDY_SLUG;
use crate::pipeline::build_state::{self, STATE_FILE};

/// Why DIR cannot take a study.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NotOurs {
    #[error(
        "--out `{}` is not empty and holds no earlier study's output (no readable {STATE_FILE} of a study{}); a study writes study/, index.md, index.html, ledger.md and account.json there and would overwrite yours: name a new or empty directory with --out",
        dir.display(),
        why.as_deref().map(|w| format!(": {w}")).unwrap_or_default()
    )]
    NoStudy { dir: PathBuf, why: Option<String> },
    #[error(
        "--out `{}` holds `{}`, which the earlier study there did not write; a study replaces its whole output and would delete it: move it away, or name a new or empty directory with --out",
        dir.display(),
        file.display()
    )]
    Foreign { dir: PathBuf, file: PathBuf },
    #[error("cannot read --out `{}`: {}", path.display(), crate::io::io_reason(reason))]
    Io {
        path: PathBuf,
        reason: std::io::Error,
    },
}

/// Checks that `dir` is missing, empty, or an earlier study's output only (module documentation).
/// The walk stops at the first file that is not the study's, so a large foreign tree is refused
/// after one entry, not after listing it.
pub(crate) fn check_ours(dir: &Path) -> Result<(), NotOurs> {
    check_ours_counted(dir).map(|_| ())
}

/// [`check_ours`], giving how many entries it visited.
fn check_ours_counted(dir: &Path) -> Result<usize, NotOurs> {
    if dir.exists() && !dir.is_dir() {
        // Not a directory: the output lock names it as such.
        return Ok(0);
    }
    let ignored = |relative: &str| {
        relative == LOCK_FILE
            || relative == STATE_FILE
            || Path::new(relative)
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(is_temp_name)
    };
    // The files the earlier study's state recorded, read when the first file that needs them is met.
    let mut recorded: Option<BTreeSet<String>> = None;
    let mut visited = 0;
    let found = first_foreign(dir, &mut visited, &mut |relative| {
        if ignored(relative) {
            return Ok(false);
        }
        let recorded = match &recorded {
            Some(recorded) => recorded,
            None => recorded.insert(study_files(dir)?),
        };
        Ok(!recorded.contains(relative))
    });
    match found {
        Ok(None) => Ok(visited),
        Ok(Some(file)) => Err(NotOurs::Foreign {
            dir: dir.to_path_buf(),
            file: dir.join(file),
        }),
        Err(Stop::NotOurs(e)) => Err(e),
        Err(Stop::Io(e)) if e.kind() == std::io::ErrorKind::NotFound && visited == 0 => Ok(0),
        Err(Stop::Io(e)) => Err(NotOurs::Io {
            path: dir.to_path_buf(),
            reason: e,
        }),
    }
}

/// The files an earlier study in `dir` recorded in its build state; an error when `dir` holds no
/// study's state.
fn study_files(dir: &Path) -> Result<BTreeSet<String>, NotOurs> {
    let (state, why) = build_state::load(dir);
    let recorded: BTreeSet<String> = state
        .artefacts
        .values()
        .flat_map(|a| a.outputs.keys())
        .chain(state.documents.values().flat_map(|d| d.outputs.keys()))
        .cloned()
        .collect();
    // A study's state records files under `study/` and, beside it, in DIR itself only (a
    // `reproduce` build has its papers' directories).
    let in_study = |f: &String| f.starts_with(&format!("{STUDY_SLUG}/"));
    let a_study =
        recorded.iter().any(in_study) && recorded.iter().all(|f| in_study(f) || !f.contains('/'));
    if !a_study {
        return Err(NotOurs::NoStudy {
            dir: dir.to_path_buf(),
            why,
        });
    }
    Ok(recorded)
}

/// Why the walk of [`first_foreign`] stopped early.
enum Stop {
    NotOurs(NotOurs),
    Io(std::io::Error),
}

impl From<NotOurs> for Stop {
    fn from(e: NotOurs) -> Self {
        Stop::NotOurs(e)
    }
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Self {
        Stop::Io(e)
    }
}

/// The first entry under `dir` that is not a directory (a file, link or device) and that
/// `foreign` says is not the study's, relative to `dir` with `/` between components; the walk
/// stops there. Each directory's entries are taken in name order, its files before its
/// subdirectories, so the file named is the same on every run and machine. The trees of this
/// program's temporary names in `dir` itself are left out (the output lock removes them); a name
/// that is not UTF-8 is kept lossily (it is then never one the state recorded). `visited` counts
/// the entries read.
fn first_foreign(
    dir: &Path,
    visited: &mut usize,
    foreign: &mut dyn FnMut(&str) -> Result<bool, NotOurs>,
) -> Result<Option<String>, Stop> {
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((path, relative)) = stack.pop() {
        let mut entries = Vec::new();
        for entry in std::fs::read_dir(&path)? {
            let entry = entry?;
            *visited += 1;
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = if relative.is_empty() {
                name
            } else {
                format!("{relative}/{name}")
            };
            entries.push((entry.file_type()?.is_dir(), rel, entry.path()));
        }
        entries.sort_by(|a, b| a.1.cmp(&b.1));
        for (_, rel, _) in entries.iter().filter(|e| !e.0) {
            if foreign(rel)? {
                return Ok(Some(rel.clone()));
            }
        }
        // Popped in name order: pushed in reverse.
        for (_, rel, path) in entries.into_iter().filter(|e| e.0).rev() {
            // An earlier run's staged or set-aside tree (this program's temporary name, in DIR
            // itself): the output lock removes it.
            if !(relative.is_empty() && is_temp_name(&rel)) {
                stack.push((path, rel));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// A directory of many files of the user's is refused at its first file, not after a walk of
    /// the whole tree.
    #[test]
    fn a_large_foreign_tree_is_refused_at_its_first_file() {
        let dir = tempfile::tempdir().unwrap();
        for d in 0..20 {
            let sub = dir.path().join(format!("d{d}"));
            std::fs::create_dir(&sub).unwrap();
            for f in 0..200 {
                std::fs::write(sub.join(format!("f{f}")), "x").unwrap();
            }
        }
        std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        let mut visited = 0;
        let mut seen = Vec::new();
        let found = first_foreign(dir.path(), &mut visited, &mut |f| {
            seen.push(f.to_string());
            Ok(true)
        });
        // Files of a directory come before its subdirectories, in name order: the same file is
        // named on every run.
        assert!(matches!(found, Ok(Some(ref f)) if f == "notes.txt"));
        assert_eq!(seen.len(), 1);
        assert!(visited <= 22, "visited {visited} of 4,021 entries");
        assert!(matches!(
            check_ours(dir.path()),
            Err(NotOurs::NoStudy { .. })
        ));
    }

    /// Without a file in the directory itself, the first file in name order of its first
    /// subdirectory in name order is named, whatever order the file system lists them in.
    #[test]
    fn the_file_named_is_the_first_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        for d in ["c", "a", "b"] {
            std::fs::create_dir(dir.path().join(d)).unwrap();
            for f in ["z", "m", "k"] {
                std::fs::write(dir.path().join(d).join(f), "x").unwrap();
            }
        }
        let mut visited = 0;
        let found = first_foreign(dir.path(), &mut visited, &mut |_| Ok(true));
        assert!(matches!(found, Ok(Some(ref f)) if f == "a/k"));
    }

    /// A missing or empty directory takes a study; a file of this program's lock is no study's
    /// content either way.
    #[test]
    fn a_missing_or_empty_directory_is_ours() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(check_ours_counted(&dir.path().join("none")).unwrap(), 0);
        assert_eq!(check_ours_counted(dir.path()).unwrap(), 0);
        std::fs::write(dir.path().join(LOCK_FILE), "").unwrap();
        assert_eq!(check_ours_counted(dir.path()).unwrap(), 1);
    }
}
