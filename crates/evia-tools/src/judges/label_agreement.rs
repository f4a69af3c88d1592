//! Label agreement between a judge and the reference on the documents both labelled: counts of
//! shared and unshared documents, raw agreement, Cohen's kappa (unweighted, linear, quadratic, and
//! binary at a chosen relevance level) with 95% intervals, Krippendorff's alpha (nominal, ordinal,
//! interval), the confusion matrix, the judge's leniency and per-topic linear kappas.
//!
//! Every statistic is the engine's (`evia_engine::agreement`, formulas and sources there): kappa
//! `(p_o − p_e)/(1 − p_e)` over the categories of [`super::judge_labels::Categories`] with the
//! interval of the chosen standard error; binary kappa is the unweighted kappa of the 2 × 2 table
//! "label ≥ relevant_from" (Cohen 1960); alpha `1 − D_o/D_e` (Krippendorff 2011) with the
//! category values as the interval metric's values. On real-valued gains (some label not an
//! integer) the statistics that compare levels — kappa, alpha nominal and ordinal, the confusion
//! matrix, the per-topic kappas — are [`Undefined::NeedsLevels`]; binary kappa (gain ≥
//! relevant_from) and interval alpha are computed. Two judges that share no document have no
//! agreement to measure: [`LabelOutcome::NoSharedDocuments`], never a low one.

use serde::Serialize;

use super::estimate::{Estimate, Undefined};
use super::judge_labels::{Categories, JudgeLabels, MAX_ALPHA_CATEGORIES, MAX_KAPPA_CATEGORIES};
use evia_engine::agreement::krippendorff::{Metric, alpha_on_values};
use evia_engine::agreement::{
    AgreementError, ConfusionMatrix, StandardError, linear_weighted_kappa,
    quadratic_weighted_kappa, unweighted_kappa,
};
use evia_engine::ranking::ties::neumaier_sum;

/// The choices of a label-agreement analysis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabelOptions {
    /// The kappa interval's standard error.
    pub se: StandardError,
    /// A document is relevant when its label is at least this (binary kappa).
    pub relevant_from: f64,
    /// The fewest shared documents for a per-topic kappa to be computed.
    pub min_topic_documents: usize,
}

/// Cohen's kappas of one pair.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Kappas {
    pub unweighted: Estimate,
    pub linear: Estimate,
    pub quadratic: Estimate,
    /// On "label ≥ relevant_from" against the rest.
    pub binary: Estimate,
}

/// Krippendorff's alpha under three metrics.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alphas {
    pub nominal: Estimate,
    pub ordinal: Estimate,
    pub interval: Estimate,
}

impl Alphas {
    /// Alpha of `units` (each the category indices one document received) on `categories`.
    pub fn of(units: &[Vec<usize>], categories: &Categories) -> Self {
        if categories.len() > MAX_ALPHA_CATEGORIES {
            let reason = format!(
                "{} distinct labels: alpha is computed over at most {MAX_ALPHA_CATEGORIES}",
                categories.len()
            );
            return Alphas {
                nominal: Estimate::undefined(reason.clone()),
                ordinal: Estimate::undefined(reason.clone()),
                interval: Estimate::undefined(reason),
            };
        }
        let a = |metric| Estimate::value(alpha_on_values(units, categories.values(), metric));
        if categories.real_valued() {
            return Alphas {
                nominal: Estimate::not_defined(Undefined::NeedsLevels),
                ordinal: Estimate::not_defined(Undefined::NeedsLevels),
                interval: a(Metric::Interval),
            };
        }
        Alphas {
            nominal: a(Metric::Nominal),
            ordinal: a(Metric::Ordinal),
            interval: a(Metric::Interval),
        }
    }
}

/// How the judge's labels lean against the reference's on the shared documents.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Leniency {
    /// Mean of (judge's label − reference's label).
    pub mean_difference: f64,
    /// Share of shared documents the judge labelled higher.
    pub judged_higher: f64,
    /// Share of shared documents the judge labelled lower.
    pub judged_lower: f64,
}

/// The confusion matrix: rows the reference's categories, columns the judge's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Confusion {
    pub categories: Vec<f64>,
    pub rows: Vec<Vec<u64>>,
}

