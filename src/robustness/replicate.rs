//! One replicate of a paper's stand-in: its seed, its rebuilt tables and the simulated claims checked
//! on them.
//!
//! Replicate `r` runs the study's artefacts with the replicate seed in place of the global seed, so
//! every stand-in stream (labels, runs, ratings, randomised-test trials; all named by
//! [`crate::papers::Context::seed_for`]) is redrawn. Replicate 0 is the shipped draw: its seed is the
//! global seed itself, so the shipped single-draw tables are one replicate of the study.

use std::collections::BTreeMap;

use rand_core::RngCore;

use crate::manifest::Artefact;
use crate::model::{ProvenanceClass, StreamScope};
use crate::papers::{self, Context};
use crate::published::PublishedFile;
use crate::results::ResultTable;

use super::RobustnessError;
use super::headline;

/// The seed of replicate `replicate` of a study on `global`: `global` itself for replicate 0 (the
/// shipped draw), else the first `u64` of stream (`global`, `robustness.replicates`,
/// `replicate/<r>`) ([`evia_engine::rng::stream`]).
pub(crate) fn replicate_seed(global: u64, replicate: u32) -> u64 {
    if replicate == 0 {
        return global;
    }
    StreamScope::RobustnessReplicates
        .stream(global, &format!("replicate/{replicate}"))
        .next_u64()
}

/// What one replicate found: whether each simulated claim held, by claim id, and every rebuilt number
/// of the replicated tables (with the headline counts that are not cells, [`headline::rebuilt`]).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ReplicateOutcome {
    pub(crate) claims: BTreeMap<String, ClaimOutcome>,
    pub(crate) cells: BTreeMap<crate::model::CellKey, f64>,
}

/// One simulated claim on one replicate.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ClaimOutcome {
    /// Where the paper makes it (`A.T3`, `B.§5`).
    pub(crate) section: String,
    /// The claim in the project's words.
    pub(crate) statement: String,
    /// Its cell in its family's grid ([`crate::results::ClaimCheck::group`]).
    pub(crate) group: Option<crate::model::ClaimGroup>,
    pub(crate) holds: bool,
}

/// Runs `artefacts` on replicate `replicate` of `context`'s seed and checks their simulated claims:
/// the experiment's own (those without a class of their own) and those comparing the table with
/// `published` (the experiment's [`crate::papers::Experiment::compare`]).
pub(crate) fn run_replicate(
    artefacts: &[&Artefact],
    published: &PublishedFile,
    context: &Context,
    replicate: u32,
) -> Result<ReplicateOutcome, RobustnessError> {
    // Its own caches (crate::papers::shared): shared between this replicate's artefacts, dropped
    // with it, so that memory stays bounded over the replicates.
    let context = Context {
        seed: replicate_seed(context.seed, replicate),
        data_dir: None,
        shared: std::sync::Arc::default(),
        ..context.clone()
    };
    let mut outcome = ReplicateOutcome {
        claims: BTreeMap::new(),
        cells: BTreeMap::new(),
    };
    for artefact in artefacts {
        if artefact.parameters.seed().is_some() {
            return Err(RobustnessError::OwnSeed {
                artefact: artefact.id.to_string(),
            });
        }
        let table =
            papers::run(artefact, &context).map_err(|source| RobustnessError::Experiment {
                replicate,
                source: Box::new(source),
            })?;
        record(&mut outcome, artefact, &table, published);
    }
    Ok(outcome)
}

/// Adds `table`'s simulated claims and cells to `outcome`.
fn record(
    outcome: &mut ReplicateOutcome,
    artefact: &Artefact,
    table: &ResultTable,
    published: &PublishedFile,
) {
    let compared = (papers::experiment(artefact.experiment).compare)(artefact, table, published);
    let simulated = table
        .claims
        .iter()
        .filter(|c| class_of(table, &c.id) == ProvenanceClass::Simulated)
        .chain(compared.iter())
        // An observation about the paper's own data is shown, never scored: a stand-in cannot
        // re-test it, so it gets no holding rate.
        .filter(|c| !c.observation);
    for claim in simulated {
        outcome.claims.insert(
            claim.id.clone(),
            ClaimOutcome {
                section: claim.section.clone(),
                statement: claim.statement.clone(),
                group: claim.group.clone(),
                holds: claim.holds,
            },
        );
    }
    outcome
        .cells
        .extend(table.cells.iter().map(|(k, v)| (k.clone(), *v)));
    outcome.cells.extend(headline::rebuilt(artefact, table));
}

/// The class the ledger gives claim `id` of `table` (as `ledger::claim_entry` decides it).
fn class_of(table: &ResultTable, id: &str) -> ProvenanceClass {
    match table.claim_classes.get(id) {
        Some(&class) => class,
        None if table.real_data => ProvenanceClass::RealData,
        None => ProvenanceClass::Simulated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replicate_zero_is_the_global_seed_and_others_differ() {
        assert_eq!(replicate_seed(20_171_205, 0), 20_171_205);
        let seeds: std::collections::BTreeSet<u64> =
            (0..50).map(|r| replicate_seed(20_171_205, r)).collect();
        assert_eq!(seeds.len(), 50);
        assert_eq!(replicate_seed(7, 3), replicate_seed(7, 3));
        assert_ne!(replicate_seed(7, 3), replicate_seed(8, 3));
    }
}
