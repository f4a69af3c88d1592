//! One set of hostile names and paths through every user command (`eval`, `hsd`, `agree`, `qrels`,
//! `study`, and `reproduce`/`check` with such an `--out`) and every output format, each output
//! checked by what reads it: SVG parses as XML (roxmltree), Markdown renders with no live HTML from
//! a name or path (pulldown-cmark) and no table row off its columns, LaTeX compiles with pdflatex
//! without reading a file a name asked for, and the terminal gets no control character but line
//! ends and tabs.
//!
//! The names hold what is markup somewhere: `<script>`, `-->`, `--`, `|`, `\input{…}`, `%`, `&`,
//! `_`, `$`, `#`, braces and backticks; the directory every input and output lives in holds them
//! too, with newlines, an escape sequence and a right-to-left override.

use std::path::{Path, PathBuf};
use std::process::Output;

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use crate::common::{TEST_STUDIES, TestCommand, project_root, require_tool};

/// Assessor names (header tokens: no white space).
const ASSESSORS: [&str; 4] = [
    "<script>alert(1)</script>",
    "a|b",
    "\\input{/etc/passwd}",
    "p%&_$#{x}`t`",
];

/// Run names (file names: no `/`).
const RUNS: [&str; 6] = [
    "run---2017",
    "c-->d<b>",
    "x|y\\input{z}",
    "%&_$#{}`",
    "r05",
    "r06",
];

/// The directory every input and output lives in: a newline before a live-looking `\input`, an
/// HTML comment's end, XML's forbidden `--`, markup, LaTeX's specials, a terminal escape sequence
/// and a right-to-left override.
const HOSTILE_DIR: &str =
    "evil\n\\input{/etc/passwd}\n-->x--y<script>|%&_$#{b}`t`\u{1b}[31m\u{202e}run---2017";

/// What must never appear live in rendered Markdown or HTML.
const LIVE_MARKERS: [&str; 4] = ["<script", "<b>", "</script", "passwd"];

/// A temporary directory holding [`HOSTILE_DIR`] with the shipped study example in it: its
/// labels with the assessors renamed ([`ASSESSORS`]) and its runs under hostile names ([`RUNS`]).
fn hostile_collection() -> (tempfile::TempDir, PathBuf) {
    let base = tempfile::tempdir().unwrap();
    let dir = base.path().join(HOSTILE_DIR);
    let example = project_root().join("data/study-example");
    std::fs::create_dir_all(dir.join("runs")).unwrap();
    let labels = std::fs::read_to_string(example.join("labels.tsv")).unwrap();
    let mut lines: Vec<String> = labels.lines().map(str::to_string).collect();
    let mut header: Vec<&str> = lines[0].split('\t').take(2).collect();
    header.extend(ASSESSORS);
    lines[0] = header.join("\t");
    std::fs::write(dir.join("labels.tsv"), lines.join("\n") + "\n").unwrap();
    for (i, name) in RUNS.iter().enumerate() {
        let from = example.join(format!("runs/run{:02}", i + 1));
        std::fs::copy(from, dir.join("runs").join(name)).unwrap();
    }
    (base, dir)
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Terminal text, JSON included, holds no control character but line ends and tabs, no
/// bidirectional control and no zero-width character (JSON writes them as `\uXXXX` escapes).
fn assert_terminal_safe(what: &str, text: &str) {
    let bad = text.chars().find(|&c| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
    });
    assert!(bad.is_none(), "{what}: {bad:?} printed:\n{text}");
}

fn assert_streams_safe(what: &str, output: &Output) {
    assert_terminal_safe(
        &format!("{what} (stdout)"),
        &String::from_utf8_lossy(&output.stdout),
    );
    assert_terminal_safe(
        &format!("{what} (stderr)"),
        &String::from_utf8_lossy(&output.stderr),
    );
}

