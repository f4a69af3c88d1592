//! Lays a [`ResultTable`] out as the manifest describes: panels of labelled rows and columns whose cells
//! are formatted strings. Markdown, LaTeX and terminal renderers all start from this grid.

use crate::manifest::{Artefact, Header, Label};
use crate::render::group_breaks::RowBreak;
use crate::render::label_runs::{label_runs, split_label};
use crate::results::{ResultTable, VALUE};

mod cells;
pub(crate) mod claim_grid;
mod grouped;
pub(crate) mod item_grid;
mod shape;
mod target;
mod wide;

use cells::{cell_format, cell_text};
use grouped::grid_panels;
use shape::is_tall;
pub(crate) use shape::{Grid, GridPanel, GridRow};
pub(crate) use target::Target;

/// What a missing cell shows: a level or cell the table does not have in a row that has other values.
pub(crate) const ABSENT: &str = "-";
/// What every cell of a row the experiment did not rebuild shows.
pub(crate) const PENDING: &str = "pending";

/// Row labels longer than this many characters (A.T3's "Dmax = 8, N = 5: BUPTTeam-C-R4 vs.
/// picl-C-R2") make the LaTeX stub column a wrapping paragraph ([`GridPanel::stub_wide`]).
pub(crate) const WIDE_STUB_CHARS: usize = 28;

/// The one-line legend of a fitted number's mark, after the mark itself.
pub(crate) const FITTED_LEGEND: &str = " fitted: the stand-in was fitted to this printed number, so it agrees by construction and reproduces nothing.";

/// The one-line legend of a calibrated number's mark, after the mark itself.
pub(crate) const CALIBRATED_LEGEND: &str = " calibrated: a stand-in knob was tuned toward this printed number (its knob file's builds_in says whether on the shipped draw or on the mean over redraws), so the value is no evidence; it need not equal the print.";

/// Why a table could not be laid out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum GridError {
    #[error("artefact `{0}` has no layout")]
    NoLayout(String),
    #[error(
        "artefact `{artefact}`, panel `{panel}`: no format for row `{row}`, column `{column}` (give the row, column or panel a `format`)"
    )]
    NoFormat {
        artefact: String,
        panel: String,
        row: String,
        column: String,
    },
}

