//! The parameters of paper A's experiments (`unanimity.*`).

use serde::{Deserialize, Serialize};

use super::stc_measure::StcMeasure;
use crate::manifest::parameter_rules::{self as rules, MAX_COUNT, Violation};
use crate::manifest::params::{One, Params, StandinSizes};
use crate::model::column_id::{ColumnFamily, ParameterColumns};

/// The columns of UG_i, one per upgrade strength p of Eq. 2: `ug_p` followed by p as Rust prints an
/// `f64` (`ug_p0.2`, `ug_p0.1`, `ug_p1`), named `ug_p[i]` by published values, wiring and templates.
pub(crate) static UG_COLUMNS: ColumnFamily = ColumnFamily {
    prefix: "ug_p",
    parameter: "p",
    shows: "UG",
};

/// [`UG_COLUMNS`] with the values of p an experiment computes with.
fn ug_columns(values: Vec<f64>) -> Option<ParameterColumns> {
    Some(ParameterColumns {
        family: &UG_COLUMNS,
        values,
    })
}

/// Every unanimity upgrade strength p of Eq. 2 lies in [0, 1].
fn strengths(values: &[f64]) -> Result<(), Violation> {
    match values.iter().find(|x| !(0.0..=1.0).contains(*x)) {
        Some(bad) => Err(rules::violation(
            "p",
            format!(
                "p = {bad}: the unanimity upgrade strength of Eq. 2 must be a number in [0, 1]"
            ),
        )),
        None => Ok(()),
    }
}

/// `unanimity.gain_examples` (A.T1): the gains of the printed example items.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GainExamplesParams {
    /// The ratings file under `data/`.
    pub(crate) data: String,
    /// N, the number of ratings per item.
    pub(crate) n: One<u32>,
    /// Dmax, the highest rating.
    pub(crate) dmax: One<u32>,
    /// The unanimity upgrade strengths p of Eq. 2: one UG column per value.
    pub(crate) p: Vec<f64>,
}

impl Params for GainExamplesParams {
    fn parameter_columns(&self) -> Option<ParameterColumns> {
        ug_columns(self.p.clone())
    }

    fn input_files(&self) -> Vec<(&'static str, &str)> {
        vec![("data", &self.data)]
    }

    fn seed(&self) -> Option<u64> {
        None
    }

    fn validate(&self) -> Result<(), Violation> {
        rules::counts("n", &[self.n.get()], MAX_COUNT)?;
        rules::counts("dmax", &[self.dmax.get()], MAX_COUNT)?;
        strengths(&self.p)?;
        rules::non_empty("p", &self.p)
    }
}

/// `unanimity.rank_correlation` (A.T2): Kendall's tau between RawG- and UG-based run rankings on the
/// STC collection.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StcParams {
    /// The published values file the table's discussion claims are checked against.
    pub(crate) data: String,
    /// The STC stand-in's knob file under `data/`.
    pub(crate) standin: String,
    /// The numbers of assessors N (one condition per N and Dmax).
    pub(crate) n: Vec<u32>,
    /// The highest ratings Dmax.
    pub(crate) dmax: Vec<u32>,
    /// p of Eq. 2.
    pub(crate) p: One<f64>,
    /// The measures, by their NTCIREVAL names (`nG@1`, `P+`, `nERR@10`).
    pub(crate) measures: Vec<StcMeasure>,
    /// The evaluation depth: runs are evaluated on their top `cutoffs` documents.
    pub(crate) cutoffs: One<u32>,
    /// This artefact's seed, overriding the manifest's.
    #[serde(default)]
    pub(crate) seed: Option<u64>,
    /// The number of topics the stand-in must have.
    #[serde(default)]
    pub(crate) topics: Option<u32>,
    /// The number of runs the stand-in must have.
    #[serde(default)]
    pub(crate) runs: Option<u32>,
    /// The number of teams the stand-in must have.
    #[serde(default)]
    pub(crate) teams: Option<u32>,
}

/// `unanimity.significance_discrepancies` (A.T3): team-best run pairs whose significance differs
/// between RawG and UG. The keys of [`StcParams`] (documented there) and the significance test's.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StcSignificanceParams {
    pub(crate) data: String,
    pub(crate) standin: String,
    pub(crate) n: Vec<u32>,
    pub(crate) dmax: Vec<u32>,
    pub(crate) p: One<f64>,
    pub(crate) measures: Vec<StcMeasure>,
    pub(crate) cutoffs: One<u32>,
    /// The official per-level gains of L1, L2, … (1 and 3), which pick each team's best run.
    pub(crate) gains: Vec<f64>,
    /// Randomised Tukey HSD trials B.
    pub(crate) trials: u32,
    /// Significance level alpha.
    pub(crate) alpha: f64,
    #[serde(default)]
    pub(crate) seed: Option<u64>,
    #[serde(default)]
    pub(crate) topics: Option<u32>,
    #[serde(default)]
    pub(crate) runs: Option<u32>,
    #[serde(default)]
    pub(crate) teams: Option<u32>,
}