/// `text` with every well-formed comment `<!-- … -->` taken out; each comment holds no `--`
/// (XML's rule, which also keeps an HTML comment from ending early).
fn without_comments(what: &str, text: &str) -> String {
    let mut rest = text;
    let mut kept = String::new();
    while let Some(start) = rest.find("<!--") {
        kept.push_str(&rest[..start]);
        let body = &rest[start + 4..];
        let end = body
            .find("-->")
            .unwrap_or_else(|| panic!("{what}: unclosed comment"));
        assert!(
            !body[..end].contains("--"),
            "{what}: `--` inside a comment:\n{}",
            &body[..end]
        );
        rest = &body[end + 3..];
    }
    kept.push_str(rest);
    kept
}

/// Markdown renders with no live HTML from a name or path (the only HTML is well-formed comments
/// and the templates' own markup), and every table row has its header's number of cells.
fn assert_markdown_inert(what: &str, markdown: &str) {
    let mut html = String::new();
    let mut header_cells = 0;
    let mut cells = 0;
    let options = pulldown_cmark::Options::ENABLE_TABLES;
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Html(h) | Event::InlineHtml(h) => html.push_str(&h),
            Event::Start(Tag::TableHead | Tag::TableRow) => cells = 0,
            Event::Start(Tag::TableCell) => cells += 1,
            Event::End(TagEnd::TableHead) => header_cells = cells,
            Event::End(TagEnd::TableRow) => assert_eq!(
                cells, header_cells,
                "{what}: a table row has {cells} cells under {header_cells} headings"
            ),
            _ => {}
        }
    }
    let live = without_comments(what, &html);
    for marker in LIVE_MARKERS {
        assert!(
            !live.contains(marker),
            "{what}: live HTML `{marker}`:\n{live}"
        );
    }
}

/// SVG parses as XML.
fn assert_svg_parses(what: &str, svg: &str) {
    if let Err(e) = roxmltree::Document::parse(svg) {
        panic!("{what}: not XML: {e}");
    }
}

/// A LaTeX file's stamp is comment lines only: no line of the file begins with a hostile name
/// or path's `\input` outside a comment.
fn assert_latex_inert(what: &str, latex: &str) {
    for line in latex.lines() {
        let live = line.split('%').next().unwrap_or("");
        assert!(
            !live.trim_start().starts_with("\\input{/etc"),
            "{what}: live `\\input` line: {line}"
        );
    }
}

/// Compiles `<dir>/<name>.tex` with pdflatex and checks that it read no file a name asked for (the
/// log names every file TeX opens after a `(`).
fn assert_compiles(pdflatex: &Path, dir: &Path, name: &str) {
    crate::common::pdflatex(pdflatex, dir, name);
    let log = String::from_utf8_lossy(&std::fs::read(dir.join(format!("{name}.log"))).unwrap())
        .into_owned();
    assert!(
        !log.contains("(/etc/passwd"),
        "{name}.tex read /etc/passwd:\n{log}"
    );
}

/// Checks every file under `dir` by its kind, each one whatever the others' outcome (every
/// failure is printed), and fails if any failed; how many files it checked.
fn assert_outputs_inert(dir: &Path) -> usize {
    let mut checked = 0;
    let mut failed = Vec::new();
    for path in files_under(dir) {
        let what = path.display().to_string();
        let check: fn(&str, &str) = match path.extension().and_then(|e| e.to_str()) {
            Some("svg") => assert_svg_parses,
            Some("md") => assert_markdown_inert,
            Some("tex") => assert_latex_inert,
            Some("html") => |what, page| {
                let live = without_comments(what, page);
                assert!(!live.contains("<script>alert"), "{what}: live script");
            },
            Some("json") => |what, json| {
                serde_json::from_str::<serde_json::Value>(json)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
            },
            _ => continue,
        };
        let content = text(&path);
        if std::panic::catch_unwind(|| check(&what, &content)).is_err() {
            failed.push(what);
        }
        checked += 1;
    }
    assert!(
        failed.is_empty(),
        "{} files failed: {failed:#?}",
        failed.len()
    );
    checked
}

