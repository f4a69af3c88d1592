//! Where the paper's extractions disagree on a row's labels (paper A Table 3: row 13 of P+ has
//! N = 10 in the one-line extraction and no token, read literally N = 5, in the MD extraction; row
//! 11's pair is spelled Poly-U in one and PolyU in the other), the A.T3 group-count claims are
//! evaluated under each extraction's reading (`readings` in `paper/published/unanimity.yaml`).
//!
//! One claim per disagreeing row: it holds when every group-count verdict is the same under every
//! reading, and lists the verdict of each group the row falls in under each reading.

use std::collections::{BTreeMap, BTreeSet};

use super::significance_discrepancies::Group;
use crate::published::cell_label::meta_words;
use crate::published::{PublishedCell, PublishedFile, Reading};
use crate::results::ClaimCheck;

/// The group-count verdict of [`super::significance_discrepancies`]: both zero or both positive.
fn verdict(printed: &BTreeMap<Group, usize>, rebuilt: &BTreeMap<Group, usize>, g: &Group) -> bool {
    let of = |m: &BTreeMap<Group, usize>| m.get(g).copied().unwrap_or(0);
    (of(printed) > 0) == (of(rebuilt) > 0)
}

/// The (panel, Dmax, N) group of `cell` under `reading`, if its labels give one.
fn group_of(cell: &PublishedCell, reading: &Reading) -> Option<Group> {
    let meta = cell.meta_under(reading);
    let parse = |key: &str| meta.get(key).and_then(|v| v.parse::<u32>().ok());
    Some((cell.panel.clone(), parse("dmax")?, parse("n")?))
}

