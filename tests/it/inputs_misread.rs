//! Nothing of a user's input is misread: two run files that give one run name, an empty header
//! cell, inputs larger than the input limit, log bases that are not one, look-alike ids, runs that
//! miss judged topics, blank lines and CR-only line ends, each through the binary.
#![allow(clippy::unwrap_used)]

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::common::{TestCommand, copy_dir, project_root};

const QRELS: &str = "T1 d1 L2\nT1 d2 L1\nT1 d3 L0\nT2 d1 L1\nT2 d4 L0\n";
const RUN: &str = "T1 Q0 d2 1 3 r\nT1 Q0 d1 2 2 r\nT2 Q0 d1 1 1 r\n";

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A copy of the study example's labels and runs, in `dir`.
fn study_example(dir: &Path) -> (PathBuf, PathBuf) {
    let example = project_root().join("data/study-example");
    let runs = dir.join("runs");
    copy_dir(&example.join("runs"), &runs);
    (example.join("labels.tsv"), runs)
}

fn study(labels: &Path, runs: &Path, out: &Path) -> TestCommand {
    let mut cmd = TestCommand::new();
    cmd.arg("study")
        .arg("--labels")
        .arg(labels)
        .args(["--layout", "wide", "--trials", "20", "--runs"])
        .arg(runs)
        .arg("--out")
        .arg(out);
    cmd
}

/// `runB` beside `runB.gz` would be one run showing the other's scores: `study` refuses the pair,
/// naming both files, before it writes anything.
#[test]
fn study_refuses_two_run_files_with_one_run_name() {
    let dir = tempfile::tempdir().unwrap();
    let (labels, runs) = study_example(dir.path());
    let run02 = std::fs::read(runs.join("run02")).unwrap();
    write(&runs, "run02.gz", &gzip(&run02));
    let out = dir.path().join("out");
    let output =
        study(&labels, &runs, &out).assert_failure_with(2, "both give the run name `run02`");
    let err = stderr(&output);
    assert!(
        err.contains("run02.gz") && err.contains("run02 and"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
}

/// A run file whose name is not UTF-8 is refused with its bytes shown, never decoded lossily (two
/// such names could decode alike).
#[cfg(target_os = "linux")]
#[test]
fn study_refuses_a_run_file_name_that_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let (labels, runs) = study_example(dir.path());
    let name = std::ffi::OsStr::from_bytes(b"run\xff");
    std::fs::copy(runs.join("run02"), runs.join(name)).unwrap();
    study(&labels, &runs, &dir.path().join("out"))
        .assert_failure_with(2, "\"run\\xFF\" is not UTF-8");
}

/// pandas' `to_csv(sep="\t")` writes its index column's name as an empty first header cell: it is
/// a column, so `topic=topic` names the second column, not the first.
#[test]
fn an_empty_header_cell_is_a_column() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("\ttopic\tdoc\tassessor\tlabel\n");
    let mut i = 0;
    for topic in ["T1", "T2"] {
        for doc in ["1", "2", "3"] {
            for assessor in ["0", "1"] {
                let label = (doc.len() + assessor.len() + i) % 2;
                text.push_str(&format!("{i}\t{topic}\t{doc}\t{assessor}\t{label}\n"));
                i += 1;
            }
        }
    }
    let labels = write(dir.path(), "labels.tsv", text.as_bytes());
    let stdout = TestCommand::new()
        .args(["qrels", "--header", "--columns"])
        .arg("topic=topic,doc=doc,assessor=assessor,label=label")
        .arg("--labels")
        .arg(&labels)
        .args(["--combine", "sum"])
        .stdout();
    let topics: std::collections::BTreeSet<&str> = stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(topics, ["T1", "T2"].into(), "{stdout}");
    assert_eq!(stdout.lines().count(), 6, "{stdout}");

    // A header with fewer cells than the data is an error naming the line.
    let short = write(
        dir.path(),
        "short.tsv",
        b"topic\tdoc\tassessor\tlabel\n0\tT1\td1\ta\t1\n",
    );
    TestCommand::new()
        .args([
            "agree",
            "--header",
            "--columns",
            "topic=topic,doc=doc,assessor=assessor,label=label",
            "--labels",
        ])
        .arg(&short)
        .assert_failure_with(
            2,
            "short.tsv:2: found 5 fields, but the header (line 1) has 4",
        );
}

