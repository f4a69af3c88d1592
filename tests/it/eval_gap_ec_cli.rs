//! `eval --gap` and `eval --ec` through the binary. Reference vector, computed with NTCIREVAL
//! 20200527 (`label [-ec] -r REL RES | compute [-ec] -gap -r REL -g 1:2:3 -cutoffs 10`) and by
//! hand: REL = `a L3 1`, `b L1 1`, `c L2 2`, `d L0 3` (document, level, class); RES = b, a, x,
//! c, d.
//!
//! * Plain: ideal levels 3, 2, 1, so Σ x*(x*+1) = 12 + 6 + 2 = 20; GAPsum = 2 (b, rank 1),
//!   2 + 12 = 14 (a, rank 2), 2 + 6 + 6 = 14 (c, rank 4): GAP = (2 + 7 + 3.5)/20 = 0.6250.
//! * EC: classes 1 (highest L3) and 2 (L2): R = 2, N = 0, ideal Σ = 12 + 6 = 18; b is the first
//!   of class 1 and keeps its own level L1, a is redundant: GAP = (2/1 + (2 + 6)/4)/18 = 0.2222,
//!   nDCG@0010 = 0.4000.

use tempfile::TempDir;

use crate::common::TestCommand;

fn eval(qrels: &str, args: &[&str]) -> std::process::Output {
    let dir = TempDir::new().unwrap();
    let q = dir.path().join("qrels");
    let r = dir.path().join("run");
    std::fs::write(&q, qrels).unwrap();
    std::fs::write(&r, "T1 b\nT1 a\nT1 x\nT1 c\nT1 d\n").unwrap();
    TestCommand::new()
        .arg("eval")
        .arg("--qrels")
        .arg(&q)
        .arg("--run")
        .arg(&r)
        .args(["--run-format", "res", "--gains", "1:2:3", "--cutoffs", "10"])
        .args(args)
        .run()
}

fn stdout(o: std::process::Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

const PLAIN: &str = "T1 a L3\nT1 b L1\nT1 c L2\nT1 d L0\n";
const CLASSES: &str = "T1 a L3 1\nT1 b L1 1\nT1 c L2 2\nT1 d L0 3\n";

#[test]
fn gap_lines_follow_ncurb_ie_as_in_ntcireval() {
    let out = stdout(eval(PLAIN, &["--gap"]));
    assert!(out.contains("T1 # syslen=5 jrel=3 jnonrel=1"), "{out}");
    assert!(
        out.contains("T1 NCUrb,IE=            0.9774\nT1 GAP=                 0.6250\nT1 RBP="),
        "{out}"
    );
    assert!(
        out.contains("\nT1 GAP@0010=            0.6250\nT1 nDCG@0010="),
        "{out}"
    );
    // Without --gap there is no GAP line (NTCIREVAL's default).
    assert!(!stdout(eval(PLAIN, &[])).contains("GAP"));
}

#[test]
fn equivalence_classes_label_only_the_first_document_of_a_class() {
    let out = stdout(eval(CLASSES, &["--ec", "--gap"]));
    assert!(
        out.contains("T1 # syslen=5 jrel=2 jnonrel=0\nT1 # r1=1 rp=4"),
        "{out}"
    );
    assert!(out.contains("T1 GAP=                 0.2222"), "{out}");
    assert!(out.contains("T1 nDCG@0010=           0.4000"), "{out}");
}

#[test]
fn bad_class_qrels_name_the_line() {
    let o = eval("T1 a L3 1\nT1 b L1 0\n", &["--ec"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(":2") && err.contains("equivalence-class number"),
        "{err}"
    );
    let o = eval("T1 a L3 1\nT1 a L1 2\n", &["--ec"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(":2") && err.contains("first judged on line 1"),
        "{err}"
    );
    // A qrels line without a class.
    let o = eval(PLAIN, &["--ec"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(":1") && err.contains("`topic doc Lx class`"),
        "{err}"
    );
}
