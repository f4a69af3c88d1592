//! `evia-repro hsd` on large and hostile matrices: 100,000 topics read in
//! linear time, too many runs rejected before anything is allocated, a byte-order mark ignored,
//! scores whose squares would overflow rejected with their cell.

use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::TestCommand;

fn hsd(matrix: &str, args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.tsv");
    std::fs::write(&path, matrix).unwrap();
    TestCommand::new()
        .arg("hsd")
        .arg("--matrix")
        .arg(&path)
        .args(args)
        .run()
}

#[test]
fn hundred_thousand_topics_take_linear_time() {
    // The duplicate-topic check was quadratic: 100,000 topics ran for minutes.
    let mut matrix = String::from("topic\tA\tB\n");
    for t in 0..100_000 {
        let a = f64::from(t % 97) / 97.0;
        let b = f64::from(t % 89) / 89.0;
        matrix.push_str(&format!("t{t}\t{a}\t{b}\n"));
    }
    let start = Instant::now();
    let out = hsd(
        &matrix,
        &["--trials", "1", "--threads", "1", "--format", "tsv"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn too_many_runs_are_rejected_on_the_header() {
    let header: Vec<String> = (0..2001).map(|r| format!("r{r}")).collect();
    let out = hsd(&format!("topic\t{}\n", header.join("\t")), &[]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("m.tsv:1"), "{stderr}");
    assert!(stderr.contains("at most 2000"), "{stderr}");
}

#[test]
fn byte_order_mark_is_ignored_and_overflowing_scores_are_rejected() {
    let matrix = "topic\tA\tB\n1\t0.5\t0.25\n2\t0.75\t0.5\n3\t0.25\t0.0\n";
    let plain = hsd(matrix, &["--trials", "50", "--format", "tsv"]);
    let bom = hsd(
        &format!("\u{feff}{matrix}"),
        &["--trials", "50", "--format", "tsv"],
    );
    assert!(plain.status.success());
    assert_eq!(plain.stdout, bom.stdout);
    let out = hsd("topic\tA\tB\n1\t1e300\t0\n2\t1\t1e300\n", &[]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("m.tsv:2:3"), "{stderr}");
    assert!(
        stderr.contains("at most") || stderr.contains("between"),
        "{stderr}"
    );
}
