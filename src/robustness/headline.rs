//! The headline numbers of a robustness study: the printed numbers a reader
//! checks a conclusion by, shown in the study's table beside their replicate band (every other
//! printed number's band stays in the study's JSON).
//!
//! The role is typed, read from the replicated table's manifest layout and experiment, never from a
//! label: in a table the study names under `headlines:`, a printed cell (class simulated or derived)
//! is a headline by the style its layout prints it with:
//! - [`Headline::Point`]: the point value of an `estimate [ci_lo, ci_hi]` cell (part `tau` or
//!   `estimate`; the CI limits are not headlines): the taus of A.T2, B.T3, B.T6;
//! - [`Headline::Percentage`]: the SSO percentage (part `sso_pct`) of an `a/b/c (sso%)` cell: B.T4, B.T7;
//! - [`Headline::Count`]: a `count` cell: the significant pairs of B.T5 and B.T8;
//! - [`Headline::Discrepancies`]: for a table of discrepancies whose rows are supplied at run time
//!   (A.T3), the number of its rows in each (measure, Dmax, N) group, printed as the number of
//!   distinct printed rows of that group.
//!
//! Where each number sits in a grid is the experiment's to say ([`crate::papers::Experiment`]'s
//! headline grid).

use std::collections::{BTreeMap, BTreeSet};

use crate::manifest::{Artefact, CellStyle, Layout};
use crate::model::{CellKey, ClaimGroup, GridPlace, HeadlineGrid, ItemMeasure, ProvenanceClass};
use crate::published::{PublishedCell, PublishedFile};
use crate::results::ResultTable;

/// Why a printed number is a headline (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Headline {
    Point,
    Count,
    Percentage,
    Discrepancies,
}

/// Every role, in the order the study's table shows them.
pub(crate) const HEADLINES: [Headline; 4] = [
    Headline::Count,
    Headline::Point,
    Headline::Percentage,
    Headline::Discrepancies,
];

/// The column and part of the numbers a [`Headline::Discrepancies`] group counts.
pub(crate) const DISCREPANCIES_COLUMN: &str = "discrepancies";
pub(crate) const DISCREPANCIES_PART: &str = "count";

/// One printed headline number: where it is, its role, its words and its printed value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HeadlineNumber {
    pub(crate) key: CellKey,
    pub(crate) role: Headline,
    /// The table, panel, row and column in the layout's words (`B.T3 (a) Mean nDCG@10: qrels all3,
    /// 2lancers`).
    pub(crate) label: String,
    /// Its cell in its table's grid, typed from the artefact's measures and conditions: a Dmax × N
    /// grid of its measure for paper A's tables (A.T2's taus, A.T3's counts), an items × measures
    /// grid of its table for paper B's (the taus, SSO percentages and counts of Tables 3 to 8).
    pub(crate) group: Option<GridPlace>,
    pub(crate) printed: f64,
}

/// The printed headline numbers of `artefact` in `published`, in file order then group order.
pub(crate) fn printed(artefact: &Artefact, published: &PublishedFile) -> Vec<HeadlineNumber> {
    let grid = grid(artefact);
    if !grid.row_groups.is_empty() {
        return printed_discrepancies(artefact, published, &grid.row_groups);
    }
    let Some(layout) = &artefact.layout else {
        return Vec::new();
    };
    let mut cells = grid.cells.clone();
    cells.extend(item_measure_cells(artefact, layout, &grid.measures));
    published
        .cells()
        .filter(|c| c.table == artefact.id.as_str())
        .filter(|c| {
            matches!(
                c.class,
                ProvenanceClass::Simulated | ProvenanceClass::Derived
            )
        })
        .filter_map(|cell| {
            let (role, label) = cell_role(artefact, layout, cell)?;
            let group = cells
                .iter()
                .find(|(panel, row, column, _)| {
                    (panel.as_str(), row.as_str(), column.as_str())
                        == (cell.panel.as_str(), cell.row.as_str(), cell.column.as_str())
                })
                .map(|(.., group)| group.clone());
            Some(HeadlineNumber {
                key: cell.key(),
                role,
                label,
                group,
                printed: cell.value,
            })
        })
        .collect()
}

/// The role and words of `cell` in `layout`, when it is a headline.
fn cell_role(
    artefact: &Artefact,
    layout: &Layout,
    cell: &PublishedCell,
) -> Option<(Headline, String)> {
    let panel = layout.panels.iter().find(|p| p.id == cell.panel)?;
    let row = panel.rows.iter().find(|r| r.id == cell.row)?;
    let column = panel.columns.iter().find(|c| c.id == cell.column)?;
    let style = panel.cell_format(row, column)?.style;
    let role = match style {
        CellStyle::EstimateCi if matches!(cell.part.as_str(), "tau" | "estimate") => {
            Headline::Point
        }
        CellStyle::Overlap if cell.part == "sso_pct" => Headline::Percentage,
        CellStyle::Count => Headline::Count,
        _ => return None,
    };
    let stub = panel.stub.as_ref().or(layout.stub.as_ref());
    let label = format!(
        "{}{}: {}{}, {}",
        artefact.id,
        panel
            .label
            .as_ref()
            .map_or_else(String::new, |l| format!(" {}", l.text())),
        stub.map_or_else(String::new, |s| format!("{} ", s.text())),
        row.label.text(),
        column.label.text()
    );
    Some((role, label))
}

