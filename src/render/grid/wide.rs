//! LaTeX panels wider than a page: split into panels of at most [`LATEX_COLUMNS`] value columns,
//! each repeating the row labels and naming the columns it holds. A user's study can have hundreds
//! of columns (B.T1 of 25 assessors: one column per pair, 300), and TeX cannot even measure a row
//! that wide (`Dimension too large` past 16,383 pt), let alone fit it on a page.

use super::shape::{GridPanel, GridRow};

/// The most value columns of one LaTeX panel. The paper's own tables have at most 9.
pub(crate) const LATEX_COLUMNS: usize = 10;

/// `panel` as it is when it has at most [`LATEX_COLUMNS`] columns; otherwise split into the
/// fewest panels of at most that many columns (as even as may be), labelled with the columns each
/// holds (`(a) Agreement (columns 1–10 of 300)`).
pub(super) fn split_wide(panel: GridPanel) -> Vec<GridPanel> {
    let n = panel.header.len();
    if n <= LATEX_COLUMNS {
        return vec![panel];
    }
    let parts = n.div_ceil(LATEX_COLUMNS);
    let size = n.div_ceil(parts);
    (0..parts)
        .map(|k| {
            let (from, to) = (k * size, ((k + 1) * size).min(n));
            let which = format!("columns {}–{to} of {n}", from + 1);
            GridPanel {
                label: if panel.label.is_empty() {
                    which
                } else {
                    format!("{} ({which})", panel.label)
                },
                header: panel.header[from..to].to_vec(),
                rows: panel
                    .rows
                    .iter()
                    .map(|r| GridRow {
                        cells: r.cells[from..to.min(r.cells.len())].to_vec(),
                        ..r.clone()
                    })
                    .collect(),
                ..panel.clone()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::group_breaks::RowBreak;

    fn panel(columns: usize) -> GridPanel {
        GridPanel {
            label: "(a) Agreement".to_string(),
            stub: String::new(),
            stub_wide: false,
            stub_fraction: None,
            header: (0..columns).map(|c| format!("c{c}")).collect(),
            rows: vec![GridRow {
                label: "kappa".to_string(),
                cells: (0..columns).map(|c| c.to_string()).collect(),
                group: None,
                break_after: RowBreak::Allowed,
            }],
            lead_lines: 0,
            lines: 0,
            breaks: false,
        }
    }

    #[test]
    fn wide_panels_split_into_labelled_parts_that_keep_every_column() {
        assert_eq!(split_wide(panel(LATEX_COLUMNS)).len(), 1);
        let parts = split_wide(panel(25));
        assert_eq!(parts.len(), 3);
        let widths: Vec<usize> = parts.iter().map(|p| p.header.len()).collect();
        assert_eq!(widths, [9, 9, 7]);
        assert_eq!(parts[1].label, "(a) Agreement (columns 10–18 of 25)");
        let cells: Vec<String> = parts.iter().flat_map(|p| p.rows[0].cells.clone()).collect();
        assert_eq!(cells, (0..25).map(|c| c.to_string()).collect::<Vec<_>>());
        assert!(parts.iter().all(|p| p.rows[0].label == "kappa"));
    }
}
