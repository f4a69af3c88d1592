//! Atomic writes confined to one output directory, and a lock so that two runs cannot interleave.
//!
//! Every generated file is written to a temporary file in its final directory (`tempfile`'s
//! `NamedTempFile`, named `.evia-repro-tmp.<file>.<random>`) and then renamed over the destination
//! (`persist`), so a reader never sees a half-written file and an interrupted run leaves the previous
//! output intact; a temporary file not renamed is removed when it is dropped. Relative paths that
//! would leave the output directory (absolute paths, `..` components) are rejected.
//!
//! A run first takes the directory's lock ([`OutputDir::lock`]): an exclusive advisory lock (the
//! standard library's `File::try_lock`: `flock` on Unix, `LockFileEx` on Windows) on the file
//! [`LOCK_FILE`], which holds the holder's process id for the error message and is removed when the
//! returned [`OutputLock`] is dropped. A second run into the same directory gets
//! [`OutputError::Locked`], naming the lock file and the process holding it. The operating system
//! releases the lock when its process ends, however it ends, so a lock file left by a killed run is
//! simply taken over. Holding the lock, the run then removes the temporary files and directories an
//! interrupted earlier run left behind: only names with this program's own prefix
//! ([`TEMP_PREFIX`], checked by [`is_temp_name`]), only at the two levels it writes (the
//! directory itself and its immediate subdirectories), and never a symbolic link. A file of the
//! user's is never removed, whatever its name.
//!
//! A run that must leave all of its outputs or none ([`OutputDir::stage_tree`], used by `study`)
//! writes them into a hidden directory `.evia-repro-tmp.<name>.<random>` of the output directory
//! (`tempfile`'s `TempDir`) and moves them into place only when every one is written
//! ([`StagedTree::commit`]); dropped uncommitted, the staged tree is removed.

use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

use tempfile::{Builder, NamedTempFile, TempDir, TempPath};

/// Why an output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "output path `{0}` would escape the output directory (absolute paths and `..` are not allowed)"
    )]
    Escapes(String),
    #[error(
        "another evia-repro run (process {pid}) is writing into this output directory: it holds the lock on `{}`. Wait for it to finish, or write elsewhere with --out",
        path.display()
    )]
    Locked { path: PathBuf, pid: String },
    #[error(
        "`{}` exists and is not a directory, so the output directory cannot be made there; name a directory with --out (it is created if missing)",
        .0.display()
    )]
    NotADirectory(PathBuf),
    #[error("cannot write `{}`: {}", path.display(), crate::io::io_reason(reason))]
    Io {
        path: PathBuf,
        /// The operating system's reason (shown in the message, without its error number).
        reason: std::io::Error,
    },
}

/// The lock file inside a locked output directory.
pub const LOCK_FILE: &str = ".evia-repro.lock";

/// The prefix of every temporary name this module makes: a file or directory whose name starts
/// with it is this program's, and nothing else is ever removed as a leftover.
pub const TEMP_PREFIX: &str = ".evia-repro-tmp.";

/// `relative` as one file name: `%` and `/` escaped, so two relative paths never share one.
fn flat_name(relative: &str) -> String {
    relative.replace('%', "%25").replace('/', "%2F")
}

/// The fixed temporary name of this process that stands for `file_name` ([`OutputDir::root_temp`]).
fn temp_name(file_name: &str, pid: u32) -> String {
    format!("{TEMP_PREFIX}{file_name}.{pid}")
}

