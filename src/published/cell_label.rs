//! A printed cell in words, generated from its table, panel, row, column and part (and the row's
//! `meta` where the published file gives it): `Table 2, nG@1, Dmax = 4, N = 5: 95%CI upper limit`.
//! Nothing is typed per cell; an id this module does not know is shown as it is.

use super::PublishedCell;
pub(crate) use crate::model::artefact_words;

/// A row of the published file in words: from its `meta` (`Dmax = 2, N = 5: X vs. Y`, paper A
/// Table 3's grouping rows and system pair) when it has one, else its id in words.
pub(crate) fn row_words(cell: &PublishedCell) -> String {
    let meta = |key: &str| cell.meta.get(key).map(String::as_str);
    match (meta("dmax"), meta("n"), meta("pair")) {
        (Some(dmax), Some(n), Some(pair)) => format!("Dmax = {dmax}, N = {n}: {pair}"),
        (_, _, Some(pair)) => pair.to_string(),
        _ => id_words(&cell.row, "row"),
    }
}

/// A `meta` entry of a published row in words: `dmax`, `4` → `Dmax = 4`, `n`, `5` → `N = 5`, a
/// system `pair` as it is, any other key as `key = value`.
pub(crate) fn meta_words(key: &str, value: &str) -> String {
    match key {
        "dmax" => format!("Dmax = {value}"),
        "n" => format!("N = {value}"),
        "pair" => value.to_string(),
        _ => format!("{key} = {value}"),
    }
}

/// A row, column or panel id in words: `dmax=4` → `Dmax = 4`, `n=5` → `N = 5`, the gain names
/// `rawg`/`wg`/`ug` → `RawG`/`WG`/`UG`, `item3` → `item 3`, a bare number → `{axis} 3`.
pub(crate) fn id_words(id: &str, axis: &str) -> String {
    if let Some(v) = id.strip_prefix("dmax=") {
        return format!("Dmax = {v}");
    }
    if let Some(v) = id.strip_prefix("n=") {
        return format!("N = {v}");
    }
    if let Some(v) = id.strip_prefix("item") {
        return format!("item {v}");
    }
    if !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()) {
        return format!("{axis} {id}");
    }
    match id {
        "rawg" => "RawG".to_string(),
        "wg" => "WG".to_string(),
        "ug" => "UG".to_string(),
        _ => id.to_string(),
    }
}

/// The part of a cell in words, `None` for the plain `value`. The SSO parts follow paper B's Table 4
/// note: a = significant only with the row's qrels, b = with both, c = only with the column's.
fn part_words(cell: &PublishedCell) -> Option<String> {
    part_words_of(&cell.part, &cell.row, &cell.column)
}

/// The words of part `part` of a cell in row `row` and column `column` ([`part_words`]).
fn part_words_of(part: &str, row: &str, column: &str) -> Option<String> {
    let words = match part {
        crate::model::VALUE => return None,
        "tau" => "τ".to_string(),
        "ci_lo" => "95%CI lower limit".to_string(),
        "ci_hi" => "95%CI upper limit".to_string(),
        "p" => "p-value".to_string(),
        "abs_d" => "|d|".to_string(),
        "es_hsd" => "ES_HSD".to_string(),
        "a" => format!("a, significant only with {row}"),
        "b" => "b, significant with both".to_string(),
        "c" => format!("c, significant only with {column}"),
        "sso_pct" => "SSO".to_string(),
        "count" => "count".to_string(),
        "min" => "minimum".to_string(),
        "max" => "maximum".to_string(),
        digits if digits.chars().all(|c| c.is_ascii_digit()) => format!("rating {digits}"),
        other => other.to_string(),
    };
    Some(words)
}

/// A printed cell's place in words, part by part, so that a list of cells can name what they share
/// once (`nG@1, Dmax = 2, N = 5: X vs. Y, Z vs. W`) and a single cell in full ([`CellWords::label`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CellWords {
    /// `Table 2`.
    pub(crate) table: String,
    /// The panel in words, `None` for the `main` panel.
    pub(crate) panel: Option<String>,
    /// The row in words, from its `meta` where it has one (`Dmax = 2, N = 5: X vs. Y`).
    pub(crate) row: String,
    pub(crate) column: String,
    /// The part in words, `None` for the plain `value`.
    pub(crate) part: Option<String>,
}

impl CellWords {
    /// The words of `cell`.
    pub(crate) fn of(cell: &PublishedCell) -> CellWords {
        CellWords {
            table: artefact_words(&cell.table),
            panel: (cell.panel != "main").then(|| id_words(&cell.panel, "panel")),
            row: row_words(cell),
            column: id_words(&cell.column, "column"),
            part: part_words(cell),
        }
    }

