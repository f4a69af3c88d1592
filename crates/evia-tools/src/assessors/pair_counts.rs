//! Confusion counts of the assessor pairs that share documents, kept for the pairs present only:
//! a pair's slot is looked up in a dense table indexed by the pair (`n(n − 1)/2` entries for `n`
//! assessors), and the counts of the pairs met so far lie one after another. Adding a document costs
//! one increment per pair of its labels, and clearing costs the pairs met, so the per-topic counts of
//! `agree` are built, used and cleared topic by topic in the space of one topic's pairs.
//!
//! [`Workload`] bounds the work and the space before anything is counted.

use crate::io::labels::AssessorLabels;

/// The most (pair, document) increments an analysis makes in one of its two passes: the sum over
/// the documents of `n(n − 1)/2` for `n` labels (a document labelled by all 1,000 assessors the
/// reader allows adds 499,500).
pub const MAX_PAIR_LABELS: u64 = 400_000_000;

/// The most confusion-matrix cells the pooled matrices may hold: the pairs that can share a
/// document times `k²` for a scale of `k` labels (4 bytes each).
pub const MAX_MATRIX_CELLS: u64 = 64 << 20;

/// An analysis too large to run, found before it starts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorkloadError {
    #[error(
        "{source_name}: the documents' labels form {count} assessor pairs (a document with n labels forms n(n − 1)/2); at most {MAX_PAIR_LABELS} are analysed"
    )]
    PairLabels { source_name: String, count: u64 },
    #[error(
        "{source_name}: up to {pairs} assessor pairs share documents, each with a {k} × {k} confusion matrix: {count} cells; at most {MAX_MATRIX_CELLS} are analysed (a smaller --scale, or fewer assessors)"
    )]
    MatrixCells {
        source_name: String,
        pairs: u64,
        k: usize,
        count: u64,
    },
    #[error(
        "{source_name}: more than {limit} per-topic kappas (each pair on each topic it shares a document on) to list; list them for fewer assessors, or leave them out (--pairs summary, no --detail or --detail-out)"
    )]
    TopicValues { source_name: String, limit: usize },
}

/// What an analysis of a label file will count, computed from the documents' label counts alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Workload {
    /// Sum over the documents of `n(n − 1)/2`.
    pub pair_labels: u64,
    /// The most pairs that can share a document: `min(a(a − 1)/2, pair_labels)` for `a` assessors.
    pub pairs: u64,
}

impl Workload {
    /// The workload of `labels`, or why it is too large (named after `source_name`).
    pub fn of(labels: &AssessorLabels, source_name: &str) -> Result<Self, WorkloadError> {
        let pair_labels: u64 = labels
            .items
            .iter()
            .map(|i| {
                let n = i.labels.len() as u64;
                n * n.saturating_sub(1) / 2
            })
            .sum();
        if pair_labels > MAX_PAIR_LABELS {
            return Err(WorkloadError::PairLabels {
                source_name: source_name.to_string(),
                count: pair_labels,
            });
        }
        let a = labels.assessors.len() as u64;
        let pairs = (a * a.saturating_sub(1) / 2).min(pair_labels);
        let k = labels.scale.levels();
        let cells = pairs * (k * k) as u64;
        if cells > MAX_MATRIX_CELLS {
            return Err(WorkloadError::MatrixCells {
                source_name: source_name.to_string(),
                pairs,
                k,
                count: cells,
            });
        }
        Ok(Workload { pair_labels, pairs })
    }
}

/// No slot yet.
const ABSENT: u32 = u32::MAX;

/// The confusion counts (`k × k`, rows the first assessor's level) of the pairs met so far.
#[derive(Debug)]
pub struct PairCounts {
    n: usize,
    k: usize,
    /// The slot of each pair (dense pair index), or [`ABSENT`].
    slot: Vec<u32>,
    /// The pairs `(a, b)`, `a < b`, in the order they were met.
    pairs: Vec<(u32, u32)>,
    /// `k²` counts per slot.
    counts: Vec<u32>,
}

