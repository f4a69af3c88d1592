//! End-to-end tests of `reproduce` and `check` through the real binary, and insta snapshots (in the
//! top-level `snapshots/`) of every rendered table and of the claims ledger. How the report places
//! a figure with and without its PDF is tested inside the crate
//! (`src/pipeline/tests/report_figures.rs`).

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::built::{self, PINNED_COMMIT};
use crate::common::{self, TestCommand, require_tool};
use crate::project_manifest::{Manifest, StandIn, extension, stand_ins};
use crate::report_layout;

pub(crate) fn root() -> PathBuf {
    common::project_root()
}

/// The project's manifest.
pub(crate) fn manifest() -> Manifest {
    Manifest::load(&root())
}

/// `reproduce` with the studies at [`common::TEST_STUDIES`].
pub(crate) const REPRODUCE: [&str; 5] = [
    "reproduce",
    common::TEST_STUDIES[0],
    common::TEST_STUDIES[1],
    common::TEST_STUDIES[2],
    common::TEST_STUDIES[3],
];

pub(crate) fn run(root: &Path, args: &[&str]) -> Output {
    TestCommand::new()
        .env("EVIA_REPRO_COMMIT", PINNED_COMMIT)
        .root(root)
        .args(args)
        .run()
}

fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings
}

#[test]
fn reproduce_writes_markdown_latex_and_json_for_every_built_table() {
    let out = built::build_dir();
    let manifest = manifest();
    let built: Vec<_> = manifest.built().collect();
    assert!(!built.is_empty());
    for artefact in built {
        let slug = manifest.slug(artefact);
        for format in ["markdown", "latex", "json"] {
            if artefact.has_output(format) {
                let ext = extension(format);
                let path = out.join(slug).join(format!("{}.{ext}", artefact.id));
                assert!(path.is_file(), "missing {}", path.display());
            }
        }
    }
    let stand_ins = stand_ins(&root());
    every_stand_in_output_carries_its_note(&manifest, &stand_ins, out);
    no_stand_in_output_names_a_real_team(&manifest, &stand_ins, out);
    no_long_table_leaves_a_lone_row(out);
    // Nothing but the output directory is written: no temporary files are left behind.
    for paper in ["unanimity", "lancers"] {
        for entry in fs::read_dir(out.join(paper)).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            assert!(!name.starts_with('.'), "leftover temporary file {name}");
        }
    }
}

/// Every long table of a table's LaTeX (a panel taller than a page) keeps its first two rows
/// together and its last two (`\\*` after the first and the next-to-last row), so no page holds one
/// lone row of it.
fn no_long_table_leaves_a_lone_row(out: &Path) {
    let mut long = 0;
    for paper in ["unanimity", "lancers"] {
        for entry in fs::read_dir(out.join(paper)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            if !name.ends_with(".tex") || name.starts_with("report") || name.starts_with("tables") {
                continue;
            }
            let tex = fs::read_to_string(&path).unwrap();
            for body in tex.split("\\endlastfoot").skip(1) {
                let body = body.split("\\end{longtable}").next().unwrap();
                let rows: Vec<&str> = body
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with("\\multicolumn"))
                    .collect();
                let kept = |i: usize| rows[i].ends_with("\\\\*");
                assert!(
                    rows.len() < 2 || (kept(0) && kept(rows.len() - 2)),
                    "{name}: a long table may leave a lone row on a page:\n{body}"
                );
                long += 1;
            }
        }
    }
    // B.R1's built-in claims, wrapped into many lines, make the one panel taller than a page.
    assert!(long >= 1, "no long table to check");
}

/// The real team names paper A prints (its Table 3's system pairs, `MSRSC-C-R1 vs. Grad1-C-R1`)
/// appear in no file of an artefact built on a stand-in: its run names are placeholders that carry
/// nothing of the real ones.
fn no_stand_in_output_names_a_real_team(
    manifest: &Manifest,
    stand_ins: &BTreeMap<String, Option<StandIn>>,
    out: &Path,
) {
    let text = fs::read_to_string(root().join("paper/published/unanimity.yaml")).unwrap();
    let published: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let cells = published["tables"]
        .as_sequence()
        .unwrap()
        .iter()
        .flat_map(|table| table["cells"].as_sequence().unwrap());
    let mut teams: Vec<String> = cells
        .filter_map(|c| c["meta"]["pair"].as_str())
        .flat_map(|pair| pair.split(" vs. "))
        .filter_map(|run| run.split_once("-C-").map(|(team, _)| team.to_string()))
        .collect();
    teams.sort();
    teams.dedup();
    assert!(teams.len() >= 10, "{teams:?}");
    let mut checked = 0;
    for artefact in &manifest.artefacts {
        if stand_ins[&artefact.id].is_none() {
            continue;
        }
        let slug = manifest.slug(artefact);
        for ext in ["md", "tex", "json", "svg"] {
            let path = out.join(slug).join(format!("{}.{ext}", artefact.id));
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            checked += 1;
            for team in &teams {
                assert!(
                    !text.contains(team.as_str()),
                    "{} names the real team {team}",
                    path.display()
                );
            }
        }
    }
    assert!(checked > 20, "{checked} stand-in files checked");
}

