//! A printed cell in words, generated from its table, panel, row, column and part (and the row's
//! `meta` where the published file gives it): `Table 2, nG@1, Dmax = 4, N = 5: 95%CI upper limit`.
//! Nothing is typed per cell; an id this module does not know is shown as it is.

use crate::published::PublishedCell;

/// The artefact in words: `A.T2` → `Table 2`, `B.F1` → `Figure 1`; any other id as it is.
pub fn artefact_words(table: &str) -> String {
    let local = table.split_once('.').map_or(table, |(_, rest)| rest);
    let (kind, number) = local.split_at(local.len().min(1));
    let numbered = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit());
    match kind {
        "T" if numbered => format!("Table {number}"),
        "F" if numbered => format!("Figure {number}"),
        _ => table.to_string(),
    }
}

/// A row of the published file in words: from its `meta` (`Dmax = 2, N = 5: X vs. Y`, paper A
/// Table 3's grouping rows and system pair) when it has one, else its id in words.
pub fn row_words(cell: &PublishedCell) -> String {
    let meta = |key: &str| cell.meta.get(key).map(String::as_str);
    match (meta("dmax"), meta("n"), meta("pair")) {
        (Some(dmax), Some(n), Some(pair)) => format!("Dmax = {dmax}, N = {n}: {pair}"),
        (_, _, Some(pair)) => pair.to_string(),
        _ => id_words(&cell.row, "row"),
    }
}

/// A row, column or panel id in words: `dmax=4` → `Dmax = 4`, `n=5` → `N = 5`, the gain names
/// `rawg`/`wg`/`ug` → `RawG`/`WG`/`UG`, `item3` → `item 3`, a bare number → `{axis} 3`.
fn id_words(id: &str, axis: &str) -> String {
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
    let words = match cell.part.as_str() {
        crate::results::VALUE => return None,
        "tau" => "τ".to_string(),
        "ci_lo" => "95%CI lower limit".to_string(),
        "ci_hi" => "95%CI upper limit".to_string(),
        "p" => "p-value".to_string(),
        "abs_d" => "|d|".to_string(),
        "es_hsd" => "ES_HSD".to_string(),
        "a" => format!("a, significant only with {}", cell.row),
        "b" => "b, significant with both".to_string(),
        "c" => format!("c, significant only with {}", cell.column),
        "sso_pct" => "SSO".to_string(),
        "count" => "significantly different run pairs".to_string(),
        "min" => "minimum".to_string(),
        "max" => "maximum".to_string(),
        digits if digits.chars().all(|c| c.is_ascii_digit()) => format!("rating {digits}"),
        other => other.to_string(),
    };
    Some(words)
}

/// The cell in words: `{artefact}, {panel}, {row}, {column}: {part}` (a `main` panel and a plain
/// `value` part left out).
pub fn cell_label(cell: &PublishedCell) -> String {
    let mut words = vec![artefact_words(&cell.table)];
    if cell.panel != "main" {
        words.push(id_words(&cell.panel, "panel"));
    }
    words.push(row_words(cell));
    words.push(id_words(&cell.column, "column"));
    let place = words.join(", ");
    match part_words(cell) {
        Some(part) => format!("{place}: {part}"),
        None => place,
    }
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
            cell_label(&c),
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
            cell_label(&c),
            "Table 3, nG@1, Dmax = 2, N = 5: X-R1 vs. Y-R2, RawG: p-value"
        );
    }

    #[test]
    fn a_main_panel_and_a_plain_value_are_left_out() {
        let c = cell("B.T2", "main", "all3", "L1", crate::results::VALUE);
        assert_eq!(cell_label(&c), "Table 2, all3, L1");
    }

    #[test]
    fn sso_parts_name_the_qrels_they_count() {
        let c = cell("B.T4", "Q@10", "all3", "lancer1", "c");
        assert_eq!(
            cell_label(&c),
            "Table 4, Q@10, all3, lancer1: c, significant only with lancer1"
        );
    }

    #[test]
    fn numbered_rows_and_columns_and_unknown_ids() {
        let c = cell("B.T1", "lancer1-lancer2", "0", "2", crate::results::VALUE);
        assert_eq!(cell_label(&c), "Table 1, lancer1-lancer2, row 0, column 2");
        assert_eq!(artefact_words("B.F1"), "Figure 1");
        assert_eq!(artefact_words("A.text"), "A.text");
        assert_eq!(artefact_words("A.T"), "A.T");
    }
}
