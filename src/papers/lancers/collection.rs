//! The NTCIR-13 WWW English collection as paper B used it: per-topic pools judged by three assessors
//! (lancer1, lancer2 and student) on the scale 0/1/2, and the system runs evaluated on them — and, in
//! the same shape, any collection judged by any set of named assessors on a scale 0..=max.
//!
//! Shared by the seeded stand-in (`standin`) and by a user's real collection read with `--data`
//! (`collection_files`): every paper-B experiment works on [`LabelledTopic`]s judged by an
//! [`AssessorSet`] and never knows which one it got.

/// The three assessors of paper B, in the order of the papers' tables.
pub(crate) const ASSESSORS: [&str; 3] = ["lancer1", "lancer2", "student"];

/// The highest label of paper B's scale (0 nonrelevant, 1 relevant, 2 highly relevant).
pub(crate) const PAPER_MAX_LABEL: u8 = 2;

/// The largest label an [`AssessorSet`] may declare: a qrels version sums up to
/// [`MAX_ASSESSORS`] labels, and NTCIR levels stop at L1000 (what `eval` reads).
pub(crate) const MAX_LABEL: u8 = 100;

/// The most assessors an [`AssessorSet`] may name (every pair is compared, so the work grows with
/// the square of this).
pub(crate) const MAX_ASSESSORS: usize = 100;

/// Where a topic falls in paper B §3's split of the topics by their per-topic kappas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TopicAgreement {
    /// Every assessor pair's per-topic kappa is significantly positive.
    High,
    /// Some pair's is not, or is undefined.
    Low,
    /// Every label of the topic is the same: the assessors agree on every document, and every
    /// kappa is undefined (chance agreement is 1). In neither set.
    Perfect,
}

/// The assessors who judged a collection, in the order of every [`Judgement::labels`], and the top
/// of their common label scale `0..=max_label`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AssessorSet {
    names: Vec<String>,
    max_label: u8,
}

/// Why an [`AssessorSet`] cannot be formed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum AssessorSetError {
    #[error("{0} assessors; between 2 and {MAX_ASSESSORS} are needed")]
    Count(usize),
    #[error("assessor `{0}` is named twice")]
    Duplicate(String),
    #[error("the label scale 0..{0} has fewer than two labels or more than {MAX_LABEL}")]
    Scale(u8),
}

/// Two assessors compared: indices into an [`AssessorSet`] (`first` < `second`) and the pair's id
/// `first-second` as the tables name it (`lancer1-lancer2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AssessorPair {
    pub(crate) first: usize,
    pub(crate) second: usize,
    pub(crate) id: String,
}

impl AssessorSet {
    /// `names` (distinct, 2 to [`MAX_ASSESSORS`]) labelling on `0..=max_label` (1 to [`MAX_LABEL`]).
    pub(crate) fn new(names: Vec<String>, max_label: u8) -> Result<Self, AssessorSetError> {
        if !(2..=MAX_ASSESSORS).contains(&names.len()) {
            return Err(AssessorSetError::Count(names.len()));
        }
        if !(1..=MAX_LABEL).contains(&max_label) {
            return Err(AssessorSetError::Scale(max_label));
        }
        for (i, name) in names.iter().enumerate() {
            if names[..i].contains(name) {
                return Err(AssessorSetError::Duplicate(name.clone()));
            }
        }
        Ok(AssessorSet { names, max_label })
    }

    /// Paper B's assessors ([`ASSESSORS`]) on its scale 0/1/2.
    pub(crate) fn paper_b() -> Self {
        AssessorSet {
            names: ASSESSORS.iter().map(|a| (*a).to_string()).collect(),
            max_label: PAPER_MAX_LABEL,
        }
    }

    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    /// The top of the label scale.
    pub(crate) fn max_label(&self) -> u8 {
        self.max_label
    }

    /// The number of labels on the scale, `max_label + 1`.
    pub(crate) fn levels(&self) -> usize {
        usize::from(self.max_label) + 1
    }

    /// The index of the assessor named `name`.
    pub(crate) fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Every pair of assessors, in the order (0,1), (0,2), …, (1,2), …: for paper B's assessors
    /// lancer1-lancer2, lancer1-student, lancer2-student, the column groups of its Table 1.
    pub(crate) fn pairs(&self) -> Vec<AssessorPair> {
        let n = self.names.len();
        (0..n)
            .flat_map(|first| ((first + 1)..n).map(move |second| (first, second)))
            .map(|(first, second)| AssessorPair {
                first,
                second,
                id: format!("{}-{}", self.names[first], self.names[second]),
            })
            .collect()
    }
}

/// One pooled document and its labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Judgement {
    pub(crate) doc: String,
    /// Labels in the order of the collection's [`AssessorSet`] (paper B: [`ASSESSORS`]).
    pub(crate) labels: Vec<u8>,
}

/// A topic's pool with every document's labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LabelledTopic {
    pub(crate) id: String,
    pub(crate) docs: Vec<Judgement>,
}

/// The labelled topics of a collection and the assessors who labelled them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LabelledCollection {
    pub(crate) assessors: AssessorSet,
    pub(crate) topics: Vec<LabelledTopic>,
}

/// A system run: one ranked list of document ids per topic, aligned with the collection's topics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) name: String,
    /// The team that submitted it, when known.
    pub(crate) team: Option<String>,
    /// `lists[t]` ranks documents for topic `t` of the collection (rank 1 first; may be empty).
    pub(crate) lists: Vec<Vec<String>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_of_paper_b_are_its_table_1_columns() {
        let ids: Vec<String> = AssessorSet::paper_b()
            .pairs()
            .into_iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(
            ids,
            ["lancer1-lancer2", "lancer1-student", "lancer2-student"]
        );
    }

    #[test]
    fn bad_sets_are_refused() {
        let names = |n: &[&str]| n.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
        assert_eq!(
            AssessorSet::new(names(&["a"]), 2),
            Err(AssessorSetError::Count(1))
        );
        assert_eq!(
            AssessorSet::new(names(&["a", "a"]), 2),
            Err(AssessorSetError::Duplicate("a".into()))
        );
        assert_eq!(
            AssessorSet::new(names(&["a", "b"]), 0),
            Err(AssessorSetError::Scale(0))
        );
        assert_eq!(
            AssessorSet::new(names(&["a", "b", "c"]), 4)
                .unwrap()
                .pairs()
                .len(),
            3
        );
    }
}