/// Walks every table and figure file of the build directory (`<ID>.md`, `.tex`, `.json`, `.svg`):
/// one of an artefact built on a stand-in (as `list` gives its class, [`stand_ins`]) carries the
/// visible note outside any comment — in the Markdown heading, the LaTeX caption, the JSON's
/// `stand_in` field, a text of the SVG — and one that is not built on a stand-in does not.
fn every_stand_in_output_carries_its_note(
    manifest: &Manifest,
    stand_ins: &BTreeMap<String, Option<StandIn>>,
    out: &Path,
) {
    let mut walked = 0;
    for paper in ["unanimity", "lancers"] {
        for entry in fs::read_dir(out.join(paper)).unwrap() {
            let path = entry.unwrap().path();
            let (Some(stem), Some(ext)) = (
                path.file_stem().and_then(|s| s.to_str()),
                path.extension().and_then(|s| s.to_str()),
            ) else {
                continue;
            };
            let Some(artefact) = manifest.artefacts.iter().find(|a| a.id == stem) else {
                continue;
            };
            if !["md", "tex", "json", "svg"].contains(&ext) {
                continue;
            }
            let text = fs::read_to_string(&path).unwrap();
            let stand_in = stand_ins[&artefact.id];
            let visible = match ext {
                "json" => {
                    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
                    json["stand_in"].as_str().map(str::to_string)
                }
                _ => text
                    .lines()
                    .map(str::trim_start)
                    .filter(|l| !l.starts_with('%') && !l.starts_with("<!--"))
                    .find(|l| l.contains("STAND-IN"))
                    .map(str::to_string),
            };
            match stand_in {
                Some(s) if ext == "json" => {
                    assert_eq!(visible.as_deref(), Some(s.note()), "{}", path.display())
                }
                Some(s) => {
                    assert!(
                        visible.is_some(),
                        "{} lacks its stand-in note",
                        path.display()
                    );
                    assert!(
                        every_continued_head_carries(&text, s.mark()),
                        "{}: a page a long table continues onto lacks the stand-in mark",
                        path.display()
                    );
                }
                None => assert!(visible.is_none(), "{} says STAND-IN", path.display()),
            }
            walked += 1;
        }
    }
    // 14 artefacts, most with .md, .tex and .json, the figures with .svg and .json.
    assert!(walked >= 30, "walked only {walked} files");
}

/// Whether the head LaTeX repeats on every page a long table continues onto (the rows between
/// `\endfirsthead`, or the table's start, and `\endhead`) names `mark`: the caption with the full
/// note is on the first page only.
fn every_continued_head_carries(tex: &str, mark: &str) -> bool {
    let segments: Vec<&str> = tex.split("\\endhead").collect();
    segments[..segments.len() - 1].iter().all(|before| {
        let start = ["\\endfirsthead", "\\begin{longtable}"]
            .iter()
            .filter_map(|m| before.rfind(m))
            .max()
            .unwrap_or(0);
        before[start..].contains(mark)
    })
}

/// Also across thread counts: one thread runs each experiment in its step (the one-thread build);
/// `--force` with two runs the experiments ahead, side by side (the shared build).
#[test]
fn same_seed_gives_byte_identical_outputs() {
    let (a, b) = (built::one_thread_build(), built::build_dir());
    for paper in ["unanimity", "lancers"] {
        let names = |dir: &Path| -> Vec<_> {
            let mut names: Vec<_> = fs::read_dir(dir.join(paper))
                .unwrap()
                .map(|entry| entry.unwrap().file_name())
                .collect();
            names.sort();
            names
        };
        assert_eq!(
            names(a),
            names(b),
            "{paper}: the runs wrote different files"
        );
        for name in names(a) {
            let left = fs::read(a.join(paper).join(&name)).unwrap();
            let right = fs::read(b.join(paper).join(&name)).unwrap();
            assert_eq!(left, right, "{paper}/{name:?} differs between runs");
        }
    }
}

