//! End-to-end tests of incremental `reproduce`: a second run rewrites nothing, a change rebuilds exactly
//! what depends on it, damaged outputs are rewritten, and an error leaves nothing later written.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::built;
use crate::common;
use crate::project_manifest::{Manifest, manifest_path};
use crate::reproduce::{REPRODUCE, manifest, root, run};

/// The action of every artefact and document of a run, by name, as `reproduce` prints it:
/// `rebuilt`, `re-rendered`, `up to date`, `pending`, `skipped` or `not selected`.
fn actions(output: &Output) -> BTreeMap<String, String> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.starts_with(' ') && !line.contains(" file(s) written into "))
        .filter_map(|line| {
            let (name, what) = (line.get(..10)?, line.get(11..)?);
            let what = what.split(" (").next()?.split(':').next()?;
            Some((name.trim().to_string(), what.to_string()))
        })
        .collect()
}

/// The number of files a run wrote, from its summary line (`…; 62 file(s) written into …`).
fn files_written(output: &Output) -> usize {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout
        .lines()
        .find(|l| l.contains(" file(s) written into "))
        .unwrap_or_else(|| panic!("no summary line: {stdout}"));
    let before = line.split(" file(s) written into ").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

/// `reproduce` of the project at `root` into `out` with the tests' replicates, in the shared
/// build's environment ([`built::command`]), and `extra` options.
fn reproduce_into(root: &Path, out: &Path, extra: &[&str]) -> Output {
    built::command()
        .root(root)
        .args(REPRODUCE)
        .args(extra)
        .arg("--out")
        .arg(out)
        .run()
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
    let (_dir, out) = built::copy_of_build();
    for file in [
        "index.md",
        "index.html",
        "ledger.md",
        "unanimity/report.md",
        "unanimity/report.tex",
        "lancers/report.md",
        "lancers/report.tex",
    ] {
        assert!(out.join(file).is_file(), "missing {file}");
    }
    let before = tree(&out);
    let second = reproduce_into(&root(), &out, &[]);
    assert!(second.status.success());
    let stdout = String::from_utf8_lossy(&second.stdout);
    let manifest = manifest();
    for artefact in manifest.built() {
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
    assert_eq!(tree(&out), before, "the second run changed a file");
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
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();

    let manifest = Manifest::load(root);
    let built: Vec<_> = manifest.built().collect();
    let first = actions(&reproduce_into(root, out, &[]));
    // Every built artefact is rebuilt (A.X1 too: its labels are vendored under data/external/). An
    // artefact whose optional real data was deleted would be skipped instead; only the rebuilt ones
    // take part in the rest of the test.
    for a in &built {
        assert!(
            ["rebuilt", "skipped"].contains(&first[a.id.as_str()].as_str()),
            "{}: {}",
            a.id,
            first[a.id.as_str()]
        );
    }
    let built: Vec<_> = built
        .into_iter()
        .filter(|a| first[a.id.as_str()] == "rebuilt")
        .collect();

    // Exactly the artefacts with a LaTeX output use the LaTeX table template.
    let template = root.join("templates/table.tex.j2");
    let text = fs::read_to_string(&template).unwrap();
    fs::write(&template, text + "% touched\n").unwrap();
    let second = actions(&reproduce_into(root, out, &[]));
    assert_eq!(second["A.T1"], "up to date");
    for a in &built {
        let expected = if a.has_output("latex") {
            "re-rendered"
        } else {
            "up to date"
        };
        assert_eq!(second[a.id.as_str()], expected, "{}", a.id);
    }
    // The reports do not use the table template; their inputs are unchanged.
    assert_eq!(second["A report"], "up to date");
    assert_eq!(second["B report"], "up to date");

    let ratings = root.join("data/unanimity/table1-ratings.tsv");
    let text = fs::read_to_string(&ratings).unwrap();
    fs::write(
        &ratings,
        text + "# a comment changes the file, not the numbers\n",
    )
    .unwrap();
    let third = actions(&reproduce_into(root, out, &[]));
    assert_eq!(third["A.T1"], "rebuilt");
    for a in &built {
        let reads_ratings = a.names_file("data/unanimity/table1-ratings.tsv");
        let expected = if reads_ratings {
            "rebuilt"
        } else {
            "up to date"
        };
        assert_eq!(third[a.id.as_str()], expected, "{}", a.id);
    }

    let report = root.join("paper/lancers.report.md.j2");
    let text = fs::read_to_string(&report).unwrap();
    fs::write(&report, text + "\nA closing line.\n").unwrap();
    let fourth = actions(&reproduce_into(root, out, &[]));
    assert_eq!(fourth["B report"], "rebuilt");
    assert_eq!(fourth["A report"], "up to date");
    assert_eq!(fourth["index"], "up to date");
    assert!(
        fs::read_to_string(out.join("lancers/report.md"))
            .unwrap()
            .contains("A closing line.")
    );

    let forced = reproduce_into(root, out, &["--force"]);
    let outputs = tree(out)
        .into_iter()
        .filter(|(p, _, _)| !p.ends_with(".evia-repro-state.json"))
        .count();
    assert_eq!(
        files_written(&forced),
        outputs,
        "--force rewrites every file: {}",
        String::from_utf8_lossy(&forced.stdout)
    );
    let fifth = actions(&forced);
    for name in ["A.T1", "B.T1", "B.T2", "A report", "B report", "index"] {
        assert_eq!(fifth[name], "rebuilt", "{name}");
    }
}

/// A deleted or hand-edited output is written again even though the inputs did not change.
#[test]
fn a_damaged_output_is_rewritten() {
    let (_dir, out) = built::copy_of_build();
    let table = out.join("lancers/B.T2.md");
    let original = fs::read(&table).unwrap();
    fs::write(&table, "edited by hand").unwrap();
    fs::remove_file(out.join("unanimity/report.md")).unwrap();
    let again = actions(&reproduce_into(&root(), &out, &[]));
    assert_eq!(again["B.T2"], "re-rendered");
    assert_eq!(again["B.T1"], "up to date");
    assert_eq!(again["A report"], "rebuilt");
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
    let output = reproduce_into(root, &out, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("would escape the output directory"),
        "{stderr}"
    );
    assert!(!parent.path().join("lancers").exists());
    // The binary creates the output directory to hold its lock (removed on exit); nothing else.
    let written: Vec<_> = fs::read_dir(&out)
        .map(|entries| entries.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    assert_eq!(
        written,
        Vec::<PathBuf>::new(),
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
    // From a copy of the shared build: only paper A's report is rendered again.
    let (_dir, out) = built::copy_of_build();
    let output = reproduce_into(project.path(), &out, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("no cell main/item9/rawg/value"), "{stderr}");
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
    let output = reproduce_into(
        root,
        out.path(),
        &["--force", "--threads", "2", "--only", "A.T1,B.T1"],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("A report"), "{stderr}");
    assert!(out.path().join("lancers/B.T1.md").is_file());
    assert!(!out.path().join("unanimity/report.md").exists());
    assert!(!out.path().join("lancers/report.md").exists());
    assert!(!out.path().join("index.md").exists());
    assert_eq!(temporary_files(out.path()), Vec::<PathBuf>::new());
}
