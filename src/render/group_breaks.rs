//! Where a LaTeX long table of grouped rows may break across pages. A group's heading row (a
//! measure of A.R1's grids, `Dmax = 8, N = 5` of A.T3) is printed
//! once, above its first row; a page break inside the group would leave the rows continued on the
//! next page without it. So the rows of a group of at most `keep` rows ([`KEEP_ROWS`] one-line rows,
//! [`KEEP_WRAPPED_ROWS`] rows of words that wrap) are kept on one page (`\\*` after each but the
//! last: longtable breaks only before a heading), and a longer group is cut into near-equal chunks
//! of at most `keep` rows, each later chunk opening with the heading again, marked "(continued)",
//! and kept on one page like a short group. Every row then has its heading on its own page, and the
//! space a moved chunk leaves at a page's foot stays below `keep` rows.

use serde::Serialize;

/// The most one-line rows of a group that are kept on one page: a kept chunk moved whole to the
/// next page leaves at most this many rows blank (a `\small` page holds about 50 one-line rows).
/// Every group of the papers' tables is shorter (B.R1's items × measures grids have 10 rows), so
/// no heading is repeated as "(continued)" in mid-page.
pub(crate) const KEEP_ROWS: usize = 12;

/// The most rows of words (a claim's) kept on one page: such a row takes two or three lines.
pub(crate) const KEEP_WRAPPED_ROWS: usize = 6;

/// Whether a page may break after a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum RowBreak {
    /// After the last row of a group or chunk, and in rows outside any group.
    #[default]
    Allowed,
    /// The next row is of the same group (chunk): the templates end the row with `\\*`.
    Kept,
}

/// A table row that may open a group (its heading printed above it) and says where a page breaks.
pub(crate) trait GroupedRow {
    /// The heading this row opens, if any.
    fn group(&self) -> Option<&str>;
    fn set_group(&mut self, heading: String);
    fn set_break_after(&mut self, rule: RowBreak);
}

/// Sets each row's [`RowBreak`] and the "(continued)" heading of each later chunk of a long group
/// (module documentation). Rows before the first heading are not in a group and stay breakable.
pub(crate) fn keep_groups<R: GroupedRow>(rows: &mut [R], keep: usize) {
    let starts: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.group().is_some())
        .map(|(i, _)| i)
        .collect();
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(rows.len());
        let heading = rows[start].group().unwrap_or_default().to_string();
        for (c, chunk) in chunks(end - start, keep).into_iter().enumerate() {
            let (from, to) = (start + chunk.start, start + chunk.end);
            if c > 0 {
                rows[from].set_group(format!("{heading} (continued)"));
            }
            for row in &mut rows[from..to - 1] {
                row.set_break_after(RowBreak::Kept);
            }
            rows[to - 1].set_break_after(RowBreak::Allowed);
        }
    }
}

/// `len` rows cut into the fewest chunks of at most `keep` (at least 1) rows, their sizes differing
/// by at most one (the larger first).
fn chunks(len: usize, keep: usize) -> Vec<std::ops::Range<usize>> {
    let count = len.div_ceil(keep.max(1)).max(1);
    let (size, extra) = (len / count, len % count);
    let mut start = 0;
    (0..count)
        .map(|c| {
            let end = start + size + usize::from(c < extra);
            let range = start..end;
            start = end;
            range
        })
        .filter(|r| !r.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    struct Row(Option<String>, RowBreak);

    impl GroupedRow for Row {
        fn group(&self) -> Option<&str> {
            self.0.as_deref()
        }
        fn set_group(&mut self, heading: String) {
            self.0 = Some(heading);
        }
        fn set_break_after(&mut self, rule: RowBreak) {
            self.1 = rule;
        }
    }

    fn rows(groups: &[(usize, Option<&str>)]) -> Vec<Row> {
        groups
            .iter()
            .flat_map(|&(n, g)| {
                (0..n)
                    .map(move |i| Row(g.filter(|_| i == 0).map(str::to_string), RowBreak::Allowed))
            })
            .collect()
    }

    #[test]
    fn a_short_group_is_kept_whole_and_rows_before_any_group_break_freely() {
        let mut r = rows(&[(2, None), (3, Some("nG@1")), (2, Some("P+"))]);
        keep_groups(&mut r, KEEP_ROWS);
        let breaks: Vec<RowBreak> = r.iter().map(|r| r.1).collect();
        use RowBreak::{Allowed as A, Kept as K};
        assert_eq!(breaks, [A, A, K, K, A, K, A]);
        assert_eq!(r[2].0.as_deref(), Some("nG@1"));
        assert!(r.iter().filter(|r| r.0.is_some()).count() == 2);
    }

    #[test]
    fn a_long_group_is_cut_into_even_chunks_each_under_its_heading() {
        // 25 rows at KEEP_ROWS = 12: three chunks of 9, 8 and 8 rows.
        let mut r = rows(&[(25, Some("Measure"))]);
        keep_groups(&mut r, KEEP_ROWS);
        let headings: Vec<(usize, &str)> = r
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.0.as_deref().map(|g| (i, g)))
            .collect();
        assert_eq!(
            headings,
            [
                (0, "Measure"),
                (9, "Measure (continued)"),
                (17, "Measure (continued)")
            ]
        );
        let allowed: Vec<usize> = (0..r.len())
            .filter(|&i| r[i].1 == RowBreak::Allowed)
            .collect();
        assert_eq!(allowed, [8, 16, 24]);
    }

    #[test]
    fn chunks_never_exceed_the_bound() {
        for keep in [KEEP_WRAPPED_ROWS, KEEP_ROWS] {
            for len in 1..100 {
                let c = chunks(len, keep);
                assert_eq!(c.iter().map(|r| r.len()).sum::<usize>(), len);
                assert!(c.iter().all(|r| r.len() <= keep && !r.is_empty()));
                assert_eq!(c.len(), len.div_ceil(keep));
            }
        }
    }
}