/// Every rendered table is locked by a snapshot; `cargo insta review` accepts an intended change.
#[test]
fn rendered_tables_match_their_snapshots() {
    let manifest = manifest();
    let out = built::build_dir();
    let settings = snapshot_settings();
    settings.bind(|| {
        for artefact in manifest.built() {
            let slug = manifest.slug(artefact);
            for format in &artefact.outputs {
                let ext = extension(format);
                let path = format!("{slug}/{}.{ext}", artefact.id);
                let text =
                    fs::read_to_string(out.join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
                let name = path.replace('/', "__");
                insta::assert_snapshot!(name, text);
            }
        }
    });
}

/// The ledger in Markdown, as `check --format md` prints it (every artefact but the robustness
/// studies rebuilt: no build state).
#[test]
fn ledger_matches_its_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let markdown = common::TestCommand::new()
        .root(root())
        .args(["check", "--format", "md", "--state"])
        .arg(dir.path().join("no-state"))
        .stdout();
    // The first line says that the studies' results were not found and where it looked: in the
    // test's temporary directory, whose random name the snapshot does not keep.
    let looked = dir.path().join("no-state").display().to_string();
    assert!(
        markdown.lines().next().unwrap().contains(&looked),
        "{markdown}"
    );
    let markdown = markdown.replace(&looked, "<state>");
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("check-ledger.md", markdown);
    });
}

/// Every A.T1 cell and every exact B.T1 and B.T2 cell matches.
#[test]
fn exact_tables_match_the_published_values() {
    let ledger = built::ledger();
    let field = |e: &serde_json::Value, key: &str| e[key].as_str().unwrap_or("").to_string();
    let mut matched = 0;
    for e in ledger {
        let exact_table = matches!(field(e, "table").as_str(), "A.T1" | "B.T1" | "B.T2");
        // Statements of the text about these tables (`.stmt.`) are holds/fails entries.
        if exact_table && field(e, "class") == "exact" && !field(e, "cell").contains(".stmt.") {
            // A printed input is echoed back, never a match (rule 1); every other number matches.
            let expected = if e["input"] == true {
                "echoed"
            } else {
                "match"
            };
            assert_eq!(field(e, "verdict"), expected, "{e}");
            matched += 1;
        }
    }
    let a_t1 = ledger
        .iter()
        .filter(|e| field(e, "table") == "A.T1")
        .count();
    assert!(a_t1 > 0 && matched > a_t1, "matched {matched}");
    assert!(
        !ledger
            .iter()
            .any(|e| field(e, "class") == "exact" && field(e, "verdict") == "mismatch")
    );
}

#[test]
fn check_exits_zero_and_lists_pending_cells_with_their_class() {
    // `built::ledger` asserts that `check --format json` exits with 0.
    let entries = built::ledger();
    // Every entry has the ledger's fields and the account's term, words and findings; some have
    // the optional ones (an input echoed, the numbers a claim reads, its proxies, …).
    let fields = [
        "paper", "table", "cell", "kind", "printed", "class", "basis", "rebuilt", "stand_in",
        "verdict", "detail", "built_in", "holding", "term", "words", "findings",
    ];
    let optional = [
        "input",
        "rests_on",
        "on_rejected",
        "proxies",
        "observation",
        "not_applicable",
        "across",
    ];
    for e in entries {
        let keys: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
        assert!(fields.iter().all(|f| keys.contains(f)), "{e}");
        assert!(
            keys.iter()
                .all(|k| fields.contains(k) || optional.contains(k)),
            "{e}"
        );
    }
    assert!(
        entries
            .iter()
            .any(|e| e["verdict"] == "fitted" && e["basis"] == "stand-in")
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
    // Against the shared build's state: only what reads the changed ratings is rebuilt.
    let output = built::check()
        .root(project.path())
        .args(["--format", "md"])
        .run();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("| A | A.T1 | Item 4, RawG_i | 5 | exact | 6 | — | differs |"),
        "{stdout}"
    );
}

