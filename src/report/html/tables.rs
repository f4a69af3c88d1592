//! The paper's tables as it prints them, for the reviewer's page: the printed numbers laid out like
//! the reports' printed grids ([`crate::report::printed`]: the manifest's layout, or for a panel
//! whose rows come at run time the printed rows in the paper's order), each cell an item carrying
//! its ledger entries. Printed cells the layout does not place are returned for the entry lists.
//! An artefact with nothing printed (a user's study) shows its rebuilt table instead, as plain text.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::entries::ItemView;
use super::text::unescape_markdown;
use crate::account::Item;
use crate::manifest::Artefact;
use crate::model::CellKey;
use crate::published::PublishedCell;
use crate::render::grid::{self, Target};
use crate::report::printed::{PrintedLayout, printed_layout, retain_columns};
use crate::results::ResultTable;

/// One panel of a table on the page: its label, stub and header, and rows of `Cell`s.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Panel<Cell> {
    pub(crate) label: String,
    pub(crate) stub: String,
    pub(crate) header: Vec<String>,
    pub(crate) rows: Vec<Row<Cell>>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Row<Cell> {
    pub(crate) label: String,
    pub(crate) cells: Vec<Cell>,
}

/// A printed cell: an item, or `None` where the paper prints nothing.
pub(crate) type PrintedCell = Option<ItemView>;

/// A rebuilt cell: its text in runs, bold where the reports set it in bold.
pub(crate) type RebuiltCell = Vec<TextRun>;

/// A run of a rebuilt cell's text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct TextRun {
    pub(crate) text: String,
    pub(crate) bold: bool,
}

/// The printed table of `artefact` from its published `cells` and their items `by_cell`
/// (by cell name), and the keys of the cells placed in it.
pub(crate) fn printed_panels(
    artefact: &Artefact,
    cells: &[&PublishedCell],
    by_cell: &BTreeMap<&str, &Item>,
) -> (Vec<Panel<PrintedCell>>, BTreeSet<CellKey>) {
    // The Markdown grid gives the reports' spelling of labels and numbers (Unicode minus, bold as
    // `**`); the page shows it as plain text.
    let Some(PrintedLayout {
        grid,
        panels: placed_panels,
        placed,
    }) = printed_layout(artefact, cells, by_cell, Target::Markdown)
    else {
        return (Vec::new(), BTreeSet::new());
    };
    let mut panels = Vec::new();
    for (grid_panel, placed_panel) in grid.panels.iter().zip(&placed_panels) {
        let mut row_views = Vec::new();
        for (grid_row, row_items) in grid_panel.rows.iter().zip(&placed_panel.items) {
            let mut items = Vec::new();
            for (text, here) in grid_row.cells.iter().zip(row_items) {
                let (text, bold) = match text.strip_prefix("**").and_then(|t| t.strip_suffix("**"))
                {
                    Some(inner) => (inner, true),
                    None => (text.as_str(), false),
                };
                items.push(ItemView::of(here, unescape_markdown(text), bold));
            }
            row_views.push(Row {
                label: unescape_markdown(&grid_row.label),
                cells: items,
            });
        }
        let mut header: Vec<String> = grid_panel
            .header
            .iter()
            .map(|h| unescape_markdown(h))
            .collect();
        // A panel whose rows come from the print keeps only the columns the paper fills.
        if placed_panel.rows_from_print {
            retain_columns(&mut header, &placed_panel.printed_columns);
            for row in &mut row_views {
                retain_columns(&mut row.cells, &placed_panel.printed_columns);
            }
        }
        if !row_views.is_empty() {
            panels.push(Panel {
                label: unescape_markdown(&grid_panel.label),
                stub: unescape_markdown(&grid_panel.stub),
                header,
                rows: row_views,
            });
        }
    }
    (panels, placed)
}

/// The rebuilt `table` of `artefact` laid out as the reports lay it out (the manifest's layout), as
/// plain text; empty when the artefact has no layout.
pub(crate) fn rebuilt_panels(artefact: &Artefact, table: &ResultTable) -> Vec<Panel<RebuiltCell>> {
    let Ok(grid) = grid::layout(artefact, table, Target::Markdown) else {
        return Vec::new();
    };
    let plain = |text: &str| runs(text).into_iter().map(|r| r.text).collect::<String>();
    grid.panels
        .iter()
        .filter(|p| !p.rows.is_empty())
        .map(|p| Panel {
            label: plain(&p.label),
            stub: plain(&p.stub),
            header: p.header.iter().map(|h| plain(h)).collect(),
            rows: p
                .rows
                .iter()
                .map(|r| Row {
                    label: plain(&r.label),
                    cells: r.cells.iter().map(|c| runs(c)).collect(),
                })
                .collect(),
        })
        .collect()
}

/// The runs of a Markdown grid cell: text between `**` markers is bold, every run unescaped. A
/// backslash escapes the character after it, so an escaped `*` is never part of a marker.
fn runs(markdown: &str) -> Vec<TextRun> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut bold = false;
    let mut chars = markdown.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                current.push(c);
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                if !current.is_empty() {
                    out.push(TextRun {
                        text: unescape_markdown(&current),
                        bold,
                    });
                }
                current.clear();
                bold = !bold;
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(TextRun {
            text: unescape_markdown(&current),
            bold,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bold_runs_are_split_out_and_unescaped() {
        let run = |text: &str, bold| TextRun {
            text: text.to_string(),
            bold,
        };
        assert_eq!(
            runs("0.998 [0.994, 1.000] · **0.992**"),
            [run("0.998 [0.994, 1.000] · ", false), run("0.992", true)]
        );
        assert_eq!(runs("**.037**"), [run(".037", true)]);
        assert_eq!(runs(r"a \* b"), [run("a * b", false)]);
        assert_eq!(runs(r"a\***b**"), [run("a*", false), run("b", true)]);
        assert_eq!(runs(""), []);
    }
}
