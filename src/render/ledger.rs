//! Renderings of the claims ledger: a terminal table with a summary, Markdown and JSON.

use crate::ledger::{Ledger, findings as paper_findings};
use crate::render::grid::escape_markdown;
use crate::render::terminal::new_table;

/// The per-(class, verdict) summary lines.
fn summary_lines(ledger: &Ledger) -> Vec<(String, String, usize)> {
    ledger
        .summary()
        .into_iter()
        .map(|((class, verdict), n)| (class, verdict.to_string(), n))
        .collect()
}

/// The ledger as a terminal table followed by its summary.
pub fn text(ledger: &Ledger) -> String {
    let mut table = new_table();
    table.set_header(vec![
        "paper", "table", "cell", "printed", "class", "rebuilt", "verdict", "detail",
    ]);
    for e in &ledger.entries {
        table.add_row(vec![
            e.paper.clone(),
            e.table.clone(),
            e.cell.clone(),
            e.printed.clone(),
            e.class.to_string(),
            e.rebuilt.clone().unwrap_or_else(|| "-".to_string()),
            e.verdict.to_string(),
            e.detail.clone(),
        ]);
    }
    let mut summary = new_table();
    summary.set_header(vec!["class", "verdict", "entries"]);
    for (class, verdict, n) in summary_lines(ledger) {
        summary.add_row(vec![class, verdict, n.to_string()]);
    }
    format!(
        "{table}\n\nSummary ({} entries)\n{summary}\n",
        ledger.entries.len()
    )
}

/// The ledger as a Markdown document.
pub fn markdown(ledger: &Ledger) -> String {
    let mut out = String::from("# Claims ledger: published vs rebuilt\n\n## Summary\n\n");
    out.push_str("| class | verdict | entries |\n|---|---|---:|\n");
    for (class, verdict, n) in summary_lines(ledger) {
        out.push_str(&format!("| {class} | {verdict} | {n} |\n"));
    }
    out.push_str("\n## Entries\n\n");
    out.push_str("| paper | table | cell | printed | class | rebuilt | verdict | detail |\n");
    out.push_str("|---|---|---|---:|---|---:|---|---|\n");
    for e in &ledger.entries {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            e.paper,
            e.table,
            escape_markdown(&e.cell),
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
                    let line = format!("{} (printed {}): {}", f.place, f.printed, f.text);
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
