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

/// `t` as a LaTeX long table (booktabs, longtable), every cell escaped: not a float, so a table of
/// any number of rows (one per pair of 100 assessors: 4,950) breaks across pages, repeating its
/// header, and any number of tables follow one another (floats would pile up past LaTeX's limit).
pub(super) fn tex_table(out: &mut String, t: &Table) {
    let title = escape_latex_literal(&t.title);
    let columns = t.headers.len();
    let row = |cells: &[String]| {
        cells
            .iter()
            .map(|c| escape_latex_literal(c))
            .collect::<Vec<_>>()
            .join(" & ")
            + " \\\\"
    };
    let header = row(&t.headers);
    let _ = writeln!(
        out,
        "{{\\small\\setlength{{\\tabcolsep}}{{4pt}}\n\\begin{{longtable}}{{l{}}}",
        "r".repeat(columns.saturating_sub(1))
    );
    let _ = writeln!(
        out,
        "\\caption{{{title}}}\\\\\n\\toprule\n{header}\n\\midrule\n\\endfirsthead"
    );
    let _ = writeln!(
        out,
        "\\multicolumn{{{columns}}}{{l}}{{\\textit{{{title} (continued)}}}}\\\\\n\\toprule\n{header}\n\\midrule\n\\endhead"
    );
    let _ = writeln!(out, "\\bottomrule\n\\endlastfoot");
    for r in &t.rows {
        let _ = writeln!(out, "{}", row(r));
    }
    let _ = writeln!(out, "\\end{{longtable}}}}\n");
}
