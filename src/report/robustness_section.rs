//! The data of a report's "How robust are the conclusions?" section (issue 18, item 5), generated
//! from the paper's robustness study (`A.R1`, `B.R1`) when it was built: how many claims hold in
//! nearly every replicate, how many are coin flips and how many the stand-in cannot support (the
//! typed verdict of [`crate::robustness::verdict`]), each claim with its holding rate and Wilson
//! interval, and how many printed simulated numbers fall inside their replicate band. The prose is
//! the templates' `report-robustness.{md,tex}.j2`, included once by each literate source.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Format;
use super::claim_grids::{self, ClaimGridView};
use crate::manifest::Manifest;
use crate::render::claim_grid::claim_grids;
use crate::results::ResultTable;
use crate::robustness::Robustness;
use crate::robustness::read::{
    ClaimRate, VERDICTS, band_counts, claim_rates, headline_counts, replicates,
};

/// The section's numbers, with every text escaped for its format.
#[derive(Debug, Clone, Serialize)]
pub struct RobustnessSection {
    /// The study's artefact id.
    pub study: String,
    pub replicates: u32,
    /// The number of claims checked.
    pub claims: usize,
    /// Per verdict, in the order nearly always, coin flip, unsupported.
    pub groups: Vec<VerdictGroup>,
    /// Printed simulated numbers inside and outside their replicates' 5th-95th percentile band.
    pub inside: usize,
    pub outside: usize,
    /// Headline numbers (taus, significant pairs, SSO percentages, discrepancy counts) inside their
    /// band, and how many the study's table shows.
    pub headlines_inside: usize,
    pub headlines: usize,
    /// The grouped claims (A.T3's discrepancy count per measure, Dmax and N), one Dmax × N grid per
    /// measure whose cells read `rate% [lo, hi]` (Wilson 95%, whole percent), instead of a line each.
    pub grids: Vec<ClaimGridView>,
    /// When a grid cell's claim holds, in words.
    pub grid_rule: String,
}

/// The claims of one verdict.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictGroup {
    /// `nearly_always`, `coin_flip` or `unsupported` (the templates word each).
    pub verdict: Robustness,
    pub count: usize,
    /// How many of `count` are grouped claims, shown in the grids rather than in `claims`.
    pub grouped: usize,
    /// The claims of the verdict that stand alone.
    pub claims: Vec<ClaimLine>,
}

/// One claim: its id and statement (escaped), replicate counts, and its rate and Wilson interval in
/// whole percent.
#[derive(Debug, Clone, Serialize)]
pub struct ClaimLine {
    pub id: String,
    pub statement: String,
    pub held: u32,
    pub checked: u32,
    pub rate: String,
    pub lo: String,
    pub hi: String,
}

/// The section of paper `paper`, when its robustness study is among `results`.
pub fn section(
    manifest: &Manifest,
    paper: &str,
    results: &BTreeMap<String, ResultTable>,
    format: Format,
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
            let of_verdict: Vec<&ClaimRate> =
                rates.iter().filter(|c| c.verdict == verdict).collect();
            let claims: Vec<ClaimLine> = of_verdict
                .iter()
                .filter(|c| c.group.is_none())
                .map(|c| line(c, format))
                .collect();
            VerdictGroup {
                verdict,
                count: of_verdict.len(),
                grouped: of_verdict.len() - claims.len(),
                claims,
            }
        })
        .collect();
    let cells = rates
        .iter()
        .filter_map(|c| {
            let group = c.group.clone()?;
            let line = line(c, format);
            let text = format!("{}% [{}, {}]", line.rate, line.lo, line.hi);
            Some((group, format.escape(&text)))
        })
        .collect();
    let (inside, outside) = band_counts(table);
    let (headlines_inside, headlines) = headline_counts(table);
    Some(RobustnessSection {
        study: study.id.to_string(),
        replicates: replicates(table),
        claims: rates.len(),
        groups,
        inside,
        outside,
        headlines_inside,
        headlines,
        grids: claim_grids::views(claim_grids(cells), format),
        grid_rule: claim_grids::rule(format),
    })
}

fn line(claim: &ClaimRate, format: Format) -> ClaimLine {
    let percent = |x: f64| format!("{:.0}", 100.0 * x);
    ClaimLine {
        id: format.escape(&claim.id),
        statement: format.escape(&claim.statement),
        held: claim.held,
        checked: claim.checked,
        rate: percent(claim.rate),
        lo: percent(claim.lo),
        hi: percent(claim.hi),
    }
}
