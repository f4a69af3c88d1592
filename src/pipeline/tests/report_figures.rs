//! How a literate report places a built figure: in Markdown as a relative SVG image link, in LaTeX
//! as the PDF converted from it when there is one, else as a boxed note pointing to the SVG.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;

use crate::pipeline::reproduce::{load_published, manifest_path};
use crate::provenance::Stamp;
use crate::report::{ArtefactStatus, Format, ReportInput, render_report};
use crate::results::ResultTable;
use crate::sources::Sources;

use super::{common, latex};

/// The commit stamped into the reports, so that they never depend on the checkout.
const PINNED_COMMIT: &str = "0000000000000000000000000000000000000000";

/// A built figure appears in the Markdown report as a relative SVG image link, and in the LaTeX
/// report as the PDF converted from it when there is one, else as a boxed note pointing to the SVG;
/// the LaTeX compiles in both cases. The figure's results are an empty table here, and the PDF a
/// one-page document made with pdflatex.
#[test]
fn figures_are_linked_in_markdown_and_included_or_noted_in_latex() {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let paper = manifest.paper("B").unwrap();
    let published = load_published(&manifest, &root).unwrap();
    let mut results = BTreeMap::new();
    results.insert("B.F1".to_string(), ResultTable::new("B.F1"));
    let mut statuses = BTreeMap::new();
    for a in &manifest.artefacts {
        let status = match &a.pending_reason {
            Some(reason) if a.id != "B.F1" => ArtefactStatus::Pending(reason.clone()),
            _ => ArtefactStatus::Built,
        };
        statuses.insert(a.id.to_string(), status);
    }
    let ledger = crate::ledger::ledger(&manifest, &published, &results);
    let stamp = Stamp::new(PINNED_COMMIT, manifest.seed);
    let with_pdf: BTreeSet<String> = ["B.F1".to_string()].into();
    let without_pdf = BTreeSet::new();
    let sources = Sources::Root(root.clone());
    let account = crate::account::account(&ledger, &manifest, &results);
    let input = |figure_pdfs| ReportInput {
        sources: &sources,
        manifest: &manifest,
        paper,
        published: Some(&published[1]),
        results: &results,
        statuses: &statuses,
        account: &account,
        figure_pdfs,
        stamp: &stamp,
    };
    let markdown = render_report(&input(&without_pdf), Format::Markdown).unwrap();
    assert!(markdown.contains("](B.F1.svg)"), "{markdown}");
    let noted = render_report(&input(&without_pdf), Format::Latex).unwrap();
    assert!(noted.contains("available as SVG only") && noted.contains("librsvg2-bin"));
    let included = render_report(&input(&with_pdf), Format::Latex).unwrap();
    // B.F1 stacks its three panels and the stand-in note's band: the report cuts the PDF into
    // those four bands, two to a row, instead of one tall figure.
    assert_eq!(
        included.matches("\\figpanel{B.F1.pdf}").count(),
        4,
        "{included}"
    );

    let Some(pdflatex) = latex::pdflatex() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("B.F1.tex"),
        "\\documentclass{article}\\pagestyle{empty}\\begin{document}A figure.\\end{document}\n",
    )
    .unwrap();
    latex::compile(&pdflatex, dir.path(), "B.F1");
    fs::write(dir.path().join("noted.tex"), &noted).unwrap();
    latex::compile(&pdflatex, dir.path(), "noted");
    fs::write(dir.path().join("included.tex"), included).unwrap();
    latex::compile(&pdflatex, dir.path(), "included");
}
