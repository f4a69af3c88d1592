//! End-to-end tests of `reproduce` and `check` through the library and the real binary, and insta
//! snapshots (in the top-level `snapshots/`) of every rendered table and of the claims ledger.

#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use evia_repro::claims::{Verdict, check_project};
use evia_repro::experiments::Context;
use evia_repro::manifest::{Manifest, OutputFormat, Status};
use evia_repro::published::ProvenanceClass;
use evia_repro::render::{Templates, ledger};
use evia_repro::reproduce::{manifest_path, rebuild, render_table, select};

mod common;

fn root() -> PathBuf {
    common::project_root()
}

fn manifest() -> Manifest {
    Manifest::load(&manifest_path(&root())).unwrap()
}

fn run(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evia-repro"))
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .unwrap()
}

fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings
}

#[test]
fn reproduce_writes_markdown_latex_and_json_for_every_built_table() {
    let out = tempfile::tempdir().unwrap();
    let output = run(
        &root(),
        &["reproduce", "--out", out.path().to_str().unwrap()],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let manifest = manifest();
    let built: Vec<_> = manifest
        .artefacts
        .iter()
        .filter(|a| a.status == Status::Built)
        .collect();
    assert!(!built.is_empty());
    for artefact in built {
        let slug = &manifest.paper(&artefact.paper).unwrap().slug;
        for (format, ext) in [
            (OutputFormat::Markdown, "md"),
            (OutputFormat::Latex, "tex"),
            (OutputFormat::Json, "json"),
        ] {
            if artefact.outputs.contains(&format) {
                let path = out.path().join(slug).join(format!("{}.{ext}", artefact.id));
                assert!(path.is_file(), "missing {}", path.display());
            }
        }
    }
    // Nothing but the output directory is written: no temporary files are left behind.
    for paper in ["unanimity", "lancers"] {
        for entry in fs::read_dir(out.path().join(paper)).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            assert!(!name.starts_with('.'), "leftover temporary file {name}");
        }
    }
}

#[test]
fn same_seed_gives_byte_identical_outputs() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    for dir in [&a, &b] {
        assert!(
            run(
                &root(),
                &["reproduce", "--out", dir.path().to_str().unwrap()]
            )
            .status
            .success()
        );
    }
    for paper in ["unanimity", "lancers"] {
        for entry in fs::read_dir(a.path().join(paper)).unwrap() {
            let name = entry.unwrap().file_name();
            let left = fs::read(a.path().join(paper).join(&name)).unwrap();
            let right = fs::read(b.path().join(paper).join(&name)).unwrap();
            assert_eq!(left, right, "{paper}/{name:?} differs between runs");
        }
    }
}

/// Every rendered table is locked by a snapshot; `cargo insta review` accepts an intended change.
#[test]
fn rendered_tables_match_their_snapshots() {
    let manifest = manifest();
    let selected = select(&manifest, &[]).unwrap();
    let context = evia_repro::experiments::Context::new(root(), manifest.seed);
    let results = rebuild(&selected, &context).unwrap();
    let templates = Templates::new(&root().join("templates")).unwrap();
    let settings = snapshot_settings();
    settings.bind(|| {
        for artefact in selected {
            let files = render_table(
                &manifest,
                artefact,
                &results[&artefact.id],
                &templates,
                manifest.seed,
            )
            .unwrap();
            for (path, text) in files {
                let name = path.replace('/', "__");
                insta::assert_snapshot!(name, text);
            }
        }
    });
}

#[test]
fn ledger_matches_its_snapshot() {
    let manifest = manifest();
    let ledger = check_project(&manifest, &Context::new(root(), manifest.seed)).unwrap();
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("check-ledger.md", ledger::markdown(&ledger));
    });
}

/// Acceptance of issue 2: every A.T1 cell and every exact B.T1 and B.T2 cell matches.
#[test]
fn exact_tables_match_the_published_values() {
    let manifest = manifest();
    let ledger = check_project(&manifest, &Context::new(root(), manifest.seed)).unwrap();
    let mut matched = 0;
    for e in &ledger.entries {
        let exact_table = matches!(e.table.as_str(), "A.T1" | "B.T1" | "B.T2");
        // Statements of the text about these tables (`.stmt.`) are holds/fails entries.
        if exact_table && e.class == ProvenanceClass::Exact && !e.cell.contains(".stmt.") {
            assert_eq!(e.verdict, Verdict::Match, "{e:?}");
            matched += 1;
        }
    }
    let a_t1 = ledger.entries.iter().filter(|e| e.table == "A.T1").count();
    assert!(a_t1 > 0 && matched > a_t1, "matched {matched}");
    assert!(!ledger.has_exact_mismatch());
}

#[test]
fn check_exits_zero_and_lists_pending_cells_with_their_class() {
    let output = run(&root(), &["check", "--format", "json"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let entries: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    let fields = [
        "paper", "table", "cell", "printed", "class", "rebuilt", "verdict", "detail",
    ];
    for e in &entries {
        let keys: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), fields.len(), "{e}");
        assert!(fields.iter().all(|f| keys.contains(f)), "{e}");
    }
    assert!(
        entries
            .iter()
            .any(|e| e["verdict"] == "pending" && e["class"] == "simulated")
    );
    assert!(
        entries
            .iter()
            .any(|e| e["verdict"] == "match" && e["class"] == "exact")
    );
}

/// A wrong input makes an exact cell mismatch, and `check` exits with code 1.
#[test]
fn check_exits_one_when_an_exact_cell_mismatches() {
    let project = common::scratch_project();
    let ratings = project.path().join("data/unanimity/table1-ratings.tsv");
    let text = fs::read_to_string(&ratings).unwrap();
    fs::write(
        &ratings,
        text.replace("item4\t1\t1\t1\t1\t1", "item4\t1\t1\t1\t1\t2"),
    )
    .unwrap();
    let output = run(project.path(), &["check", "--format", "md"]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("| A | A.T1 | item4/rawg | 5 | exact | 6 | mismatch |"),
        "{stdout}"
    );
}

/// The generated LaTeX compiles. Runs when `pdflatex` is installed (`.ci/run` installs it from Debian's
/// texlive-latex-recommended); otherwise says so and checks nothing else.
#[test]
fn generated_latex_compiles_with_pdflatex() {
    if Command::new("pdflatex").arg("--version").output().is_err() {
        eprintln!("pdflatex not installed: LaTeX compilation not tested");
        return;
    }
    let out = tempfile::tempdir().unwrap();
    assert!(
        run(
            &root(),
            &["reproduce", "--out", out.path().to_str().unwrap()]
        )
        .status
        .success()
    );
    for paper in ["unanimity", "lancers"] {
        let dir = out.path().join(paper);
        let output = Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", "tables.tex"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "pdflatex failed for {paper}:\n{}",
            String::from_utf8_lossy(&output.stdout)
        );
        assert!(dir.join("tables.pdf").is_file());
    }
}
