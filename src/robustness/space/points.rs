//! Running a knob-space study's design: at each point, the knob files with the point's values and
//! one stand-in draw of its own seed, the re-tested artefacts' claims checked on it, in point order
//! whatever the number of workers.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::manifest::{Artefact, KnobSpace};
use crate::papers::Context;
use crate::published::PublishedFile;

use super::super::RobustnessError;
use super::super::replicate::run_replicate;
use super::super::study::run_indexed;
use super::design::{Design, point_seed};

/// What one design point found: every claim checked there (not the per-cell checks of a family of
/// claims, which are checks of the stand-in), by id, with its statement and whether it held.
pub(crate) type PointClaims = BTreeMap<String, (String, bool)>;

/// The knob values of design point `point`: each ranged knob at the point's place in its range.
pub(crate) fn values(space: &KnobSpace, design: &Design, point: usize) -> Vec<f64> {
    space
        .ranged
        .iter()
        .zip(&design.units[point])
        .map(|(knob, &u)| knob.at(u))
        .collect()
}

/// Runs `artefacts` at every point of `design` over `space` (point i: the knob files rewritten with
/// [`values`], the stand-in drawn from [`point_seed`]`(context.seed, i)`), comparing with
/// `published`; `progress` is told each finished point count.
pub(crate) fn run_points(
    artefacts: &[&Artefact],
    published: &PublishedFile,
    context: &Context,
    space: &KnobSpace,
    design: &Design,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<Vec<PointClaims>, RobustnessError> {
    let count = design.units.len() as u32;
    run_indexed(count, context, progress, &|i, inner| {
        let point = i as usize;
        let values = values(space, design, point);
        let at_point = Context {
            seed: point_seed(context.seed, point),
            knob_files: Arc::new(space.rewritten(&values)),
            ..inner.clone()
        };
        let outcome = run_replicate(artefacts, published, &at_point, 0).map_err(|source| {
            RobustnessError::DesignPoint {
                point: i,
                knobs: space
                    .ranged
                    .iter()
                    .zip(&values)
                    .map(|(k, v)| format!("{} = {v:.4}", k.name()))
                    .collect::<Vec<_>>()
                    .join(", "),
                source: Box::new(source),
            }
        })?;
        Ok(outcome
            .claims
            .into_iter()
            .filter(|(_, c)| c.group.is_none())
            .map(|(id, c)| (id, (c.statement, c.holds)))
            .collect())
    })
}
