//! pdflatex for the tests that compile LaTeX the crate renders: a document must compile twice (as a
//! reader does), settle, and have no float taller than the page and no box sticking out more than
//! [`OVERFULL_TOLERANCE_PT`]. The binary's LaTeX outputs are compiled by the integration tests
//! (`tests/it/reproduce.rs`), with the same limits.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How far (in points) a box may stick out before a compile fails: about one character.
const OVERFULL_TOLERANCE_PT: f64 = 5.0;

/// pdflatex on the `PATH`, for a test that needs it. Without it the test cannot check what it is
/// about: with `CI` set (`.ci/run` sets it and installs pdflatex) that is a failure; elsewhere this
/// writes `SKIPPED: <test> needs pdflatex` straight to the process's standard error (past the test
/// harness's capture, so the line shows although the test is reported as passing) and returns
/// `None`, and the test returns early.
pub(super) fn pdflatex() -> Option<PathBuf> {
    let found = crate::pipeline::reproduce::find_on_path("pdflatex");
    if found.is_some() {
        return found;
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("this test");
    let under_ci = std::env::var_os("CI").is_some_and(|value| !value.is_empty());
    assert!(
        !under_ci,
        "{test} needs `pdflatex`, which is not on the PATH, and CI is set: install it (.ci/run \
         installs it on Debian) or unset CI to skip the test"
    );
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {test} needs `pdflatex`, which is not on the PATH (with CI set it fails instead)"
    );
    None
}

/// Compiles `<dir>/<name>.tex` twice with `pdflatex`, without stopping for input, and asserts that
/// the PDF is written, the second run settles and the log reports no float taller than the page and
/// no overfull box wider than [`OVERFULL_TOLERANCE_PT`].
pub(super) fn compile(pdflatex: &Path, dir: &Path, name: &str) {
    for _ in 0..2 {
        let output = Command::new(pdflatex)
            .current_dir(dir)
            .args(["-interaction=nonstopmode", "-halt-on-error"])
            .arg(format!("{name}.tex"))
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "pdflatex {name}.tex failed:\n{}",
            String::from_utf8_lossy(&output.stdout)
        );
    }
    assert!(dir.join(format!("{name}.pdf")).is_file());
    // pdflatex writes the log in the input's encoding; a lossy read keeps every ASCII log line.
    let log =
        String::from_utf8_lossy(&fs::read(dir.join(format!("{name}.log"))).unwrap()).into_owned();
    assert!(
        !log.contains("Table widths have changed") && !log.contains("Rerun LaTeX"),
        "{name}.tex does not settle in two pdflatex runs"
    );
    assert!(
        !log.contains("Float too large"),
        "{name}.tex: a table float is taller than the page"
    );
    let overfull: Vec<&str> = log
        .lines()
        .filter(|line| {
            line.strip_prefix("Overfull \\hbox (")
                .and_then(|rest| rest.split("pt").next())
                .and_then(|points| points.parse::<f64>().ok())
                .is_some_and(|points| points > OVERFULL_TOLERANCE_PT)
        })
        .collect();
    assert!(
        overfull.is_empty(),
        "{name}.tex: overfull box(es) wider than {OVERFULL_TOLERANCE_PT} pt:\n{}",
        overfull.join("\n")
    );
}
