//! Renderings of the claims ledger: a terminal table with a summary, Markdown and JSON.

use crate::claims::Ledger;
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
        "paper", "table", "cell", "printed", "class", "rebuilt", "verdict",
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
