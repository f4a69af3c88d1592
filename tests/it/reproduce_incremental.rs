//! End-to-end tests of incremental `reproduce`: a second run rewrites nothing, a change rebuilds exactly
//! what depends on it, damaged outputs are rewritten, and an error leaves nothing later written.

use std::fs;
use std::path::{Path, PathBuf};

use evia_repro::io::output::OutputDir;
use evia_repro::manifest::{OutputFormat, Status};
use evia_repro::pipeline::reproduce::{Action, Options, Summary, manifest_path, reproduce};

use crate::common;
use crate::reproduce::{REPRODUCE, manifest, options, reproduce_into, root, run};

/// The action of every artefact and document of a run, by name.
fn actions(summary: &Summary) -> std::collections::BTreeMap<String, Action> {
    summary
        .artefacts
        .iter()
        .chain(&summary.documents)
        .map(|d| (d.name.clone(), d.action.clone()))
        .collect()
}

/// Every file under `dir` with its contents and modification time.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>, std::time::SystemTime)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let meta = fs::metadata(&path).unwrap();
                files.push((
                    path.clone(),
                    fs::read(&path).unwrap(),
                    meta.modified().unwrap(),
                ));
            }
        }
    }
    files.sort();
    files
}

/// A fresh `reproduce` writes both reports and the index; a second one with no change
/// rewrites nothing and reports every artefact and document as up to date.
#[test]
fn a_second_reproduce_rewrites_nothing_and_says_so() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().to_str().unwrap();
    let first = run(&root(), &[&REPRODUCE[..], &["--out", dir]].concat());
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    for file in [
        "index.md",
        "index.html",
        "ledger.md",
        "unanimity/report.md",
        "unanimity/report.tex",
        "lancers/report.md",
        "lancers/report.tex",
    ] {
        assert!(out.path().join(file).is_file(), "missing {file}");
    }
    let before = tree(out.path());
    let second = run(&root(), &[&REPRODUCE[..], &["--out", dir]].concat());
    assert!(second.status.success());
    let stdout = String::from_utf8_lossy(&second.stdout);
    let manifest = manifest();
    for artefact in manifest
        .artefacts
        .iter()
        .filter(|a| a.status == Status::Built)
    {
        assert!(
            stdout.contains(&format!("{:<10} up to date", artefact.id)),
            "{}: {stdout}",
            artefact.id
        );
    }
    for document in ["A report", "B report", "index"] {
        assert!(
            stdout.contains(&format!("{document:<10} up to date")),
            "{stdout}"
        );
    }
    assert!(stdout.contains(" 0 file(s) written"), "{stdout}");
    assert!(!stdout.contains("wrote"), "{stdout}");
    assert_eq!(tree(out.path()), before, "the second run changed a file");
}