fn show_labels(reading: &Reading) -> String {
    reading
        .meta
        .iter()
        .map(|(k, v)| meta_words(k, v))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One claim per row of table `id`; its rebuilt column lists, per reading, the verdict of each
/// group count the row falls in under any reading (`one-line extraction: Dmax = 2, N = 5 holds, …`).
/// Only rows whose cells carry readings have a claim; `printed_under(source)` is the
/// printed group counts with every cell read as extraction `source` reads it.
pub fn claims(
    id: &str,
    published: &PublishedFile,
    rebuilt: &BTreeMap<Group, usize>,
    printed_under: &dyn Fn(&str) -> BTreeMap<Group, usize>,
) -> Vec<ClaimCheck> {
    let mut seen = BTreeSet::new();
    published
        .cells()
        .filter(|c| c.table == id && !c.readings.is_empty())
        .filter(|c| seen.insert((c.panel.clone(), c.row.clone())))
        .map(|cell| row_claim(id, cell, rebuilt, printed_under))
        .collect()
}

fn row_claim(
    id: &str,
    cell: &PublishedCell,
    rebuilt: &BTreeMap<Group, usize>,
    printed_under: &dyn Fn(&str) -> BTreeMap<Group, usize>,
) -> ClaimCheck {
    let groups: BTreeSet<Group> = cell
        .readings
        .iter()
        .filter_map(|r| group_of(cell, r))
        .collect();
    let mut verdicts: Vec<(String, Vec<bool>)> = Vec::new();
    for reading in &cell.readings {
        let printed = printed_under(&reading.source);
        let per_group = groups
            .iter()
            .map(|g| verdict(&printed, rebuilt, g))
            .collect();
        verdicts.push((reading.source.clone(), per_group));
    }
    let same = verdicts.windows(2).all(|w| w[0].1 == w[1].1);
    let word = |holds: bool| if holds { "holds" } else { "fails" };
    let rebuilt_text = verdicts
        .iter()
        .map(|(source, per_group)| {
            let list = groups
                .iter()
                .zip(per_group)
                .map(|((_, d, n), h)| format!("Dmax = {d}, N = {n} {}", word(*h)))
                .collect::<Vec<_>>()
                .join(", ");
            format!("{source}: {list}")
        })
        .collect::<Vec<_>>()
        .join(" / ");
    let taken = cell.taken_reading().map_or("", |r| r.source.as_str());
    let pair = cell.meta.get("pair").map_or("", String::as_str);
    ClaimCheck {
        id: format!("{id}.reading.{}.{}", cell.panel, cell.row),
        section: id.to_string(),
        statement: format!(
            "{}, {pair}: the paper's extractions disagree on the row's labels; no verdict depends on which reading is taken (the ledger takes the {taken}'s)",
            cell.panel
        ),
        printed: cell
            .readings
            .iter()
            .map(|r| format!("{}: {}", r.source, show_labels(r)))
            .collect::<Vec<_>>()
            .join(" / "),
        rebuilt: if groups.len() == 1 {
            format!(
                "the readings place the row in the same group, so every verdict is the same ({rebuilt_text})"
            )
        } else {
            rebuilt_text
        },
        holds: same,
        detail:
            "holds when each group count gets the same verdict under every extraction's reading"
                .to_string(),
        group: None,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Two rows in the style of paper A Table 3: r13 whose N differs between the extractions (one-line
    /// N = 10, MD N = 5), r11 whose pair is spelled differently.
    const FILE: &str = r#"paper: A
title: "t"
venue: "v"
source: "s"
tables:
  - table: A.T3
    caption: "c"
    class: simulated
    cells:
      - {panel: P+, row: r11, column: rawg, part: "p", printed: ".037", value: 0.037, meta: {dmax: "2", n: "5", pair: "X vs. PolyU"}, readings: [{source: "MD extraction", meta: {pair: "X vs. PolyU"}}, {source: "one-line extraction", meta: {pair: "X vs. Poly-U"}}]}
      - {panel: P+, row: r13, column: rawg, part: "p", printed: ".047", value: 0.047, meta: {dmax: "2", n: "10", pair: "Y vs. Z"}, readings: [{source: "one-line extraction", meta: {n: "10"}}, {source: "MD extraction", meta: {n: "5"}}]}
"#;

    fn printed_under(file: &PublishedFile, source: &str) -> BTreeMap<Group, usize> {
        let mut counts = BTreeMap::new();
        for cell in file.cells() {
            let reading = cell.readings.iter().find(|r| r.source == source);
            let cell_group = group_of(cell, reading.unwrap_or(&cell.readings[0]));
            *counts.entry(cell_group.expect("group")).or_insert(0) += 1;
        }
        counts
    }

    #[test]
    fn a_reading_that_moves_a_row_to_an_empty_group_changes_a_verdict() {
        let file = crate::published::parse(FILE, Path::new("t.yaml")).expect("valid");
        // Rebuilt: discrepancies at Dmax = 2, N = 5 only; none at N = 10.
        let rebuilt = BTreeMap::from([(("P+".to_string(), 2, 5), 3)]);
        let claims = claims("A.T3", &file, &rebuilt, &|s| printed_under(&file, s));
        assert_eq!(claims.len(), 2);
        let spelling = &claims[0];
        assert_eq!(spelling.id, "A.T3.reading.P+.r11");
        assert!(spelling.holds, "{spelling:?}");
        assert!(
            spelling.rebuilt.contains("in the same group"),
            "{spelling:?}"
        );
        let n = &claims[1];
        assert_eq!(n.id, "A.T3.reading.P+.r13");
        // Under the one-line reading the printed N = 10 group has a row the rebuild lacks (fails);
        // under the MD reading it is empty, as rebuilt (holds).
        assert!(!n.holds, "{n:?}");
        assert!(
            n.rebuilt
                .contains("one-line extraction: Dmax = 2, N = 5 holds, Dmax = 2, N = 10 fails"),
            "{}",
            n.rebuilt
        );
        assert!(
            n.rebuilt
                .contains("/ MD extraction: Dmax = 2, N = 5 holds, Dmax = 2, N = 10 holds"),
            "{}",
            n.rebuilt
        );
        assert!(n.printed.contains("MD extraction: N = 5"), "{}", n.printed);
    }
}