/// The headline grid `artefact`'s experiment declares.
fn grid(artefact: &Artefact) -> HeadlineGrid {
    (crate::papers::experiment(artefact.experiment).headlines)(artefact)
}

/// The layout cell (panel, row, column) of each number of a table of items by `measures` with its place
/// in the table's items × measures grid ([`ItemMeasure`]), typed from the artefact's measures: a
/// table with a panel per measure (Tables 3, 4, 6, 7) gives one number per pair of a row and a
/// column (item `row vs. column`, ranked row by row); a table with a column per measure (Tables 5
/// and 8) one number per row. None for other tables.
fn item_measure_cells(
    artefact: &Artefact,
    layout: &Layout,
    measures: &[String],
) -> Vec<(String, String, String, GridPlace)> {
    let rank = |id: &str| {
        measures
            .iter()
            .position(|m| m == id)
            .and_then(|i| u32::try_from(i).ok())
    };
    let mut cells = Vec::new();
    for panel in &layout.panels {
        let stub = panel
            .stub
            .as_ref()
            .or(layout.stub.as_ref())
            .map_or_else(String::new, |s| s.text().to_string());
        let place = |item_rank: usize, item: String, measure_rank: u32, measure: &str| {
            GridPlace::ItemByMeasure(ItemMeasure {
                table: artefact.id.to_string(),
                stub: stub.clone(),
                item_rank: u32::try_from(item_rank).unwrap_or(u32::MAX),
                item,
                measure_rank,
                measure: measure.to_string(),
            })
        };
        if let Some(measure_rank) = rank(&panel.id) {
            let measure = panel.label.as_ref().map_or(panel.id.as_str(), |l| l.text());
            let width = panel.columns.len();
            for (r, row) in panel.rows.iter().enumerate() {
                for (c, column) in panel.columns.iter().enumerate() {
                    let item = format!("{} vs. {}", row.label.text(), column.label.text());
                    let at = place(r * width + c, item, measure_rank, measure);
                    cells.push((panel.id.clone(), row.id.clone(), column.id.clone(), at));
                }
            }
            continue;
        }
        for column in &panel.columns {
            let Some(measure_rank) = rank(&column.id) else {
                continue;
            };
            for (r, row) in panel.rows.iter().enumerate() {
                let at = place(
                    r,
                    row.label.text().to_string(),
                    measure_rank,
                    column.label.text(),
                );
                cells.push((panel.id.clone(), row.id.clone(), column.id.clone(), at));
            }
        }
    }
    cells
}

/// The key of a discrepancy group's count (`prefix`: its rows' id prefix).
fn group_key(artefact: &Artefact, group: &ClaimGroup, prefix: &str) -> CellKey {
    CellKey::new(
        artefact.id.as_str(),
        &group.measure,
        prefix.trim_end_matches('/'),
        DISCREPANCIES_COLUMN,
        DISCREPANCIES_PART,
    )
}

/// The printed count of every group: the distinct printed rows whose `meta` places them in it.
fn printed_discrepancies(
    artefact: &Artefact,
    published: &PublishedFile,
    groups: &[(ClaimGroup, String)],
) -> Vec<HeadlineNumber> {
    let mut rows: BTreeMap<(String, u32, u32), BTreeSet<&str>> = BTreeMap::new();
    for cell in published
        .cells()
        .filter(|c| c.table == artefact.id.as_str())
    {
        let parse = |key: &str| cell.meta.get(key).and_then(|v| v.parse::<u32>().ok());
        if let (Some(dmax), Some(n)) = (parse("dmax"), parse("n")) {
            rows.entry((cell.panel.clone(), dmax, n))
                .or_default()
                .insert(&cell.row);
        }
    }
    groups
        .iter()
        .map(|(group, prefix)| HeadlineNumber {
            key: group_key(artefact, group, prefix),
            role: Headline::Discrepancies,
            label: format!(
                "{} {}: Dmax {}, N = {}",
                artefact.id, group.measure, group.dmax, group.n
            ),
            group: Some(GridPlace::DmaxByN(group.clone())),
            printed: rows
                .get(&(group.measure.clone(), group.dmax, group.n))
                .map_or(0.0, |r| r.len() as f64),
        })
        .collect()
}

/// The numbers a rebuilt `table` of `artefact` has at headline keys that are not its cells: the
/// row count of every discrepancy group (none for other tables).
pub(crate) fn rebuilt(artefact: &Artefact, table: &ResultTable) -> Vec<(CellKey, f64)> {
    grid(artefact)
        .row_groups
        .iter()
        .map(|(group, prefix)| {
            let count = table
                .rows_of(&group.measure)
                .iter()
                .filter(|r| r.id.starts_with(prefix.as_str()))
                .count();
            (group_key(artefact, group, prefix), count as f64)
        })
        .collect()
}
