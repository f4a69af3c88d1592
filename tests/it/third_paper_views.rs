//! A paper is a folder in every view (ARCHITECTURE.md, "A paper is a folder"): copied into a project
//! of its own, the third fixture paper (`tests/fixtures/third-paper/`, paper C) is the only paper its
//! findings, its index and its reviewer's page speak of. A view that iterated over the shipped papers
//! instead of the manifest's, or titled every build after them, would show papers A and B here.

use std::fs;
use std::path::Path;

use crate::common::{self, TestCommand};

/// A scratch project holding only the fixture paper and the project's templates.
fn fixture_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(
        &common::project_root().join("tests/fixtures/third-paper"),
        dir.path(),
    );
    common::copy_dir(
        &common::project_root().join("templates"),
        &dir.path().join("templates"),
    );
    dir
}

/// What only the shipped papers' views would say: their ids as headings and in running words, their
/// venue, their titles' words and their author.
const SHIPPED_PAPERS: &[&str] = &[
    "Paper A",
    "paper A",
    "Paper B",
    "paper B",
    "EVIA",
    "two EVIA 2017 papers",
    "Unanimity-Aware Gain for Highly Subjective Assessments",
    "Lancers",
    "Sakai",
    "unanimity/",
    "lancers/",
];

/// Fails naming `view` and the phrase when `text` mentions a shipped paper.
fn speaks_of_paper_c_alone(view: &str, text: &str) {
    for phrase in SHIPPED_PAPERS {
        assert!(
            !text.contains(phrase),
            "{view} mentions `{phrase}`, which belongs to a paper the project does not hold:\n{text}"
        );
    }
}

/// `check --findings` in `format` on the project at `root`.
fn findings(root: &Path, format: &str) -> String {
    TestCommand::new()
        .root(root)
        .current_dir(root)
        .args(["check", "--findings", "--format", format])
        .stdout()
}

#[test]
fn the_fixture_papers_findings_index_and_page_speak_of_paper_c_alone() {
    let project = fixture_project();
    let root = project.path();
    TestCommand::new()
        .root(root)
        .current_dir(root)
        .args(["reproduce", "--out", "build"])
        .stdout();

    let text = findings(root, "text");
    assert!(
        text.starts_with("## Findings: paper C (0 found)\n"),
        "{text}"
    );
    speaks_of_paper_c_alone("check --findings", &text);
    let markdown = findings(root, "md");
    assert!(markdown.contains("paper C"), "{markdown}");
    speaks_of_paper_c_alone("check --findings --format md", &markdown);
    let json: serde_json::Value = serde_json::from_str(&findings(root, "json")).unwrap();
    assert_eq!(json, serde_json::json!([]), "paper C has no findings");

    let index = fs::read_to_string(root.join("build/index.md")).unwrap();
    assert!(index.contains("### Paper C\n"), "{index}");
    assert!(
        index.contains("- Paper C, *Unanimity-aware gain on four example items (a fixture paper)*"),
        "{index}"
    );
    assert!(index.contains("| Table 1 (C.T1) |"), "{index}");
    speaks_of_paper_c_alone("index.md", &index);

    let page = fs::read_to_string(root.join("build/index.html")).unwrap();
    assert!(
        page.contains(
            "<h2>Paper C: Unanimity-aware gain on four example items (a fixture paper)</h2>"
        ),
        "{page}"
    );
    assert!(page.contains("Findings about paper C"), "{page}");
    speaks_of_paper_c_alone("index.html", &page);

    let report = fs::read_to_string(root.join("build/fixture/report.md")).unwrap();
    assert!(report.contains("# Rebuilding paper C:"), "{report}");
    speaks_of_paper_c_alone("fixture/report.md", &report);
}

/// The phrases the test looks for are ones the shipped papers' views do print, so that their absence
/// above means something.
#[test]
fn the_shipped_papers_views_name_them() {
    let project = common::scratch_project();
    let root = project.path();
    let text = TestCommand::new()
        .root(root)
        .current_dir(root)
        .args(["check", "--findings", "--only", "A.T1,B.T1"])
        .stdout();
    for phrase in ["paper A", "paper B"] {
        assert!(text.contains(phrase), "{phrase}:\n{text}");
    }
}
