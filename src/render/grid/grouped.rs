//! The grids of a panel's grouped rows: one Dmax × N grid per measure and one items × measures
//! grid per table, each laid out as a panel of its own after the panel's other rows.

use std::collections::{BTreeMap, BTreeSet};

use super::cells::{cell_format, cell_text};
use super::claim_grid::claim_grids;
use super::item_grid::item_grids;
use super::{ABSENT, GridError, GridPanel, GridRow, Target, WIDE_STUB_CHARS};
use crate::manifest::{Artefact, Header, Label, Panel};
use crate::model::GridPlace;
use crate::results::{ResultTable, VALUE};

/// The grouped rows `panel` takes from `table` ([`ResultTable::add_grouped_row`]) as grids, by their
/// typed place ([`GridPlace`]): one Dmax × N grid per measure ([`claim_grids`], typed measure order),
/// then one items × measures grid per table ([`item_grids`], in the order the rows list the tables).
/// A cell shows the row's cells in the panel's columns, joined by [`GRID_CELL_JOIN`] (a study's
/// holding rate; a replicate band and the printed value, bold when outside it). Each grid is titled
/// by its measure or table and what a cell shows; the first also by the panel's label.
pub(super) fn grid_panels(
    artefact: &Artefact,
    table: &ResultTable,
    panel: &Panel,
    target: Target,
) -> Result<Vec<GridPanel>, GridError> {
    let mut by_dmax = Vec::new();
    let mut by_item = Vec::new();
    for r in table.rows_of(&panel.id) {
        let Some(place) = &r.group else { continue };
        let row = Header {
            id: r.id.clone(),
            label: Label::Plain(r.label.clone()),
            part: None,
            format: None,
        };
        let mut texts = Vec::new();
        for column in &panel.columns {
            let format = cell_format(artefact, panel, &row, column)?;
            let part = column.part.as_deref().unwrap_or(VALUE);
            let text = cell_text(table, panel, &row, column, &format, target)
                .unwrap_or_else(|| ABSENT.to_string());
            texts.push(if table.is_bold(&panel.id, &row.id, &column.id, part) {
                target.bold(&text)
            } else {
                text
            });
        }
        match place {
            GridPlace::DmaxByN(group) => by_dmax.push((group.clone(), texts)),
            GridPlace::ItemByMeasure(item) => by_item.push((item.clone(), texts)),
        }
    }
    // Every N of the family is a column of each Dmax grid ([`claim_grids`]); an items grid has a
    // column per measure of its table.
    let n_columns = by_dmax
        .iter()
        .map(|(g, _)| g.n)
        .collect::<BTreeSet<_>>()
        .len();
    let mut measures: BTreeMap<&str, BTreeSet<u32>> = BTreeMap::new();
    for (place, _) in &by_item {
        measures
            .entry(place.table.as_str())
            .or_default()
            .insert(place.measure_rank);
    }
    let by_dmax = by_dmax
        .iter()
        .map(|(g, texts)| (g.clone(), grid_cell(texts, target, n_columns)))
        .collect();
    let by_item = by_item
        .iter()
        .map(|(place, texts)| {
            let columns = measures.get(place.table.as_str()).map_or(0, BTreeSet::len);
            (place.clone(), grid_cell(texts, target, columns))
        })
        .collect();
    let shows = panel
        .columns
        .iter()
        .map(|c| target.label(&c.label))
        .collect::<Vec<_>>()
        .join(&target.escape(GRID_CELL_JOIN));
    let dmax_stub = match target {
        Target::Latex => "$D_\\mathrm{max}$".to_string(),
        Target::Markdown | Target::Terminal => "Dmax".to_string(),
    };
    let mut dmax_grids: Vec<NamedGrid> = claim_grids(by_dmax)
        .into_iter()
        .map(|g| {
            (
                Some(target.escape(&g.measure)),
                dmax_stub.clone(),
                g.header,
                g.rows,
            )
        })
        .collect();
    // In LaTeX the measures' grids make one table, each measure opening with a heading row
    // ([`GridRow::group`], printed across the table): they share their N columns
    // ([`claim_grids`]), so the header and rules are set once, not once per measure.
    if target == Target::Latex && dmax_grids.len() > 1 {
        let stub = dmax_stub.clone();
        let header = dmax_grids[0].2.clone();
        let rows = dmax_grids
            .drain(..)
            .flat_map(|(name, _, _, mut rows)| {
                if let Some(first) = rows.first_mut() {
                    first.group = name;
                }
                rows
            })
            .collect();
        dmax_grids.push((None, stub, header, rows));
    }
    let item_grids = item_grids(by_item).into_iter().map(|g| {
        let header = g.header.iter().map(|h| target.escape(h)).collect();
        let rows = g
            .rows
            .into_iter()
            .map(|r| GridRow {
                label: target.escape(&r.label),
                ..r
            })
            .collect();
        (
            Some(target.escape(&g.table)),
            target.escape(&g.stub),
            header,
            rows,
        )
    });
    let label = panel.label.as_ref().map(|l| target.label(l));
    Ok(dmax_grids
        .into_iter()
        .chain(item_grids)
        .enumerate()
        .map(|(i, (name, stub, header, rows))| {
            let stub_wide = rows
                .iter()
                .any(|r: &GridRow| r.label.chars().count() > WIDE_STUB_CHARS);
            GridPanel {
                label: match (i, &label, &name) {
                    (0, Some(l), Some(name)) => format!("{l}, {name}: {shows}"),
                    (0, Some(l), None) => format!("{l}: {shows}"),
                    (_, _, Some(name)) => format!("{name}: {shows}"),
                    (_, _, None) => shows.clone(),
                },
                stub,
                stub_wide,
                stub_fraction: None,
                header,
                rows,
                lead_lines: 0,
                lines: 0,
                breaks: false,
            }
        })
        .collect())
}

/// A grid before it becomes a panel: its name (a measure or table; none for measures folded into
/// one table), stub, header and rows.
type NamedGrid = (Option<String>, String, Vec<String>, Vec<GridRow>);

/// Between the texts of a grouped row's columns in its grid cell.
const GRID_CELL_JOIN: &str = " · ";

/// How many grid columns of several-text cells fit the LaTeX text width side by side on one line
/// each (paper B's three measures); a wider grid (paper A's five N) stacks its cells.
const LINE_CELLS: usize = 3;

/// A grid cell of several texts (a replicate band and the printed value): joined by
/// [`GRID_CELL_JOIN`] on one line in Markdown, on the terminal and in a LaTeX grid of at most
/// [`LINE_CELLS`] columns; stacked right-aligned in a wider LaTeX grid, the join opening the second
/// line, so a grid of five such cells fits the text width. The stack hangs from its first line,
/// which sits on the row's baseline beside the row's label.
fn grid_cell(texts: &[String], target: Target, columns: usize) -> String {
    let join = target.escape(GRID_CELL_JOIN);
    match target {
        Target::Latex if texts.len() > 1 && columns > LINE_CELLS => {
            format!(
                "\\begin{{tabular}}[t]{{@{{}}r@{{}}}}{}\\end{{tabular}}",
                texts.join(&format!("\\\\{}", join.trim_start()))
            )
        }
        _ => texts.join(&join),
    }
}
