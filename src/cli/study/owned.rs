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
pub(crate) fn check_ours(dir: &Path) -> Result<(), NotOurs> {
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |reason| NotOurs::Io { path, reason }
    };
    if dir.exists() && !dir.is_dir() {
        // Not a directory: the output lock names it as such.
        return Ok(());
    }
    let files = match files_under(dir) {
        Ok(files) => files,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io_err(dir)(e)),
    };
    let ignored = |relative: &str| {
        relative == LOCK_FILE
            || relative == STATE_FILE
            || Path::new(relative)
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(is_temp_name)
    };
    let mut foreign = files.iter().filter(|f| !ignored(f)).peekable();
    if foreign.peek().is_none() {
        return Ok(());
    }
    let (state, why) = build_state::load(dir);
    let recorded: BTreeSet<&str> = state
        .artefacts
        .values()
        .flat_map(|a| a.outputs.keys())
        .chain(state.documents.values().flat_map(|d| d.outputs.keys()))
        .map(String::as_str)
        .collect();
    // A study's state records files under `study/` and, beside it, in DIR itself only (a
    // `reproduce` build has its papers' directories).
    let in_study = |f: &&str| f.starts_with(&format!("{STUDY_SLUG}/"));
    let a_study =
        recorded.iter().any(in_study) && recorded.iter().all(|f| in_study(f) || !f.contains('/'));
    if !a_study {
        return Err(NotOurs::NoStudy {
            dir: dir.to_path_buf(),
            why,
        });
    }
    match foreign.find(|f| !recorded.contains(f.as_str())) {
        Some(file) => Err(NotOurs::Foreign {
            dir: dir.to_path_buf(),
            file: dir.join(file),
        }),
        None => Ok(()),
    }
}

/// Every entry under `dir` that is not a directory (files, links, devices), relative to `dir`
/// with `/` between components, sorted, leaving out the trees of this program's temporary names in
/// `dir` itself; a name that is not UTF-8 is kept lossily (it is then
/// never one the state recorded).
fn files_under(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut files = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((path, relative)) = stack.pop() {
        for entry in std::fs::read_dir(&path)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = if relative.is_empty() {
                name
            } else {
                format!("{relative}/{name}")
            };
            if entry.file_type()?.is_dir() {
                // An earlier run's staged or set-aside tree (this program's temporary name, in DIR
                // itself): the output lock removes it.
                if !(relative.is_empty() && is_temp_name(&rel)) {
                    stack.push((entry.path(), rel));
                }
            } else {
                files.push(rel);
            }
        }
    }
    files.sort();
    Ok(files)
}
