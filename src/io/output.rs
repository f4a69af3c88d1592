//! Atomic writes confined to one output directory.
//!
//! Every generated file is written to a temporary file in its final directory and then renamed over
//! the destination, so a reader never sees a half-written file and an interrupted run leaves the
//! previous output intact. Relative paths that would leave the output directory (absolute paths,
//! `..` components) are rejected.

use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// Why an output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "output path `{0}` would escape the output directory (absolute paths and `..` are not allowed)"
    )]
    Escapes(String),
    #[error("cannot write `{path}`: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
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

    /// Writes `contents` to `relative` atomically (temporary file in the same directory, then rename).
    pub fn write(&self, relative: &str, contents: &[u8]) -> Result<PathBuf, OutputError> {
        let dest = self.resolve(relative)?;
        let io_err = |source| OutputError::Io {
            path: dest.clone(),
            source,
        };
        let dir = dest.parent().unwrap_or(&self.root).to_path_buf();
        fs::create_dir_all(&dir).map_err(io_err)?;
        let file_name = dest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = dir.join(format!(".{file_name}.tmp-{}", std::process::id()));
        let result = (|| {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(contents)?;
            f.sync_all()?;
            fs::rename(&tmp, &dest)
        })();
        if let Err(e) = result {
            let _ = fs::remove_file(&tmp);
            return Err(io_err(e));
        }
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
