//! The tables `agree` prints: a titled table of strings, written as padded text columns or as a
//! LaTeX table, and the fixed three-decimal numbers in their cells.

use std::fmt::Write as _;

use crate::render::escape::escape_latex_literal;

/// A titled table of strings.
pub(super) struct Table {
    pub(super) title: String,
    pub(super) headers: Vec<String>,
    pub(super) rows: Vec<Vec<String>>,
}

impl Table {
    /// The table with its title and every cell passed through `escape`.
    pub(super) fn escaped(&self, escape: fn(&str) -> String) -> Table {
        let all = |cells: &[String]| cells.iter().map(|c| escape(c)).collect::<Vec<_>>();
        Table {
            title: escape(&self.title),
            headers: all(&self.headers),
            rows: self.rows.iter().map(|r| all(r)).collect(),
        }
    }
}

/// `v` to 3 decimals; a value that rounds to zero prints as `0.000`, never `-0.000`.
pub(super) fn fixed(v: f64) -> String {
    let text = format!("{v:.3}");
    match text.strip_prefix('-') {
        Some(magnitude) if magnitude.bytes().all(|b| b == b'0' || b == b'.') => {
            magnitude.to_string()
        }
        _ => text,
    }
}

/// `t` as padded text columns, two spaces apart, the first left-aligned and the others right-aligned.
pub(super) fn text_table(out: &mut String, t: &Table) {
    let mut widths: Vec<usize> = t.headers.iter().map(|h| h.chars().count()).collect();
    for row in &t.rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&t.headers).chain(&t.rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, &w))| {
                let pad = " ".repeat(w - c.chars().count());
                if i == 0 {
                    format!("{c}{pad}")
                } else {
                    format!("{pad}{c}")
                }
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
}

/// `t` as a LaTeX table (booktabs), every cell escaped.
pub(super) fn tex_table(out: &mut String, t: &Table) {
    let _ = writeln!(
        out,
        "\\begin{{table}}[ht]\n\\centering\n\\caption{{{}}}",
        escape_latex_literal(&t.title)
    );
    let _ = writeln!(
        out,
        "\\begin{{tabular}}{{l{}}}\n\\toprule",
        "r".repeat(t.headers.len() - 1)
    );
    let row = |cells: &[String]| {
        cells
            .iter()
            .map(|c| escape_latex_literal(c))
            .collect::<Vec<_>>()
            .join(" & ")
            + " \\\\"
    };
    let _ = writeln!(out, "{}\n\\midrule", row(&t.headers));
    for r in &t.rows {
        let _ = writeln!(out, "{}", row(r));
    }
    let _ = writeln!(out, "\\bottomrule\n\\end{{tabular}}\n\\end{{table}}\n");
}
