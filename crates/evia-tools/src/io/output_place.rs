//! Where an output goes, compared with the inputs of the same command: an output directory equal
//! to, inside or containing an input (the run directory of `study`, the collection of
//! `reproduce --data`) is refused, and so is an output file that is one of the inputs, so that a
//! run never writes over, into or around what it reads.
//!
//! Paths are compared after [`resolved`]: absolute, with every symbolic link of the part that
//! exists followed (`std::fs::canonicalize`), so `./runs`, `runs/` and a link to `runs` are one
//! place; files are also compared by device and inode ([`same_file`]), so a hard link to an input
//! is that input.

use std::path::{Path, PathBuf};

/// An output that overlaps an input.
#[derive(Debug, thiserror::Error)]
#[error(
    "{output_flag} `{}` {relation} {input_flag} `{}`: a run never writes over, into or around what it reads; name another output",
    output.display(),
    input.display()
)]
pub struct Overlap {
    pub output_flag: &'static str,
    pub output: PathBuf,
    /// "is", "is inside" or "contains".
    pub relation: &'static str,
    pub input_flag: &'static str,
    pub input: PathBuf,
}

/// `path` made absolute, with the symbolic links of its longest existing ancestor followed and the
/// rest appended as given (`.` dropped, `..` applied).
pub fn resolved(path: &Path) -> PathBuf {
    use std::path::Component;
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let parts: Vec<Component<'_>> = absolute.components().collect();
    for existing in (1..=parts.len()).rev() {
        let head: PathBuf = parts[..existing].iter().collect();
        let Ok(mut out) = std::fs::canonicalize(&head) else {
            continue;
        };
        for part in &parts[existing..] {
            match part {
                Component::CurDir => {}
                Component::ParentDir => {
                    out.pop();
                }
                other => out.push(other),
            }
        }
        return out;
    }
    absolute
}

/// Whether `a` and `b` name one existing file (the same device and inode on Unix; the same
/// resolved path elsewhere).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    a.exists() && resolved(a) == resolved(b)
}

/// Refuses an output directory `output` (given as `output_flag`) equal to, inside or containing
/// any of `inputs` (each with the flag that named it).
pub fn refuse_overlap(
    output_flag: &'static str,
    output: &Path,
    inputs: &[(&'static str, &Path)],
) -> Result<(), Overlap> {
    let out = resolved(output);
    for &(input_flag, input) in inputs {
        let place = resolved(input);
        let relation = if out == place || same_file(output, input) {
            "is"
        } else if out.starts_with(&place) {
            "is inside"
        } else if place.starts_with(&out) {
            "contains"
        } else {
            continue;
        };
        return Err(Overlap {
            output_flag,
            output: output.to_path_buf(),
            relation,
            input_flag,
            input: input.to_path_buf(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_over_inside_or_around_an_input_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let runs = dir.path().join("runs");
        std::fs::create_dir_all(&runs).unwrap();
        let labels = dir.path().join("labels.tsv");
        std::fs::write(&labels, "x").unwrap();
        let inputs = [("--runs", runs.as_path()), ("--labels", labels.as_path())];
        let refused = |out: &Path| refuse_overlap("--out", out, &inputs).map_err(|e| e.relation);
        assert_eq!(refused(&runs), Err("is"));
        assert_eq!(refused(&dir.path().join("runs/./")), Err("is"));
        assert_eq!(refused(&dir.path().join("x/../runs")), Err("is"));
        assert_eq!(refused(&runs.join("out")), Err("is inside"));
        assert_eq!(refused(&runs.join("new/deeper")), Err("is inside"));
        assert_eq!(refused(dir.path()), Err("contains"));
        assert_eq!(refused(&labels), Err("is"));
        assert_eq!(refused(&dir.path().join("out")), Ok(()));
        assert_eq!(refused(&dir.path().join("runs2")), Ok(()));
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&runs, &link).unwrap();
            assert_eq!(refused(&link), Err("is"));
            let hard = dir.path().join("hard.tsv");
            std::fs::hard_link(&labels, &hard).unwrap();
            assert!(same_file(&hard, &labels));
        }
        let message = refuse_overlap("--out", &runs, &inputs)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("--out") && message.contains("--runs"),
            "{message}"
        );
    }
}
