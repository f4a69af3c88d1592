//! Runs of consecutive labels that share their leading words: a label `head: item` (split at the
//! first `": "`, as in `Dmax = 8, N = 5: X vs. Y` or `Setting: Runs: 44`) belongs to the run of the
//! labels before it that have the same head. Tables and lists use the runs to print a head once
//! (A.T3's grouped rows in [`crate::render::grid`], the report's numbers in the running text).

use std::ops::Range;

/// A label's head and item: the words before and after its first `": "`.
pub(crate) fn split_label(label: &str) -> Option<(&str, &str)> {
    label.split_once(": ")
}

/// One run of consecutive labels: the positions it covers and its shared head (`None` for a label
/// without `": "`, which is a run of its own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LabelRun<'a> {
    pub(crate) head: Option<&'a str>,
    pub(crate) positions: Range<usize>,
}

/// The runs of `labels`, in order, covering every position once (module documentation).
pub(crate) fn label_runs<'a>(labels: &[&'a str]) -> Vec<LabelRun<'a>> {
    let mut runs: Vec<LabelRun<'a>> = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        let head = split_label(label).map(|(head, _)| head);
        match runs.last_mut() {
            Some(run) if head.is_some() && run.head == head => run.positions.end = i + 1,
            _ => runs.push(LabelRun {
                head,
                positions: i..i + 1,
            }),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Equal heads in a row form one run; a label without a head, or with another head, ends it;
    /// labels without a head never join each other.
    #[test]
    fn consecutive_equal_heads_form_one_run() {
        let labels = ["a: 1", "a: 2", "plain", "plain", "b: 1", "a: 3", "a: x: y"];
        let runs = label_runs(&labels);
        let shown: Vec<(Option<&str>, Range<usize>)> =
            runs.into_iter().map(|r| (r.head, r.positions)).collect();
        assert_eq!(
            shown,
            [
                (Some("a"), 0..2),
                (None, 2..3),
                (None, 3..4),
                (Some("b"), 4..5),
                (Some("a"), 5..7),
            ]
        );
        assert_eq!(split_label("a: x: y"), Some(("a", "x: y")));
        assert!(label_runs(&[]).is_empty());
    }
}
