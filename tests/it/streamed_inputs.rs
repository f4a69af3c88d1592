//! The readers of matrices, score tables, label files and mapping rules read their input a line
//! at a time: a pipe (no size, no seeking) is read like a file, and a small gzip file that expands
//! past the input limit is refused there with the limit's message, not decompressed into memory;
//! a large gzip label file is read in a few megabytes.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::common::TestCommand;

/// The input limit the gzip bombs are read under (bytes).
const LIMIT: &str = "100000";

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// A matrix of `topics` topics by three runs.
fn matrix(topics: usize) -> String {
    let mut text = "topic\tA\tB\tC\n".to_string();
    for t in 0..topics {
        text.push_str(&format!("t{t}\t0.{}\t0.5\t0.25\n", t % 10));
    }
    text
}

/// Long-layout labels of `docs` documents by two assessors.
fn labels(docs: usize) -> String {
    let mut text = String::new();
    for d in 0..docs {
        for a in ["x", "y"] {
            text.push_str(&format!("T{} d{d} {a} {}\n", d % 3, (d + a.len()) % 3));
        }
    }
    text
}

/// Mapping rules: `n` comment lines, then one rule.
fn rules(n: usize) -> String {
    "# a comment line\n".repeat(n) + "otherwise max\n"
}

/// The commands reading each kind of input from `input`.
fn commands(input: &Path, other: &Path) -> Vec<(&'static str, TestCommand)> {
    let mut hsd = TestCommand::new();
    hsd.args(["hsd", "--trials", "10", "--matrix"]).arg(input);
    let mut tau = TestCommand::new();
    tau.arg("tau").arg(input).arg(other);
    let mut agree = TestCommand::new();
    agree.args(["agree", "--labels"]).arg(input);
    let mut qrels = TestCommand::new();
    qrels
        .args(["qrels", "--labels"])
        .arg(other)
        .arg("--rules")
        .arg(input);
    vec![
        ("matrix", hsd),
        ("score table", tau),
        ("labels", agree),
        ("rules", qrels),
    ]
}

/// The text of each kind of input, `size` lines or so, and the other input its command needs.
fn inputs(dir: &Path, size: usize) -> Vec<(String, PathBuf)> {
    let table = write(dir, "scores.tsv", matrix(20).as_bytes());
    let small_labels = write(dir, "labels.txt", labels(10).as_bytes());
    vec![
        (matrix(size), table.clone()),
        (matrix(size), table),
        (labels(size), small_labels.clone()),
        (rules(size), small_labels),
    ]
}

/// A small gzip file that decompresses past the limit is refused by every reader with the
/// limit's message.
#[test]
fn every_reader_refuses_a_gzip_bomb_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (text, other)) in inputs(dir.path(), 50_000).into_iter().enumerate() {
        assert!(text.len() > 500_000);
        let bomb = write(dir.path(), &format!("bomb{i}.gz"), &gzip(text.as_bytes()));
        let (kind, mut command) = commands(&bomb, &other).swap_remove(i);
        eprintln!("{kind}");
        command
            .env("EVIA_MAX_INPUT_BYTES", LIMIT)
            .assert_failure_with(
                2,
                &format!("bomb{i}.gz: decompresses to more than {LIMIT} bytes"),
            );
        // The same input under the default limit is read.
        commands(&bomb, &other).swap_remove(i).1.assert_success();
    }
}

/// Every reader reads a pipe (`/dev/stdin`): no size to allocate from, no seeking; the output is
/// the one the same input gives from a file.
#[cfg(target_os = "linux")]
#[test]
fn every_reader_reads_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (text, other)) in inputs(dir.path(), 30).into_iter().enumerate() {
        let file = write(dir.path(), &format!("input{i}"), text.as_bytes());
        let (kind, from_file) = commands(&file, &other).swap_remove(i);
        let expected = from_file.stdout();
        let (_, mut from_pipe) = commands(Path::new("/dev/stdin"), &other).swap_remove(i);
        let out = from_pipe.stdin(text.as_bytes()).assert_success();
        let got = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            got.replace("/dev/stdin", "INPUT"),
            expected.replace(&file.display().to_string(), "INPUT"),
            "{kind}"
        );
    }
}

/// A gzip label file of 150 MB once decompressed (30 labels and 150 comment lines of 1 MB) is read
/// in a few megabytes: `agree` runs under a 60 MB data limit (`ulimit -d`), where decompressing the
/// file into memory ran out of it.
#[cfg(unix)]
#[test]
fn a_large_gzip_label_file_is_read_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(labels(15).as_bytes()).unwrap();
    let mut comment = vec![b'#'; (1 << 20) - 1];
    comment.push(b'\n');
    for _ in 0..150 {
        e.write_all(&comment).unwrap();
    }
    let path = write(dir.path(), "labels.tsv.gz", &e.finish().unwrap());
    let output = TestCommand::program("sh")
        .args(["-c", "ulimit -d 60000 && exec \"$0\" agree --labels \"$1\""])
        .arg(env!("CARGO_BIN_EXE_evia-repro"))
        .arg(&path)
        .run();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("30 labels"));
}
