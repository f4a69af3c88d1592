//! `eval --truncate-ranks N`: NTCIREVAL's `label -j -truncate N` counts original ranks (unjudged
//! documents included) before condensing. Vector: tests/fixtures/measures.md §9.4 (res `dummy11, x1, x2,
//! dummy01, x3, dummy04`, `label -j -truncate 3` prints only `dummy11 L0`, so syslen = 1), confirmed
//! with NTCIREVAL 20200527.

use tempfile::TempDir;

use crate::common::TestCommand;

fn eval(args: &[&str]) -> String {
    let dir = TempDir::new().unwrap();
    let q = dir.path().join("qrels");
    let r = dir.path().join("run");
    std::fs::write(&q, "T1 dummy01 L3\nT1 dummy04 L2\nT1 dummy11 L0\n").unwrap();
    std::fs::write(
        &r,
        "T1 dummy11\nT1 x1\nT1 x2\nT1 dummy01\nT1 x3\nT1 dummy04\n",
    )
    .unwrap();
    TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&q)
        .arg("--run")
        .arg(&r)
        .args(["--run-format", "res", "--gains", "1:2:3", "--cutoffs", "10"])
        .args(args)
        .stdout()
}

#[test]
fn truncate_ranks_counts_original_ranks_before_condensing() {
    let c = eval(&["--condensed", "--truncate-ranks", "3"]);
    assert!(c.contains("T1 # syslen=1 jrel=2 jnonrel=1"), "{c}");
    // `--truncate 3` keeps the top 3 judged documents instead.
    let j = eval(&["--condensed", "--truncate", "3"]);
    assert!(j.contains("T1 # syslen=3 jrel=2 jnonrel=1"), "{j}");
    // Without --condensed the two agree.
    assert_eq!(eval(&["--truncate-ranks", "3"]), eval(&["--truncate", "3"]));
}