/// Plain inputs are read through the same limit as gzip ones (set by EVIA_MAX_INPUT_BYTES), so a
/// file, a FIFO or a device larger than it ends in an error naming it.
#[test]
fn inputs_larger_than_the_limit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let qrels = write(dir.path(), "q.txt", QRELS.as_bytes());
    // 75 bytes, the qrels 45.
    let long = format!("{RUN}T2 Q0 d4 2 0 r\nT2 Q0 d9 3 0 r\n");
    let run = write(dir.path(), "run.txt", long.as_bytes());
    let run_gz = write(dir.path(), "run.gz", &gzip(long.as_bytes()));
    let eval = |run: &Path, limit: &str| {
        let mut cmd = TestCommand::new();
        cmd.env("EVIA_MAX_INPUT_BYTES", limit)
            .arg("eval")
            .arg("--qrels")
            .arg(&qrels)
            .arg("--run")
            .arg(run);
        cmd
    };
    eval(&run, "1000").assert_success();
    eval(&run, "60").assert_failure_with(2, "run.txt: holds more than 60 bytes");
    eval(&run_gz, "60").assert_failure_with(2, "run.gz: decompresses to more than 60 bytes");
    eval(&run, "many").assert_failure_with(2, "EVIA_MAX_INPUT_BYTES=many");
    TestCommand::new()
        .env("EVIA_MAX_INPUT_BYTES", "60")
        .args(["agree", "--labels"])
        .arg(write(
            dir.path(),
            "l.tsv",
            (0..10)
                .map(|d| format!("T1 d{d} a 1\n"))
                .collect::<String>()
                .as_bytes(),
        ))
        .assert_failure_with(2, "holds more than 60 bytes");
    // /dev/zero is refused by its first bytes, without reading on.
    TestCommand::new()
        .args(["eval", "--qrels"])
        .arg(&qrels)
        .args(["--run", "/dev/zero"])
        .assert_failure_with(2, "/dev/zero: is binary data, not text");
}

/// A FIFO has no size to check first: it is read up to the limit and refused there.
#[cfg(target_os = "linux")]
#[test]
fn a_fifo_longer_than_the_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let qrels = write(dir.path(), "q.txt", QRELS.as_bytes());
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        assert!(!crate::common::under_ci(), "mkfifo is needed under CI");
        return;
    }
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            // Bounded, so that a reader without a limit ends too; a reader that stops early
            // closes the pipe, which ends the writer.
            if let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) {
                for _ in 0..20_000 {
                    if f.write_all(b"T1 Q0 d1 1 1 r\n").is_err() {
                        break;
                    }
                }
            }
        })
    };
    TestCommand::new()
        .env("EVIA_MAX_INPUT_BYTES", "100000")
        .args(["eval", "--allow-duplicates", "--qrels"])
        .arg(&qrels)
        .arg("--run")
        .arg(&fifo)
        .assert_failure_with(2, "holds more than 100000 bytes");
    writer.join().unwrap();
}

/// `--logb` takes a log base (> 1) or NTCIREVAL's 0 (natural log), the latter with a warning that
/// nDCG can then exceed 1; 0 < b ≤ 1 and negative bases are refused.
#[test]
fn logb_must_be_a_log_base() {
    let dir = tempfile::tempdir().unwrap();
    let qrels = write(dir.path(), "q.txt", QRELS.as_bytes());
    let run = write(dir.path(), "run.txt", RUN.as_bytes());
    let eval = |logb: &str| {
        let mut cmd = TestCommand::new();
        cmd.arg("eval")
            .arg("--qrels")
            .arg(&qrels)
            .arg("--run")
            .arg(&run)
            .arg(format!("--logb={logb}"));
        cmd
    };
    for bad in ["0.5", "1", "-2"] {
        eval(bad).assert_failure_with(2, "--logb");
        eval(bad).assert_failure_with(2, "is not a log base");
    }
    let output = eval("0").assert_success();
    assert!(
        stderr(&output).contains("nDCG@l can exceed 1"),
        "{}",
        stderr(&output)
    );
    let output = eval("2").assert_success();
    assert!(
        !stderr(&output).contains("can exceed"),
        "{}",
        stderr(&output)
    );
}