/// Lays out `table` following `artefact`'s layout for `target`.
///
/// A panel with `rows: []` in the manifest takes its rows from the table ([`ResultTable::add_row`]):
/// experiments whose rows are only known after they ran (A.T3's discrepancy rows) supply ids and
/// labels there; such a panel with no rows is omitted. Cells marked with [`ResultTable::mark_bold`] are printed in bold.
pub(crate) fn layout(
    artefact: &Artefact,
    table: &ResultTable,
    target: Target,
) -> Result<Grid, GridError> {
    let layout = artefact
        .layout
        .as_ref()
        .ok_or_else(|| GridError::NoLayout(artefact.id.to_string()))?;
    let mut panels = Vec::new();
    let mut any_fitted = false;
    let mut any_calibrated = false;
    for panel in &layout.panels {
        let stub = panel
            .stub
            .as_ref()
            .or(layout.stub.as_ref())
            .map(|l| target.label(l))
            .unwrap_or_default();
        let header = panel
            .columns
            .iter()
            .map(|c| target.label(&c.label))
            .collect();
        let dynamic: Vec<Header>;
        // Rows the experiment supplies carry names from the data (run ids of a real collection).
        let rows_from_data = panel.rows.is_empty();
        // Grouped rows (a claim or number per measure, Dmax and N) leave the panel's rows for one
        // Dmax × N grid per measure, placed after the panel's other rows.
        let mut grids = Vec::new();
        let panel_rows = if rows_from_data {
            grids = grid_panels(artefact, table, panel, target)?;
            dynamic = table
                .rows_of(&panel.id)
                .iter()
                .filter(|r| r.group.is_none())
                .map(|r| Header {
                    id: r.id.clone(),
                    label: Label::Plain(r.label.clone()),
                    part: None,
                    format: None,
                })
                .collect();
            &dynamic
        } else {
            &panel.rows
        };
        // A panel whose rows the experiment supplies and that has none is omitted, not printed as
        // a bare header (a robustness study's empty verdict panel).
        if rows_from_data && panel_rows.is_empty() {
            panels.extend(grids);
            continue;
        }
        let stub_fraction = panel.stub_width.map(|w| w.fraction());
        let mut rows = Vec::new();
        for row in panel_rows {
            let mut cells = Vec::new();
            for column in &panel.columns {
                let format = cell_format(artefact, panel, row, column)?;
                let part = row
                    .part
                    .as_deref()
                    .or(column.part.as_deref())
                    .unwrap_or(VALUE);
                let text = cell_text(table, panel, row, column, &format, target);
                let text = if table.is_bold(&panel.id, &row.id, &column.id, part) {
                    text.map(|t| target.bold(&t))
                } else {
                    text
                };
                let fitted = table
                    .fitted
                    .keys()
                    .any(|k| k.panel == panel.id && k.row == row.id && k.column == column.id);
                let calibrated = table
                    .calibrated
                    .iter()
                    .any(|k| k.panel == panel.id && k.row == row.id && k.column == column.id);
                any_fitted |= fitted && text.is_some();
                any_calibrated |= calibrated && text.is_some();
                cells.push(if fitted {
                    text.map(|t| format!("{t}{}", target.fitted_mark()))
                } else if calibrated {
                    text.map(|t| format!("{t}{}", target.calibrated_mark()))
                } else {
                    text
                });
            }
            let rebuilt = cells.iter().any(Option::is_some)
                && !table
                    .pending_rows
                    .contains(&(panel.id.clone(), row.id.clone()));
            rows.push(GridRow {
                label: target.label(&row.label),
                cells: cells
                    .into_iter()
                    .map(|c| {
                        c.unwrap_or_else(|| if rebuilt { ABSENT } else { PENDING }.to_string())
                    })
                    .collect(),
                group: None,
                break_after: RowBreak::Allowed,
            });
        }
        // A panel with a set stub width (a claim's words) keeps the group in its first row's label:
        // as a heading row across the table a long group would run off the page.
        let grouped = rows_from_data && target == Target::Latex && stub_fraction.is_none();
        if rows_from_data && target == Target::Latex {
            group_row_labels(&mut rows, grouped);
        }
        let stub_wide = stub_fraction.is_some() || has_long_label(panel_rows, grouped);
        panels.push(GridPanel {
            label: panel
                .label
                .as_ref()
                .map(|l| target.label(l))
                .unwrap_or_default(),
            stub,
            stub_wide,
            stub_fraction,
            header,
            rows,
            lead_lines: 0,
            lines: 0,
            breaks: false,
        });
        panels.extend(grids);
    }
    reletter(&mut panels);
    // Group headings are LaTeX rows: a page break may not separate a group from its heading. A
    // panel wider than a page is split first.
    if target == Target::Latex {
        panels = panels.into_iter().flat_map(wide::split_wide).collect();
        for p in &mut panels {
            p.keep_groups();
        }
    }
    let escape = |s: &str| target.escape(s);
    let notes: Vec<String> = table.notes.iter().map(|n| escape(n)).collect();
    let mut legend = Vec::new();
    if any_fitted {
        legend.push(format!(
            "{}{FITTED_LEGEND}",
            target.fitted_mark().trim_start_matches([' ', '\\', ','])
        ));
    }
    if any_calibrated {
        let mark = target.calibrated_mark().trim_start_matches([' ']);
        let mark = mark.strip_prefix("\\,").unwrap_or(mark);
        legend.push(format!("{mark}{}", target.escape(CALIBRATED_LEGEND)));
    }
    if !table.bold.is_empty() && target == Target::Terminal {
        legend.push("x* printed in bold (as the paper prints it)".to_string());
    }
    let words = crate::model::artefact_words(&artefact.id);
    let number = words
        .strip_prefix("Table ")
        .or_else(|| words.strip_prefix("Figure "))
        .map_or_else(|| artefact.id.to_string(), str::to_string);
    Ok(Grid {
        id: artefact.id.to_string(),
        caption: target.label(&artefact.caption),
        stand_in: artefact
            .experiment
            .stand_in(table.real_data)
            .map(|s| escape(s.note())),
        stand_in_mark: artefact
            .experiment
            .stand_in(table.real_data)
            .map(|s| escape(s.mark())),
        tall: is_tall(&panels),
        panels,
        notes,
        legend,
        number,
    })
}