/// A temporary file `.evia-repro-tmp.<file_name>.<random>` in `dir`, created exclusively and
/// removed when dropped unless persisted, with the mode `File::create` gives (`0o666` less the umask, where
/// `tempfile` would give `0o600`).
pub fn temp_file_in(dir: &Path, file_name: &str) -> std::io::Result<NamedTempFile> {
    let prefix = format!("{TEMP_PREFIX}{file_name}.");
    let mut builder = Builder::new();
    builder.prefix(&prefix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Whether `name` is a temporary name made by [`temp_name`], [`temp_file_in`] or
/// [`OutputDir::stage_tree`]: `.evia-repro-tmp.<name>.<letters and digits>`, with a non-empty
/// name.
pub fn is_temp_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(TEMP_PREFIX) else {
        return false;
    };
    let Some((stem, tail)) = rest.rsplit_once('.') else {
        return false;
    };
    !stem.is_empty() && !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Whether `file` is the file at `path` now: a holder that released the lock removed the file, and
/// the next run may have created it anew, since `file` was opened.
fn is_file_at(file: &fs::File, path: &Path) -> std::io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (open, named) = match (file.metadata(), fs::metadata(path)) {
            (Ok(open), Ok(named)) => (open, named),
            (_, Err(e)) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
            (Err(e), _) | (_, Err(e)) => return Err(e),
        };
        Ok(open.dev() == named.dev() && open.ino() == named.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        Ok(true)
    }
}

/// The held lock of an output directory; dropping it removes the lock file and releases the lock.
#[derive(Debug)]
pub struct OutputLock {
    path: PathBuf,
    /// The locked file; closing it releases the lock.
    _file: fs::File,
    /// Stale temporary files removed when the lock was taken.
    pub removed_temp_files: usize,
}

impl Drop for OutputLock {
    fn drop(&mut self) {
        // Removed while still locked, so that no other run can lock this file once it is gone.
        let _ = fs::remove_file(&self.path);
    }
}

/// Removes the temporary files and staged trees this program left in `dir` and in its immediate
/// subdirectories (the levels a run writes), and returns how many there were. Only entries named
/// by [`is_temp_name`] go: a staged tree (a directory) only in `dir` itself, a file at either
/// level; a symbolic link is never removed nor followed.
fn remove_temp_files(dir: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        // `file_type` does not follow a symbolic link: a link is neither a file nor a directory.
        let kind = entry.file_type()?;
        let temporary = entry.file_name().to_str().is_some_and(is_temp_name);
        if kind.is_dir() && temporary {
            fs::remove_dir_all(entry.path())?;
            removed += 1;
        } else if kind.is_dir() {
            removed += remove_temp_files_in(&entry.path())?;
        } else if kind.is_file() && temporary {
            fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Removes the temporary files (not directories) this program left directly in `dir`.
fn remove_temp_files_in(dir: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let temporary = entry.file_name().to_str().is_some_and(is_temp_name);
        if temporary && entry.file_type()?.is_file() {
            fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// The directory every output of a run goes into.
#[derive(Debug, Clone)]
pub struct OutputDir {
    root: PathBuf,
}

impl OutputDir {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        OutputDir { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Takes the directory's lock (creating the directory) and removes the temporary files an
    /// interrupted run left behind. Errors with [`OutputError::Locked`] while another live process
    /// holds it.
    pub fn lock(&self) -> Result<OutputLock, OutputError> {
        let path = self.root.join(LOCK_FILE);
        let io_err = |reason| OutputError::Io {
            path: path.clone(),
            reason,
        };
        self.create_root()?;
        // A few attempts: the file opened may be removed by the holder releasing it before it is
        // locked here, and is then opened anew.
        for _ in 0..4 {
            let mut file = fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io_err)?;
            match file.try_lock() {
                Ok(()) => {
                    if !is_file_at(&file, &path).map_err(io_err)? {
                        continue;
                    }
                    file.set_len(0).map_err(io_err)?;
                    writeln!(file, "{}", std::process::id()).map_err(io_err)?;
                    // From here on the lock is ours: dropping `lock` on an error releases it.
                    let mut lock = OutputLock {
                        path: path.clone(),
                        _file: file,
                        removed_temp_files: 0,
                    };
                    lock.removed_temp_files = remove_temp_files(&self.root).map_err(io_err)?;
                    return Ok(lock);
                }
                Err(fs::TryLockError::WouldBlock) => {
                    let pid = fs::read_to_string(&path).unwrap_or_default();
                    return Err(OutputError::Locked {
                        path,
                        pid: pid.trim().to_string(),
                    });
                }
                Err(fs::TryLockError::Error(e)) => return Err(io_err(e)),
            }
        }
        Err(io_err(std::io::Error::other(
            "the lock file kept being removed and created anew by other runs",
        )))
    }

    /// The absolute-or-root-relative destination of `relative`, after checking it stays inside.
    pub fn resolve(&self, relative: &str) -> Result<PathBuf, OutputError> {
        let rel = Path::new(relative);
        let confined = !relative.is_empty()
            && rel
                .components()
                .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if !confined {
            return Err(OutputError::Escapes(relative.to_string()));
        }
        Ok(self.root.join(rel))
    }

    /// Creates the directory (and its parents) if it does not exist; a file of that name is
    /// [`OutputError::NotADirectory`].
    pub fn create_root(&self) -> Result<(), OutputError> {
        // The output directory, or the first of its parents, that exists as something else.
        let blocking = self
            .root
            .ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .find(|a| a.exists() && !a.is_dir());
        if let Some(file) = blocking {
            return Err(OutputError::NotADirectory(file.to_path_buf()));
        }
        fs::create_dir_all(&self.root).map_err(|reason| OutputError::Io {
            path: self.root.clone(),
            reason,
        })
    }

    /// The hidden temporary file in the root that stands for `relative` until it is in place
    /// (`.evia-repro-tmp.<relative>.<process id>` with `%` and `/` escaped, so two relative paths
    /// never share one; removed by a later run's [`OutputDir::lock`] if an interrupted run left it).
    pub fn root_temp(&self, relative: &str) -> PathBuf {
        self.root
            .join(temp_name(&flat_name(relative), std::process::id()))
    }

    /// Writes `contents`, flushed to disk, to a temporary file in the root standing for
    /// `relative` (`.evia-repro-tmp.<relative with / and % escaped>.<random>`), to be renamed into
    /// place by [`Staged::commit`]: the slow part of a write done ahead of time, with nothing visible at
    /// the destination yet. The root must exist.
    pub fn stage(&self, relative: &str, contents: &[u8]) -> Result<Staged, OutputError> {
        let dest = self.resolve(relative)?;
        let written = (|| {
            let mut f = temp_file_in(&self.root, &flat_name(relative))?;
            f.write_all(contents)?;
            f.as_file().sync_all()?;
            // The file is closed until the commit (a run stages many); the path still removes it
            // when dropped.
            Ok(f.into_temp_path())
        })();
        let tmp = written.map_err(|reason| OutputError::Io {
            path: dest.clone(),
            reason,
        })?;
        Ok(Staged { tmp, dest })
    }

    /// Writes `contents` to `relative` atomically (a temporary file in the same directory, then
    /// renamed over the destination; removed on any error).
    pub fn write(&self, relative: &str, contents: &[u8]) -> Result<PathBuf, OutputError> {
        let dest = self.resolve(relative)?;
        let io_err = |reason| OutputError::Io {
            path: dest.clone(),
            reason,
        };
        let dir = dest.parent().unwrap_or(&self.root).to_path_buf();
        fs::create_dir_all(&dir).map_err(io_err)?;
        let file_name = dest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let result = (|| {
            let mut f = temp_file_in(&dir, &file_name)?;
            f.write_all(contents)?;
            f.as_file().sync_all()?;
            f.persist(&dest).map_err(|e| e.error)?;
            Ok(())
        })();
        result.map_err(io_err)?;
        Ok(dest)
    }
}

impl OutputDir {
    /// Starts a tree of outputs staged in a new hidden directory `.evia-repro-tmp.<name>.<random>`
    /// of the root (which must exist, as it does once [`OutputDir::lock`] holds it): write into
    /// [`StagedTree::out`], then [`StagedTree::commit`].
    pub fn stage_tree(&self, name: &str) -> Result<StagedTree, OutputError> {
        let prefix = format!("{TEMP_PREFIX}{name}.");
        let dir = Builder::new()
            .prefix(&prefix)
            .tempdir_in(&self.root)
            .map_err(|reason| OutputError::Io {
                path: self.root.join(&prefix),
                reason,
            })?;
        Ok(StagedTree {
            root: self.root.clone(),
            staging: OutputDir::new(dir.path()),
            dir,
        })
    }
}

/// Outputs written under a hidden staging directory ([`OutputDir::stage_tree`]), none of them in
/// place yet. Dropping it uncommitted removes the staging directory and everything in it.
#[derive(Debug)]
pub struct StagedTree {
    root: PathBuf,
    staging: OutputDir,
    /// Removes the staging directory when dropped.
    dir: TempDir,
}

impl StagedTree {
    /// The staging directory, to write the outputs into.
    pub fn out(&self) -> &OutputDir {
        &self.staging
    }

    /// Where `staged` (a path inside the staging directory) is once committed.
    pub fn final_path(&self, staged: &Path) -> PathBuf {
        staged
            .strip_prefix(self.staging.root())
            .map_or_else(|_| staged.to_path_buf(), |rel| self.root.join(rel))
    }

    /// Moves every entry of the staging directory to the same name in the root, each by one
    /// rename. Whatever is in place under one of those names is first renamed aside (to a
    /// temporary name of the root), and removed once every entry is in place. If a rename fails,
    /// the entries already moved go back and what was set aside is put back: the previous output
    /// stays as it was and the error is returned. What was set aside but cannot be removed
    /// afterwards is left under its temporary name and named in the returned notices (the new
    /// output is in place then; the next run's lock removes it).
    pub fn commit(self) -> Result<Vec<String>, OutputError> {
        let io_err = |path: &Path| {
            let path = path.to_path_buf();
            move |reason| OutputError::Io { path, reason }
        };
        let staging = self.staging.root().to_path_buf();
        let mut names = Vec::new();
        for entry in fs::read_dir(&staging).map_err(io_err(&staging))? {
            names.push(entry.map_err(io_err(&staging))?.file_name());
        }
        names.sort();
        // (name, where the previous entry of that name was set aside), in the order installed.
        let mut installed: Vec<(std::ffi::OsString, Option<PathBuf>)> = Vec::new();
        let mut failure = None;
        for (i, name) in names.iter().enumerate() {
            let dest = self.root.join(name);
            let aside = if fs::symlink_metadata(&dest).is_ok() {
                let aside = self.root.join(temp_name(
                    &format!("{}.old{i}", name.to_string_lossy()),
                    std::process::id(),
                ));
                if let Err(reason) = fs::rename(&dest, &aside) {
                    failure = Some(OutputError::Io { path: dest, reason });
                    break;
                }
                Some(aside)
            } else {
                None
            };
            if let Err(reason) = fs::rename(staging.join(name), &dest) {
                if let Some(aside) = &aside {
                    let _ = fs::rename(aside, &dest);
                }
                failure = Some(OutputError::Io { path: dest, reason });
                break;
            }
            installed.push((name.clone(), aside));
        }
        if let Some(error) = failure {
            for (name, aside) in installed.iter().rev() {
                let dest = self.root.join(name);
                let _ = fs::rename(&dest, staging.join(name));
                if let Some(aside) = aside {
                    let _ = fs::rename(aside, &dest);
                }
            }
            return Err(error);
        }
        let mut notices = Vec::new();
        for aside in installed.iter().filter_map(|(_, aside)| aside.as_ref()) {
            let removed = if fs::symlink_metadata(aside).is_ok_and(|m| m.is_dir()) {
                fs::remove_dir_all(aside)
            } else {
                fs::remove_file(aside)
            };
            if let Err(reason) = removed {
                notices.push(format!(
                    "the previous output was set aside as `{}` and cannot be removed: {}; the new output is in place, remove it yourself",
                    aside.display(),
                    crate::io::io_reason(&reason)
                ));
            }
        }
        // Empty now: removed as a directory, so that an entry left in it is an error.
        fs::remove_dir(self.dir.keep()).map_err(io_err(&staging))?;
        Ok(notices)
    }
}

/// A file written ahead under a temporary name ([`OutputDir::stage`]), not yet at its destination.
/// Dropping it uncommitted removes the temporary file, so a run that stops before committing it
/// leaves nothing of it behind.
#[derive(Debug)]
pub struct Staged {
    tmp: TempPath,
    dest: PathBuf,
}

impl Staged {
    /// Renames the staged file to its destination (creating its directory): the path written.
    pub fn commit(self) -> Result<PathBuf, OutputError> {
        let Staged { tmp, dest } = self;
        let placed = dest
            .parent()
            .map_or(Ok(()), fs::create_dir_all)
            .and_then(|()| tmp.persist(&dest).map_err(|e| e.error));
        placed.map_err(|reason| OutputError::Io {
            path: dest.clone(),
            reason,
        })?;
        Ok(dest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_paths_that_escape() {
        let out = OutputDir::new("build");
        assert!(out.resolve("../x.md").is_err());
        assert!(out.resolve("/etc/passwd").is_err());
        assert!(out.resolve("a/../../x").is_err());
        assert!(out.resolve("").is_err());
        assert!(out.resolve("a/b.md").is_ok());
    }

    #[test]
    fn a_second_run_is_refused_while_the_first_holds_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::new(dir.path().join("build"));
        let first = out.lock().unwrap();
        let err = out.lock().unwrap_err();
        assert!(
            matches!(&err, OutputError::Locked { pid, .. } if *pid == std::process::id().to_string())
        );
        assert!(err.to_string().contains(LOCK_FILE), "{err}");
        drop(first);
        assert!(!dir.path().join("build").join(LOCK_FILE).exists());
        let _again = out.lock().unwrap();
    }

    #[test]
    fn stale_locks_and_temporary_files_of_interrupted_runs_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::new(dir.path());
        fs::create_dir_all(dir.path().join("A/deeper")).unwrap();
        fs::write(dir.path().join("A/.evia-repro-tmp.T1.md.12345"), "half").unwrap();
        fs::write(dir.path().join(".evia-repro-tmp.x.json.7"), "half").unwrap();
        fs::write(dir.path().join("keep.tmp-1"), "user file").unwrap();
        // Named like another tool's temporary files, or ours but below the levels a run writes:
        // the user's, kept.
        fs::write(dir.path().join(".notes.md.tmp-1"), "user file").unwrap();
        fs::write(dir.path().join("A/.T1.md.tmp-12345"), "user file").unwrap();
        fs::write(dir.path().join("A/deeper/.evia-repro-tmp.x.1"), "user file").unwrap();
        fs::create_dir_all(dir.path().join("A/.evia-repro-tmp.tree.1")).unwrap();
        fs::write(dir.path().join("A/T1.md"), "done").unwrap();
        if Path::new("/proc/self").exists() {
            // A process id above Linux's largest (2^22): that process has ended.
            fs::write(dir.path().join(LOCK_FILE), "99999999\n").unwrap();
        }
        let lock = out.lock().unwrap();
        assert_eq!(lock.removed_temp_files, 2);
        for kept in [
            "keep.tmp-1",
            ".notes.md.tmp-1",
            "A/.T1.md.tmp-12345",
            "A/deeper/.evia-repro-tmp.x.1",
            "A/.evia-repro-tmp.tree.1",
            "A/T1.md",
        ] {
            assert!(dir.path().join(kept).exists(), "{kept}");
        }
        assert!(!dir.path().join("A/.evia-repro-tmp.T1.md.12345").exists());
        assert!(!dir.path().join(".evia-repro-tmp.x.json.7").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_with_a_temporary_name_is_neither_removed_nor_followed() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        fs::write(elsewhere.path().join("precious"), "user file").unwrap();
        let link = dir.path().join(".evia-repro-tmp.link.1");
        std::os::unix::fs::symlink(elsewhere.path(), &link).unwrap();
        let lock = OutputDir::new(dir.path()).lock().unwrap();
        assert_eq!(lock.removed_temp_files, 0);
        assert!(fs::symlink_metadata(&link).is_ok());
        assert!(elsewhere.path().join("precious").exists());
    }

    #[test]
    fn temporary_names_are_recognised() {
        assert!(is_temp_name(&temp_name("T1.md", 42)));
        assert!(!is_temp_name("T1.md"));
        assert!(!is_temp_name(".tmp-1"));
        assert!(!is_temp_name(".a.tmp-1x"));
        assert!(!is_temp_name(".evia-repro-tmp."));
        assert!(!is_temp_name(".evia-repro-tmp.a."));
        assert!(!is_temp_name(".evia-repro-tmp..1"));
        assert!(is_temp_name(".evia-repro-tmp.a.1x"));
        assert!(is_temp_name(".evia-repro-tmp.a.b.1x"));
        assert!(!is_temp_name(".evia-repro-tmp.a.1-x"));
    }

    #[test]
    fn a_staged_file_appears_only_when_committed_and_is_removed_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::new(dir.path());
        let kept = out.stage("t/x.md", b"one").unwrap();
        let dropped = out.stage("t/y.md", b"two").unwrap();
        assert!(
            !dir.path().join("t").exists(),
            "nothing at the destination yet"
        );
        let temps: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(temps.len(), 2, "{temps:?}");
        assert!(temps.iter().all(|n| is_temp_name(n)), "{temps:?}");
        assert_ne!(out.root_temp("a/b"), out.root_temp("a%2Fb"));
        let path = kept.commit().unwrap();
        assert_eq!(path, dir.path().join("t/x.md"));
        assert_eq!(fs::read_to_string(&path).unwrap(), "one");
        drop(dropped);
        assert!(!dir.path().join("t/y.md").exists());
        let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "only the directory t/ stays");
        assert!(out.stage("../x.md", b"no").is_err());
    }

    #[test]
    fn a_staged_tree_replaces_the_old_one_when_committed_and_vanishes_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::new(dir.path());
        out.write("study/old.md", b"old").unwrap();
        out.write("index.md", b"old index").unwrap();

        let dropped = out.stage_tree("study").unwrap();
        dropped.out().write("study/new.md", b"new").unwrap();
        drop(dropped);
        let names = |d: &Path| -> Vec<String> {
            let mut n: Vec<String> = fs::read_dir(d)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            n.sort();
            n
        };
        assert_eq!(names(dir.path()), ["index.md", "study"]);
        assert_eq!(names(&dir.path().join("study")), ["old.md"]);

        let tree = out.stage_tree("study").unwrap();
        let written = tree.out().write("study/new.md", b"new").unwrap();
        tree.out().write("index.md", b"new index").unwrap();
        assert_eq!(tree.final_path(&written), dir.path().join("study/new.md"));
        assert!(tree.commit().unwrap().is_empty());
        assert_eq!(names(dir.path()), ["index.md", "study"]);
        assert_eq!(names(&dir.path().join("study")), ["new.md"]);
        assert_eq!(
            fs::read_to_string(dir.path().join("index.md")).unwrap(),
            "new index"
        );

        // A staged tree an interrupted run left behind is removed when the lock is next taken.
        fs::create_dir_all(dir.path().join(".evia-repro-tmp.study.99/study")).unwrap();
        let lock = out.lock().unwrap();
        assert_eq!(lock.removed_temp_files, 1);
        assert!(!dir.path().join(".evia-repro-tmp.study.99").exists());
    }

    #[test]
    fn a_file_in_place_of_the_output_directory_is_named_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("out");
        fs::write(&file, "x").unwrap();
        let err = OutputDir::new(&file).lock().unwrap_err();
        assert!(matches!(err, OutputError::NotADirectory(_)), "{err}");
        let text = err.to_string();
        assert!(
            text.contains("is not a directory") && text.contains("--out"),
            "{text}"
        );
        assert!(!text.contains("os error"), "{text}");
        let below = OutputDir::new(file.join("sub")).lock().unwrap_err();
        assert!(
            matches!(&below, OutputError::NotADirectory(p) if *p == file),
            "the file in the way is named: {below}"
        );
    }

    #[test]
    fn writes_atomically_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::new(dir.path());
        out.write("t/x.md", b"one").unwrap();
        out.write("t/x.md", b"two").unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("t/x.md")).unwrap(),
            "two"
        );
        let names: Vec<_> = fs::read_dir(dir.path().join("t")).unwrap().collect();
        assert_eq!(names.len(), 1);
    }
}