/// `study` on hostile names, in a hostile directory: every table, figure, report, index and
/// ledger parses and holds nothing live; the reviewer's page shows invisible characters as code
/// points; the LaTeX report compiles without reading `/etc/passwd`; the terminal gets no control
/// sequence.
#[test]
fn study_outputs_stay_inert_with_hostile_names_and_paths() {
    let (_base, dir) = hostile_collection();
    let out = dir.join("out");
    let output = TestCommand::new()
        .arg("study")
        .arg("--labels")
        .arg(dir.join("labels.tsv"))
        .args(["--layout", "wide", "--trials", "200", "--runs"])
        .arg(dir.join("runs"))
        .arg("--out")
        .arg(&out)
        .assert_success();
    let checked = assert_outputs_inert(&out);
    assert!(checked >= 20, "only {checked} files checked");
    let report = text(&out.join("study/report.md"));
    // The inputs are listed as code spans that show the path as it is, without backslashes, its
    // invisible characters as code points.
    let shown = HOSTILE_DIR
        .replace('\n', "U+000A")
        .replace('\u{1b}', "U+001B")
        .replace('\u{202e}', "U+202E");
    let listed = format!("{shown}/labels.tsv fnv1a64:");
    assert!(report.contains(&listed), "{listed} not in:\n{report}");
    // The reviewer's page shows the path's invisible characters as code points, never raw.
    let page = text(&out.join("index.html"));
    for c in ['\u{1b}', '\u{202e}'] {
        assert!(!page.contains(c), "{c:?} raw on the page");
    }
    assert!(page.contains("U+202E") && page.contains("U+001B"), "{page}");
    if let Some(pdflatex) = require_tool("pdflatex") {
        assert_compiles(&pdflatex, &out.join("study"), "report");
    }
    assert_streams_safe("study", &output);
}

fn agree(dir: &Path, format: &str) -> Output {
    TestCommand::new()
        .arg("agree")
        .arg("--labels")
        .arg(dir.join("labels.tsv"))
        .args(["--layout", "wide", "--detail", "--pairs", "full"])
        .args(["--format", format])
        .assert_success()
}

/// `agree` in every format: Markdown has no live HTML and no row off its columns, LaTeX compiles
/// without reading `/etc/passwd`, text and JSON reach the terminal without control sequences.
#[test]
fn agree_escapes_every_name_in_every_format() {
    let (_base, dir) = hostile_collection();
    let md = agree(&dir, "md");
    let markdown = String::from_utf8(md.stdout.clone()).unwrap();
    assert_markdown_inert("agree --format md", &markdown);
    assert!(markdown.contains("a\\|b"), "{markdown}");
    let json = agree(&dir, "json");
    serde_json::from_slice::<serde_json::Value>(&json.stdout).unwrap();
    let tex = agree(&dir, "tex");
    let latex = String::from_utf8(tex.stdout.clone()).unwrap();
    assert_latex_inert("agree --format tex", &latex);
    if let Some(pdflatex) = require_tool("pdflatex") {
        let scratch = tempfile::tempdir().unwrap();
        let document = format!(
            "\\documentclass{{article}}\n\\usepackage[T1]{{fontenc}}\n\\usepackage[utf8]{{inputenc}}\n\\usepackage{{booktabs}}\n\\usepackage{{longtable}}\n\\begin{{document}}\n{latex}\\end{{document}}\n"
        );
        std::fs::write(scratch.path().join("agree.tex"), document).unwrap();
        assert_compiles(&pdflatex, scratch.path(), "agree");
    }
    let text = agree(&dir, "text");
    for (format, output) in [("md", md), ("json", json), ("tex", tex), ("text", text)] {
        assert_streams_safe(&format!("agree --format {format}"), &output);
    }
}

