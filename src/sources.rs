//! Where the project's own text files (the manifest, the templates, the literate sources) are read
//! from: a project root on disk, or the copies built into the program.
//!
//! `reproduce`, `check`, `list` and `show` work on a checkout (`--root DIR`, default the current
//! directory), whose files a user may edit. `study` needs paper B's manifest entries, the table and
//! report templates and its literate source `paper/study.report.{md,tex}.j2`, and runs anywhere: it
//! reads them from [`BUILT_IN`], the files as they were when the program was built.

use std::path::PathBuf;

use crate::provenance::ContentHash;

/// The project's manifest, relative to the root.
pub(crate) const MANIFEST: &str = "paper/manifest.yaml";

/// The text of the project's manifest as it was when the program was built.
pub(crate) const MANIFEST_TEXT: &str = include_str!("../paper/manifest.yaml");

/// The files built into the program, by their path relative to the project root: the manifest,
/// every template of `templates/`, and the study's literate sources (a test below checks that the
/// list covers `templates/` and equals the files on disk).
pub(crate) const BUILT_IN: [(&str, &str); 18] = [
    (MANIFEST, MANIFEST_TEXT),
    (
        "paper/study.report.md.j2",
        include_str!("../paper/study.report.md.j2"),
    ),
    (
        "paper/study.report.tex.j2",
        include_str!("../paper/study.report.tex.j2"),
    ),
    (
        "templates/index.html.j2",
        include_str!("../templates/index.html.j2"),
    ),
    ("templates/page.css", include_str!("../templates/page.css")),
    ("templates/page.js", include_str!("../templates/page.js")),
    (
        "templates/index.md.j2",
        include_str!("../templates/index.md.j2"),
    ),
    (
        "templates/report-artefact.md.j2",
        include_str!("../templates/report-artefact.md.j2"),
    ),
    (
        "templates/report-artefact.tex.j2",
        include_str!("../templates/report-artefact.tex.j2"),
    ),
    (
        "templates/report-knob-space.md.j2",
        include_str!("../templates/report-knob-space.md.j2"),
    ),
    (
        "templates/report-knob-space.tex.j2",
        include_str!("../templates/report-knob-space.tex.j2"),
    ),
    (
        "templates/report-robustness.md.j2",
        include_str!("../templates/report-robustness.md.j2"),
    ),
    (
        "templates/report-robustness.tex.j2",
        include_str!("../templates/report-robustness.tex.j2"),
    ),
    (
        "templates/report.md.j2",
        include_str!("../templates/report.md.j2"),
    ),
    (
        "templates/report.tex.j2",
        include_str!("../templates/report.tex.j2"),
    ),
    (
        "templates/table.md.j2",
        include_str!("../templates/table.md.j2"),
    ),
    (
        "templates/table.tex.j2",
        include_str!("../templates/table.tex.j2"),
    ),
    (
        "templates/tables.tex.j2",
        include_str!("../templates/tables.tex.j2"),
    ),
];

/// The directory of the templates, relative to the root.
pub(crate) const TEMPLATES_DIR: &str = "templates";

/// Where the project's files come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Sources {
    /// A project root on disk; paths are relative to it.
    Root(PathBuf),
    /// The copies of [`BUILT_IN`].
    BuiltIn,
}

/// The built-in text of `relative`, if it is one of [`BUILT_IN`].
pub(crate) fn built_in(relative: &str) -> Option<&'static str> {
    BUILT_IN
        .iter()
        .find(|(path, _)| *path == relative)
        .map(|(_, text)| *text)
}

impl Sources {
    /// The text of `relative`, or why it cannot be read.
    pub(crate) fn read(&self, relative: &str) -> Result<String, String> {
        match self {
            Sources::Root(root) => {
                std::fs::read_to_string(root.join(relative)).map_err(|e| crate::io::io_reason(&e))
            }
            Sources::BuiltIn => built_in(relative)
                .map(str::to_string)
                .ok_or_else(|| "no such file is built into the program".to_string()),
        }
    }

    /// The content hash of `relative`, or `None` when it cannot be read.
    pub(crate) fn hash(&self, relative: &str) -> Option<ContentHash> {
        match self {
            Sources::Root(root) => std::fs::read(root.join(relative))
                .ok()
                .map(|b| ContentHash::of(&b)),
            Sources::BuiltIn => built_in(relative).map(|t| ContentHash::of(t.as_bytes())),
        }
    }

    /// The content hash of the template `name` (in [`TEMPLATES_DIR`]).
    pub(crate) fn template_hash(&self, name: &str) -> Option<ContentHash> {
        self.hash(&format!("{TEMPLATES_DIR}/{name}"))
    }

    /// Where a file `relative` is, for messages: its path on disk, or its name and "built into
    /// evia-repro".
    pub(crate) fn place(&self, relative: &str) -> String {
        match self {
            Sources::Root(root) => root.join(relative).display().to_string(),
            Sources::BuiltIn => format!("{relative} (built into evia-repro)"),
        }
    }

    /// Where the files are, for messages: the root directory, or "the files built into evia-repro".
    pub(crate) fn describe(&self) -> String {
        match self {
            Sources::Root(root) => root.display().to_string(),
            Sources::BuiltIn => "the files built into evia-repro".to_string(),
        }
    }

    /// The directory of the templates on disk (`None` for the built-in ones).
    pub(crate) fn templates_dir(&self) -> Option<PathBuf> {
        match self {
            Sources::Root(root) => Some(root.join(TEMPLATES_DIR)),
            Sources::BuiltIn => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in files are the repository's: every template of `templates/` is built in, with the
    /// text it has on disk, and so are the manifest and the study's literate sources.
    #[test]
    fn built_in_files_equal_the_files_on_disk() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let on_disk = Sources::Root(root.clone());
        for (path, text) in BUILT_IN {
            assert_eq!(on_disk.read(path).unwrap(), text, "{path}");
            assert_eq!(Sources::BuiltIn.hash(path), on_disk.hash(path), "{path}");
        }
        for entry in std::fs::read_dir(root.join(TEMPLATES_DIR)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let path = format!("{TEMPLATES_DIR}/{name}");
            assert!(
                BUILT_IN.iter().any(|(p, _)| *p == path),
                "{path} is not built in (src/sources.rs, BUILT_IN)"
            );
        }
    }
}
