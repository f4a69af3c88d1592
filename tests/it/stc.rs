//! Paper A on STC (A.T2, A.T3) through the binary: determinism across thread counts, real-data mode
//! on a small collection in the documented layout (`tests/fixtures/stc-collection/`), positioned
//! errors for bad input, hostile run names. The claims on the stand-in in the ledger, A.T3's rows,
//! the grid extension (rows supplied at run time, bold p-values) and the collection as read:
//! `src/pipeline/tests/stc.rs`.

#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::built;
use crate::common::{self, TestCommand, require_tool};

fn root() -> PathBuf {
    common::project_root()
}

fn run(args: &[&str]) -> Output {
    TestCommand::new().root(root()).args(args).run()
}

fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().into_string().unwrap(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// Acceptance: A.T2 and A.T3 are byte-identical for `--threads 1` and `--threads 2` (the
/// randomised HSD splits its trials into seeded blocks; ARCHITECTURE.md, "Invariants"): paper A's
/// files of the one-thread build and of the shared two-thread build.
#[test]
fn a_t2_and_a_t3_are_byte_identical_for_one_and_two_threads() {
    let one = files_of(&built::one_thread_build().join("unanimity"));
    let two = files_of(&built::build_dir().join("unanimity"));
    let names: Vec<&str> = one.iter().map(|(n, _)| n.as_str()).collect();
    for expected in [
        "A.T2.md",
        "A.T2.tex",
        "A.T2.json",
        "A.T3.md",
        "A.T3.tex",
        "A.T3.json",
    ] {
        assert!(names.contains(&expected), "{names:?}");
    }
    assert_eq!(one, two);
}

/// The run files of the small STC collection (`tests/fixtures/stc-collection/runs/`): 6 runs of 3
/// teams; runs 0, 2 and 4 are TREC files, the others NTCIR res.
const FIXTURE_RUNS: [&str; 6] = [
    "alpha-C-R1",
    "alpha-C-R2",
    "beta-team-C-R1",
    "beta-team-C-R2",
    "gamma-C-R1.txt",
    "gamma-C-R3",
];

/// The small STC collection in the layout `docs/stand-ins.md` documents, copied into `dir`:
/// `qrels.txt` (`topic doc Lx`, 8 topics of 12 documents) and `runs/<run name>` (TREC or NTCIR res;
/// each run ranks the pool in a rotated order, and two of the three TREC runs list an unjudged document
/// below the top 10).
fn write_fixture(dir: &Path) {
    write_fixture_with_names(dir, FIXTURE_RUNS);
}

/// [`write_fixture`] with the six runs named `run_names` (their files, and the run tags of the TREC
/// files).
fn write_fixture_with_names(dir: &Path, run_names: [&str; 6]) {
    let fixture = root().join("tests/fixtures/stc-collection");
    fs::copy(fixture.join("qrels.txt"), dir.join("qrels.txt")).unwrap();
    fs::create_dir(dir.join("runs")).unwrap();
    for (file, name) in FIXTURE_RUNS.iter().zip(run_names) {
        let text = fs::read_to_string(fixture.join("runs").join(file)).unwrap();
        fs::write(dir.join("runs").join(name), text.replace(file, name)).unwrap();
    }
}

/// `reproduce --only <only> --data <data>` through the real binary into a new temporary directory:
/// the directory and the process's output.
fn reproduce_data(only: &str, data: &Path) -> (tempfile::TempDir, std::process::Output) {
    let out = tempfile::tempdir().unwrap();
    let output = run(&[
        "reproduce",
        "--only",
        only,
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    (out, output)
}

/// `reproduce --only A.T2,A.T3 --data <data>`, which must succeed.
fn reproduce_real_data(data: &Path) -> tempfile::TempDir {
    let (out, output) = reproduce_data("A.T2,A.T3", data);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// Real-data mode through the real binary on the small collection: both tables are written, from
/// the real collection, its runs named after their files. (The collection as read, runs and teams,
/// and both tables as real data: `src/pipeline/tests/stc.rs`.)
#[test]
fn real_data_mode_reads_qrels_and_runs_through_the_binary() {
    let data = tempfile::tempdir().unwrap();
    write_fixture(data.path());
    let out = reproduce_real_data(data.path());
    let md = fs::read_to_string(out.path().join("unanimity/A.T2.md")).unwrap();
    assert!(md.contains("Real collection from"), "{md}");
    assert!(
        md.contains("8 topics, 96 judged items, 6 runs of 3 teams"),
        "{md}"
    );
    let t3 = fs::read_to_string(out.path().join("unanimity/A.T3.md")).unwrap();
    assert!(t3.contains("alpha-C-R1"), "{t3}");
}

/// The error `reproduce --only A.T2 --data <data>` stops with (its standard error); it must fail.
fn error_of(data: &Path) -> String {
    let (_out, output) = reproduce_data("A.T2", data);
    assert_eq!(output.status.code(), Some(2));
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Missing or malformed inputs give errors naming the file and line.
#[test]
fn bad_real_data_gives_positioned_errors() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path();
    // No qrels at all: the binary fails and names the file.
    let out = tempfile::tempdir().unwrap();
    let output = run(&[
        "reproduce",
        "--only",
        "A.T2",
        "--data",
        dir.to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("qrels.txt") && stderr.contains("cannot read"),
        "{stderr}"
    );

    write_fixture(dir);
    let qrels = dir.join("qrels.txt");
    let good = fs::read_to_string(&qrels).unwrap();

    fs::write(&qrels, good.replacen("T00-d00 L2", "T00-d00 L3", 1)).unwrap();
    let e = error_of(dir);
    assert!(
        e.contains("qrels.txt:1:") && e.contains("L0, L1 or L2"),
        "{e}"
    );

    fs::write(&qrels, good.replacen("T00-d01 L1", "T00-d01 high", 1)).unwrap();
    let e = error_of(dir);
    assert!(e.contains("qrels.txt:2"), "{e}");

    fs::write(&qrels, format!("{good}T00 T00-d03 L1\n")).unwrap();
    let e = error_of(dir);
    assert!(
        e.contains("qrels.txt:97:") && e.contains("first judged on line 4"),
        "{e}"
    );
    fs::write(&qrels, &good).unwrap();

    let run_file = dir.join("runs/alpha-C-R2");
    let text = fs::read_to_string(&run_file).unwrap();
    fs::write(&run_file, text.replacen("T00 T00-d", "T00 Q0 T00-d", 1)).unwrap();
    let e = error_of(dir);
    assert!(
        e.contains("alpha-C-R2:1:") && e.contains("NTCIR res"),
        "{e}"
    );
    let first_doc = text.lines().next().unwrap().to_string();
    fs::write(&run_file, format!("{first_doc}\n{text}")).unwrap();
    let e = error_of(dir);
    assert!(
        e.contains("alpha-C-R2:2:") && e.contains("listed again (first on line 1)"),
        "{e}"
    );
    fs::write(&run_file, &text).unwrap();

    fs::write(dir.join("runs/noteam"), "T00 T00-d00\n").unwrap();
    let e = error_of(dir);
    assert!(e.contains("noteam") && e.contains("has no `-`"), "{e}");
    fs::remove_file(dir.join("runs/noteam")).unwrap();

    fs::write(dir.join("runs/gamma-C-R1"), "T00 T00-d00\n").unwrap();
    let e = error_of(dir);
    assert!(e.contains("must be unique"), "{e}");
    fs::remove_file(dir.join("runs/gamma-C-R1")).unwrap();

    fs::remove_dir_all(dir.join("runs")).unwrap();
    let e = error_of(dir);
    assert!(
        e.contains("runs") && e.contains("cannot read the runs directory"),
        "{e}"
    );
    fs::create_dir(dir.join("runs")).unwrap();
    let e = error_of(dir);
    assert!(e.contains("no run files"), "{e}");
}

/// Run names are data, never markup: run files named with CJK, emoji, LaTeX's
/// special characters, Markdown's and HTML's go through real-data mode; the tables show them
/// escaped (code points in LaTeX for what the fonts cannot show), and when pdflatex is installed the
/// paper's `tables.tex` and `report.tex` compile with them. (A run file name with an invisible
/// character is refused by the id check: `inputs_misread::every_reader_refuses_look_alike_ids`.)
#[test]
fn hostile_run_names_are_escaped_and_the_latex_compiles() {
    let cjk = "東京-C";
    let markup = r"\input{x}%&$#_^~*`[a](b)-C";
    let emoji = "😀zw<b>|-C";
    let data = tempfile::tempdir().unwrap();
    write_fixture_with_names(
        data.path(),
        [
            &format!("{cjk}-R1"),
            &format!("{cjk}-R2"),
            &format!("{markup}-R1"),
            &format!("{markup}-R2"),
            &format!("{emoji}-R1.txt"),
            &format!("{emoji}-R3"),
        ],
    );
    let out = reproduce_real_data(data.path());
    let dir = out.path().join("unanimity");
    let tex = fs::read_to_string(dir.join("A.T3.tex")).unwrap();
    // The names reach the table (as code points where the font has no glyph) ...
    assert!(tex.contains("U+6771U+4EAC-C-R"), "{tex}");
    assert!(tex.contains("U+1F600zw"), "{tex}");
    assert!(
        tex.contains(r"\textbackslash{}input\{x\}\%\&\$\#\_\textasciicircum{}\textasciitilde{}"),
        "{tex}"
    );
    // ... and never as markup or raw characters.
    for raw in [r"\input{x}", "東京", "😀", "<b>"] {
        assert!(!tex.contains(raw), "{raw:?} unescaped in A.T3.tex:\n{tex}");
    }
    // Markdown: markup characters backslash-escaped, in the table rows and in the notes that name
    // the runs.
    let md = fs::read_to_string(dir.join("A.T3.md")).unwrap();
    assert!(md.contains("東京-C-R"), "{md}");
    assert!(!md.contains("U+1F600"), "{md}");
    assert!(md.contains("😀zw\\<b>\\|-C-R1"), "{md}");
    assert!(md.contains("\\~\\*\\`\\[a\\](b)-C-R1"), "{md}");
    for raw in ["<b>", "[a]", "](b)", "|-C", "`"] {
        let unescaped = md
            .match_indices(raw)
            .any(|(at, _)| !md[..at].ends_with('\\'));
        assert!(!unescaped, "{raw:?} unescaped in A.T3.md:\n{md}");
    }
    let Some(pdflatex) = require_tool("pdflatex") else {
        return;
    };
    for document in ["tables", "report"] {
        common::pdflatex(&pdflatex, &dir, document);
    }
}
