//! The values an agreement analysis yields ([`super::agreement::analyse`]): a kappa with its 95%
//! interval or why it is undefined, a pair's statistics, and the many-rater coefficients.

use std::sync::Arc;

use serde::Serialize;
use serde::ser::{SerializeSeq as _, Serializer};

use evia_engine::agreement::{Interval, Kappa};

/// `v` with a negative zero made positive (a printed "-0.000" would suggest a sign it lacks).
pub fn unsigned_zero(v: f64) -> f64 {
    v + 0.0
}

/// A kappa with its 95% interval, or why it is undefined.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum KappaOutcome {
    Defined {
        kappa: f64,
        se: f64,
        ci_lo: f64,
        ci_hi: f64,
        /// `wald` (kappa ± z·SE) or `wilson-zero-se` (the SE is zero: Wilson's score interval).
        interval: &'static str,
        /// An end lay outside [−1, 1] and was moved onto it.
        clipped: bool,
    },
    Undefined {
        undefined: String,
    },
}

impl KappaOutcome {
    pub fn from(result: Result<Kappa, evia_engine::agreement::AgreementError>) -> Self {
        match result {
            Ok(k) => KappaOutcome::Defined {
                kappa: unsigned_zero(k.kappa),
                se: unsigned_zero(k.se),
                ci_lo: unsigned_zero(k.ci_lo),
                ci_hi: unsigned_zero(k.ci_hi),
                interval: match k.interval {
                    Interval::Wald => "wald",
                    Interval::WilsonZeroSe => "wilson-zero-se",
                },
                clipped: k.clipped,
            },
            Err(e) => KappaOutcome::Undefined {
                undefined: e.to_string(),
            },
        }
    }
}

/// A statistic's value, or why it is undefined.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Value {
    Defined(f64),
    Undefined { undefined: String },
}

impl Value {
    pub fn from(result: Result<f64, evia_engine::agreement::AgreementError>) -> Self {
        match result {
            Ok(v) => Value::Defined(unsigned_zero(v)),
            Err(e) => Value::Undefined {
                undefined: e.to_string(),
            },
        }
    }
}

/// Per-topic linear weighted kappas of one pair (paper B, Table 1's per-topic rows).
#[derive(Debug, Clone, Serialize)]
pub struct PerTopic {
    /// Topics on which both assessors labelled at least one document.
    pub topics: usize,
    /// Topics whose kappa's 95% CI lower limit is above 0.
    pub significantly_positive: usize,
    /// Topics whose kappa is defined but whose CI lower limit is not above 0.
    pub not_significantly_positive: usize,
    /// Topics whose kappa is undefined (one label used by both assessors throughout).
    pub undefined: usize,
    /// Topics on which the pair shares fewer documents than the minimum topic size: no kappa is
    /// tested there.
    pub too_small: usize,
    pub mean: Option<f64>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// Each topic the pair shares a document on, in topic order: how many documents it shares
    /// there and its linear kappa (absent when the topic is too small to test). Listed only when
    /// the analysis is asked for them (`agreement::analyse_relevant_from`), else empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<TopicKappa>,
}

/// One pair's linear kappa on one topic.
#[derive(Debug, Clone, Serialize)]
pub struct TopicKappa {
    pub topic: String,
    pub shared_documents: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kappa_linear: Option<KappaOutcome>,
}

/// A pair's `k × k` confusion matrix, rows the first assessor's labels, columns the second's (scale
/// order); serialised as its rows. Counts are `u32`: a pair shares at most one count per document,
/// and a label file holds far fewer documents (`crate::io::labels::MAX_TEXT_BYTES`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairMatrix {
    k: usize,
    cells: Box<[u32]>,
}

impl PairMatrix {
    /// The matrix of `cells`, `k²` counts row-major.
    pub fn new(k: usize, cells: &[u32]) -> Self {
        debug_assert_eq!(cells.len(), k * k);
        PairMatrix {
            k,
            cells: cells.into(),
        }
    }

    /// The rows, lowest label first.
    pub fn rows(&self) -> impl Iterator<Item = &[u32]> {
        self.cells.chunks(self.k)
    }
}

impl Serialize for PairMatrix {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.k))?;
        for row in self.rows() {
            seq.serialize_element(row)?;
        }
        seq.end()
    }
}

/// Everything about one pair of assessors.
#[derive(Debug, Clone, Serialize)]
pub struct PairAgreement {
    /// The assessors' names, shared with every other pair of each (a thousand assessors make half
    /// a million pairs).
    pub first: Arc<str>,
    pub second: Arc<str>,
    /// Documents both labelled.
    pub items: u64,
    /// Confusion matrix, rows the first assessor's labels, columns the second's (scale order).
    pub matrix: PairMatrix,
    /// Share of documents with the same label.
    pub raw_agreement: f64,
    /// Unweighted Cohen's kappa on the full scale.
    pub kappa_unweighted: KappaOutcome,
    pub kappa_linear: KappaOutcome,
    /// Quadratic weighted kappa (weights over the same categories as the linear one).
    pub kappa_quadratic: KappaOutcome,
    /// Share of documents on the same side of "lowest label vs the rest".
    pub raw_agreement_binary: f64,
    pub kappa_binary: KappaOutcome,
    pub per_topic: PerTopic,
}

/// Fleiss' kappa and Krippendorff's alpha over all assessors.
#[derive(Debug, Clone, Serialize)]
pub struct ManyRaters {
    pub fleiss_kappa: Value,
    pub alpha_nominal: Value,
    pub alpha_ordinal: Value,
    pub alpha_interval: Value,
    /// Ratio alpha on the labels' values (undefined for a scale with negative labels).
    pub alpha_ratio: Value,
}
