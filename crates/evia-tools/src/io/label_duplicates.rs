//! What a label file's repeated labels become (`--duplicates`): the same assessor labelling the
//! same document of the same topic more than once, as crowd platforms record when a task is served
//! twice. By default a repeat is an error naming both lines; otherwise one label is kept per
//! (document, assessor) and the number of labels dropped is reported.

/// The rule for repeated labels of one assessor on one document.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    clap::ValueEnum,
    serde::Deserialize,
    serde::Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Duplicates {
    /// A repeated label is an error naming both lines.
    #[default]
    Error,
    /// Keep the label given first (in file order).
    First,
    /// Keep the label given last.
    Last,
    /// Keep the most frequent of the assessor's labels of the document; a tie goes to the tied
    /// label given first.
    Majority,
}

impl Duplicates {
    /// How the rule is named in messages and outputs.
    pub fn name(self) -> &'static str {
        match self {
            Duplicates::Error => "error",
            Duplicates::First => "first",
            Duplicates::Last => "last",
            Duplicates::Majority => "majority",
        }
    }

    /// Keeps one label per assessor of `labels` (`(assessor, level)` in file order), sorting
    /// them by assessor; returns how many labels were dropped.
    pub fn resolve(self, labels: &mut Vec<(usize, u16)>) -> usize {
        // A stable sort keeps each assessor's labels in file order.
        labels.sort_by_key(|&(a, _)| a);
        let before = labels.len();
        let mut kept: Vec<(usize, u16)> = Vec::with_capacity(labels.len());
        for group in labels.chunk_by(|x, y| x.0 == y.0) {
            let level = match self {
                Duplicates::Error | Duplicates::First => group[0].1,
                Duplicates::Last => group[group.len() - 1].1,
                Duplicates::Majority => {
                    let count = |l: u16| group.iter().filter(|x| x.1 == l).count();
                    // The first label whose count no later label exceeds: the first of the tied.
                    let mut best = group[0].1;
                    for &(_, l) in group {
                        if count(l) > count(best) {
                            best = l;
                        }
                    }
                    best
                }
            };
            kept.push((group[0].0, level));
        }
        *labels = kept;
        before - labels.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_keeps_one_label_per_assessor() {
        let labels = vec![(1, 0), (0, 2), (1, 1), (1, 1), (0, 0), (2, 1), (1, 0)];
        let run = |rule: Duplicates| {
            let mut l = labels.clone();
            let dropped = rule.resolve(&mut l);
            (l, dropped)
        };
        assert_eq!(run(Duplicates::First), (vec![(0, 2), (1, 0), (2, 1)], 4));
        assert_eq!(run(Duplicates::Last), (vec![(0, 0), (1, 0), (2, 1)], 4));
        // Assessor 1: 0, 1, 1, 0 — a tie; 0 came first. Assessor 0: 2, 0 — a tie; 2 came first.
        assert_eq!(run(Duplicates::Majority), (vec![(0, 2), (1, 0), (2, 1)], 4));
        let mut three = vec![(0, 0), (0, 2), (0, 2)];
        assert_eq!(Duplicates::Majority.resolve(&mut three), 2);
        assert_eq!(three, [(0, 2)]);
    }
}
