//! Whether `reproduce --out DIR` may write into DIR. A build writes its papers' directories first
//! and then, beside them, the index, ledger, account, reviewer's page and build state, replacing
//! those of an earlier build. So DIR must be missing, or hold an earlier build's state, or hold
//! nothing but the papers' directories (a first build stopped midway) and this program's lock and
//! temporary files. Any other directory (a user's notes, a project directory) is refused before
//! anything is written, naming an entry that is not the build's; only DIR's own entries are
//! listed, never its tree.

use std::path::{Path, PathBuf};

use crate::io::output::{LOCK_FILE, is_temp_name};
use crate::pipeline::build_state::STATE_FILE;

/// Why DIR cannot take a build.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NotABuild {
    #[error(
        "--out `{}` is not empty (it holds `{}`) and holds no earlier build (no {STATE_FILE}); a build writes index.md, index.html, ledger.md, account.json and its papers' directories there and would overwrite yours: name a new or empty directory with --out",
        dir.display(),
        entry.display()
    )]
    Foreign { dir: PathBuf, entry: PathBuf },
    #[error("cannot read --out `{}`: {}", dir.display(), crate::io::io_reason(reason))]
    Io {
        dir: PathBuf,
        reason: std::io::Error,
    },
}

/// Checks that `dir` is missing, empty, or an earlier build's output (module documentation);
/// `papers` are the slugs of the papers' directories.
pub(crate) fn check_build_dir(dir: &Path, papers: &[&str]) -> Result<(), NotABuild> {
    if !dir.is_dir() || dir.join(STATE_FILE).is_file() {
        // Missing (created by the build), not a directory (the output lock names it as such), or
        // an earlier build's.
        return Ok(());
    }
    let io = |reason| NotABuild::Io {
        dir: dir.to_path_buf(),
        reason,
    };
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let name = entry.map_err(io)?.file_name();
        let ours = name == LOCK_FILE
            || name
                .to_str()
                .is_some_and(|n| is_temp_name(n) || papers.contains(&n));
        if !ours {
            return Err(NotABuild::Foreign {
                dir: dir.to_path_buf(),
                entry: dir.join(name),
            });
        }
    }
    Ok(())
}
