//! Calibration of a stand-in's knobs to the replicate mean, not to one draw.
//!
//! The calibrated quantities are the printed cells that a `builds_in:` declaration of kind
//! `calibrated` names in the artefacts' knob files ([`crate::manifest::built_in::BuiltIns`]); their targets are
//! the published file's values, never typed. What the knobs were calibrated to, and why, is stated in
//! that declaration. Claims a stand-in was designed to make hold are not calibrated: their holding
//! rate over replicates is counted by [`holding_rate`].
//!
//! For a knob setting, each calibrated quantity x is rebuilt on replicates r = 0 … R−1 (the seeds of
//! [`super::replicate::replicate_seed`]: replicate 0 is the shipped draw), and summarised as
//!
//! ```text
//! mean  m  = (1/R) Σ_r x_r
//! sd    s  = √( Σ_r (x_r − m)² / (R − 1) )
//! Monte Carlo standard error  SE = s / √R
//! ```
//!
//! The setting is calibrated when every quantity satisfies |m − printed| ≤ 2·SE ([`Estimate::on_target`]):
//! the printed value is within the Monte Carlo error of the replicate mean, the tolerance coming from
//! the replicates' own spread.

use crate::manifest::Artefact;
use crate::manifest::built_in::BuiltIns;
use crate::model::{BuiltInKind, CellKey};
use crate::papers::Context;
use crate::published::PublishedFile;

use super::RobustnessError;
use super::replicate::ReplicateOutcome;
use super::study::run_all;

/// How many Monte Carlo standard errors a calibrated mean may lie from its printed target.
pub(crate) const TOLERANCE_SE: f64 = 2.0;

/// Why a calibration could not be measured.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CalibrationError {
    #[error(
        "no printed cell of {tables} is declared `calibrated` in a `builds_in:` list of its knob files"
    )]
    NoTargets { tables: String },
    #[error("a standard error needs at least 2 replicates, got {0}")]
    TooFewReplicates(u32),
    #[error("replicate {replicate} did not rebuild {key:?}")]
    MissingCell { replicate: usize, key: Box<CellKey> },
    #[error(transparent)]
    Robustness(#[from] RobustnessError),
}

/// One calibrated quantity and its printed target.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Target {
    pub(crate) key: CellKey,
    pub(crate) printed: f64,
}

/// The replicate distribution of one calibrated quantity (module documentation).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Estimate {
    pub(crate) key: CellKey,
    pub(crate) printed: f64,
    pub(crate) mean: f64,
    pub(crate) sd: f64,
    /// Monte Carlo standard error of `mean`: sd / √R.
    pub(crate) se: f64,
    pub(crate) replicates: u32,
}

impl Estimate {
    /// Whether |mean − printed| ≤ [`TOLERANCE_SE`]·SE.
    pub(crate) fn on_target(&self) -> bool {
        (self.mean - self.printed).abs() <= TOLERANCE_SE * self.se
    }

    /// (mean − printed) / SE: how many standard errors the mean lies from its target.
    pub(crate) fn z(&self) -> f64 {
        (self.mean - self.printed) / self.se
    }
}

