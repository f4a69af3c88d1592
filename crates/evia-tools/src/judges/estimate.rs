//! A statistic's value with its 95% interval, or why it is undefined: the one shape every
//! agreement statistic of a judges analysis takes (`{value, ci}` in the JSON contract,
//! docs/judges.md).

use serde::{Serialize, Serializer};

use crate::assessors::agreement_values::unsigned_zero;
use evia_engine::agreement::{AgreementError, Kappa};

/// A value with its interval (where the statistic has one), or the reason it is undefined.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    pub value: Option<f64>,
    /// The 95% interval, clipped to the statistic's range; `None` for a statistic without one.
    pub ci: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undefined: Option<Undefined>,
}

/// Why a statistic is undefined (serialised as its sentence).
#[derive(Debug, Clone, PartialEq)]
pub enum Undefined {
    /// A statistic over label categories (kappa, alpha nominal or ordinal, the confusion matrix)
    /// on real-valued gains: those are amounts, not levels, so it is not defined.
    NeedsLevels,
    /// Any other reason, as a sentence.
    Reason(String),
}

impl std::fmt::Display for Undefined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Undefined::NeedsLevels => f.write_str(
                "not defined for real-valued gains: it compares label levels, and gains are amounts (interval alpha, rankings and significance are computed)",
            ),
            Undefined::Reason(r) => f.write_str(r),
        }
    }
}

impl Serialize for Undefined {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Estimate {
    /// A kappa with its interval (`evia_engine::agreement`: Wald, or Wilson's where the SE is 0).
    pub fn kappa(result: Result<Kappa, AgreementError>) -> Self {
        match result {
            Ok(k) => Estimate {
                value: Some(unsigned_zero(k.kappa)),
                ci: Some([unsigned_zero(k.ci_lo), unsigned_zero(k.ci_hi)]),
                undefined: None,
            },
            Err(e) => Self::undefined(e.to_string()),
        }
    }

    /// A value without an interval.
    pub fn value(result: Result<f64, AgreementError>) -> Self {
        match result {
            Ok(v) => Estimate {
                value: Some(unsigned_zero(v)),
                ci: None,
                undefined: None,
            },
            Err(e) => Self::undefined(e.to_string()),
        }
    }

    /// Undefined, for `reason`.
    pub fn undefined(reason: String) -> Self {
        Self::not_defined(Undefined::Reason(reason))
    }

    /// Undefined, for `why`.
    pub fn not_defined(why: Undefined) -> Self {
        Estimate {
            value: None,
            ci: None,
            undefined: Some(why),
        }
    }

    /// Whether the interval lies wholly above 0.
    pub fn significantly_positive(&self) -> bool {
        self.ci.is_some_and(|[lo, _]| lo > 0.0)
    }
}
