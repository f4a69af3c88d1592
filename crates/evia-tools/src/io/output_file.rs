//! One output file named by the user (`agree --detail-out FILE`), written so that nothing of the
//! user's is harmed:
//!
//! - a target that is one of the command's inputs (the same path, a link to it, a hard link) is
//!   refused before anything is written;
//! - a target that exists and is not a regular file (`/dev/stdout`, `/dev/null`, a FIFO, a
//!   terminal, the pipe of a process substitution `>(…)`), and any path under `/dev/` or
//!   `/proc/` (where `/dev/stdout` may lead to the very file the shell redirected standard output
//!   to), is written through: opened and written in place, never replaced; a directory is refused;
//! - the file standard output is open on (`/dev/stdout`, or FILE itself when standard output is
//!   redirected to it) is written through standard output, so what the command prints there
//!   follows it instead of writing over it;
//! - a regular file, or a new one, is written atomically: a temporary file
//!   (`.evia-repro-tmp.<name>.<random>`) in the target's directory, renamed over it once complete,
//!   and removed on any error, so a failed write leaves the previous file and nothing else; the
//!   new file gets the mode of the one it replaces, or `0o666` less the umask (as `File::create`);
//! - a symbolic link to a regular file is kept, and the file it points to is replaced as above; a
//!   link to nothing is refused.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::output_place::{resolved, same_file};

/// Why an output file was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputFileError {
    #[error(
        "{flag} `{}` is the input {input_flag} `{}`: writing it would destroy the input; name another file",
        path.display(),
        input.display()
    )]
    IsInput {
        flag: String,
        path: PathBuf,
        input_flag: String,
        input: PathBuf,
    },
    #[error("{flag} `{}` is a directory; name a file", .path.display())]
    Directory { flag: String, path: PathBuf },
    #[error(
        "{flag} `{}` is a symbolic link to `{}`, which does not exist; name the file itself",
        path.display(),
        target.display()
    )]
    DanglingLink {
        flag: String,
        path: PathBuf,
        target: PathBuf,
    },
    #[error("cannot write {flag} `{}`: {}", path.display(), crate::io::io_reason(reason))]
    Io {
        flag: String,
        path: PathBuf,
        reason: std::io::Error,
    },
}

/// Writes `contents` to `path`, named on the command line by `flag`, as the module says; `inputs`
/// are the command's input files with their flags.
pub fn write_file(
    flag: &str,
    path: &Path,
    contents: &[u8],
    inputs: &[(&str, &Path)],
) -> Result<(), OutputFileError> {
    for &(input_flag, input) in inputs {
        if same_file(path, input) || resolved(path) == resolved(input) {
            return Err(OutputFileError::IsInput {
                flag: flag.to_string(),
                path: path.to_path_buf(),
                input_flag: input_flag.to_string(),
                input: input.to_path_buf(),
            });
        }
    }
    let io_err = |reason| OutputFileError::Io {
        flag: flag.to_string(),
        path: path.to_path_buf(),
        reason,
    };
    if is_standard_output(path) {
        // Through the process's own standard output, so that what the command prints there
        // follows in order instead of writing over it (`--detail-out /dev/stdout > file`).
        let mut out = std::io::stdout().lock();
        return out
            .write_all(contents)
            .and_then(|()| out.flush())
            .map_err(io_err);
    }
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(OutputFileError::Directory {
            flag: flag.to_string(),
            path: path.to_path_buf(),
        }),
        Ok(meta) if !meta.is_file() || is_system_path(path) => {
            write_through(path, contents).map_err(io_err)
        }
        Ok(meta) => {
            // A link is kept: the file it leads to is the one replaced.
            let dest = if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
                fs::canonicalize(path).map_err(io_err)?
            } else {
                path.to_path_buf()
            };
            replace(&dest, contents, Some(meta.permissions())).map_err(io_err)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Ok(link) = fs::read_link(path) {
                return Err(OutputFileError::DanglingLink {
                    flag: flag.to_string(),
                    path: path.to_path_buf(),
                    target: link,
                });
            }
            replace(path, contents, None).map_err(io_err)
        }
        Err(e) => Err(io_err(e)),
    }
}

/// Whether `path` is the file the process's standard output is open on (`/dev/stdout`, or the
/// very file it is redirected to).
fn is_standard_output(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd as _;
        use std::os::unix::fs::MetadataExt as _;
        let stdout = std::io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .map(fs::File::from)
            .and_then(|f| f.metadata());
        match (stdout, fs::metadata(path)) {
            (Ok(out), Ok(target)) => out.dev() == target.dev() && out.ino() == target.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Whether `path` is under `/dev/` or `/proc/`, where a name stands for a stream or a process's
/// open file, never for a file to be replaced.
fn is_system_path(path: &Path) -> bool {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    absolute.starts_with("/dev") || absolute.starts_with("/proc")
}

/// Opens the existing `path` for writing and writes `contents` in place.
fn write_through(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut file = fs::OpenOptions::new().write(true).open(path)?;
    file.write_all(contents)?;
    file.flush()
}

/// Writes `contents` to a temporary file beside `dest` and renames it over `dest`; with
/// `permissions` (those of the file replaced) the new file gets them.
fn replace(
    dest: &Path,
    contents: &[u8],
    permissions: Option<fs::Permissions>,
) -> std::io::Result<()> {
    let dir = match dest.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut file = super::output::temp_file_in(dir, &name)?;
    if let Some(permissions) = permissions {
        file.as_file().set_permissions(permissions)?;
    }
    file.write_all(contents)?;
    file.as_file().sync_all()?;
    // On an error the temporary file is dropped, which removes it.
    file.persist(dest).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_is_refused_and_a_new_file_is_created_with_no_temporary_left() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("labels.tsv");
        fs::write(&input, "precious").unwrap();
        let inputs = [("--labels", input.as_path())];
        let err = write_file("--detail-out", &input, b"x", &inputs).unwrap_err();
        assert!(matches!(err, OutputFileError::IsInput { .. }), "{err}");
        assert_eq!(fs::read_to_string(&input).unwrap(), "precious");
        let out = dir.path().join("detail.txt");
        write_file("--detail-out", &out, b"one", &inputs).unwrap();
        write_file("--detail-out", &out, b"two", &inputs).unwrap();
        assert_eq!(fs::read_to_string(&out).unwrap(), "two");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 2);
        let err = write_file("--detail-out", dir.path(), b"x", &inputs).unwrap_err();
        assert!(matches!(err, OutputFileError::Directory { .. }), "{err}");
    }
}