/// Touching one template re-renders exactly the artefacts that use it (without re-running their
/// experiments); changing a data file rebuilds exactly the artefacts that read it; `force` rebuilds all.
#[test]
fn changes_rebuild_exactly_the_artefacts_that_depend_on_them() {
    let project = common::scratch_project();
    let root = project.path();
    // A.T1 without LaTeX output, so that the LaTeX table template is used by B.T1 and B.T2 only.
    let manifest_file = manifest_path(root);
    let text = fs::read_to_string(&manifest_file).unwrap();
    let text = text.replacen(
        "outputs: [markdown, latex, json]",
        "outputs: [markdown, json]",
        1,
    );
    fs::write(&manifest_file, text).unwrap();
    let out = tempfile::tempdir().unwrap();
    let options = options(root);

    let manifest = evia_repro::papers::load_manifest(&manifest_path(root)).unwrap();
    let built: Vec<_> = manifest
        .artefacts
        .iter()
        .filter(|a| a.status == Status::Built)
        .collect();
    let first = actions(&reproduce_into(root, &options, out.path()));
    // Every built artefact is rebuilt (A.X1 too: its labels are vendored under data/external/). An
    // artefact whose optional real data was deleted would be skipped instead; only the rebuilt ones
    // take part in the rest of the test.
    for a in &built {
        assert!(
            matches!(first[a.id.as_str()], Action::Rebuilt | Action::Skipped(_)),
            "{}: {:?}",
            a.id,
            first[a.id.as_str()]
        );
    }
    let built: Vec<_> = built
        .into_iter()
        .filter(|a| first[a.id.as_str()] == Action::Rebuilt)
        .collect();

    // Exactly the artefacts with a LaTeX output use the LaTeX table template.
    let template = root.join("templates/table.tex.j2");
    let text = fs::read_to_string(&template).unwrap();
    fs::write(&template, text + "% touched\n").unwrap();
    let second = actions(&reproduce_into(root, &options, out.path()));
    assert_eq!(second["A.T1"], Action::UpToDate);
    for a in &built {
        let expected = if a.outputs.contains(&OutputFormat::Latex) {
            Action::Rerendered
        } else {
            Action::UpToDate
        };
        assert_eq!(second[a.id.as_str()], expected, "{}", a.id);
    }
    // The reports do not use the table template; their inputs are unchanged.
    assert_eq!(second["A report"], Action::UpToDate);
    assert_eq!(second["B report"], Action::UpToDate);

    let ratings = root.join("data/unanimity/table1-ratings.tsv");
    let text = fs::read_to_string(&ratings).unwrap();
    fs::write(
        &ratings,
        text + "# a comment changes the file, not the numbers\n",
    )
    .unwrap();
    let third = actions(&reproduce_into(root, &options, out.path()));
    assert_eq!(third["A.T1"], Action::Rebuilt);
    for a in &built {
        let reads_ratings = a
            .parameters
            .input_files()
            .iter()
            .any(|(_, path)| *path == "data/unanimity/table1-ratings.tsv");
        let expected = if reads_ratings {
            Action::Rebuilt
        } else {
            Action::UpToDate
        };
        assert_eq!(third[a.id.as_str()], expected, "{}", a.id);
    }

    let report = root.join("paper/lancers.report.md.j2");
    let text = fs::read_to_string(&report).unwrap();
    fs::write(&report, text + "\nA closing line.\n").unwrap();
    let fourth = actions(&reproduce_into(root, &options, out.path()));
    assert_eq!(fourth["B report"], Action::Rebuilt);
    assert_eq!(fourth["A report"], Action::UpToDate);
    assert_eq!(fourth["index"], Action::UpToDate);
    assert!(
        fs::read_to_string(out.path().join("lancers/report.md"))
            .unwrap()
            .contains("A closing line.")
    );

    let forced = Options {
        force: true,
        ..options.clone()
    };
    let summary = reproduce_into(root, &forced, out.path());
    let outputs = tree(out.path())
        .into_iter()
        .filter(|(p, _, _)| !p.ends_with(".evia-repro-state.json"))
        .count();
    assert_eq!(
        summary.written().len(),
        outputs,
        "--force rewrites every file: {:?}",
        summary.written()
    );
    let fifth = actions(&summary);
    for name in ["A.T1", "B.T1", "B.T2", "A report", "B report", "index"] {
        assert_eq!(fifth[name], Action::Rebuilt, "{name}");
    }
}

/// A deleted or hand-edited output is written again even though the inputs did not change.
#[test]
fn a_damaged_output_is_rewritten() {
    let out = tempfile::tempdir().unwrap();
    let options = options(&root());
    reproduce_into(&root(), &options, out.path());
    let table = out.path().join("lancers/B.T2.md");
    let original = fs::read(&table).unwrap();
    fs::write(&table, "edited by hand").unwrap();
    fs::remove_file(out.path().join("unanimity/report.md")).unwrap();
    let again = actions(&reproduce_into(&root(), &options, out.path()));
    assert_eq!(again["B.T2"], Action::Rerendered);
    assert_eq!(again["B.T1"], Action::UpToDate);
    assert_eq!(again["A report"], Action::Rebuilt);
    assert_eq!(fs::read(&table).unwrap(), original);
}

/// A manifest whose output paths would leave the output directory is rejected before anything is
/// written.
#[test]
fn output_paths_escaping_the_output_directory_are_rejected() {
    let project = common::scratch_project();
    let root = project.path();
    let manifest_file = manifest_path(root);
    let text = fs::read_to_string(&manifest_file).unwrap();
    fs::write(
        &manifest_file,
        text.replacen("slug: lancers", "slug: ../lancers", 1),
    )
    .unwrap();
    let parent = tempfile::tempdir().unwrap();
    let out = parent.path().join("build");
    let manifest = evia_repro::papers::load_manifest(&manifest_file).unwrap();
    let err = reproduce(&manifest, &options(root), &OutputDir::new(&out)).unwrap_err();
    assert!(
        err.to_string()
            .contains("would escape the output directory"),
        "{err}"
    );
    assert!(!parent.path().join("lancers").exists());
    assert!(
        !out.exists(),
        "nothing may be written when a path is rejected"
    );
}