/// Judged topics a run has no line for, and an empty run, are named in a warning.
#[test]
fn runs_that_miss_judged_topics_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let qrels = write(dir.path(), "q.txt", QRELS.as_bytes());
    let eval = |name: &str, run: &str| {
        let path = write(dir.path(), name, run.as_bytes());
        let output = TestCommand::new()
            .arg("eval")
            .arg("--qrels")
            .arg(&qrels)
            .arg("--run")
            .arg(path)
            .assert_success();
        stderr(&output)
    };
    let err = eval("half.txt", "T1 Q0 d1 1 1 r\n");
    assert!(
        err.contains("1 judged topic(s) have no line in")
            && err.contains("half.txt")
            && err.contains(": T2"),
        "{err}"
    );
    let err = eval("empty.txt", "");
    assert!(err.contains("empty.txt holds no ranked document"), "{err}");
    let err = eval("full.txt", RUN);
    assert!(!err.contains("no line in"), "{err}");
}

/// `study` names the runs that miss labelled topics.
#[test]
fn study_names_runs_that_miss_labelled_topics() {
    let dir = tempfile::tempdir().unwrap();
    let (labels, runs) = study_example(dir.path());
    let run01 = std::fs::read_to_string(runs.join("run01")).unwrap();
    let first = run01.split_whitespace().next().unwrap().to_string();
    let kept: String = run01
        .lines()
        .filter(|l| !l.starts_with(&format!("{first} ")))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(runs.join("run01"), kept).unwrap();
    let output = study(&labels, &runs, &dir.path().join("out")).assert_success();
    let err = stderr(&output);
    assert!(
        err.contains("run `run01` lists no document for 1 of the")
            && err.contains(&format!("`{first}`")),
        "{err}"
    );
}

/// Look-alike ids (a zero-width space, a right-to-left override, a decomposed accent) and control
/// characters are refused by every reader, naming the line.
#[test]
fn look_alike_ids_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let qrels = write(dir.path(), "q.txt", QRELS.as_bytes());
    let run = write(dir.path(), "run.txt", RUN.as_bytes());
    for (id, code) in [
        ("T1\u{200b}", "U+200B"),
        ("T\u{202e}1", "U+202E"),
        ("Te\u{301}", "U+0301"),
        ("T\u{7f}", "U+007F"),
    ] {
        let bad_run = write(
            dir.path(),
            "bad_run.txt",
            format!("T1 Q0 d1 1 1 r\n{id} Q0 d1 1 1 r\n").as_bytes(),
        );
        TestCommand::new()
            .arg("eval")
            .arg("--qrels")
            .arg(&qrels)
            .arg("--run")
            .arg(&bad_run)
            .assert_failure_with(2, "bad_run.txt:2: the topic");
        let bad_qrels = write(
            dir.path(),
            "bad_q.txt",
            format!("{QRELS}T3 {id} L1\n").as_bytes(),
        );
        TestCommand::new()
            .arg("eval")
            .arg("--qrels")
            .arg(&bad_qrels)
            .arg("--run")
            .arg(&run)
            .assert_failure_with(2, code);
        let labels = write(
            dir.path(),
            "l.txt",
            format!("T1 d1 a 1\nT1 d1 {id} 0\n").as_bytes(),
        );
        TestCommand::new()
            .args(["agree", "--labels"])
            .arg(&labels)
            .assert_failure_with(2, "l.txt:2: the assessor");
    }
}

/// Blank lines in a label file are skipped, as comment lines are; CR-only line ends are named.
#[test]
fn label_files_skip_blank_lines_and_name_cr_line_ends() {
    let dir = tempfile::tempdir().unwrap();
    let labels = write(
        dir.path(),
        "l.txt",
        b"T1 d1 a 1\n\nT1 d1 b 0\n   \nT1 d2 a 1\nT1 d2 b 1\n",
    );
    TestCommand::new()
        .args(["agree", "--labels"])
        .arg(&labels)
        .assert_success();
    let cr = write(dir.path(), "cr.txt", b"T1 d1 a 1\rT1 d1 b 0\rT1 d2 a 1\r");
    let output = TestCommand::new()
        .args(["agree", "--labels"])
        .arg(&cr)
        .assert_failure_with(2, "carriage return alone");
    assert!(
        !stderr(&output).contains("looks like a header"),
        "{}",
        stderr(&output)
    );
}

