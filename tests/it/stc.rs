//! Paper A on STC (A.T2, A.T3): determinism across thread counts, real-data mode through the binary on
//! a synthetic collection in the documented layout, positioned errors for bad input, and the grid
//! extension (rows supplied at run time, bold p-values). The claims on the stand-in in the ledger:
//! `src/pipeline/tests/stc.rs`.

#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use evia_repro::manifest::Manifest;
use evia_repro::papers::unanimity::params::StcSignificanceParams;
use evia_repro::papers::unanimity::stc_files::read_stc_collection;
use evia_repro::papers::{self, Context};
use evia_repro::pipeline::reproduce::manifest_path;
use evia_repro::published::{PUBLISHED_FILES, load};
use evia_repro::render::grid::{Target, layout};
use evia_repro::results::ResultTable;

use crate::built;
use crate::common::{self, TestCommand, require_tool};

fn root() -> PathBuf {
    common::project_root()
}

fn manifest() -> Manifest {
    evia_repro::papers::load_manifest(&manifest_path(&root())).unwrap()
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

/// A.T3's rows are the discrepancies: exactly one of the two p-values is below alpha, and it is bold.
#[test]
fn a_t3_rows_are_discrepancies_with_one_bold_p_value() {
    let manifest = manifest();
    let artefact = manifest.artefact("A.T3").unwrap();
    let table = papers::run(artefact, &Context::new(root(), manifest.seed)).unwrap();
    let params = (artefact.parameters.get::<StcSignificanceParams>())
        .expect("A.T3 is unanimity.significance_discrepancies");
    let alpha = params.alpha;
    let mut rows = 0;
    for panel in ["nG@1", "P+", "nERR"] {
        for row in table.rows_of(panel) {
            rows += 1;
            let p = |c: &str| table.get(panel, &row.id, c, "p").unwrap();
            assert!((p("rawg") < alpha) != (p("ug") < alpha), "{row:?}");
            for c in ["rawg", "ug"] {
                assert_eq!(table.is_bold(panel, &row.id, c, "p"), p(c) < alpha);
                let se = table.get(panel, &row.id, c, "p_se").unwrap();
                // Monte Carlo SE of a randomised p-value with B trials (tests/fixtures/statistics.md §3).
                assert!((se - (p(c) * (1.0 - p(c)) / 5000.0).sqrt()).abs() < 1e-15);
            }
            assert!(row.label.starts_with("Dmax = "), "{row:?}");
        }
    }
    assert!(rows > 0, "the stand-in has no discrepancy at all");
    assert!(!table.real_data);
}

/// Layout extension: a panel with `rows: []` shows the rows the table supplies, in order, and bold
/// cells are bold in Markdown and LaTeX.
#[test]
fn grid_shows_rows_supplied_at_run_time_and_bold_cells() {
    let manifest = manifest();
    let artefact = manifest.artefact("A.T3").unwrap();
    let mut table = ResultTable::new("A.T3");
    table.add_row("P+", "r-b", "Second & last");
    table.add_row("P+", "r-a", "First_row *x*");
    table.set("P+", "r-a", "rawg", "p", 0.034);
    table.mark_bold("P+", "r-a", "rawg", "p");
    table.set("P+", "r-a", "ug", "p", 0.051);
    let md = layout(artefact, &table, Target::Markdown).unwrap();
    // P+ is the one panel with rows, so the one panel shown, lettered (a).
    let panel = md.panels.iter().find(|p| p.label == "(a) P+").unwrap();
    let labels: Vec<&str> = panel.rows.iter().map(|r| r.label.as_str()).collect();
    // Rows supplied at run time carry names from the data: markup characters are escaped.
    assert_eq!(labels, ["Second \\& last", "First_row \\*x\\*"]);
    assert_eq!(panel.rows[1].cells[0], "**.034**");
    assert_eq!(panel.rows[1].cells[3], ".051");
    assert_eq!(panel.rows[0].cells[0], "pending");
    let tex = layout(artefact, &table, Target::Latex).unwrap();
    let panel = tex.panels.iter().find(|p| p.label == "(a) P+").unwrap();
    assert_eq!(panel.rows[0].label, "Second \\& last");
    assert_eq!(panel.rows[1].label, "First\\_row *x*");
    assert_eq!(panel.rows[1].cells[0], "\\textbf{.034}");
    // Panels without supplied rows are omitted, not printed as a bare header.
    assert!(md.panels.iter().all(|p| !p.label.ends_with(" nG@1")));
}

/// A small synthetic STC collection in the layout `docs/stand-ins.md` documents: `qrels.txt` (`topic doc Lx`)
/// and `runs/<run name>` (TREC or NTCIR res), 8 topics, 6 runs of 3 teams.
fn write_fixture(dir: &Path) {
    write_fixture_with_names(
        dir,
        [
            "alpha-C-R1",
            "alpha-C-R2",
            "beta-team-C-R1",
            "beta-team-C-R2",
            "gamma-C-R1.txt",
            "gamma-C-R3",
        ],
    );
}

/// [`write_fixture`] with the six run names (file names) given; runs 0, 2 and 4 are TREC files.
fn write_fixture_with_names(dir: &Path, run_names: [&str; 6]) {
    let topics = 8;
    let docs = 12;
    let mut qrels = String::new();
    for t in 0..topics {
        for d in 0..docs {
            // Levels depend on (topic, doc) so that every topic has L1 and L2 items.
            let level = match (d + t) % 4 {
                0 => 2,
                1 | 2 => 1,
                _ => 0,
            };
            writeln!(qrels, "T{t:02} T{t:02}-d{d:02} L{level}").unwrap();
        }
    }
    fs::write(dir.join("qrels.txt"), qrels).unwrap();
    let runs = dir.join("runs");
    fs::create_dir(&runs).unwrap();
    // Each run ranks the pool in a rotated order; a larger shift puts the relevant items lower.
    let names = [
        (run_names[0], 0, true),
        (run_names[1], 1, false),
        (run_names[2], 2, true),
        (run_names[3], 3, false),
        (run_names[4], 5, true),
        (run_names[5], 7, false),
    ];
    for (name, shift, trec) in names {
        let mut text = String::new();
        for t in 0..topics {
            for rank in 0..10 {
                let d = (rank * 5 + shift + t * 3) % docs;
                if trec {
                    let score = 100 - rank;
                    writeln!(
                        text,
                        "T{t:02} Q0 T{t:02}-d{d:02} {} {score} {name}",
                        rank + 1
                    )
                    .unwrap();
                } else {
                    writeln!(text, "T{t:02} T{t:02}-d{d:02}").unwrap();
                }
            }
            // One unjudged document per list, below the top 10 in half of the runs.
            if shift % 2 == 0 && trec {
                writeln!(text, "T{t:02} Q0 unjudged-{t} 11 1 {name}").unwrap();
            }
        }
        fs::write(runs.join(name), text).unwrap();
    }
}

/// `reproduce --only A.T2,A.T3 --data <data>` through the real binary into a new temporary
/// directory, which must succeed.
fn reproduce_real_data(data: &Path) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let output = run(&[
        "reproduce",
        "--only",
        "A.T2,A.T3",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// Real-data mode through the real binary on the fixture: both tables are written, and the library
/// marks them `real_data` with the teams taken from the run names.
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

    let collection = read_stc_collection(data.path(), 10).unwrap().collection;
    let runs: Vec<(&str, &str)> = collection
        .runs
        .iter()
        .map(|r| (r.name.as_str(), r.team.as_str()))
        .collect();
    assert_eq!(
        runs,
        [
            ("alpha-C-R1", "alpha-C"),
            ("alpha-C-R2", "alpha-C"),
            ("beta-team-C-R1", "beta-team-C"),
            ("beta-team-C-R2", "beta-team-C"),
            ("gamma-C-R1", "gamma-C"),
            ("gamma-C-R3", "gamma-C"),
        ]
    );
    // Only the top 10 are kept: the unjudged 11th document never enters a list.
    assert!(
        collection
            .runs
            .iter()
            .all(|r| r.lists.iter().all(|l| l.len() == 10))
    );

    let manifest = manifest();
    let context = Context {
        data_dir: Some(data.path().to_path_buf()),
        ..Context::new(root(), manifest.seed)
    };
    let published = load(&root().join(PUBLISHED_FILES[0])).unwrap();
    for id in ["A.T2", "A.T3"] {
        let artefact = manifest.artefact(id).unwrap();
        let table = papers::run(artefact, &context).unwrap();
        assert!(table.real_data, "{id}");
        // The claims about Tables 2 and 3 compare with the print, in the ledger stage.
        assert!(
            !(papers::experiment(artefact.experiment).compare)(artefact, &table, &published)
                .is_empty(),
            "{id}"
        );
    }
    let t2 = papers::run(manifest.artefact("A.T2").unwrap(), &context).unwrap();
    assert_eq!(t2.cells.len(), 3 * 15 * 3);
}

fn error_of(data: &Path) -> String {
    read_stc_collection(data, 10).unwrap_err().to_string()
}

/// Missing or malformed inputs give errors naming the file and line, also through the binary.
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

    assert!(read_stc_collection(dir, 10).is_err());
}

/// Run names are data, never markup: run files named with CJK, emoji, LaTeX's
/// special characters, Markdown's and HTML's, and invisible characters go through real-data mode;
/// the tables show them escaped (code points in LaTeX for what the fonts cannot show), and when
/// pdflatex is installed the paper's `tables.tex` and `report.tex` compile with them.
#[test]
fn hostile_run_names_are_escaped_and_the_latex_compiles() {
    let cjk = "東京-C";
    let markup = r"\input{x}%&$#_^~*`[a](b)-C";
    let invisible = "😀zw\u{200b}rtl\u{202e}<b>|-C";
    let data = tempfile::tempdir().unwrap();
    write_fixture_with_names(
        data.path(),
        [
            &format!("{cjk}-R1"),
            &format!("{cjk}-R2"),
            &format!("{markup}-R1"),
            &format!("{markup}-R2"),
            &format!("{invisible}-R1.txt"),
            &format!("{invisible}-R3"),
        ],
    );
    let out = reproduce_real_data(data.path());
    let dir = out.path().join("unanimity");
    let tex = fs::read_to_string(dir.join("A.T3.tex")).unwrap();
    // The names reach the table (as code points where the font has no glyph) ...
    assert!(tex.contains("U+6771U+4EAC-C-R"), "{tex}");
    assert!(tex.contains("U+1F600zwU+200BrtlU+202E"), "{tex}");
    assert!(
        tex.contains(r"\textbackslash{}input\{x\}\%\&\$\#\_\textasciicircum{}\textasciitilde{}"),
        "{tex}"
    );
    // ... and never as markup or raw characters.
    for raw in [r"\input{x}", "東京", "😀", "\u{202e}", "<b>"] {
        assert!(!tex.contains(raw), "{raw:?} unescaped in A.T3.tex:\n{tex}");
    }
    // Markdown: markup characters backslash-escaped, invisible characters as code points, in the
    // table rows and in the notes that name the runs.
    let md = fs::read_to_string(dir.join("A.T3.md")).unwrap();
    assert!(md.contains("東京-C-R"), "{md}");
    assert!(!md.contains("U+1F600"), "{md}");
    assert!(md.contains("😀zwU+200BrtlU+202E\\<b>\\|-C-R1"), "{md}");
    assert!(md.contains("\\~\\*\\`\\[a\\](b)-C-R1"), "{md}");
    for raw in ["<b>", "[a]", "](b)", "|-C", "`", "\u{200b}", "\u{202e}"] {
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