/// One topic's linear kappa.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TopicKappa {
    pub topic: String,
    pub shared_documents: u64,
    pub kappa_linear: Estimate,
}

/// The agreement of a pair that shares documents.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SharedAgreement {
    /// Share of shared documents with the same label.
    pub raw_agreement: f64,
    pub kappa: Kappas,
    pub relevant_from: f64,
    /// Share of shared documents on the same side of `relevant_from`.
    pub binary_raw_agreement: f64,
    pub krippendorff_alpha: Alphas,
    /// `None` on real-valued gains, or when there are more categories than a kappa is computed
    /// over.
    pub confusion: Option<Confusion>,
    pub leniency: Leniency,
    /// Every topic on which the pair shares a document, in topic order.
    pub per_topic: Vec<TopicKappa>,
}

/// Whether the pair shares documents.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum LabelOutcome {
    Shared(Box<SharedAgreement>),
    /// No document carries a label of both: agreement is not measured.
    NoSharedDocuments,
}

/// Label agreement of `judge` against `reference`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LabelAgreement {
    pub judge: String,
    pub reference: String,
    pub shared_documents: u64,
    /// Documents only the reference labelled.
    pub only_reference: u64,
    /// Documents only the judge labelled.
    pub only_judge: u64,
    #[serde(flatten)]
    pub outcome: LabelOutcome,
}

impl LabelAgreement {
    /// The agreement, when the pair shares documents.
    pub fn shared(&self) -> Option<&SharedAgreement> {
        match &self.outcome {
            LabelOutcome::Shared(s) => Some(s),
            LabelOutcome::NoSharedDocuments => None,
        }
    }
}

/// One shared document: its topic and the two labels.
struct SharedDoc<'a> {
    topic: &'a str,
    reference: f64,
    judge: f64,
}