    /// The words of `cell` with the labels its table's `layout` gives its panel, row and column
    /// (`UG_i (p = 0.2)` rather than the id `ug_p0.2`), where the layout has them; a label that is a
    /// bare number (a confusion matrix's grades) keeps its axis (`row 0`), and a panel label's
    /// `(a)` is dropped.
    pub(crate) fn in_layout(
        cell: &PublishedCell,
        layout: Option<&crate::manifest::Layout>,
    ) -> CellWords {
        let ids = (cell.panel.as_str(), cell.row.as_str(), cell.column.as_str());
        CellWords::of(cell).with_layout(ids, cell.meta.contains_key("pair"), layout)
    }

    /// These words with the labels `layout` gives the panel, row and column `ids`, where it has
    /// them; a row that its `meta` words (`meta_row`) keeps those words.
    fn with_layout(
        mut self,
        (panel_id, row_id, column_id): (&str, &str, &str),
        meta_row: bool,
        layout: Option<&crate::manifest::Layout>,
    ) -> CellWords {
        let Some(panel) = layout.and_then(|l| l.panels.iter().find(|p| p.id == panel_id)) else {
            return self;
        };
        let worded = |label: &str| !label.is_empty() && !label.chars().all(|c| c.is_ascii_digit());
        if panel_id != "main"
            && let Some(label) = panel.label.as_ref().map(|l| unlettered(l.text()))
            && worded(label)
        {
            self.panel = Some(label.to_string());
        }
        if !meta_row
            && let Some(row) = panel.rows.iter().find(|r| r.id == row_id)
            && worded(row.label.text())
        {
            self.row = unlettered(row.label.text()).to_string();
        }
        if let Some(column) = panel.columns.iter().find(|c| c.id == column_id)
            && worded(column.label.text())
        {
            self.column = unlettered(column.label.text()).to_string();
        }
        self
    }

    /// The cell in full: `{artefact}, {panel}, {row}, {column}: {part}` (a `main` panel and a
    /// plain `value` part left out).
    pub(crate) fn label(&self) -> String {
        let place = format!("{}, {}", self.table, self.within_table_up_to_column());
        match &self.part {
            Some(part) => format!("{place}: {part}"),
            None => place,
        }
    }

    /// The row within its table, as a group and an item (`nG@1, Dmax = 2, N = 5` and `X vs. Y`, from
    /// a row's `meta`; `nDCG@10` and `all3` otherwise), so that a list of rows names each group once.
    pub(crate) fn row_in_table(&self) -> (String, String) {
        let (group, item) = match self.row.split_once(": ") {
            Some((group, item)) => (Some(group), item),
            None => (None, self.row.as_str()),
        };
        let prefix: Vec<&str> = self.panel.as_deref().into_iter().chain(group).collect();
        (prefix.join(", "), item.to_string())
    }

    /// The cell within its table, without its part, as a group (panel and row) and an item (the
    /// column): `nDCG@10, all3` and `2lancers`.
    pub(crate) fn cell_in_table(&self) -> (String, String) {
        let prefix: Vec<&str> = self
            .panel
            .as_deref()
            .into_iter()
            .chain([self.row.as_str()])
            .collect();
        (prefix.join(", "), self.column.clone())
    }

    /// The part alone, shortly (`c`, `SSO`, `p-value`; `value` for a plain one), for a list of the
    /// parts of one cell.
    pub(crate) fn short_part(&self) -> String {
        match &self.part {
            Some(part) => part.split(", ").next().unwrap_or(part).to_string(),
            None => "value".to_string(),
        }
    }

    /// The cell without its part: `Table 6, nDCG@10, all3-50, all3-high27`.
    pub(crate) fn place(&self) -> String {
        format!("{}, {}", self.table, self.within_table_up_to_column())
    }

    /// The cell within its table, without its part: `nDCG@10, all3-50, all3-low23`.
    pub(crate) fn within_table_up_to_column(&self) -> String {
        let words: Vec<&str> = self
            .panel
            .as_deref()
            .into_iter()
            .chain([self.row.as_str(), self.column.as_str()])
            .collect();
        words.join(", ")
    }
}

/// The cell in words: `{artefact}, {panel}, {row}, {column}: {part}` (a `main` panel and a plain
/// `value` part left out), with the labels of its table's `layout` where it has them
/// ([`CellWords::in_layout`]), never its ids.
pub(crate) fn cell_label(cell: &PublishedCell, layout: Option<&crate::manifest::Layout>) -> String {
    CellWords::in_layout(cell, layout).label()
}

/// `label` without a leading panel letter `(a) `.
fn unlettered(label: &str) -> &str {
    let bytes = label.as_bytes();
    if bytes.len() > 4 && bytes[0] == b'(' && bytes[2] == b')' && bytes[3] == b' ' {
        &label[4..]
    } else {
        label
    }
}

/// A cell named by its key alone, in words (its row's `meta` unknown): `Table 3, nERR@10, all3,
/// lancer1: τ`.
pub(crate) fn key_words(key: &crate::model::CellKey) -> String {
    key_words_in_layout(key, None)
}

