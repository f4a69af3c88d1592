//! A robustness study: R replicates of a paper's stand-in, run in parallel and collected in replicate
//! order, summarised as each claim's holding rate and each printed simulated number's replicate band.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::manifest::Artefact;
use crate::model::{CellKey, ClaimGroup, GridPlace};
use crate::papers::Context;
use crate::published::{ProvenanceClass, PublishedFile};

use super::RobustnessError;
use super::band::{Band, band};
use super::headline::{self, Headline, HeadlineNumber};
use super::replicate::{ReplicateOutcome, run_replicate};
use super::wilson::{Interval, Z_95, wilson};

/// The study's summary.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Study {
    pub(crate) replicates: u32,
    /// Per simulated claim, in claim-id order.
    pub(crate) claims: Vec<HoldingRate>,
    /// Per printed simulated number of the replicated tables, in key order.
    pub(crate) counts: Vec<CountBand>,
    /// Per printed headline number of the replicated tables ([`headline`]), in artefact order, then
    /// file or group order.
    pub(crate) headlines: Vec<HeadlineBand>,
}

/// A printed headline number beside its replicate distribution.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HeadlineBand {
    pub(crate) role: Headline,
    pub(crate) label: String,
    /// Its cell in its table's grid ([`HeadlineNumber::group`]).
    pub(crate) group: Option<GridPlace>,
    pub(crate) count: CountBand,
}

/// How often one claim held.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HoldingRate {
    pub(crate) id: String,
    pub(crate) section: String,
    pub(crate) statement: String,
    /// The claim's cell in its family's grid ([`crate::results::ClaimCheck::group`]).
    pub(crate) group: Option<ClaimGroup>,
    /// Replicates in which it held, of those in which it was checked.
    pub(crate) held: u32,
    pub(crate) checked: u32,
    /// Whether it held on replicate 0, the shipped draw.
    pub(crate) shipped: bool,
    /// Wilson 95% interval of `held / checked` ([`wilson`]).
    pub(crate) interval: Interval,
}

/// One printed simulated number beside its replicate distribution.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CountBand {
    pub(crate) key: CellKey,
    pub(crate) printed: f64,
    pub(crate) band: Band,
    /// Whether the printed value lies in the 5th–95th percentile band.
    pub(crate) inside: bool,
}

/// Runs `replicates` replicates of `artefacts` on `context.threads` workers (each replicate's own
/// experiments on one thread) and summarises them. `progress` is told each finished replicate count.
pub(crate) fn run_study(
    artefacts: &[&Artefact],
    published: &PublishedFile,
    context: &Context,
    replicates: u32,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<Study, RobustnessError> {
    if replicates == 0 {
        return Err(RobustnessError::NoReplicates);
    }
    let outcomes = run_all(artefacts, published, context, replicates, progress)?;
    let mut study = summarise(&outcomes, published)?;
    study.headlines = artefacts
        .iter()
        .flat_map(|a| headline::printed(a, published))
        .filter_map(|number| headline_band(&outcomes, number))
        .collect();
    Ok(study)
}

/// Every replicate's outcome (replicates 0 … `replicates`−1, [`run_replicate`]) in replicate order,
/// whatever the number of workers ([`run_indexed`]); `progress` is told each finished replicate
/// count. The study and the calibration both use it.
pub(crate) fn run_all(
    artefacts: &[&Artefact],
    published: &PublishedFile,
    context: &Context,
    replicates: u32,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<Vec<ReplicateOutcome>, RobustnessError> {
    run_indexed(replicates, context, progress, &|r, inner| {
        run_replicate(artefacts, published, inner, r)
    })
}

/// `run(i, inner)` for i = 0 … `count`−1, in index order whatever the number of workers:
/// `context.threads` workers, each running one index at a time on a context with the remaining
/// threads (`inner`); `progress` is told each finished count. The first error stops the run.
pub(crate) fn run_indexed<T: Send>(
    count: u32,
    context: &Context,
    progress: &(dyn Fn(u32, u32) + Sync),
    run: &(dyn Fn(u32, &Context) -> Result<T, RobustnessError> + Sync),
) -> Result<Vec<T>, RobustnessError> {
    let workers = context.threads.clamp(1, count.max(1) as usize);
    let inner = Context {
        threads: (context.threads / workers).max(1),
        ..context.clone()
    };
    let next = AtomicU32::new(0);
    let done = AtomicU32::new(0);
    let slots: Mutex<BTreeMap<u32, Result<T, RobustnessError>>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let outcome = run(i, &inner);
                    let failed = outcome.is_err();
                    slots
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(i, outcome);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, count);
                    if failed {
                        next.store(count, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let slots = slots.into_inner().unwrap_or_else(|e| e.into_inner());
    slots.into_values().collect()
}

/// Holding rates and bands from the replicates' outcomes (replicate 0 first).
fn summarise(
    outcomes: &[ReplicateOutcome],
    published: &PublishedFile,
) -> Result<Study, RobustnessError> {
    let mut rates: BTreeMap<&str, HoldingRate> = BTreeMap::new();
    for (r, outcome) in outcomes.iter().enumerate() {
        for (id, claim) in &outcome.claims {
            let rate = rates.entry(id).or_insert_with(|| HoldingRate {
                id: id.clone(),
                section: claim.section.clone(),
                statement: claim.statement.clone(),
                group: claim.group.clone(),
                held: 0,
                checked: 0,
                shipped: r == 0 && claim.holds,
                interval: Interval { lo: 0.0, hi: 0.0 },
            });
            rate.checked += 1;
            rate.held += u32::from(claim.holds);
        }
    }
    let mut claims = Vec::with_capacity(rates.len());
    for mut rate in rates.into_values() {
        rate.interval = wilson(rate.held.into(), rate.checked.into(), Z_95)?;
        claims.push(rate);
    }
    Ok(Study {
        replicates: outcomes.len() as u32,
        claims,
        counts: count_bands(outcomes, published),
        headlines: Vec::new(),
    })
}

/// The band of headline `number` when every replicate rebuilt it.
fn headline_band(outcomes: &[ReplicateOutcome], number: HeadlineNumber) -> Option<HeadlineBand> {
    let values: Option<Vec<f64>> = outcomes
        .iter()
        .map(|o| o.cells.get(&number.key).copied())
        .collect();
    let band = band(&values?)?;
    Some(HeadlineBand {
        role: number.role,
        label: number.label,
        group: number.group,
        count: CountBand {
            inside: band.p05 <= number.printed && number.printed <= band.p95,
            printed: number.printed,
            band,
            key: number.key,
        },
    })
}

/// The band of every printed `simulated` number that every replicate rebuilt.
fn count_bands(outcomes: &[ReplicateOutcome], published: &PublishedFile) -> Vec<CountBand> {
    let mut counts = Vec::new();
    for cell in published
        .cells()
        .filter(|c| c.class == ProvenanceClass::Simulated)
    {
        let key = cell.key();
        let values: Option<Vec<f64>> = outcomes
            .iter()
            .map(|o| o.cells.get(&key).copied())
            .collect();
        let Some(band) = values.as_deref().and_then(band) else {
            continue;
        };
        counts.push(CountBand {
            inside: band.p05 <= cell.value && cell.value <= band.p95,
            printed: cell.value,
            band,
            key,
        });
    }
    counts.sort_by(|a, b| a.key.cmp(&b.key));
    counts
}
