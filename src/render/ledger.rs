//! Renderings of the claims ledger: a terminal table with a summary, Markdown and JSON.

use crate::ledger::{Ledger, findings as paper_findings};
use crate::render::grid::{escape_markdown, escape_terminal};
use crate::render::terminal::new_table;

/// The per-(class, verdict) summary lines.
fn summary_lines(ledger: &Ledger) -> Vec<(String, String, usize)> {
    ledger
        .summary()
        .into_iter()
        .map(|((class, verdict), n)| (class, verdict.to_string(), n))
        .collect()
}

/// The width of the entry's words in [`text`]'s one-line entries (longer ones end in `…`).
const CELL_WIDTH: usize = 40;
/// The width of the printed and rebuilt numbers in [`text`]'s one-line entries.
const NUMBER_WIDTH: usize = 10;

/// `text` cut to `width` characters (the last one `…` when cut) and padded to it.
fn fit(text: &str, width: usize) -> String {
    let text = escape_terminal(text);
    let count = text.chars().count();
    if count <= width {
        return format!("{text}{}", " ".repeat(width - count));
    }
    let cut: String = text.chars().take(width.saturating_sub(1)).collect();
    format!("{cut}…")
}

/// The ledger for a terminal: one line per entry that fits a terminal of 100 columns (paper, table,
/// the entry in words, printed, rebuilt, class, verdict; long words cut with `…`), with `detail` the
/// entry's id and the arithmetic behind the verdict indented beneath each line, then the summary.
pub fn text(ledger: &Ledger, detail: bool) -> String {
    let mut out = format!(
        "{} {} {} {} {} {:<9} verdict\n",
        fit("p", 1),
        fit("table", 8),
        fit("entry", CELL_WIDTH),
        fit("printed", NUMBER_WIDTH),
        fit("rebuilt", NUMBER_WIDTH),
        "class"
    );
    for e in &ledger.entries {
        out.push_str(&format!(
            "{} {} {} {} {} {:<9} {}\n",
            fit(&e.paper, 1),
            fit(&e.table, 8),
            fit(e.label.as_deref().unwrap_or(&e.cell), CELL_WIDTH),
            fit(&e.printed, NUMBER_WIDTH),
            fit(e.rebuilt.as_deref().unwrap_or("-"), NUMBER_WIDTH),
            e.class.to_string(),
            e.verdict
        ));
        if detail {
            out.push_str(&format!(
                "    {}: {}\n",
                escape_terminal(&e.cell),
                escape_terminal(&e.detail)
            ));
        }
    }
    let mut summary = new_table();
    summary.set_header(vec!["class", "verdict", "entries"]);
    for (class, verdict, n) in summary_lines(ledger) {
        summary.add_row(vec![class, verdict, n.to_string()]);
    }
    format!(
        "{out}\nSummary ({} entries)\n{summary}\n",
        ledger.entries.len()
    )
}

/// The ledger as a Markdown document, for people: each entry in words (its id is in the JSON and
/// in the text view's `--detail`).
pub fn markdown(ledger: &Ledger) -> String {
    let mut out = String::from("# Claims ledger: published vs rebuilt\n\n## Summary\n\n");
    out.push_str("| class | verdict | entries |\n|---|---|---:|\n");
    for (class, verdict, n) in summary_lines(ledger) {
        out.push_str(&format!("| {class} | {verdict} | {n} |\n"));
    }
    out.push_str("\n## Entries\n\n");
    out.push_str("| paper | table | entry | printed | class | rebuilt | verdict | detail |\n");
    out.push_str("|---|---|---|---:|---|---:|---|---|\n");
    for e in &ledger.entries {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            e.paper,
            e.table,
            escape_markdown(e.label.as_deref().unwrap_or(&e.cell)),
            escape_markdown(&e.printed),
            e.class,
            e.rebuilt
                .as_deref()
                .map_or("-".to_string(), escape_markdown),
            e.verdict,
            escape_markdown(&e.detail)
        ));
    }
    out
}

/// The ledger as a JSON array of objects with the fields `paper`, `table`, `cell`, `printed`, `class`,
/// `rebuilt`, `verdict` and `detail`.
pub fn json(ledger: &Ledger) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string_pretty(&ledger.entries)? + "\n")
}

/// How [`findings`] are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FindingsFormat {
    Text,
    Md,
    Json,
}

/// The findings of both papers (every inconsistency, in a reviewer's words): numbered text, a
/// Markdown section per paper, or a JSON array of [`crate::ledger::Finding`].
pub fn findings(ledger: &Ledger, format: FindingsFormat) -> String {
    let papers = ["A", "B"];
    match format {
        FindingsFormat::Json => {
            let all: Vec<_> = papers
                .iter()
                .flat_map(|p| paper_findings(ledger, p))
                .collect();
            serde_json::to_string_pretty(&all).map_or_else(|e| e.to_string(), |s| s + "\n")
        }
        FindingsFormat::Md | FindingsFormat::Text => {
            let mut out = String::new();
            for paper in papers {
                let list = paper_findings(ledger, paper);
                out.push_str(&format!(
                    "## Findings: paper {paper} ({} found)\n\n",
                    list.len()
                ));
                if list.is_empty() {
                    out.push_str("No printed number contradicts another.\n\n");
                }
                for (i, f) in list.iter().enumerate() {
                    let line = match f.cells.is_empty() {
                        true => format!("{}: {}", f.place, f.text),
                        false => format!("{}: {} Affected: {}.", f.place, f.text, f.cells),
                    };
                    let line = if matches!(format, FindingsFormat::Md) {
                        escape_markdown(&line)
                    } else {
                        line
                    };
                    out.push_str(&format!("{}. {line}\n", i + 1));
                }
                out.push('\n');
            }
            out
        }
    }
}