/// The generated LaTeX — each paper's tables document and its literate report, and `study`'s on
/// the shipped example — compiles, and
/// typesets: no line or table is more than [`OVERFULL_TOLERANCE_PT`] wider than the page allows
/// (pdflatex's `Overfull \hbox (… too wide)` in the log). Needs `pdflatex` (`.ci/run` installs it
/// from Debian's texlive-latex-recommended): without it the test fails under CI and says so and
/// checks nothing else elsewhere ([`require_tool`]).
#[test]
fn generated_latex_compiles_with_pdflatex() {
    let Some(pdflatex) = require_tool("pdflatex") else {
        return;
    };
    // A copy of the shared build, brought up to date with the `PATH`'s `rsvg-convert`: the figures
    // are converted to PDF and the documents that include them rendered again.
    let (_dir, out) = built::copy_of_build();
    TestCommand::new()
        .env("EVIA_REPRO_COMMIT", PINNED_COMMIT)
        .root(root())
        .args(REPRODUCE)
        .arg("--out")
        .arg(&out)
        .assert_success();
    // The pages as a reader sees them: words per page from `pdftotext` (Debian's poppler-utils).
    let pdftotext = require_tool("pdftotext");
    let mut figures = 0;
    for (paper, budget) in REPORT_PAGE_BUDGETS {
        let dir = out.join(paper);
        for document in ["tables", "report"] {
            compile_latex(&pdflatex, &dir, document);
            figures += report_layout::assert_figure_text_legible(&dir, document);
            if let Some(pdftotext) = &pdftotext {
                report_layout::assert_no_near_empty_page(pdftotext, &dir, document);
            }
        }
        let pages = pages_written(&dir, "report");
        assert!(
            pages <= budget,
            "{paper}'s report runs to {pages} pages, over its budget of {budget}: move appendix material to tables.tex or the page"
        );
    }
    // `evia-repro study` on the shipped example renders through the same frame without
    // published values (a copy, since pdflatex writes beside its input).
    let study = out.join("study-out");
    common::copy_dir(built::study_dir(), &study);
    for document in ["tables", "report"] {
        compile_latex(&pdflatex, &study.join("study"), document);
        figures += report_layout::assert_figure_text_legible(&study.join("study"), document);
    }
    // Each paper's report prints its figures: robustness and knob-space studies, and B.F1/B.F2.
    assert!(figures >= 6, "the reports printed only {figures} figures");
}

/// The most pages each paper's literate report may run to: a reviewer reads it whole.
const REPORT_PAGE_BUDGETS: [(&str, usize); 2] = [("unanimity", 16), ("lancers", 22)];

/// The pages pdflatex wrote for `<dir>/<name>.tex`, from its log's `Output written on <name>.pdf
/// (N pages, …)`.
fn pages_written(dir: &Path, name: &str) -> usize {
    let log =
        String::from_utf8_lossy(&fs::read(dir.join(format!("{name}.log"))).unwrap()).into_owned();
    let line = log
        .lines()
        .find(|l| l.starts_with("Output written on"))
        .unwrap_or_else(|| panic!("{}/{name}.log names no output", dir.display()));
    line.split('(')
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unreadable page count: {line}"))
}

/// How far (in points) a box may stick out before the compile test fails: about one character.
const OVERFULL_TOLERANCE_PT: f64 = 5.0;