/// The calibrated quantities of `artefacts`: every printed cell of theirs that a `calibrated`
/// declaration of `built_ins` names, in the published file's order.
pub(crate) fn targets(
    published: &PublishedFile,
    built_ins: &BuiltIns,
    artefacts: &[&Artefact],
) -> Result<Vec<Target>, CalibrationError> {
    let targets: Vec<Target> = published
        .cells()
        .filter(|c| artefacts.iter().any(|a| a.id.as_str() == c.table))
        .filter(|c| {
            built_ins
                .cell(&c.key())
                .is_some_and(|b| b.kind == BuiltInKind::Calibrated)
        })
        .map(|c| Target {
            key: c.key(),
            printed: c.value,
        })
        .collect();
    if targets.is_empty() {
        return Err(CalibrationError::NoTargets {
            tables: artefacts
                .iter()
                .map(|a| a.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    Ok(targets)
}

/// Runs `artefacts` on replicates 0 … `replicates`−1 with the study's runner ([`run_all`]: outcomes
/// in replicate order, whatever the number of workers); a mean and its SE need at least two.
pub(crate) fn run_replicates(
    artefacts: &[&Artefact],
    published: &PublishedFile,
    context: &Context,
    replicates: u32,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<Vec<ReplicateOutcome>, CalibrationError> {
    if replicates < 2 {
        return Err(CalibrationError::TooFewReplicates(replicates));
    }
    Ok(run_all(
        artefacts, published, context, replicates, progress,
    )?)
}

/// The replicate mean, sd and Monte Carlo SE of `target` over `outcomes` (module documentation).
pub(crate) fn estimate(
    target: &Target,
    outcomes: &[ReplicateOutcome],
) -> Result<Estimate, CalibrationError> {
    let n = outcomes.len();
    if n < 2 {
        return Err(CalibrationError::TooFewReplicates(n as u32));
    }
    let values = outcomes
        .iter()
        .enumerate()
        .map(|(replicate, o)| {
            o.cells
                .get(&target.key)
                .copied()
                .ok_or_else(|| CalibrationError::MissingCell {
                    replicate,
                    key: Box::new(target.key.clone()),
                })
        })
        .collect::<Result<Vec<f64>, _>>()?;
    let mean = values.iter().sum::<f64>() / n as f64;
    let sd = (values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt();
    Ok(Estimate {
        key: target.key.clone(),
        printed: target.printed,
        mean,
        sd,
        se: sd / (n as f64).sqrt(),
        replicates: n as u32,
    })
}

/// In how many of `outcomes` claim `id` held, of those in which it was checked.
pub(crate) fn holding_rate(outcomes: &[ReplicateOutcome], id: &str) -> (u32, u32) {
    outcomes
        .iter()
        .filter_map(|o| o.claims.get(id))
        .fold((0, 0), |(held, checked), c| {
            (held + u32::from(c.holds), checked + 1)
        })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::robustness::replicate::ClaimOutcome;

    fn outcome(value: f64, holds: bool) -> ReplicateOutcome {
        let key = CellKey::new("B.T5", "main", "all3", "Q@10", "count");
        ReplicateOutcome {
            cells: [(key, value)].into_iter().collect(),
            claims: [(
                "c".to_string(),
                ClaimOutcome {
                    section: "B.T5".into(),
                    statement: "s".into(),
                    group: None,
                    holds,
                },
            )]
            .into_iter()
            .collect(),
        }
    }

    /// Python: `statistics.mean([28, 30, 31, 35])` = 31, `statistics.stdev(...)` = 2.943920288775949
    /// (n − 1 denominator, as R's `sd`), SE = stdev / √4 = 1.4719601443879744.
    #[test]
    fn mean_sd_and_standard_error_match_r() {
        let outcomes: Vec<_> = [28.0, 30.0, 31.0, 35.0]
            .iter()
            .map(|&v| outcome(v, v > 29.0))
            .collect();
        let target = Target {
            key: CellKey::new("B.T5", "main", "all3", "Q@10", "count"),
            printed: 29.0,
        };
        let e = estimate(&target, &outcomes).unwrap();
        assert!((e.mean - 31.0).abs() < 1e-12, "{e:?}");
        assert!((e.sd - 2.943_920_288_775_949).abs() < 1e-12, "{e:?}");
        assert!((e.se - 1.471_960_144_387_974_6).abs() < 1e-12, "{e:?}");
        assert!(e.on_target(), "{e:?}");
        assert!(
            !Estimate {
                printed: 27.9,
                ..e.clone()
            }
            .on_target()
        );
        assert_eq!(holding_rate(&outcomes, "c"), (3, 4));
        assert_eq!(holding_rate(&outcomes, "other"), (0, 0));
    }

    #[test]
    fn a_missing_cell_or_a_single_replicate_is_an_error() {
        let target = Target {
            key: CellKey::new("B.T5", "main", "all3", "nERR@10", "count"),
            printed: 19.0,
        };
        let two = [outcome(1.0, true), outcome(2.0, true)];
        assert!(matches!(
            estimate(&target, &two),
            Err(CalibrationError::MissingCell { replicate: 0, .. })
        ));
        assert!(matches!(
            estimate(&target, &two[..1]),
            Err(CalibrationError::TooFewReplicates(1))
        ));
    }
}
