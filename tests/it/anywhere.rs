//! The user commands (`study`, `agree`, `qrels`, `eval`, `hsd`) run from an empty directory outside
//! the checkout: they need nothing of it (paper B's manifest entries, the templates and the study's
//! literate sources are built into the program). `study` writes all of its output or none: a
//! failure leaves neither a partial directory nor a temporary file. `--root` belongs to the commands
//! that work on a checkout only.

use std::path::{Path, PathBuf};

use crate::common::{TestCommand, copy_dir, project_root};

/// A scratch directory holding an empty working directory `empty/` and, beside it, the shipped
/// study example as `data/` (labels and runs).
fn scratch() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    copy_dir(
        &project_root().join("data/study-example"),
        &dir.path().join("data"),
    );
    (dir, empty)
}

/// `evia-repro ARGS` run in `dir`.
fn evia_in(dir: &Path, args: &[&str]) -> TestCommand {
    let mut command = TestCommand::new();
    command.current_dir(dir).args(args);
    command
}

/// Every entry under `dir`, relative to it, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            out.push(path.strip_prefix(dir).unwrap().display().to_string());
            if path.is_dir() {
                stack.push(path);
            }
        }
    }
    out.sort();
    out
}

fn study_args<'a>(runs: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "study",
        "--labels",
        "../data/labels.tsv",
        "--layout",
        "wide",
        "--runs",
        runs,
        "--trials",
        "200",
        "--out",
        out,
    ]
}

/// Acceptance: `study` from an empty directory outside the checkout writes its tables, figures and
/// report; then `agree`, `qrels`, `eval` (on the qrels `qrels` wrote) and `hsd` work there too.
#[test]
fn user_commands_run_from_an_empty_directory_outside_the_checkout() {
    let (_dir, empty) = scratch();
    let stdout = evia_in(&empty, &study_args("../data/runs", "out")).stdout();
    assert!(stdout.contains("10 rebuilt"), "{stdout}");
    for file in [
        "study/report.md",
        "study/report.tex",
        "study/B.T1.md",
        "index.md",
        "index.html",
    ] {
        assert!(empty.join("out").join(file).is_file(), "{file}");
    }
    // The study's reviewer's page is self-contained too: it requests nothing.
    let page = std::fs::read_to_string(empty.join("out/index.html")).unwrap();
    assert!(page.contains("content=\"default-src 'none';"), "{page}");
    assert!(!page.contains("http://") && !page.contains("https://"));
    let report = std::fs::read_to_string(empty.join("out/study/report.md")).unwrap();
    assert!(report.contains("B.T4"), "{report}");
    assert!(
        tree(&empty.join("out"))
            .iter()
            .all(|p| !p.contains(".tmp-")),
        "no temporary file stays"
    );

    let agree = evia_in(
        &empty,
        &[
            "agree",
            "--labels",
            "../data/labels.tsv",
            "--layout",
            "wide",
        ],
    )
    .stdout();
    assert!(agree.contains("Krippendorff"), "{agree}");
    let qrels = evia_in(
        &empty,
        &[
            "qrels",
            "--labels",
            "../data/labels.tsv",
            "--layout",
            "wide",
            "--combine",
            "sum",
        ],
    )
    .stdout();
    std::fs::write(empty.join("sum.qrels"), &qrels).unwrap();
    let eval = evia_in(
        &empty,
        &[
            "eval",
            "--qrels",
            "sum.qrels",
            "--run",
            "../data/runs/run01",
        ],
    )
    .stdout();
    assert!(eval.contains("nDCG@10"), "{eval}");
    let mut matrix = "topic\tr1\tr2\tr3\n".to_string();
    for t in 0..8 {
        let t = f64::from(t);
        matrix.push_str(&format!(
            "T{t}\t{}\t{}\t{}\n",
            0.1 * t,
            0.5 - 0.03 * t,
            0.2 + 0.01 * t * t
        ));
    }
    std::fs::write(empty.join("m.tsv"), matrix).unwrap();
    let hsd = evia_in(&empty, &["hsd", "--matrix", "m.tsv", "--trials", "100"]).stdout();
    assert!(hsd.contains("r1"), "{hsd}");
}

