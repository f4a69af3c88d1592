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
//! The names below are frozen: a stream's name is its key (`evia_engine::rng::stream_key`), so
//! renaming a scope redraws every number that comes from it (and every snapshot and calibrated
//! stand-in knob with it). They are listed here, once, so that no two scopes can share a name and no
//! caller types one.

use crate::model::ArtefactId;

/// The middle part of a stream's name (see the module documentation for the rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamScope<'a> {
    /// Draws that belong to one artefact only, named by its id (A.T3's randomised Tukey HSD trials,
    /// A.X1's rating replicates).
    Artefact(&'a ArtefactId),
    /// The NTCIR-12 STC stand-in collection and its simulated ratings, shared by paper A's A.T2 and
    /// A.T3 so that both tables describe one collection.
    StcStandin,
    /// The NTCIR-13 WWW stand-in's per-assessor labels, shared by paper B's B.T1–B.F2.
    WwwLabels,
    /// The NTCIR-13 WWW stand-in's runs, shared by paper B's B.T3–B.F2.
    WwwRuns,
    /// Paper B's randomised Tukey HSD trials, shared by B.T6–B.T8 (one test per qrels version, topic
    /// subset and measure, whichever table asks first).
    LancersHsd,
    /// The `hsd` command's trials on a user's matrix.
    HsdCommand,
    /// The seeds of a robustness study's replicates (the `robustness` module): unit `replicate/<r>`.
    RobustnessReplicates,
}

impl StreamScope<'_> {
    /// The scope's part of the stream name (frozen; see the module documentation).
    pub fn name(&self) -> &str {
        match self {
            StreamScope::Artefact(id) => id.as_str(),
            StreamScope::StcStandin => "paper-A-stc",
            StreamScope::WwwLabels => "sim.www.labels",
            StreamScope::WwwRuns => "sim.www.runs",
            StreamScope::LancersHsd => "lancers.hsd",
            StreamScope::HsdCommand => "cli.hsd",
            StreamScope::RobustnessReplicates => "robustness.replicates",
        }
    }

    /// Stream 0 of (`seed`, this scope, `unit`).
    pub fn stream(&self, seed: u64, unit: &str) -> evia_engine::rng::ChaCha8Rng {
        evia_engine::rng::stream(seed, self.name(), unit)
    }

    /// The (`seed`, this scope, `unit`) stream as a spec for the engine's block-wise draws.
    pub fn spec<'s>(&'s self, seed: u64, unit: &'s str) -> evia_engine::rng::StreamSpec<'s> {
        evia_engine::rng::StreamSpec {
            seed,
            artefact: self.name(),
            unit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared scopes' names are distinct from one another and from every artefact id (an artefact
    /// id always has a dot after a single capital letter, none of the shared names has).
    #[test]
    fn shared_names_are_distinct_and_cannot_be_artefact_ids() {
        let shared = [
            StreamScope::StcStandin,
            StreamScope::WwwLabels,
            StreamScope::WwwRuns,
            StreamScope::LancersHsd,
            StreamScope::HsdCommand,
            StreamScope::RobustnessReplicates,
        ];
        for (i, a) in shared.iter().enumerate() {
            assert!(ArtefactId::parse(a.name()).is_err(), "{}", a.name());
            for b in &shared[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
        let id = ArtefactId::parse("A.T3").unwrap();
        assert_eq!(StreamScope::Artefact(&id).name(), "A.T3");
    }
}
