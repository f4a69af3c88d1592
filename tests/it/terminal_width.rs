//! `list` and `check` fit a 100-column terminal: piped, they take their width from
//! `COLUMNS`, and `list` cuts a long caption with an ellipsis instead of running off the screen.

use crate::common::{TestCommand, project_root};

/// The longest line, in characters, that `evia-repro ARGS` prints with `COLUMNS=columns`.
fn widest_line(args: &[&str], columns: usize) -> (usize, String) {
    let stdout = TestCommand::new()
        .current_dir(project_root())
        .env("COLUMNS", columns.to_string())
        .args(args)
        .stdout();
    let widest = stdout.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    (widest, stdout)
}

#[test]
fn list_fits_the_terminal_and_marks_cut_captions() {
    for columns in [80, 100] {
        let (widest, stdout) = widest_line(&["list"], columns);
        assert!(
            widest <= columns,
            "list is {widest} wide at COLUMNS={columns}:\n{stdout}"
        );
        assert!(
            stdout.contains('…'),
            "no caption cut short at COLUMNS={columns}:\n{stdout}"
        );
        assert!(stdout.contains("A.T3"), "{stdout}");
    }
}

#[test]
fn check_text_view_fits_a_100_column_terminal() {
    let (widest, stdout) = widest_line(&["check", "--only", "B.T1,B.T2"], 100);
    assert!(widest <= 100, "check is {widest} wide:\n{stdout}");
}
