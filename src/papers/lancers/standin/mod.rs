//! The NTCIR-13 WWW English collection as paper B used it: per-topic pools judged by three assessors
//! (lancer1, lancer2 and student) on the scale 0/1/2.
//!
//! This module generates the seeded stand-in; the collection's types ([`LabelledTopic`],
//! [`Judgement`], [`ASSESSORS`]) live in [`crate::papers::lancers::collection`], shared with the reader of a user's
//! real collection (`--data`), and are re-exported here.

pub(crate) mod grade_exponent;
pub(crate) mod runs;
pub(crate) mod scores;

pub(crate) use crate::papers::lancers::collection::TopicAgreement;
pub(crate) use crate::papers::lancers::collection::{ASSESSORS, AssessorSet, LabelledTopic};
pub(crate) use crate::papers::lancers::collection::{AssessorPair, Judgement, LabelledCollection};

pub(crate) mod joint;
pub(crate) mod labels;

use evia_engine::agreement::{
    AgreementError, ConfusionMatrix, Kappa, StandardError, linear_weighted_kappa,
};

/// The assessor pairs of paper B's Table 1, as indices into [`ASSESSORS`], in the order of its column
/// groups: (a) lancer1 vs. lancer2, (b) lancer1 vs. student, (c) lancer2 vs. student.
pub(crate) const PAIRS: [(usize, usize); 3] = [(0, 1), (0, 2), (1, 2)];

/// The ids of [`PAIRS`], as the manifest and `data/lancers/confusion-matrices.yaml` name them.
pub(crate) const PAIR_IDS: [&str; 3] = ["lancer1-lancer2", "lancer1-student", "lancer2-student"];

/// The confusion matrix of one topic for `pair` of `assessors`: rows the first assessor's label,
/// columns the second's, one row and column per label of the scale (3 × 3 for paper B).
pub(crate) fn topic_matrix(
    topic: &LabelledTopic,
    assessors: &AssessorSet,
    pair: &AssessorPair,
) -> Result<ConfusionMatrix, AgreementError> {
    let levels = assessors.levels();
    let mut rows = vec![vec![0u64; levels]; levels];
    for judgement in &topic.docs {
        let label = |k: usize| judgement.labels.get(k).map_or(levels, |&l| usize::from(l));
        let (a, b) = (label(pair.first), label(pair.second));
        if let Some(&label) = [a, b].iter().find(|&&l| l >= levels) {
            return Err(AgreementError::LabelOutOfRange {
                label,
                labels: levels,
            });
        }
        rows[a][b] += 1;
    }
    ConfusionMatrix::from_rows(&rows)
}

/// Per-topic linear weighted kappa with its 95% CI for every pair of `assessors`, in the order of
/// [`AssessorSet::pairs`] (for paper B: lancer1–lancer2, lancer1–student and lancer2–student). Paper
/// B §3: "we also computed per-topic linear weighted κ's so that the assessments of exactly three
/// individuals are compared against one another"; formulas in `tests/fixtures/statistics.md` §1,
/// applied to the topic's own matrices. Shared by the stand-in and a user's real labels.
pub(crate) fn topic_agreement(
    topic: &LabelledTopic,
    assessors: &AssessorSet,
    se: StandardError,
) -> Result<Vec<Kappa>, AgreementError> {
    assessors
        .pairs()
        .iter()
        .map(|pair| linear_weighted_kappa(&topic_matrix(topic, assessors, pair)?, se))
        .collect()
}

/// [`topic_agreement`] with a pair's kappa `None` where it is undefined because the pair used one
/// label throughout the topic (chance agreement is 1), as a user's topic can be.
pub(crate) fn topic_kappas(
    topic: &LabelledTopic,
    assessors: &AssessorSet,
    se: StandardError,
) -> Result<Vec<Option<Kappa>>, AgreementError> {
    assessors
        .pairs()
        .iter()
        .map(
            |pair| match linear_weighted_kappa(&topic_matrix(topic, assessors, pair)?, se) {
                Ok(k) => Ok(Some(k)),
                Err(AgreementError::Degenerate) => Ok(None),
                Err(e) => Err(e),
            },
        )
        .collect()
}

/// The high-agreement split of paper B §3: [`TopicAgreement::High`] for a topic whose per-topic kappa
/// is statistically significantly positive (the 95% CI's lower limit is above 0,
/// [`Kappa::significantly_positive`]) for every pair of `assessors`. The paper: "There were 27
/// topics where all three per-topic κ's were statistically significantly positive; for the
/// remaining 23 topics, at least one per-topic κ was not. We shall refer to the set of the former
/// 27 topics as the high-agreement set and the latter as the low-agreement set" (also §2 and
/// §4.2). A pair's kappa undefined on a topic (both used one label throughout) is not
/// significantly positive; a topic whose every label is the same is [`TopicAgreement::Perfect`],
/// in neither set. Any other error names the topic.
pub(crate) fn high_agreement_split(
    topics: &[LabelledTopic],
    assessors: &AssessorSet,
    se: StandardError,
) -> Result<Vec<TopicAgreement>, SplitError> {
    topics
        .iter()
        .map(|t| {
            let mut high = true;
            for pair in assessors.pairs() {
                let kappa =
                    topic_matrix(t, assessors, &pair).and_then(|m| linear_weighted_kappa(&m, se));
                match kappa {
                    Ok(k) => high &= k.significantly_positive(),
                    Err(AgreementError::Degenerate) => high = false,
                    Err(error) => {
                        return Err(SplitError {
                            topic: t.id.clone(),
                            error,
                        });
                    }
                }
            }
            let mut labels = t.docs.iter().flat_map(|d| d.labels.iter());
            let one_label = labels
                .next()
                .is_some_and(|first| labels.all(|l| l == first));
            Ok(if high {
                TopicAgreement::High
            } else if one_label {
                TopicAgreement::Perfect
            } else {
                TopicAgreement::Low
            })
        })
        .collect()
}

/// A topic whose per-topic kappas cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("topic {topic}: {error}")]
pub(crate) struct SplitError {
    pub(crate) topic: String,
    pub(crate) error: AgreementError,
}