/// A study that fails (two runs: fewer than the study compares) leaves no output directory when
/// there was none, and the previous study untouched when there was one; no temporary file or
/// directory stays either way. (Data on which a statistic is undefined, such as identical runs, do
/// not fail a study: its artefacts are pending, `tests/it/study_degenerate.rs`.)
#[test]
fn a_failed_study_leaves_no_partial_output() {
    let (dir, empty) = scratch();
    let bad_runs = dir.path().join("bad-runs");
    std::fs::create_dir(&bad_runs).unwrap();
    for name in ["run01", "run02"] {
        std::fs::copy(dir.path().join("data/runs").join(name), bad_runs.join(name)).unwrap();
    }

    evia_in(&empty, &study_args("../bad-runs", "fresh")).assert_failure_with(2, "holds 2 run(s)");
    assert!(!empty.join("fresh").exists(), "no partial directory");
    assert_eq!(tree(&empty), Vec::<String>::new());

    evia_in(&empty, &study_args("../data/runs", "kept")).assert_success();
    let before: Vec<(String, Vec<u8>)> = tree(&empty.join("kept"))
        .into_iter()
        .filter(|p| empty.join("kept").join(p).is_file())
        .map(|p| {
            let bytes = std::fs::read(empty.join("kept").join(&p)).unwrap();
            (p, bytes)
        })
        .collect();
    let failed = evia_in(&empty, &study_args("../bad-runs", "kept")).run();
    assert_eq!(failed.status.code(), Some(2));
    let after: Vec<(String, Vec<u8>)> = tree(&empty.join("kept"))
        .into_iter()
        .filter(|p| empty.join("kept").join(p).is_file())
        .map(|p| {
            let bytes = std::fs::read(empty.join("kept").join(&p)).unwrap();
            (p, bytes)
        })
        .collect();
    assert_eq!(before.len(), after.len());
    assert!(before == after, "the previous study is untouched");
    assert!(tree(&empty).iter().all(|p| !p.contains(".tmp-")));
}

/// `--root` is for the commands that work on a checkout: before a user command it is an error
/// saying so; after it, clap refuses it; `reproduce` takes it before or after its name.
#[test]
fn root_is_only_for_the_checkout_commands() {
    let (_dir, empty) = scratch();
    evia_in(&empty, &["--root", ".", "agree", "--labels", "x"])
        .assert_failure_with(2, "`agree` reads no project files");
    let after = evia_in(&empty, &["study", "--root", ".", "--labels", "x"]).run();
    assert_eq!(after.status.code(), Some(2));
    let root = project_root().display().to_string();
    evia_in(&empty, &["list", "--root", &root]).assert_success();
    evia_in(&empty, &["--root", &root, "list"]).assert_success();
    let missing = evia_in(&empty, &["list"]).run();
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(stderr.contains("--root DIR"), "{stderr}");
}

/// Writes the run files of `from` into `to` with every line passed through `rewrite` (a line
/// mapped to `None` is left out).
fn rewrite_runs(from: &Path, to: &Path, rewrite: impl Fn(&str) -> Option<String>) {
    std::fs::create_dir(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let out: String = text
            .lines()
            .filter_map(&rewrite)
            .map(|l| l + "\n")
            .collect();
        std::fs::write(to.join(path.file_name().unwrap()), out).unwrap();
    }
}

/// Bad runs stop the study before anything is written: runs that rank documents for fewer than two
/// labelled topics say which topics each side has, and a file that is not a run names its line.
#[test]
fn runs_are_checked_before_the_study_writes_anything() {
    let (dir, empty) = scratch();
    let runs = dir.path().join("data/runs");
    rewrite_runs(&runs, &dir.path().join("renamed"), |l| {
        Some(l.replacen('T', "X", 1))
    });
    rewrite_runs(&runs, &dir.path().join("one-topic"), |l| {
        l.starts_with("T001 ").then(|| l.to_string())
    });
    for (name, covered, theirs) in [
        ("renamed", "0 of the 16", "the runs' topics: `X001`"),
        ("one-topic", "1 of the 16", "the runs' topics: `T001`)"),
    ] {
        let failed = evia_in(&empty, &study_args(&format!("../{name}"), "out")).run();
        assert_eq!(failed.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&failed.stderr);
        assert!(
            stderr.contains(&format!("rank documents for {covered} topics labelled")),
            "{stderr}"
        );
        assert!(stderr.contains("labelled topics: `T001`"), "{stderr}");
        assert!(stderr.contains(theirs), "{stderr}");
        assert!(!stderr.contains("rebuilt"), "{stderr}");
        assert_eq!(tree(&empty), Vec::<String>::new());
    }
    let bad = dir.path().join("bad");
    copy_dir(&runs, &bad);
    std::fs::write(bad.join("zz-notes.txt"), "not a run\n").unwrap();
    let failed =
        evia_in(&empty, &study_args("../bad", "out")).assert_failure_with(2, "zz-notes.txt:1");
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(!stderr.contains("rebuilt"), "{stderr}");
    assert_eq!(tree(&empty), Vec::<String>::new());
}