/// Kappas of the pairs `docs` over `categories`: unweighted, linear and quadratic.
fn weighted_kappas(
    docs: &[SharedDoc<'_>],
    categories: &Categories,
    se: StandardError,
) -> (Option<ConfusionMatrix>, [Estimate; 3]) {
    let k = categories.len();
    let not_defined = |why: Undefined| {
        (
            None,
            [
                Estimate::not_defined(why.clone()),
                Estimate::not_defined(why.clone()),
                Estimate::not_defined(why),
            ],
        )
    };
    let undefined = |reason: String| not_defined(Undefined::Reason(reason));
    if categories.real_valued() {
        return not_defined(Undefined::NeedsLevels);
    }
    if k > MAX_KAPPA_CATEGORIES {
        return undefined(format!(
            "{k} distinct labels: kappa is computed over at most {MAX_KAPPA_CATEGORIES} categories"
        ));
    }
    if k < 2 {
        return undefined(AgreementError::Degenerate.to_string());
    }
    let mut rows = vec![vec![0_u64; k]; k];
    for d in docs {
        // Both labels are among the values the categories were made of.
        let (Some(i), Some(j)) = (categories.index(d.reference), categories.index(d.judge)) else {
            unreachable!("a label outside its own categories")
        };
        rows[i][j] += 1;
    }
    let m = ConfusionMatrix::from_rows(&rows).unwrap_or_else(|_| unreachable!("k × k, k ≥ 2"));
    let estimates = [
        Estimate::kappa(unweighted_kappa(&m, se)),
        Estimate::kappa(linear_weighted_kappa(&m, se)),
        Estimate::kappa(quadratic_weighted_kappa(&m, se)),
    ];
    (Some(m), estimates)
}

/// The label agreement of `judge` against `reference` over `categories` (which include every
/// label of both).
pub fn label_agreement(
    reference: &JudgeLabels,
    judge: &JudgeLabels,
    categories: &Categories,
    options: LabelOptions,
) -> LabelAgreement {
    let mut docs = Vec::new();
    for (topic, labels) in &reference.topics {
        let Some(other) = judge.topics.get(topic) else {
            continue;
        };
        for (doc, &r) in labels {
            if let Some(&j) = other.get(doc) {
                docs.push(SharedDoc {
                    topic,
                    reference: r,
                    judge: j,
                });
            }
        }
    }
    let shared = docs.len() as u64;
    let outcome = if docs.is_empty() {
        LabelOutcome::NoSharedDocuments
    } else {
        LabelOutcome::Shared(Box::new(shared_agreement(&docs, categories, options)))
    };
    LabelAgreement {
        judge: judge.name.clone(),
        reference: reference.name.clone(),
        shared_documents: shared,
        only_reference: reference.documents() - shared,
        only_judge: judge.documents() - shared,
        outcome,
    }
}

fn shared_agreement(
    docs: &[SharedDoc<'_>],
    categories: &Categories,
    options: LabelOptions,
) -> SharedAgreement {
    let n = docs.len() as f64;
    let share =
        |f: &dyn Fn(&SharedDoc<'_>) -> bool| docs.iter().filter(|d| f(d)).count() as f64 / n;
    let relevant = |v: f64| usize::from(v >= options.relevant_from);
    let mut binary = vec![vec![0_u64; 2]; 2];
    for d in docs {
        binary[relevant(d.reference)][relevant(d.judge)] += 1;
    }
    let binary_matrix =
        ConfusionMatrix::from_rows(&binary).unwrap_or_else(|_| unreachable!("2 × 2"));
    let (matrix, [unweighted, linear, quadratic]) = weighted_kappas(docs, categories, options.se);
    let units: Vec<Vec<usize>> = docs
        .iter()
        .filter_map(|d| {
            Some(vec![
                categories.index(d.reference)?,
                categories.index(d.judge)?,
            ])
        })
        .collect();
    // Compensated, so that the mean difference of many labels keeps its last digits.
    let sum = neumaier_sum(docs.iter().map(|d| d.judge - d.reference));
    SharedAgreement {
        raw_agreement: share(&|d| d.reference == d.judge),
        kappa: Kappas {
            unweighted,
            linear,
            quadratic,
            binary: Estimate::kappa(unweighted_kappa(&binary_matrix, options.se)),
        },
        relevant_from: options.relevant_from,
        binary_raw_agreement: share(&|d| relevant(d.reference) == relevant(d.judge)),
        krippendorff_alpha: Alphas::of(&units, categories),
        confusion: matrix.map(|m| Confusion {
            categories: categories.values().to_vec(),
            rows: m.rows(),
        }),
        leniency: Leniency {
            mean_difference: sum / n + 0.0,
            judged_higher: share(&|d| d.judge > d.reference),
            judged_lower: share(&|d| d.judge < d.reference),
        },
        per_topic: per_topic(docs, categories, options),
    }
}

/// The linear kappa of every topic of `docs` (grouped by topic, in topic order).
fn per_topic(
    docs: &[SharedDoc<'_>],
    categories: &Categories,
    options: LabelOptions,
) -> Vec<TopicKappa> {
    docs.chunk_by(|a, b| a.topic == b.topic)
        .map(|group| {
            let kappa_linear = if group.len() < options.min_topic_documents {
                Estimate::undefined(format!(
                    "{} shared documents, fewer than the {} a per-topic kappa needs",
                    group.len(),
                    options.min_topic_documents
                ))
            } else {
                let (_, [_, linear, _]) = weighted_kappas(group, categories, options.se);
                linear
            };
            TopicKappa {
                topic: group[0].topic.to_string(),
                shared_documents: group.len() as u64,
                kappa_linear,
            }
        })
        .collect()
}

/// Krippendorff's alpha over every judge of `judges` on every document, each document's labels
/// those of the judges that labelled it (a document one judge labelled is not pairable and counts
/// for nothing).
pub fn all_judges_alpha(judges: &[&JudgeLabels], categories: &Categories) -> Alphas {
    let mut units: std::collections::BTreeMap<(&str, &str), Vec<usize>> = Default::default();
    for judge in judges {
        for (topic, docs) in &judge.topics {
            for (doc, &v) in docs {
                if let Some(i) = categories.index(v) {
                    units.entry((topic, doc)).or_default().push(i);
                }
            }
        }
    }
    let units: Vec<Vec<usize>> = units.into_values().filter(|u| u.len() > 1).collect();
    Alphas::of(&units, categories)
}

#[cfg(test)]
#[path = "label_agreement_tests.rs"]
mod tests;