/// Letters the shown panels whose labels open with a letter (`(a) `, `(b) `, …) in the order they
/// are shown: a panel the table leaves out (a robustness study's empty verdict panel) leaves no gap.
fn reletter(panels: &mut [GridPanel]) {
    let mut letters = 'a'..='z';
    for panel in panels {
        let bytes = panel.label.as_bytes();
        let lettered = bytes.len() >= 4
            && bytes[0] == b'('
            && bytes[1].is_ascii_lowercase()
            && &bytes[2..4] == b") ";
        if !lettered {
            continue;
        }
        let Some(letter) = letters.next() else { return };
        panel.label = format!("({letter}){}", &panel.label[3..]);
    }
}

/// Whether a row label, as shown, is longer than [`WIDE_STUB_CHARS`]: when `grouped`, a label
/// `group: item` shows its item only ([`group_row_labels`]).
fn has_long_label(rows: &[Header], grouped: bool) -> bool {
    rows.iter().any(|r| {
        let text = r.label.text();
        let shown = match split_label(text) {
            Some((_, item)) if grouped => item,
            _ => text,
        };
        shown.chars().count() > WIDE_STUB_CHARS
    })
}

/// Row labels of one group (`Dmax = 8, N = 5: X vs. Y`, A.T3's rows) name the group once, as the
/// paper's table does. With `heading`, every such row shows its item only and the first row of each
/// group carries the group as [`GridRow::group`], printed as a heading row across the table, so the
/// stub column holds the short item on one line; without, the first row keeps its whole label and
/// the later rows of its group show their item only.
fn group_row_labels(rows: &mut [GridRow], heading: bool) {
    let labels: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    for run in label_runs(&labels) {
        let Some(head) = run.head else { continue };
        for (k, position) in run.positions.enumerate() {
            let row = &mut rows[position];
            if k == 0 && heading {
                row.group = Some(head.to_string());
            }
            if k > 0 || heading {
                let (_, item) = split_label(labels[position]).expect("a run with a head");
                row.label = item.to_string();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Panels are lettered in the order shown, whatever letters the layout gave the panels left
    /// out; a panel without a letter keeps its label.
    #[test]
    fn shown_panels_are_lettered_consecutively() {
        let panel = |label: &str| GridPanel {
            label: label.to_string(),
            stub: String::new(),
            stub_wide: false,
            stub_fraction: None,
            header: Vec::new(),
            rows: Vec::new(),
            lead_lines: 0,
            lines: 0,
            breaks: false,
        };
        let mut panels = vec![
            panel("(a) Nearly always"),
            panel("(b) Usually"),
            panel("(d) Rarely"),
            panel("Agreement statistics"),
            panel("(g) Built in"),
            panel("B.T8: mean [p5, p95] · printed"),
            panel("(h) Counts (a) and (b)"),
            panel("(x)"),
        ];
        reletter(&mut panels);
        let labels: Vec<&str> = panels.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "(a) Nearly always",
                "(b) Usually",
                "(c) Rarely",
                "Agreement statistics",
                "(d) Built in",
                "B.T8: mean [p5, p95] · printed",
                "(e) Counts (a) and (b)",
                "(x)"
            ]
        );
    }

    #[test]
    fn rows_of_one_group_name_it_once() {
        let row = |label: &str| GridRow {
            label: label.to_string(),
            cells: Vec::new(),
            group: None,
            break_after: RowBreak::Allowed,
        };
        let mut rows = vec![
            row("Dmax = 2, N = 5: A vs. B"),
            row("Dmax = 2, N = 5: C vs. D"),
            row("Dmax = 4, N = 5: A vs. B"),
            row("plain"),
            row("Dmax = 4, N = 5: C vs. D"),
        ];
        let mut inline = rows.clone();
        group_row_labels(&mut inline, false);
        let labels: Vec<&str> = inline.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Dmax = 2, N = 5: A vs. B",
                "C vs. D",
                "Dmax = 4, N = 5: A vs. B",
                "plain",
                "Dmax = 4, N = 5: C vs. D"
            ]
        );
        group_row_labels(&mut rows, true);
        let shown: Vec<(Option<&str>, &str)> = rows
            .iter()
            .map(|r| (r.group.as_deref(), r.label.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (Some("Dmax = 2, N = 5"), "A vs. B"),
                (None, "C vs. D"),
                (Some("Dmax = 4, N = 5"), "A vs. B"),
                (None, "plain"),
                (Some("Dmax = 4, N = 5"), "C vs. D"),
            ]
        );
    }
}