/// Every reader applies the one id check: a topic, document, run or item id with a zero-width
/// space, a right-to-left override or a combining mark is refused, naming the file, the line and
/// the character, in `eval`'s direct-gain, equivalence-class, intent and intentwise qrels files,
/// `hsd`'s matrix, `tau`'s score table and `study`'s run file names.
#[test]
fn every_reader_refuses_look_alike_ids() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = write(d, "run", b"T1 Q0 a 1 2.0 r\nT1 Q0 b 2 1.0 r\n");
    let res = write(d, "res", b"T1 a\nT1 b\n");
    let cases: Vec<(Vec<String>, PathBuf, &str)> = vec![
        (
            vec!["eval".into(), "--gain-file".into()],
            write(d, "gains", "T1 a 1\nT1 b\u{200b} 0\n".as_bytes()),
            ":2: the document `bU+200B` contains the invisible character U+200B",
        ),
        (
            vec!["eval".into(), "--ec".into(), "--qrels".into()],
            write(d, "classes", "T1 a L1 1\nT\u{202e}1 b L0 2\n".as_bytes()),
            ":2: the topic `TU+202E1` contains the invisible character U+202E",
        ),
        (
            vec!["eval".into(), "--intents".into()],
            write(d, "intents", "T1 1 0.5\nT1\u{200b} 2 0.5\n".as_bytes()),
            ":2: the topic `T1U+200B` contains the invisible character U+200B",
        ),
    ];
    for (command, file, needle) in cases {
        let mut c = TestCommand::new();
        c.args(&command).arg(&file);
        if command.contains(&"--intents".to_string()) {
            c.arg("--qrels")
                .arg(write(d, "iqrels", b"T1 1 a L1\nT1 2 b L1\n"))
                .arg("--run")
                .arg(&res)
                .args(["--run-format", "res"]);
        } else {
            c.arg("--run").arg(&run);
        }
        let output = c.assert_failure_with(2, needle);
        assert!(
            stderr(&output).contains(&file.display().to_string()),
            "{}",
            stderr(&output)
        );
    }
    let iqrels = write(d, "iqrels-bad", "T1 1 a L1\nT1 2 e\u{301} L1\n".as_bytes());
    TestCommand::new()
        .arg("eval")
        .arg("--intents")
        .arg(write(d, "intents-ok", b"T1 1 0.5\nT1 2 0.5\n"))
        .arg("--qrels")
        .arg(&iqrels)
        .arg("--run")
        .arg(&res)
        .args(["--run-format", "res"])
        .assert_failure_with(
            2,
            ":2: the document `e\u{301}` contains the combining mark U+0301",
        );
    let matrix = write(
        d,
        "matrix.tsv",
        "topic\tA\tB\u{202e}\n1\t0.1\t0.2\n2\t0.3\t0.4\n3\t0.2\t0.1\n".as_bytes(),
    );
    TestCommand::new()
        .arg("hsd")
        .arg("--matrix")
        .arg(&matrix)
        .assert_failure_with(
            2,
            ":1:9: the run name `BU+202E` contains the invisible character U+202E",
        );
    let table = write(d, "scores", "r1 0.5\nr2\u{200b} 0.6\nr3 0.7\n".as_bytes());
    TestCommand::new()
        .arg("tau")
        .arg(&table)
        .arg(&table)
        .assert_failure_with(
            2,
            ":2:1: the run `r2U+200B` contains the invisible character U+200B",
        );
    let (labels, runs) = study_example(d);
    let first = std::fs::read_dir(&runs)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::rename(&first, runs.join("run\u{200b}A")).unwrap();
    study(&labels, &runs, &d.join("out")).assert_failure_with(
        2,
        "the run name `runU+200BA` contains the invisible character U+200B",
    );
}
