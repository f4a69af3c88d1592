//! A judges analysis in text, Markdown and LaTeX: the headline first, then the tables, every name
//! and cell through the format's escaper (`crate::render::escape`). LaTeX tables are numbered by
//! the document that includes them (no table number is forced).

use std::fmt::Write as _;

use super::headline::lines;
use super::tables::{Table, tables};
use crate::judges::analysis::JudgesAnalysis;
use crate::render::escape::{escape_latex, escape_latex_literal, escape_markdown, escape_terminal};

/// The formats the tables are rendered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TextFormat {
    Text,
    Markdown,
    Latex,
}

fn summary(a: &JudgesAnalysis) -> String {
    if !a.runs_given {
        return format!(
            "{} judge(s) against the reference {}: label agreement only; rankings, significance and coverage were not computed because no runs were given (--runs DIR or --run FILE)",
            a.judges.len() - 1,
            a.reference
        );
    }
    format!(
        "{} judge(s) against the reference {}: {} runs compared{}",
        a.judges.len() - 1,
        a.reference,
        a.runs.len(),
        if a.excluded_runs.is_empty() {
            String::new()
        } else {
            format!(", {} left out", a.excluded_runs.len())
        }
    )
}

/// The whole analysis in `format`.
pub(crate) fn render(a: &JudgesAnalysis, format: TextFormat) -> String {
    let mut out = String::new();
    let head = lines(&a.headline);
    let tables = tables(a);
    match format {
        TextFormat::Text => {
            let _ = writeln!(out, "{}", escape_terminal(&summary(a)));
            for l in &head {
                let _ = writeln!(out, "{}", escape_terminal(l));
            }
            for t in &tables {
                out.push('\n');
                text_table(t, &mut out);
            }
        }
        TextFormat::Markdown => {
            let _ = writeln!(out, "# Judges against {}\n", escape_markdown(&a.reference));
            let _ = writeln!(out, "{}\n", escape_markdown(&summary(a)));
            for l in &head {
                let indent = l.starts_with("  ");
                let _ = writeln!(
                    out,
                    "{}- {}",
                    if indent { "  " } else { "" },
                    escape_markdown(l.trim_start())
                );
            }
            for t in &tables {
                out.push('\n');
                markdown_table(t, &mut out);
            }
        }
        TextFormat::Latex => {
            let _ = writeln!(out, "% Requires \\usepackage{{booktabs}}.");
            let _ = writeln!(out, "\\noindent {}\\\\", escape_latex(&summary(a)));
            let _ = writeln!(out, "\\begin{{itemize}}");
            for l in &head {
                let _ = writeln!(out, "  \\item {}", escape_latex_literal(l.trim_start()));
            }
            let _ = writeln!(out, "\\end{{itemize}}");
            for t in &tables {
                out.push('\n');
                latex_table(t, &mut out);
            }
        }
    }
    out
}

fn text_table(t: &Table, out: &mut String) {
    let esc = |s: &String| escape_terminal(s);
    let columns: Vec<String> = t.columns.iter().map(esc).collect();
    let rows: Vec<Vec<String>> = t.rows.iter().map(|r| r.iter().map(esc).collect()).collect();
    let width = |i: usize| {
        rows.iter()
            .filter_map(|r| r.get(i))
            .chain(std::iter::once(&columns[i]))
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns.len()).map(width).collect();
    let _ = writeln!(out, "{}", escape_terminal(&t.title));
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, &w)| format!("{c}{}", " ".repeat(w.saturating_sub(c.chars().count()))))
            .collect();
        padded.join("  ").trim_end().to_string()
    };
    let _ = writeln!(out, "  {}", line(&columns));
    if rows.is_empty() {
        let _ = writeln!(out, "  (none)");
    }
    for r in &rows {
        let _ = writeln!(out, "  {}", line(r));
    }
    for n in &t.notes {
        let _ = writeln!(out, "  {}", escape_terminal(n));
    }
}

fn markdown_table(t: &Table, out: &mut String) {
    let _ = writeln!(out, "## {}\n", escape_markdown(&t.title));
    let row = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().map(|c| escape_markdown(c)).collect();
        format!("| {} |", cells.join(" | "))
    };
    let _ = writeln!(out, "{}", row(&t.columns));
    let _ = writeln!(out, "|{}", "---|".repeat(t.columns.len()));
    for r in &t.rows {
        let _ = writeln!(out, "{}", row(r));
    }
    if t.rows.is_empty() {
        let _ = writeln!(out, "\n(none)");
    }
    for n in &t.notes {
        let _ = writeln!(out, "\n{}", escape_markdown(n));
    }
}

fn latex_table(t: &Table, out: &mut String) {
    let _ = writeln!(out, "\\begin{{table}}[htbp]\n\\centering\\small");
    let _ = writeln!(out, "\\caption{{{}}}", escape_latex(&t.title));
    let _ = writeln!(out, "\\resizebox{{\\linewidth}}{{!}}{{%");
    let _ = writeln!(
        out,
        "\\begin{{tabular}}{{l{}}}",
        "r".repeat(t.columns.len().saturating_sub(1))
    );
    let _ = writeln!(out, "\\toprule");
    let row = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().map(|c| escape_latex_literal(c)).collect();
        format!("{} \\\\", cells.join(" & "))
    };
    let _ = writeln!(out, "{}\n\\midrule", row(&t.columns));
    for r in &t.rows {
        let _ = writeln!(out, "{}", row(r));
    }
    let _ = writeln!(out, "\\bottomrule\n\\end{{tabular}}}}");
    for n in &t.notes {
        let _ = writeln!(out, "\\par\\footnotesize {}", escape_latex(n));
    }
    let _ = writeln!(out, "\\end{{table}}");
}