/// A scratch project whose paper-A literate source asks `value()` for a cell A.T1 does not have
/// (`main/item9/rawg`), so rendering the A report fails.
fn project_whose_a_report_names_a_missing_cell() -> tempfile::TempDir {
    let project = common::scratch_project();
    let source = project.path().join("paper/unanimity.report.md.j2");
    let text = fs::read_to_string(&source).unwrap();
    fs::write(
        &source,
        text + "{{ value(\"A.T1\", \"main\", \"item9\", \"rawg\") }}\n",
    )
    .unwrap();
    project
}

/// `value()` in a literate source is strict: a cell the results do not have is an error naming it.
#[test]
fn a_literate_source_naming_a_missing_cell_fails_clearly() {
    let project = project_whose_a_report_names_a_missing_cell();
    let root = project.path();
    let out = tempfile::tempdir().unwrap();
    let manifest = evia_repro::papers::load_manifest(&manifest_path(root))
        .unwrap()
        .with_replicates(common::TEST_REPLICATES)
        .with_design_points(common::TEST_DESIGN_POINTS);
    let err = reproduce(&manifest, &options(root), &OutputDir::new(out.path())).unwrap_err();
    let message = format!("{err:#}");
    let chain: Vec<String> =
        std::iter::successors(Some(&err as &dyn std::error::Error), |e| e.source())
            .map(ToString::to_string)
            .collect();
    assert!(
        chain
            .iter()
            .any(|m| m.contains("no cell main/item9/rawg/value")),
        "{message}: {chain:?}"
    );
}

/// Every file under `dir` (recursively) whose name is a temporary one (`.tmp-` in it).
fn temporary_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(temporary_files(&path));
        } else if path.to_string_lossy().contains(".tmp-") {
            found.push(path);
        }
    }
    found
}

/// With `--force --threads 2` the experiments run ahead and later artefacts are rendered, staged and
/// their figures converted while an earlier one is still awaited; an error of an earlier artefact
/// (A.X1's malformed labels) still stops the run at its step: the artefacts before it written, none
/// after it (B.T1, B.F1 and its PDF), no document, and no temporary file left behind.
#[test]
fn an_error_stops_a_forced_two_thread_run_at_its_step_with_nothing_later_written() {
    let project = common::scratch_project();
    let root = project.path();
    fs::write(
        root.join("data/labels.txt"),
        "p1\tr1\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\np1\tr2\t0\t1\t2\t0\t0\t0\t0\t0\t0\n",
    )
    .unwrap();
    let manifest_file = manifest_path(root);
    let text = fs::read_to_string(&manifest_file).unwrap().replace(
        "data/external/ntcir12-stc-japanese/test-final-labeled.txt.gz",
        "data/labels.txt",
    );
    fs::write(&manifest_file, text).unwrap();
    let out = tempfile::tempdir().unwrap();
    let args = [
        "reproduce",
        "--force",
        "--threads",
        "2",
        "--only",
        "A.T1,A.T2,A.X1,B.T1,B.F1",
        "--out",
        out.path().to_str().unwrap(),
    ];
    let output = run(root, &args);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("data/labels.txt:2"), "{stderr}");
    for written in ["A.T1.md", "A.T1.json", "A.T2.md", "A.T2.tex"] {
        assert!(
            out.path().join("unanimity").join(written).is_file(),
            "{written}"
        );
    }
    assert!(!out.path().join("unanimity/A.X1.md").exists());
    assert!(
        !out.path().join("lancers").exists(),
        "B.T1 and B.F1 come after A.X1"
    );
    assert!(!out.path().join("index.md").exists());
    assert_eq!(temporary_files(out.path()), Vec::<PathBuf>::new());
}

/// The documents are rendered side by side but written in order: an error in paper A's report
/// leaves paper B's report and the index unwritten, and no temporary file behind.
#[test]
fn a_failing_report_leaves_the_later_documents_unwritten() {
    let project = project_whose_a_report_names_a_missing_cell();
    let root = project.path();
    let out = tempfile::tempdir().unwrap();
    let manifest = evia_repro::papers::load_manifest(&manifest_path(root)).unwrap();
    let options = Options {
        force: true,
        threads: 2,
        only: vec!["A.T1".to_string(), "B.T1".to_string()],
        ..options(root)
    };
    let err = reproduce(&manifest, &options, &OutputDir::new(out.path())).unwrap_err();
    assert!(err.to_string().contains("A report"), "{err}");
    assert!(out.path().join("lancers/B.T1.md").is_file());
    assert!(!out.path().join("unanimity/report.md").exists());
    assert!(!out.path().join("lancers/report.md").exists());
    assert!(!out.path().join("index.md").exists());
    assert_eq!(temporary_files(out.path()), Vec::<PathBuf>::new());
}