/// A cell named by its key, in the words of its table's `layout` where it has them (`Table 1,
/// item 1, UG_i (p = 0.2)`), else its ids in words ([`key_words`]).
pub(crate) fn key_words_in_layout(
    key: &crate::model::CellKey,
    layout: Option<&crate::manifest::Layout>,
) -> String {
    CellWords {
        table: artefact_words(&key.table),
        panel: (key.panel != "main").then(|| id_words(&key.panel, "panel")),
        row: id_words(&key.row, "row"),
        column: id_words(&key.column, "column"),
        part: part_words_of(&key.part, &key.row, &key.column),
    }
    .with_layout((&key.panel, &key.row, &key.column), false, layout)
    .label()
}

/// Items under their groups, each group once, in the order of first appearance, each item once
/// within its group.
pub(crate) fn grouped(units: &[(String, String)]) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for (group, item) in units {
        match groups.iter_mut().find(|(g, _)| g == group) {
            Some((_, items)) => {
                if !items.contains(item) {
                    items.push(item.clone());
                }
            }
            None => groups.push((group.clone(), vec![item.clone()])),
        }
    }
    groups
}

/// Items under groups in words: `g1: i1, i2; g2: i3` (an item under an empty group alone), each
/// group named once, in the order of first appearance.
pub(crate) fn grouped_words(units: &[(String, String)]) -> String {
    grouped(units)
        .iter()
        .map(|(group, items)| match group.is_empty() {
            true => items.join("; "),
            false => format!("{group}: {}", items.join(", ")),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::model::ProvenanceClass;

    fn cell(table: &str, panel: &str, row: &str, column: &str, part: &str) -> PublishedCell {
        PublishedCell {
            table: table.to_string(),
            panel: panel.to_string(),
            row: row.to_string(),
            column: column.to_string(),
            part: part.to_string(),
            printed: "1".to_string(),
            value: 1.0,
            class: ProvenanceClass::Exact,
            bold: None,
            note: None,
            meta: BTreeMap::new(),
            readings: Vec::new(),
        }
    }

    #[test]
    fn a_table_2_interval_limit_reads_as_the_issue_asks() {
        let c = cell("A.T2", "nG@1", "dmax=4", "n=5", "ci_hi");
        assert_eq!(
            cell_label(&c, None),
            "Table 2, nG@1, Dmax = 4, N = 5: 95%CI upper limit"
        );
    }

    #[test]
    fn a_table_3_row_reads_from_its_meta() {
        let mut c = cell("A.T3", "nG@1", "r01", "rawg", "p");
        for (k, v) in [("dmax", "2"), ("n", "5"), ("pair", "X-R1 vs. Y-R2")] {
            c.meta.insert(k.to_string(), v.to_string());
        }
        assert_eq!(
            cell_label(&c, None),
            "Table 3, nG@1, Dmax = 2, N = 5: X-R1 vs. Y-R2, RawG: p-value"
        );
    }

    #[test]
    fn a_main_panel_and_a_plain_value_are_left_out() {
        let c = cell("B.T2", "main", "all3", "L1", crate::model::VALUE);
        assert_eq!(cell_label(&c, None), "Table 2, all3, L1");
    }

    #[test]
    fn sso_parts_name_the_qrels_they_count() {
        let c = cell("B.T4", "Q@10", "all3", "lancer1", "c");
        assert_eq!(
            cell_label(&c, None),
            "Table 4, Q@10, all3, lancer1: c, significant only with lancer1"
        );
    }

    #[test]
    fn a_list_of_rows_names_each_group_once() {
        let row = |r: &str, pair: &str, n: &str| {
            let mut c = cell("A.T3", "nG@1", r, "rawg", "p");
            for (k, v) in [("dmax", "2"), ("n", n), ("pair", pair)] {
                c.meta.insert(k.to_string(), v.to_string());
            }
            CellWords::of(&c).row_in_table()
        };
        let units = [
            row("r01", "X vs. Y", "5"),
            row("r01", "X vs. Y", "5"),
            row("r02", "Z vs. W", "5"),
            row("r03", "U vs. V", "10"),
        ];
        assert_eq!(
            grouped_words(&units),
            "nG@1, Dmax = 2, N = 5: X vs. Y, Z vs. W; nG@1, Dmax = 2, N = 10: U vs. V"
        );
        let interval = CellWords::of(&cell("B.T3", "nDCG@10", "all3", "2lancers", "ci_lo"));
        assert_eq!(
            interval.cell_in_table(),
            ("nDCG@10, all3".to_string(), "2lancers".to_string())
        );
        let sso = CellWords::of(&cell("B.T4", "Q@10", "all3", "lancer1", "c"));
        assert_eq!(sso.short_part(), "c");
        let plain = [
            (String::new(), "a claim".to_string()),
            (String::new(), "another".to_string()),
        ];
        assert_eq!(grouped_words(&plain), "a claim; another");
    }

    #[test]
    fn numbered_rows_and_columns_and_unknown_ids() {
        let c = cell("B.T1", "lancer1-lancer2", "0", "2", crate::model::VALUE);
        assert_eq!(
            cell_label(&c, None),
            "Table 1, lancer1-lancer2, row 0, column 2"
        );
    }
}
