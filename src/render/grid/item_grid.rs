//! A family of numbers placed in their tables' items × measures grids ([`ItemMeasure`]: paper B's
//! Tables 3 to 8, one number per qrels version, topic set or pair of them and per measure) laid out
//! as one small grid per table, rows the items in the table's order and columns the measures in the
//! artefact's order, so that a reader sees the table's shape instead of one row per number. What a
//! cell shows is the caller's (a robustness study's replicate band beside the printed value).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::GridRow;
use crate::model::ItemMeasure;

/// The grid of one table.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ItemGrid {
    /// The table's artefact id (`B.T3`).
    pub(crate) table: String,
    /// What its rows are (`qrels`, `topic set`).
    pub(crate) stub: String,
    /// One column per measure, in the artefact's measure order, in the table's words.
    pub(crate) header: Vec<String>,
    /// One row per item, in the table's order; a cell without a number shows [`ABSENT`](super::ABSENT).
    pub(crate) rows: Vec<GridRow>,
}

/// The grids of `cells` (a number's place and the text of its cell), one per table in the order the
/// tables first appear in `cells`; rows by item rank, columns by measure rank, whatever the order
/// of `cells`.
pub(crate) fn item_grids(cells: Vec<(ItemMeasure, String)>) -> Vec<ItemGrid> {
    let mut tables: Vec<(String, String)> = Vec::new();
    let mut items: BTreeMap<&str, BTreeSet<(u32, String)>> = BTreeMap::new();
    let mut measures: BTreeMap<&str, BTreeSet<(u32, String)>> = BTreeMap::new();
    let mut text: BTreeMap<(String, String, String), String> = BTreeMap::new();
    for (place, _) in &cells {
        if !tables.iter().any(|(t, _)| *t == place.table) {
            tables.push((place.table.clone(), place.stub.clone()));
        }
    }
    for (place, _) in &cells {
        items
            .entry(place.table.as_str())
            .or_default()
            .insert((place.item_rank, place.item.clone()));
        measures
            .entry(place.table.as_str())
            .or_default()
            .insert((place.measure_rank, place.measure.clone()));
    }
    for (place, cell) in &cells {
        let key = (
            place.table.clone(),
            place.item.clone(),
            place.measure.clone(),
        );
        text.insert(key, cell.clone());
    }
    tables
        .iter()
        .map(|(table, stub)| {
            let columns: Vec<&String> = measures
                .get(table.as_str())
                .into_iter()
                .flatten()
                .map(|(_, m)| m)
                .collect();
            let rows = items
                .get(table.as_str())
                .into_iter()
                .flatten()
                .map(|(_, item)| {
                    GridRow::of_cells(
                        item.clone(),
                        columns
                            .iter()
                            .map(|&m| text.get(&(table.clone(), item.clone(), m.clone()))),
                    )
                })
                .collect();
            ItemGrid {
                table: table.clone(),
                stub: stub.clone(),
                header: columns.into_iter().cloned().collect(),
                rows,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::grid::ABSENT;

    fn place(
        table: &str,
        item_rank: u32,
        item: &str,
        measure_rank: u32,
        measure: &str,
    ) -> ItemMeasure {
        ItemMeasure {
            table: table.to_string(),
            stub: "qrels".to_string(),
            item_rank,
            item: item.to_string(),
            measure_rank,
            measure: measure.to_string(),
        }
    }

    /// One grid per table in first-appearance order (B.T5 before B.T3 as given), items by rank
    /// (`all3` before `2lancers` though `2lancers` sorts first as text and comes first in the input),
    /// measures by rank (`(a) nDCG` before `(c) nERR`), and a missing cell shown absent.
    #[test]
    fn one_grid_per_table_rows_items_columns_measures() {
        let grids = item_grids(vec![
            (place("B.T5", 1, "2lancers", 2, "(c) nERR"), "w".to_string()),
            (place("B.T5", 0, "all3", 2, "(c) nERR"), "x".to_string()),
            (
                place("B.T3", 0, "all3 vs. lancer1", 0, "(a) nDCG"),
                "y".to_string(),
            ),
            (place("B.T5", 0, "all3", 0, "(a) nDCG"), "z".to_string()),
        ]);
        let tables: Vec<&str> = grids.iter().map(|g| g.table.as_str()).collect();
        assert_eq!(tables, ["B.T5", "B.T3"]);
        assert_eq!(grids[0].header, ["(a) nDCG", "(c) nERR"]);
        let rows: Vec<(&str, Vec<&str>)> =
            grids[0].rows.iter().map(GridRow::label_and_cells).collect();
        assert_eq!(
            rows,
            [("all3", vec!["z", "x"]), ("2lancers", vec![ABSENT, "w"])]
        );
        assert_eq!(grids[1].stub, "qrels");
        assert_eq!(grids[1].rows.len(), 1);
    }
}
