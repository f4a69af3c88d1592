//! Who draws from a random stream: the one naming rule for every stream of the application.
//!
//! # The rule
//!
//! Every random draw comes from [`evia_engine::rng::stream`]`(seed, scope, unit)` (or one of its
//! blocks), where
//!
//! - `seed` is the artefact's seed, resolved once per artefact (`Artefact::seed_or`: its own `seed:`
//!   parameter, else the manifest's or `--seed`) and recorded in the stamp of every file it writes;
//! - `scope` is a [`StreamScope`]: the artefact's own id when the draws belong to that artefact alone,
//!   or a named shared scope when several artefacts must see the same draws (the same stand-in
//!   collection, the same randomised test);
//! - `unit` is a `/`-separated path of the ids of the piece of work inside the scope, most general
//!   first (`run/<run>/<topic>`, `ratings/dmax=<d>/n=<n>`, `<qrels>/<subset>/<measure>`), so adding
//!   or reordering work never shifts another unit's draws.
//!
//! The names are frozen: a stream's name is its key (`evia_engine::rng::stream_key`), so renaming a
//! scope redraws every number that comes from it (and every snapshot and calibrated stand-in knob with
//! it). A paper declares its shared scopes once, in its folder (the `streams` of its `Paper` in
//! `src/papers/<slug>/mod.rs`);
//! the registry's test checks that no two scopes share a name and none can be an artefact id.

use crate::model::ArtefactId;

/// The middle part of a stream's name (see the module documentation for the rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StreamScope<'a> {
    /// Draws that belong to one artefact only, named by its id (A.T3's randomised Tukey HSD trials,
    /// A.X1's rating replicates).
    Artefact(&'a ArtefactId),
    /// Draws several artefacts of one paper must share (its stand-in collection, a randomised test
    /// several tables read), by the name its paper's folder declares.
    Shared(&'static str),
    /// The `hsd` command's trials on a user's matrix.
    HsdCommand,
    /// The seeds of a robustness study's replicates (the `robustness` module): unit `replicate/<r>`.
    RobustnessReplicates,
    /// A knob-space study's draws (`robustness::space`): its Latin hypercube, unit
    /// `design/<knob>`; the seed of each design point's stand-in draw, unit `point/<i>`; the
    /// permutations of its sensitivity tests, unit `permutation/<claim>/<knob>`.
    KnobSpace,
}

impl StreamScope<'_> {
    /// The scope's part of the stream name (frozen; see the module documentation).
    pub(crate) fn name(&self) -> &str {
        match self {
            StreamScope::Artefact(id) => id.as_str(),
            StreamScope::Shared(name) => name,
            StreamScope::HsdCommand => "cli.hsd",
            StreamScope::RobustnessReplicates => "robustness.replicates",
            StreamScope::KnobSpace => "robustness.knob_space",
        }
    }

    /// Stream 0 of (`seed`, this scope, `unit`).
    pub(crate) fn stream(&self, seed: u64, unit: &str) -> evia_engine::rng::ChaCha8Rng {
        evia_engine::rng::stream(seed, self.name(), unit)
    }

    /// The (`seed`, this scope, `unit`) stream as a spec for the engine's block-wise draws.
    pub(crate) fn spec<'s>(&'s self, seed: u64, unit: &'s str) -> evia_engine::rng::StreamSpec<'s> {
        evia_engine::rng::StreamSpec {
            seed,
            artefact: self.name(),
            unit,
        }
    }
}

/// The scopes the generic layers own; each paper adds its own [`StreamScope::Shared`] ones (for
/// the registry's test of their names).
#[cfg(test)]
pub(crate) const GENERIC_SCOPES: [StreamScope<'static>; 3] = [
    StreamScope::HsdCommand,
    StreamScope::RobustnessReplicates,
    StreamScope::KnobSpace,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_artefact_scope_is_named_by_its_id() {
        let id = ArtefactId::parse("A.T3").unwrap();
        assert_eq!(StreamScope::Artefact(&id).name(), "A.T3");
    }
}
