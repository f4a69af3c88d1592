//! The shape of a laid-out table: a [`Grid`] of panels whose rows hold formatted cell strings,
//! ready for a template, with the line estimates LaTeX needs to break pages between rows.

use serde::Serialize;

use super::ABSENT;
use crate::render::group_breaks::{
    GroupedRow, KEEP_ROWS, KEEP_WRAPPED_ROWS, RowBreak, keep_groups,
};

/// A table ready for a template.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Grid {
    pub(crate) id: String,
    pub(crate) caption: String,
    /// The stand-in note ([`crate::model::StandIn::note`]), escaped, when the table rests on a stand-in: the
    /// templates print it in the caption, never only as a comment.
    pub(crate) stand_in: Option<String>,
    /// The short stand-in mark ([`crate::model::StandIn::mark`]), escaped: the head of every page a long table
    /// continues onto repeats it.
    pub(crate) stand_in_mark: Option<String>,
    pub(crate) panels: Vec<GridPanel>,
    pub(crate) notes: Vec<String>,
    /// The legends of the marks its cells carry (a fitted number's ≡), printed visibly under it.
    pub(crate) legend: Vec<String>,
    /// What the table is called: the paper's number for the paper's tables (`3` for A.T3), the id
    /// for a table beyond the paper (`A.X1`), so no table gets a number the paper gave another.
    pub(crate) number: String,
    /// Whether the table is taller than a page holds as one float ([`is_tall`]): LaTeX then sets
    /// its panels as long tables that split across pages.
    pub(crate) tall: bool,
}

/// Lines of a landscape page (A4, 2 cm margins, `\small` booktabs rows) that one table float may
/// fill; a taller float would run off the page.
const PAGE_LINES: usize = 36;

/// Whether `panels` need more than [`PAGE_LINES`] lines: a panel's label and header take two, a row
/// one, or two when its label wraps in a wide stub column, and a group's heading row one.
pub(super) fn is_tall(panels: &[GridPanel]) -> bool {
    let lines: usize = panels
        .iter()
        .map(|p| {
            let groups = p.rows.iter().filter(|r| r.group.is_some()).count();
            2 + groups + p.rows.len() * if p.stub_wide { 2 } else { 1 }
        })
        .sum();
    lines > PAGE_LINES
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct GridPanel {
    pub(crate) label: String,
    pub(crate) stub: String,
    /// Whether a row label is longer than [`WIDE_STUB_CHARS`](super::WIDE_STUB_CHARS) or the panel sets a `stub_width`:
    /// LaTeX then sets the stub column as a ragged-right paragraph (`p{}`) that wraps, instead of
    /// one line that can run off the page.
    pub(crate) stub_wide: bool,
    /// The panel's `stub_width` (a share of the line) when it sets one: the paragraph's width.
    pub(crate) stub_fraction: Option<f64>,
    pub(crate) header: Vec<String>,
    pub(crate) rows: Vec<GridRow>,
    /// In LaTeX, the lines (estimated) a page must hold for the panel's first rows up to the first
    /// row a page may break after ([`GridPanel::keep_groups`]): the templates keep the panel's
    /// label, header and heading with them, so none is left alone at a page's foot.
    pub(crate) lead_lines: usize,
    /// In LaTeX, the lines (estimated) of all rows, group headings included: the room a short
    /// (unbreakable) table needs below its heading.
    pub(crate) lines: usize,
    /// In LaTeX, whether the panel with its label and header is taller than a page holds
    /// ([`PAGE_LINES`]): a tall table sets such a panel as a long table that splits across pages,
    /// and every other panel whole, so that no page holds a lone row of it.
    pub(crate) breaks: bool,
}

/// Characters of `\small` text in a full line of the LaTeX text width (A4, 2 cm margins).
const LINE_CHARS: f64 = 105.0;

/// Characters of a wide stub column without a set width (3.2 cm in the report).
const WIDE_STUB_LINE_CHARS: usize = 20;

impl GridPanel {
    /// Marks where LaTeX may break the page between the rows ([`keep_groups`]) and sets
    /// [`GridPanel::lead_lines`] and [`GridPanel::lines`].
    pub(crate) fn keep_groups(&mut self) {
        let keep = if self.stub_fraction.is_some() {
            KEEP_WRAPPED_ROWS
        } else {
            KEEP_ROWS
        };
        keep_groups(&mut self.rows, keep);
        let lead = self
            .rows
            .iter()
            .position(|r| r.break_after == RowBreak::Allowed)
            .map_or(self.rows.len(), |i| i + 1);
        let lines: Vec<usize> = self
            .rows
            .iter()
            .map(|r| usize::from(r.group.is_some()) + self.row_lines(r))
            .collect();
        self.lead_lines = lines[..lead].iter().sum();
        self.lines = lines.iter().sum();
        // The label, the "continued" line above it, and the header's stacked lines.
        let header = self
            .header
            .iter()
            .map(|h| 1 + h.matches("\\\\").count())
            .max()
            .unwrap_or(1);
        self.breaks = 2 + header + self.lines > PAGE_LINES;
    }

    /// The lines a row takes: its stacked cells' (lines joined by `\\`) or its wrapped label's.
    fn row_lines(&self, row: &GridRow) -> usize {
        let cells = row
            .cells
            .iter()
            .map(|c| 1 + c.matches("\\\\").count())
            .max()
            .unwrap_or(1);
        let chars = row.label.chars().count();
        let label = match (self.stub_fraction, self.stub_wide) {
            (Some(f), _) => {
                let per_line = (f * LINE_CHARS).floor().max(1.0) as usize;
                chars.div_ceil(per_line)
            }
            (None, true) => chars.div_ceil(WIDE_STUB_LINE_CHARS),
            (None, false) => 1,
        };
        cells.max(label).max(1)
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct GridRow {
    pub(crate) label: String,
    pub(crate) cells: Vec<String>,
    /// The group this row opens (`Dmax = 8, N = 5` of A.T3's `Dmax = 8, N = 5: X vs. Y`), set on the
    /// first row of each group of a LaTeX panel whose rows come from the data: the templates print it
    /// as a heading row across the table, and `label` keeps the item only ([`group_row_labels`](super::group_row_labels)).
    pub(crate) group: Option<String>,
    /// Whether LaTeX may break the page after this row: not inside a group, whose heading would
    /// be left behind ([`keep_groups`]).
    pub(crate) break_after: RowBreak,
}

impl GridRow {
    /// A row of a grid laid out from the data: `label` and, per column, the cell's text or
    /// [`ABSENT`] where the grid has no cell; no group heading, a page may break after it.
    pub(crate) fn of_cells<'a>(
        label: String,
        cells: impl Iterator<Item = Option<&'a String>>,
    ) -> Self {
        GridRow {
            label,
            cells: cells
                .map(|cell| cell.cloned().unwrap_or_else(|| ABSENT.to_string()))
                .collect(),
            group: None,
            break_after: RowBreak::Allowed,
        }
    }

    /// The row as (label, cells) for tests that compare a laid-out grid with what they expect.
    #[cfg(test)]
    pub(crate) fn label_and_cells(&self) -> (&str, Vec<&str>) {
        (
            self.label.as_str(),
            self.cells.iter().map(String::as_str).collect(),
        )
    }
}

impl GroupedRow for GridRow {
    fn group(&self) -> Option<&str> {
        self.group.as_deref()
    }
    fn set_group(&mut self, heading: String) {
        self.group = Some(heading);
    }
    fn set_break_after(&mut self, rule: RowBreak) {
        self.break_after = rule;
    }
}
