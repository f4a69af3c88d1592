//! The data of a report's "How robust are the conclusions?" section (issue 18, item 5), generated
//! from the paper's robustness study (`A.R1`, `B.R1`) when it was built: how many claims hold in
//! nearly every replicate, how many are coin flips and how many the stand-in cannot support (the
//! typed verdict of [`crate::robustness::verdict`]), and how many printed simulated numbers fall
//! inside their replicate band. The section only counts: every claim, with its holding rate and
//! Wilson interval, is a row or grid cell of the study's table, which the section includes once
//! (issue 14, item 4: each claim appears once). The prose is the templates'
//! `report-robustness.{md,tex}.j2`, included once by each literate source.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::manifest::Manifest;
use crate::results::ResultTable;
use crate::robustness::Robustness;
use crate::robustness::read::{VERDICTS, band_counts, claim_rates, headline_counts, replicates};
use crate::robustness::verdict::NEARLY;

/// The section's numbers.
#[derive(Debug, Clone, Serialize)]
pub struct RobustnessSection {
    /// The study's artefact id.
    pub study: String,
    pub replicates: u32,
    /// The number of claims checked.
    pub claims: usize,
    /// Per verdict, in the order nearly always, coin flip, unsupported.
    pub groups: Vec<VerdictGroup>,
    /// How many claims are grouped (A.T3's discrepancy count per measure, Dmax and N), shown as
    /// Dmax × N grids in the study's table.
    pub grouped: usize,
    /// Printed simulated numbers inside and outside their replicates' 5th-95th percentile band.
    pub inside: usize,
    pub outside: usize,
    /// Headline numbers (taus, significant pairs, SSO percentages, discrepancy counts) inside their
    /// band, and how many the study's table shows.
    pub headlines_inside: usize,
    pub headlines: usize,
    /// The verdict thresholds in percent: a claim holds nearly always when its Wilson interval lies
    /// at or above `nearly_percent`, and cannot be supported when it lies at or below
    /// `unsupported_percent` ([`NEARLY`] and 1 − [`NEARLY`]).
    pub nearly_percent: u32,
    pub unsupported_percent: u32,
}

/// How many claims have one verdict.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictGroup {
    /// `nearly_always`, `coin_flip` or `unsupported` (the templates word each).
    pub verdict: Robustness,
    pub count: usize,
    /// How many of `count` are grouped claims, in the study table's grids.
    pub grouped: usize,
}

/// The section of paper `paper`, when its robustness study is among `results` (numbers and ids
/// only: nothing to escape for a format).
pub fn section(
    manifest: &Manifest,
    paper: &str,
    results: &BTreeMap<String, ResultTable>,
) -> Option<RobustnessSection> {
    let study = manifest
        .artefacts
        .iter()
        .find(|a| a.paper == paper && a.experiment.is_robustness_study())?;
    let table = results.get(study.id.as_str())?;
    let rates = claim_rates(table);
    let groups = VERDICTS
        .into_iter()
        .map(|verdict| {
            let of_verdict = rates.iter().filter(|c| c.verdict == verdict);
            VerdictGroup {
                verdict,
                count: of_verdict.clone().count(),
                grouped: of_verdict.filter(|c| c.group.is_some()).count(),
            }
        })
        .collect();
    let (inside, outside) = band_counts(table);
    let (headlines_inside, headlines) = headline_counts(table);
    Some(RobustnessSection {
        study: study.id.to_string(),
        replicates: replicates(table),
        claims: rates.len(),
        groups,
        grouped: rates.iter().filter(|c| c.group.is_some()).count(),
        inside,
        outside,
        headlines_inside,
        headlines,
        nearly_percent: percent(NEARLY),
        unsupported_percent: percent(1.0 - NEARLY),
    })
}

/// A share as a whole percentage (0.9 → 90), for the sections' words.
fn percent(share: f64) -> u32 {
    // A share in [0, 1] rounds to 0..=100, which fits a u32.
    (share * 100.0).round() as u32
}
