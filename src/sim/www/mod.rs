//! The NTCIR-13 WWW English collection as paper B used it: per-topic pools judged by three assessors
//! (lancer1, lancer2 and student) on the scale 0/1/2.
//!
//! This module generates the seeded stand-in; the collection's types ([`LabelledTopic`],
//! [`Judgement`], [`ASSESSORS`]) live in [`crate::collection::www`], shared with the reader of a user's
//! real collection (`--data`), and are re-exported here.

pub mod runs;
pub mod scores;

pub use crate::collection::www::{ASSESSORS, Judgement, LabelledTopic};

pub mod joint;
pub mod labels;

use evia_engine::agreement::{
    AgreementError, ConfusionMatrix, Kappa, StandardError, linear_weighted_kappa,
};

/// The assessor pairs of paper B's Table 1, as indices into [`ASSESSORS`], in the order of its column
/// groups: (a) lancer1 vs. lancer2, (b) lancer1 vs. student, (c) lancer2 vs. student.
pub const PAIRS: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

/// The ids of [`PAIRS`], as the manifest and `data/lancers/confusion-matrices.yaml` name them.
pub const PAIR_IDS: [&str; 3] = ["lancer1-lancer2", "lancer1-student", "lancer2-student"];

/// The 3 × 3 confusion matrix of one topic for pair `pair` (index into [`PAIRS`]): rows the first
/// assessor's label, columns the second's.
pub fn topic_matrix(topic: &LabelledTopic, pair: usize) -> Result<ConfusionMatrix, AgreementError> {
    let (first, second) = PAIRS[pair];
    let mut rows = vec![vec![0u64; 3]; 3];
    for judgement in &topic.docs {
        let (a, b) = (
            usize::from(judgement.labels[first]),
            usize::from(judgement.labels[second]),
        );
        if let Some(&label) = [a, b].iter().find(|&&l| l >= 3) {
            return Err(AgreementError::LabelOutOfRange { label, labels: 3 });
        }
        rows[a][b] += 1;
    }
    ConfusionMatrix::from_rows(&rows)
}

/// Per-topic linear weighted kappa with its 95% CI for the pairs lancer1–lancer2, lancer1–student
/// and lancer2–student, in that order (paper B §3: "we also computed per-topic linear weighted κ's so
/// that the assessments of exactly three individuals are compared against one another"; formulas in
/// `tests/fixtures/statistics.md` §1, applied to the topic's own 3 × 3 matrices). Shared by the stand-in
/// and a user's real labels.
pub fn topic_agreement(
    topic: &LabelledTopic,
    se: StandardError,
) -> Result<[Kappa; 3], AgreementError> {
    let kappa = |pair| linear_weighted_kappa(&topic_matrix(topic, pair)?, se);
    Ok([kappa(0)?, kappa(1)?, kappa(2)?])
}

/// The high-agreement split of paper B §3: `true` for a topic whose per-topic kappa is statistically
/// significantly positive (the 95% CI's lower limit is above 0, [`Kappa::significantly_positive`])
/// for every one of the three assessor pairs. The paper: "There were 27 topics where all three
/// per-topic κ's were statistically significantly positive; for the remaining 23 topics, at least one
/// per-topic κ was not. We shall refer to the set of the former 27 topics as the high-agreement set
/// and the latter as the low-agreement set" (also §2 and §4.2).
pub fn high_agreement_split(
    topics: &[LabelledTopic],
    se: StandardError,
) -> Result<Vec<bool>, AgreementError> {
    topics
        .iter()
        .map(|t| {
            Ok(topic_agreement(t, se)?
                .iter()
                .all(Kappa::significantly_positive))
        })
        .collect()
}