/// What both STC experiments read: a view of [`StcParams`] or of [`StcSignificanceParams`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct StcInputs<'a> {
    pub(crate) standin: &'a str,
    pub(crate) n: &'a [u32],
    pub(crate) dmax: &'a [u32],
    pub(crate) p: f64,
    pub(crate) measures: &'a [StcMeasure],
    /// The evaluation depth (the one value of `cutoffs`).
    pub(crate) depth: u32,
    pub(crate) sizes: StandinSizes,
}

impl StcParams {
    pub(crate) fn inputs(&self) -> StcInputs<'_> {
        StcInputs {
            standin: &self.standin,
            n: &self.n,
            dmax: &self.dmax,
            p: self.p.get(),
            measures: &self.measures,
            depth: self.cutoffs.get(),
            sizes: StandinSizes {
                topics: self.topics,
                runs: self.runs,
                teams: self.teams,
            },
        }
    }
}

impl StcSignificanceParams {
    pub(crate) fn inputs(&self) -> StcInputs<'_> {
        StcInputs {
            standin: &self.standin,
            n: &self.n,
            dmax: &self.dmax,
            p: self.p.get(),
            measures: &self.measures,
            depth: self.cutoffs.get(),
            sizes: StandinSizes {
                topics: self.topics,
                runs: self.runs,
                teams: self.teams,
            },
        }
    }
}

/// The value rules of the keys both STC experiments share.
fn validate_stc(inputs: &StcInputs<'_>) -> Result<(), Violation> {
    rules::counts("n", inputs.n, MAX_COUNT)?;
    rules::counts("dmax", inputs.dmax, MAX_COUNT)?;
    rules::counts("cutoffs", &[inputs.depth], MAX_COUNT)?;
    inputs.sizes.validate()?;
    strengths(&[inputs.p])?;
    rules::non_empty("n", inputs.n)?;
    rules::non_empty("dmax", inputs.dmax)?;
    rules::non_empty("measures", inputs.measures)
}

impl Params for StcParams {
    fn parameter_columns(&self) -> Option<ParameterColumns> {
        ug_columns(vec![self.p.get()])
    }

    fn input_files(&self) -> Vec<(&'static str, &str)> {
        vec![("data", &self.data), ("standin", &self.standin)]
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn validate(&self) -> Result<(), Violation> {
        validate_stc(&self.inputs())
    }
}

impl Params for StcSignificanceParams {
    fn with_trials(&self, trials: u32) -> Option<crate::manifest::Parameters> {
        Some(crate::manifest::Parameters::new(Self {
            trials,
            ..self.clone()
        }))
    }

    fn parameter_columns(&self) -> Option<ParameterColumns> {
        ug_columns(vec![self.p.get()])
    }

    fn input_files(&self) -> Vec<(&'static str, &str)> {
        vec![("data", &self.data), ("standin", &self.standin)]
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn validate(&self) -> Result<(), Violation> {
        rules::trials(self.trials)?;
        validate_stc(&self.inputs())?;
        rules::alpha(self.alpha)?;
        rules::gains(&self.gains)?;
        rules::non_empty("gains", &self.gains)
    }

    fn trials(&self) -> Option<u32> {
        Some(self.trials)
    }

    fn alpha(&self) -> Option<f64> {
        Some(self.alpha)
    }
}

/// `unanimity.real_ratings` (A.X1): unanimity-aware gains on the real NTCIR-12 STC Japanese ratings
/// and on the paper's rating simulation of the same items.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RealRatingsParams {
    /// The label file (under `data/external/`, which a user may delete).
    pub(crate) data: String,
    /// The rating simulation's knob file.
    pub(crate) standin: String,
    /// N, the number of labels per item.
    pub(crate) n: One<u32>,
    /// Dmax, the highest label.
    pub(crate) dmax: One<u32>,
    /// p of Eq. 2.
    pub(crate) p: One<f64>,
    /// The top-k of the ideal-list comparison.
    pub(crate) cutoffs: Vec<u32>,
    /// This artefact's seed, overriding the manifest's.
    #[serde(default)]
    pub(crate) seed: Option<u64>,
}

impl Params for RealRatingsParams {
    fn parameter_columns(&self) -> Option<ParameterColumns> {
        ug_columns(vec![self.p.get()])
    }

    fn input_files(&self) -> Vec<(&'static str, &str)> {
        vec![("data", &self.data), ("standin", &self.standin)]
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn validate(&self) -> Result<(), Violation> {
        rules::counts("n", &[self.n.get()], MAX_COUNT)?;
        rules::counts("dmax", &[self.dmax.get()], MAX_COUNT)?;
        rules::counts("cutoffs", &self.cutoffs, MAX_COUNT)?;
        strengths(&[self.p.get()])?;
        rules::non_empty("cutoffs", &self.cutoffs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengths_accept_the_papers_values_and_reject_their_edges() {
        assert_eq!(strengths(&[0.0, 0.2, 1.0]), Ok(()));
        assert!(strengths(&[f64::NAN]).is_err());
        assert_eq!(strengths(&[1.5]).unwrap_err().key, "p");
    }
}