/// `qrels` from hostile labels, then `eval` of a hostile run against them, and `hsd` and `tau` on a
/// matrix of hostile run names in the hostile directory, in every format: no control sequence or
/// bidirectional control reaches the terminal, JSON included.
#[test]
fn qrels_eval_and_hsd_print_hostile_names_safely() {
    let (_base, dir) = hostile_collection();
    let labels = dir.join("labels.tsv");
    let qrels = TestCommand::new()
        .arg("qrels")
        .arg("--labels")
        .arg(&labels)
        .args(["--layout", "wide", "--combine", "sum"])
        .assert_success();
    assert_streams_safe("qrels", &qrels);
    let qrels_file = dir.join("qrels");
    std::fs::write(&qrels_file, &qrels.stdout).unwrap();
    for format in ["nev", "tsv", "json"] {
        let output = TestCommand::new()
            .arg("eval")
            .arg("--qrels")
            .arg(&qrels_file)
            .arg("--run")
            .arg(dir.join("runs").join(RUNS[0]))
            .args(["--format", format])
            .assert_success();
        assert_streams_safe(&format!("eval --format {format}"), &output);
    }
    let mut matrix = format!("topic\t{}\n", RUNS.join("\t"));
    for topic in 1..=8 {
        let scores: Vec<String> = (0..RUNS.len())
            .map(|run| format!("{:.2}", ((topic * 7 + run * 3) % 10) as f64 / 10.0))
            .collect();
        matrix.push_str(&format!("T{topic}\t{}\n", scores.join("\t")));
    }
    let matrix_file = dir.join("matrix.tsv");
    std::fs::write(&matrix_file, matrix).unwrap();
    for format in ["text", "tsv", "json"] {
        let output = TestCommand::new()
            .arg("hsd")
            .arg("--matrix")
            .arg(&matrix_file)
            .args(["--trials", "200", "--format", format])
            .assert_success();
        assert_streams_safe(&format!("hsd --format {format}"), &output);
        if format == "json" {
            // The path, right-to-left override and all, is the same JSON value, escaped.
            let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(json["matrix"], matrix_file.display().to_string());
        }
    }
    for format in ["text", "json"] {
        let output = TestCommand::new()
            .arg("tau")
            .arg(&matrix_file)
            .arg(&matrix_file)
            .args(["--format", format])
            .assert_success();
        assert_streams_safe(&format!("tau --format {format}"), &output);
        if format == "json" {
            let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(json["reference"], matrix_file.display().to_string());
        }
    }
}

/// Ids holding a terminal escape sequence and a right-to-left override, in `eval`'s topics and
/// `hsd`'s run names: whether the readers accept them or refuse them, nothing printed carries
/// the control characters.
#[test]
fn control_characters_in_ids_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let topic = "T\u{1b}[2J\u{202e}1";
    let qrels = dir.path().join("qrels");
    std::fs::write(&qrels, format!("{topic} d1 L1\n{topic} d2 L0\n")).unwrap();
    let run = dir.path().join("run");
    std::fs::write(
        &run,
        format!("{topic} Q0 d1 1 2.0 r\n{topic} Q0 d2 2 1.0 r\n"),
    )
    .unwrap();
    for format in ["nev", "tsv"] {
        let output = TestCommand::new()
            .arg("eval")
            .arg("--qrels")
            .arg(&qrels)
            .arg("--run")
            .arg(&run)
            .args(["--format", format])
            .run();
        assert_streams_safe(&format!("eval --format {format}"), &output);
    }
    let matrix = dir.path().join("matrix.tsv");
    let mut text = "topic\tA\u{1b}]0;title\u{7}\tB\u{202e}x\tC\n".to_string();
    for t in 1..=6 {
        text.push_str(&format!("{t}\t0.{t}\t0.{}\t0.5\n", 9 - t));
    }
    std::fs::write(&matrix, text).unwrap();
    for format in ["text", "tsv"] {
        let output = TestCommand::new()
            .arg("hsd")
            .arg("--matrix")
            .arg(&matrix)
            .args(["--trials", "100", "--format", format])
            .run();
        assert_streams_safe(&format!("hsd --format {format}"), &output);
    }
}

/// `reproduce` and `check` with an `--out` inside the hostile directory: what they print and
/// every file they write stays inert.
#[test]
fn reproduce_and_check_with_a_hostile_out_directory() {
    let (_base, dir) = hostile_collection();
    let out = dir.join("build");
    let reproduce = TestCommand::new()
        .current_dir(project_root())
        .args(["reproduce", "--only", "A.T1"])
        .args(TEST_STUDIES)
        .arg("--out")
        .arg(&out)
        .assert_success();
    assert!(assert_outputs_inert(&out) > 0);
    assert_streams_safe("reproduce", &reproduce);
    let check = TestCommand::new()
        .current_dir(project_root())
        .args(["check", "--only", "A.T1"])
        .args(TEST_STUDIES)
        .arg("--out")
        .arg(&out)
        .run();
    assert_streams_safe("check", &check);
}
