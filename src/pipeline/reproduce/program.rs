//! The program's identity in fingerprints (its version and a stamp of the running executable, so
//! that a rebuilt program never reuses an older one's results), and finding a helper program on the
//! `PATH`.

use std::fs;
use std::path::{Path, PathBuf};

#[cfg(not(unix))]
use crate::provenance::ContentHash;

/// The package version and a stamp of the running executable: two builds of different code never
/// share cached results.
///
/// The stamp is the executable's file identity and metadata (see `executable_stamp`), not a hash
/// of its contents: hashing the ~40 MB release binary took about 30% of a small rebuild.
pub(crate) fn program_identity() -> String {
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| executable_stamp(&p))
        .unwrap_or_else(|| "unknown executable".to_string());
    format!("evia-repro {} ({exe})", env!("CARGO_PKG_VERSION"))
}

/// The executable's device, inode, size, modification and status-change times (nanoseconds).
///
/// Any write to the file changes its modification and status-change times, and a new build
/// replaces it (a new inode, or a new link, which changes the status-change time); the status-change
/// time cannot be set back by a user (unlike the modification time, `touch -d`, `cp -p`). So a
/// changed program always gets a new stamp; an unchanged one keeps it between runs (a copy or a
/// relink of the same program gets a new stamp: only a rebuild that was not needed).
#[cfg(unix)]
fn executable_stamp(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let m = fs::metadata(path).ok()?;
    Some(format!(
        "file {}:{}, {} bytes, modified {}.{:09}, changed {}.{:09}",
        m.dev(),
        m.ino(),
        m.size(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec()
    ))
}

/// Elsewhere: the content hash of the executable.
#[cfg(not(unix))]
fn executable_stamp(path: &Path) -> Option<String> {
    fs::read(path).ok().map(|b| ContentHash::of(&b).to_string())
}

/// The first executable called `name` in the directories of `PATH`.
pub(crate) fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}
