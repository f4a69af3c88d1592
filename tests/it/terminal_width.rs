//! `list` and `check` fit a 100-column terminal: piped, they take their width from
//! `COLUMNS`, and `list` wraps a long caption instead of running off the screen or cutting it.

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

/// A caption too long for the terminal wraps onto the lines below: none is cut, so the captions
/// that open alike ("Beyond the paper: …", "System ranking consistency …") stay apart.
#[test]
fn list_fits_the_terminal_and_wraps_long_captions() {
    for columns in [80, 100] {
        let (widest, stdout) = widest_line(&["list"], columns);
        assert!(
            widest <= columns,
            "list is {widest} wide at COLUMNS={columns}:\n{stdout}"
        );
        assert!(
            !stdout.contains('…'),
            "a caption cut at COLUMNS={columns}:\n{stdout}"
        );
        // The caption column's text, line by line, joined: every word of each caption is there.
        let text: String = stdout
            .lines()
            .filter_map(|l| l.rsplit('┆').next())
            .map(|c| c.trim_end_matches('│').trim())
            .collect::<Vec<_>>()
            .join(" ");
        for words in [
            "for every pair of qrels (13 runs)",
            "for every pair of topic sets (13 runs)",
        ] {
            assert!(
                text.contains(words),
                "{words} missing at COLUMNS={columns}:\n{stdout}"
            );
        }
        assert!(stdout.contains("A.T3"), "{stdout}");
    }
}

#[test]
fn check_text_view_fits_a_100_column_terminal() {
    let (widest, stdout) = widest_line(&["check", "--only", "B.T1,B.T2"], 100);
    assert!(widest <= 100, "check is {widest} wide:\n{stdout}");
}

/// `check`'s columns stand under its header whatever a row's verdict (an `inconsistent (finding N)`
/// row is not shifted left), and no entry's words are cut: entries that differ only in their middle
/// (the three pairs of paper B's Table 1) stay apart.
#[test]
fn check_rows_align_with_the_header_and_keep_their_words() {
    let (_, stdout) = widest_line(&["check", "--only", "A.T2,B.T1"], 100);
    assert!(!stdout.contains('…'), "{stdout}");
    let header = stdout
        .lines()
        .find(|l| l.starts_with("p table"))
        .unwrap_or_else(|| panic!("no header:\n{stdout}"));
    let column = |line: &str, word: &str| line.find(word).map(|at| line[..at].chars().count());
    let class_at = column(header, "class").unwrap();
    let mut rows = 0;
    for line in stdout.lines() {
        for class in ["simulated", "exact", "derived"] {
            if let Some(at) = column(line, &format!(" {class} ")) {
                assert_eq!(at + 1, class_at, "{line:?} under {header:?}");
                rows += 1;
            }
        }
    }
    assert!(rows > 100, "{stdout}");
    for pair in ["lancer1 vs. student", "lancer2 vs. student"] {
        assert!(stdout.contains(pair), "{pair}:\n{stdout}");
    }
}

/// `show` keeps a header on one line when the terminal has room for it (A.T1's `UG_i (p = 0.2)`
/// wrapped onto three lines even at 200 columns), and wraps it only when it must.
#[test]
fn show_keeps_headers_whole_when_they_fit() {
    let (widest, stdout) = widest_line(&["show", "A.T1"], 200);
    assert!(widest <= 200, "{stdout}");
    let header = stdout
        .lines()
        .find(|l| l.starts_with('│') && l.contains("RawG_i"))
        .unwrap_or_else(|| panic!("no header:\n{stdout}"));
    for words in ["Ratings (N = 5)", "UG_i (p = 0.2)", "UG_i (p = 0.1)"] {
        assert!(
            header.contains(words),
            "{words} cut in {header:?}:\n{stdout}"
        );
    }
    // Narrower, the headers wrap and the table still fits (the notes beneath it are not wrapped).
    let (_, stdout) = widest_line(&["show", "A.T1"], 60);
    let table = stdout
        .lines()
        .filter(|l| l.starts_with(['┌', '│', '╞', '└']));
    assert!(table.clone().count() > 8, "{stdout}");
    assert!(
        table.map(|l| l.chars().count()).all(|w| w <= 60),
        "{stdout}"
    );
}