impl PairCounts {
    /// Empty counts for `n` assessors on a scale of `k` levels.
    pub fn new(n: usize, k: usize) -> Self {
        PairCounts {
            n,
            k,
            slot: vec![ABSENT; n * n.saturating_sub(1) / 2],
            pairs: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// The dense index of the pair `(a, b)`, `a < b < n`.
    fn index(&self, a: usize, b: usize) -> usize {
        a * (2 * self.n - a - 1) / 2 + (b - a - 1)
    }

    /// Counts one document's `labels` (`(assessor, level)`, sorted by assessor, each assessor
    /// once, as the label reader gives them) in every pair they form.
    pub fn add(&mut self, labels: &[(usize, u16)]) {
        let k = self.k;
        for (i, &(a, la)) in labels.iter().enumerate() {
            let row = usize::from(la) * k;
            for &(b, lb) in &labels[i + 1..] {
                let p = self.index(a, b);
                let mut s = self.slot[p];
                if s == ABSENT {
                    // At most n(n − 1)/2 ≤ 499,500 pairs: the slot fits in u32.
                    s = self.pairs.len() as u32;
                    self.slot[p] = s;
                    self.pairs.push((a as u32, b as u32));
                    self.counts.resize(self.counts.len() + k * k, 0);
                }
                self.counts[s as usize * k * k + row + usize::from(lb)] += 1;
            }
        }
    }

    /// Forgets every pair met, in time proportional to their number.
    pub fn clear(&mut self) {
        for &(a, b) in &self.pairs {
            let p = self.index(a as usize, b as usize);
            self.slot[p] = ABSENT;
        }
        self.pairs.clear();
        self.counts.clear();
    }

    /// The slots in pair order (`(a, b)` ascending).
    pub fn sorted_slots(&self) -> Vec<usize> {
        let mut slots: Vec<usize> = (0..self.pairs.len()).collect();
        slots.sort_unstable_by_key(|&s| self.pairs[s]);
        slots
    }

    /// The number of pairs met.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// No pair met yet.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The pair of `slot`.
    pub fn pair(&self, slot: usize) -> (usize, usize) {
        let (a, b) = self.pairs[slot];
        (a as usize, b as usize)
    }

    /// The slot of `(a, b)`, if met.
    pub fn slot_of(&self, (a, b): (usize, usize)) -> Option<usize> {
        let s = self.slot[self.index(a, b)];
        (s != ABSENT).then_some(s as usize)
    }

    /// The `k²` counts of `slot`, row-major.
    pub fn counts(&self, slot: usize) -> &[u32] {
        let kk = self.k * self.k;
        &self.counts[slot * kk..(slot + 1) * kk]
    }

    /// The pairs met, in the order they were met (their slots `0..len`).
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.pairs.iter().map(|&(a, b)| (a as usize, b as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::PairCounts;

    /// Every pair of 5 assessors gets its own dense index, 0..10 in pair order.
    #[test]
    fn pair_indices_are_dense_and_in_pair_order() {
        let counts = PairCounts::new(5, 2);
        let mut seen = Vec::new();
        for a in 0..5 {
            for b in a + 1..5 {
                seen.push(counts.index(a, b));
            }
        }
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
    }

    /// Counts land in the pair's matrix at (first's level, second's level), and clearing forgets
    /// every pair.
    #[test]
    fn counts_accumulate_per_pair_and_clear() {
        let mut c = PairCounts::new(4, 3);
        c.add(&[(0, 2), (1, 0), (3, 1)]);
        c.add(&[(1, 0), (3, 1)]);
        assert_eq!(c.len(), 3);
        let s = c.slot_of((1, 3)).unwrap();
        assert_eq!(c.counts(s), &[0, 2, 0, 0, 0, 0, 0, 0, 0]);
        let s = c.slot_of((0, 1)).unwrap();
        assert_eq!(c.counts(s)[2 * 3], 1);
        assert_eq!(c.slot_of((0, 2)), None);
        let order: Vec<(usize, usize)> = c.sorted_slots().into_iter().map(|s| c.pair(s)).collect();
        assert_eq!(order, [(0, 1), (0, 3), (1, 3)]);
        c.clear();
        assert_eq!(c.len(), 0);
        assert_eq!(c.slot_of((1, 3)), None);
        c.add(&[(2, 1), (3, 1)]);
        assert_eq!(c.counts(c.slot_of((2, 3)).unwrap())[4], 1);
    }
}
