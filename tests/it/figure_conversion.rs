//! SVG figures become PDFs for the LaTeX reports when `rsvg-convert` is on the `PATH`: `reproduce`
//! converts B.F1, pins the PDF's dates (so a rebuild gives the same bytes) and the report includes
//! the PDF; without a converter the report points to the SVG instead.

use std::fs;
use std::path::Path;

use crate::common::{TestCommand, project_root, require_tool};

/// The commit stamped into the outputs, so that no git is needed to run the binary.
const PINNED_COMMIT: &str = "0000000000000000000000000000000000000000";

/// `reproduce --only B.F1` into `out`, with `PATH` set to `path` when given.
fn reproduce_b_f1(out: &Path, path: Option<&Path>) {
    let mut command = TestCommand::new();
    command
        .env("EVIA_REPRO_COMMIT", PINNED_COMMIT)
        .root(project_root())
        .args(["reproduce", "--only", "B.F1", "--out"])
        .arg(out);
    if let Some(path) = path {
        command.env("PATH", path);
    }
    command.assert_success();
}

/// Needs `rsvg-convert` (`.ci/run` installs Debian's librsvg2-bin): without it the test fails under
/// CI and is skipped with a note elsewhere ([`require_tool`]).
#[test]
fn svg_figures_are_converted_with_rsvg_convert_and_included() {
    if require_tool("rsvg-convert").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut pdfs = Vec::new();
    for run in ["first", "second"] {
        let out = dir.path().join(run);
        reproduce_b_f1(&out, None);
        let pdf = fs::read(out.join("lancers/B.F1.pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{run}: B.F1.pdf is not a PDF");
        let report = fs::read_to_string(out.join("lancers/report.tex")).unwrap();
        assert!(report.contains("\\figpanel{B.F1.pdf}"), "{report}");
        assert!(!report.contains("available as SVG only"), "{report}");
        pdfs.push(pdf);
    }
    assert!(pdfs[0] == pdfs[1], "two builds give different PDF bytes");
}

/// With no converter on the `PATH` the LaTeX report names the SVG and writes no PDF.
#[test]
fn without_a_converter_the_report_points_to_the_svg() {
    let empty = tempfile::tempdir().unwrap();
    let out = empty.path().join("out");
    reproduce_b_f1(&out, Some(empty.path()));
    assert!(out.join("lancers/B.F1.svg").is_file());
    assert!(!out.join("lancers/B.F1.pdf").exists());
    let report = fs::read_to_string(out.join("lancers/report.tex")).unwrap();
    assert!(report.contains("available as SVG only"), "{report}");
    assert!(!report.contains("\\figpanel{B.F1.pdf}"), "{report}");
}
