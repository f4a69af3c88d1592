//! The repository is self-contained: no tracked file names the directory of shared
//! material that once sat beside the repository. A user clones the repository alone, so a file that
//! reads, cites or prints a path there is broken for them.
//!
//! The files are those `git ls-files` lists; when git or the `.git` directory is absent (a source
//! tarball), a walk of the source tree stands in, without the build outputs.

use std::path::{Path, PathBuf};

use crate::common::{self, TestCommand};

/// The forbidden name, assembled so that this file does not contain it.
fn forbidden() -> String {
    ["..", "shared"].join("/")
}

/// The tracked files, relative to the repository root, or `None` when git cannot list them.
fn git_files(root: &Path) -> Option<Vec<PathBuf>> {
    // Only the repository's own `.git` (a directory, or a file in a worktree): a directory inside
    // some other repository must not borrow that repository's listing.
    if !root.join(".git").exists() {
        return None;
    }
    let git = common::find_on_path("git")?;
    let output = TestCommand::program(git)
        .arg("-C")
        .arg(root)
        .args(["ls-files", "-z"])
        .run();
    if !output.status.success() {
        return None;
    }
    let listing = String::from_utf8(output.stdout).ok()?;
    Some(
        listing
            .split('\0')
            .filter(|name| !name.is_empty())
            .map(PathBuf::from)
            .collect(),
    )
}

/// Every file under `dir`, relative to `root`, skipping version control and build outputs.
fn walk(root: &Path, dir: &Path, files: &mut Vec<PathBuf>) {
    const SKIPPED: [&str; 5] = [".git", "target", "build", "out", ".venv"];
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        let name = entry.file_name();
        if entry.file_type().unwrap().is_dir() {
            if !SKIPPED.iter().any(|skipped| name == *skipped) {
                walk(root, &path, files);
            }
        } else {
            files.push(path.strip_prefix(root).unwrap().to_path_buf());
        }
    }
}

fn repository_files(root: &Path) -> Vec<PathBuf> {
    git_files(root).unwrap_or_else(|| {
        let mut files = Vec::new();
        walk(root, root, &mut files);
        files
    })
}

/// The files of `files` (relative to `root`) whose bytes contain `needle`.
fn files_naming(root: &Path, files: &[PathBuf], needle: &str) -> Vec<PathBuf> {
    let needle = needle.as_bytes();
    files
        .iter()
        .filter(|file| {
            // A tracked file deleted in the work tree has nothing to check.
            let Ok(bytes) = std::fs::read(root.join(file)) else {
                return false;
            };
            bytes.windows(needle.len()).any(|window| window == needle)
        })
        .cloned()
        .collect()
}

#[test]
fn no_tracked_file_names_the_shared_directory_beside_the_repository() {
    let root = common::project_root();
    let files = repository_files(&root);
    assert!(
        files.iter().any(|file| file == Path::new("Cargo.toml")),
        "the listing of {} misses Cargo.toml",
        root.display()
    );
    let offenders = files_naming(&root, &files, &forbidden());
    assert!(
        offenders.is_empty(),
        "these files name {}: {offenders:?}",
        forbidden()
    );
}

#[test]
fn the_check_finds_a_file_that_names_the_shared_directory() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("Cargo.toml"), "[package]\n").unwrap();
    std::fs::create_dir(root.join("src")).unwrap();
    let path = format!("//! see `{}/reference/x.md`\n", forbidden());
    std::fs::write(root.join("src/lib.rs"), path).unwrap();
    std::fs::create_dir(root.join("target")).unwrap();
    std::fs::write(root.join("target/ignored.txt"), forbidden()).unwrap();
    // Not a git repository: the walk stands in and skips build outputs.
    let files = repository_files(root);
    let mut names: Vec<_> = files.iter().map(|f| f.display().to_string()).collect();
    names.sort();
    assert_eq!(names, ["Cargo.toml", "src/lib.rs"]);
    assert_eq!(
        files_naming(root, &files, &forbidden()),
        [PathBuf::from("src/lib.rs")]
    );
}

/// The specifications code and outputs cite (`statistics.md`, `measures.md`, `published-values.md`)
/// are in the repository, under `tests/fixtures/`: no tracked file cites them under the outside
/// `reference/` directory they came from, and every `tests/fixtures/<name>.md` a file cites exists.
#[test]
fn cited_specifications_are_in_the_repository() {
    let root = common::project_root();
    let files = repository_files(&root);
    for name in ["statistics.md", "measures.md", "published-values.md"] {
        let outside = ["reference", name].join("/");
        let offenders = files_naming(&root, &files, &outside);
        assert!(
            offenders.is_empty(),
            "these files cite {outside}, which is not in the repository (cite tests/fixtures/{name}): {offenders:?}"
        );
    }
    let prefix = "tests/fixtures/";
    for file in &files {
        let Ok(text) = std::fs::read_to_string(root.join(file)) else {
            continue;
        };
        for (at, _) in text.match_indices(prefix) {
            let rest = &text[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/')))
                .unwrap_or(rest.len());
            let cited = rest[..end].trim_end_matches('.');
            if cited.ends_with(".md") {
                assert!(
                    root.join(prefix).join(cited).is_file(),
                    "{} cites {prefix}{cited}, which does not exist",
                    file.display()
                );
            }
        }
    }
}

/// No generated file is tracked: `reproduce` and `study` write into `--out` directories and the
/// benchmarks into `bench/out/`, all ignored by `.gitignore`; a test compares against what it
/// generates or against a fixture under `tests/fixtures/`, never against a committed build.
#[test]
fn no_build_output_is_tracked() {
    let root = common::project_root();
    let Some(files) = git_files(&root) else {
        eprintln!("note: no git listing (a source tarball): nothing is tracked");
        return;
    };
    const GENERATED: [&str; 5] = ["out/", "build/", "build-study/", "target/", "bench/out/"];
    let tracked: Vec<&PathBuf> = files
        .iter()
        .filter(|file| {
            let name = file.to_string_lossy();
            GENERATED.iter().any(|dir| name.starts_with(dir))
        })
        .collect();
    assert!(
        tracked.is_empty(),
        "generated files are tracked: {tracked:?}"
    );
}