/// The overfull boxes wider than [`OVERFULL_TOLERANCE_PT`] in a pdflatex log, each with the log line
/// that reports it (`Overfull \hbox (257.59pt too wide) in paragraph at lines 31--52`).
fn overfull_boxes(log: &str) -> Vec<String> {
    log.lines()
        .filter(|line| line.starts_with("Overfull \\hbox ("))
        .filter(|line| {
            let amount = line["Overfull \\hbox (".len()..]
                .split("pt")
                .next()
                .unwrap_or("");
            let points: f64 = amount
                .parse()
                .unwrap_or_else(|_| panic!("unreadable overfull box: {line}"));
            points > OVERFULL_TOLERANCE_PT
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn overfull_boxes_are_read_from_a_pdflatex_log() {
    let log = "Overfull \\hbox (4.9pt too wide) in paragraph at lines 1--2\n\
               Overfull \\hbox (257.58998pt too wide) in paragraph at lines 31--52\n\
               Underfull \\hbox (badness 10000) in paragraph at lines 3--4\n";
    assert_eq!(
        overfull_boxes(log),
        ["Overfull \\hbox (257.58998pt too wide) in paragraph at lines 31--52"]
    );
}

/// Compiles `<dir>/<name>.tex` twice, as a reader does, checks that the PDF exists, that the
/// second run settles (no long table's widths still changing: "Rerun LaTeX"), and that the log
/// reports no overfull box wider than [`OVERFULL_TOLERANCE_PT`].
fn compile_latex(pdflatex: &Path, dir: &Path, name: &str) {
    common::pdflatex(pdflatex, dir, name);
    common::pdflatex(pdflatex, dir, name);
    assert!(dir.join(format!("{name}.pdf")).is_file());
    // pdflatex writes the log in the input's encoding; a lossy read keeps every ASCII log line.
    let log =
        String::from_utf8_lossy(&fs::read(dir.join(format!("{name}.log"))).unwrap()).into_owned();
    assert!(
        !log.contains("Table widths have changed") && !log.contains("Rerun LaTeX"),
        "{}/{name}.tex does not settle in two pdflatex runs",
        dir.display()
    );
    // A float taller than the page runs off its bottom edge: its last rows are lost.
    assert!(
        !log.contains("Float too large"),
        "{}/{name}.tex: a table float is taller than the page",
        dir.display()
    );
    let overfull = overfull_boxes(&log);
    assert!(
        overfull.is_empty(),
        "{}/{name}.tex: {} overfull box(es) wider than {OVERFULL_TOLERANCE_PT} pt:\n{}",
        dir.display(),
        overfull.len(),
        overfull.join("\n")
    );
}

/// Both literate reports and the index are locked by snapshots (commit pinned, no SVG converter).
#[test]
fn reports_and_index_match_their_snapshots() {
    let out = built::build_dir();
    snapshot_settings().bind(|| {
        for file in [
            "unanimity/report.md",
            "unanimity/report.tex",
            "lancers/report.md",
            "lancers/report.tex",
            "index.md",
        ] {
            let text = fs::read_to_string(out.join(file)).unwrap();
            insta::assert_snapshot!(format!("report__{}", file.replace('/', "__")), text);
        }
    });
}

/// A note of "How it was rebuilt" is said once per report: a later artefact
/// built on the same stand-in, conditions or test names the earlier block instead (paper B's
/// stand-in note stood under eight artefacts), while each artefact's own Markdown file keeps every
/// note of its table.
#[test]
fn report_notes_are_said_once_and_artefact_files_keep_theirs() {
    let out = built::build_dir();
    for slug in ["unanimity", "lancers"] {
        let report = fs::read_to_string(out.join(slug).join("report.md")).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        let mut in_notes = false;
        for line in report.lines() {
            if line == "How it was rebuilt:" {
                in_notes = true;
            } else if in_notes && line.starts_with("- ") && !line.contains("noted above under") {
                assert!(seen.insert(line), "{slug}: note repeated: {line}");
            } else if !line.is_empty() {
                in_notes = false;
            }
        }
    }
    let report = fs::read_to_string(out.join("lancers/report.md")).unwrap();
    assert!(
        report.contains("- Also as noted above under B.T3 (2 notes)."),
        "{report}"
    );
    let b_t3 = fs::read_to_string(out.join("lancers/B.T3.md")).unwrap();
    let b_t4 = fs::read_to_string(out.join("lancers/B.T4.md")).unwrap();
    let stand_in = b_t3
        .lines()
        .find(|l| l.starts_with("- Stand-in collection"))
        .unwrap();
    assert!(b_t4.lines().any(|l| l == stand_in), "{b_t4}");
}

/// Every artefact of a paper appears in its report, in manifest order, built or pending.
#[test]
fn reports_cover_every_artefact_in_manifest_order() {
    let out = built::build_dir();
    let manifest = manifest();
    for paper in &manifest.papers {
        let text = fs::read_to_string(out.join(&paper.slug).join("report.md")).unwrap();
        let mut last = 0;
        for artefact in manifest.artefacts.iter().filter(|a| a.paper == paper.id) {
            let heading = format!("### {}: ", artefact.id);
            let at = text
                .find(&heading)
                .unwrap_or_else(|| panic!("{} missing", artefact.id));
            assert!(at >= last, "{} out of manifest order", artefact.id);
            last = at;
            if let Some(reason) = &artefact.pending_reason {
                assert!(
                    text[at..].contains(reason.as_str()),
                    "{}: no pending reason",
                    artefact.id
                );
            }
        }
    }
}
