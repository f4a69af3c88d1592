//! Where the paper's extractions disagree on a row's labels (paper A Table 3: row 13 of P+ has
//! N = 10 in the one-line extraction and no token, read literally N = 5, in the MD extraction; row
//! 11's pair is spelled Poly-U in one and PolyU in the other), one transcription note per row
//! (`readings` in `paper/published/unanimity.yaml`): the readings, the one adopted, and the printed
//! group counts and stand-in count verdicts that change with the reading.

use std::collections::{BTreeMap, BTreeSet};

use super::stc_setting::Group;
use crate::published::cell_label::meta_words;
use crate::published::{PublishedCell, PublishedFile, Reading};
use crate::results::TranscriptionNote;

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

/// One note per row of table `id` of `paper` whose cells carry readings; `rebuilt` is the stand-in's
/// count of every group and `printed_under(source)` the printed group counts with every cell read
/// as extraction `source` reads it.
pub(crate) fn notes(
    paper: &str,
    id: &str,
    published: &PublishedFile,
    rebuilt: &BTreeMap<Group, usize>,
    printed_under: &dyn Fn(&str) -> BTreeMap<Group, usize>,
) -> Vec<TranscriptionNote> {
    let mut seen = BTreeSet::new();
    published
        .cells()
        .filter(|c| c.table == id && !c.readings.is_empty())
        .filter(|c| seen.insert((c.panel.clone(), c.row.clone())))
        .map(|cell| row_note(paper, id, cell, rebuilt, printed_under))
        .collect()
}

fn row_note(
    paper: &str,
    id: &str,
    cell: &PublishedCell,
    rebuilt: &BTreeMap<Group, usize>,
    printed_under: &dyn Fn(&str) -> BTreeMap<Group, usize>,
) -> TranscriptionNote {
    let groups: BTreeSet<Group> = cell
        .readings
        .iter()
        .filter_map(|r| group_of(cell, r))
        .collect();
    let printed: Vec<(&str, BTreeMap<Group, usize>)> = cell
        .readings
        .iter()
        .map(|r| (r.source.as_str(), printed_under(&r.source)))
        .collect();
    let mut depends = Vec::new();
    if groups.len() > 1 {
        for g in &groups {
            let (panel, dmax, n) = g;
            let counts: Vec<String> = printed
                .iter()
                .map(|(source, counts)| {
                    format!("{} under the {source}", counts.get(g).copied().unwrap_or(0))
                })
                .collect();
            depends.push(format!(
                "the printed count of {panel} discrepancies at Dmax = {dmax}, N = {n}: {}",
                counts.join(", ")
            ));
            let verdicts: Vec<(&str, bool)> = printed
                .iter()
                .map(|(source, counts)| (*source, verdict(counts, rebuilt, g)))
                .collect();
            if verdicts.windows(2).any(|w| w[0].1 != w[1].1) {
                let word = |holds: bool| if holds { "holds" } else { "fails" };
                let each: Vec<String> = verdicts
                    .iter()
                    .map(|(source, holds)| format!("{} under the {source}", word(*holds)))
                    .collect();
                depends.push(format!(
                    "the stand-in's count claim for {panel} at Dmax = {dmax}, N = {n}: {}",
                    each.join(", ")
                ));
            }
        }
    }
    let pair = cell.meta.get("pair").map_or("", String::as_str);
    TranscriptionNote {
        paper: paper.to_string(),
        table: id.to_string(),
        row: format!("{}, {pair}", cell.panel),
        readings: cell
            .readings
            .iter()
            .map(|r| format!("{}: {}", r.source, show_labels(r)))
            .collect(),
        adopted: cell
            .taken_reading()
            .map_or_else(String::new, |r| r.source.clone()),
        depends,
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
    fn a_reading_that_moves_a_row_says_which_counts_and_verdicts_change() {
        let file = crate::published::parse(FILE, Path::new("t.yaml")).expect("valid");
        // Rebuilt: discrepancies at Dmax = 2, N = 5 only; none at N = 10.
        let rebuilt = BTreeMap::from([(("P+".to_string(), 2, 5), 3)]);
        let notes = notes("A", "A.T3", &file, &rebuilt, &|s| printed_under(&file, s));
        assert_eq!(notes.len(), 2);
        let spelling = &notes[0];
        assert_eq!(spelling.row, "P+, X vs. PolyU");
        assert!(spelling.depends.is_empty(), "{spelling:?}");
        assert_eq!(spelling.adopted, "MD extraction");
        let n = &notes[1];
        assert_eq!(n.adopted, "one-line extraction");
        assert!(
            n.readings.iter().any(|r| r == "MD extraction: N = 5"),
            "{n:?}"
        );
        // Under the one-line reading the printed N = 10 group has a row the rebuild lacks (the
        // count claim fails); under the MD reading it is empty, as rebuilt (it holds).
        assert!(
            n.depends.iter().any(|d| d
                == "the stand-in's count claim for P+ at Dmax = 2, N = 10: fails under the one-line extraction, holds under the MD extraction"),
            "{:?}",
            n.depends
        );
        assert!(
            n.depends.iter().any(|d| d
                == "the printed count of P+ discrepancies at Dmax = 2, N = 10: 1 under the one-line extraction, 0 under the MD extraction"),
            "{:?}",
            n.depends
        );
    }
}
