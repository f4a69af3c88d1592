//! The data of a report's "How robust are the conclusions?" section, generated from the paper's
//! robustness study (`A.R1`, `B.R1`) when it was built: how many re-tested claims got each rate word
//! ([`RateWord`], decided by the Wilson interval), how many claims the stand-in builds in (counted
//! apart: never evidence), and how many printed simulated numbers fall inside their replicate band.
//! The section only counts: every claim, with its holding rate and Wilson interval, is a row or grid
//! cell of the study's table, which the section includes once. The prose is the templates'
//! `report-robustness.{md,tex}.j2`, included once by each literate source.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::manifest::Manifest;
use crate::model::RateWord;
use crate::model::rate_word::RATE_WORDS;
use crate::results::ResultTable;
use crate::robustness::read::{band_counts, claim_rates, headline_counts, replicates};

/// The section's numbers.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RobustnessSection {
    /// The study's artefact id.
    pub(crate) study: String,
    pub(crate) replicates: u32,
    /// The number of claims re-tested (built-in ones not counted).
    pub(crate) claims: usize,
    /// Per rate word with at least one re-tested claim, most often first.
    pub(crate) groups: Vec<WordGroup>,
    /// Every rate word with its rule, for the section's table of words.
    pub(crate) rules: Vec<WordRule>,
    /// How many claims a stand-in knob builds in, and their words.
    pub(crate) built_in: usize,
    pub(crate) built_in_groups: Vec<WordGroup>,
    /// How many re-tested claims are grouped (A.T3's discrepancy count per measure, Dmax and N),
    /// shown as Dmax × N grids in the study's table.
    pub(crate) grouped: usize,
    /// Printed simulated numbers inside and outside their replicates' 5th-95th percentile band.
    pub(crate) inside: usize,
    pub(crate) outside: usize,
    /// Headline numbers (taus, significant pairs, SSO percentages, discrepancy counts) inside their
    /// band, and how many the study's table shows.
    pub(crate) headlines_inside: usize,
    pub(crate) headlines: usize,
}

/// How many claims have one rate word.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct WordGroup {
    pub(crate) word: &'static str,
    pub(crate) count: usize,
    /// How many of `count` are grouped claims, in the study table's grids.
    pub(crate) grouped: usize,
}

/// A rate word and its rule.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct WordRule {
    pub(crate) word: &'static str,
    pub(crate) rule: &'static str,
}

/// The section of paper `paper`, when its robustness study is among `results` (numbers and fixed
/// words only: nothing to escape for a format).
pub(crate) fn section(
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
    let groups = |built_in: bool| -> Vec<WordGroup> {
        RATE_WORDS
            .into_iter()
            .filter_map(|word: RateWord| {
                let of_word: Vec<_> = rates
                    .iter()
                    .filter(|c| c.word == word && c.built_in == built_in)
                    .collect();
                (!of_word.is_empty()).then(|| WordGroup {
                    word: word.words(),
                    count: of_word.len(),
                    grouped: of_word.iter().filter(|c| c.group.is_some()).count(),
                })
            })
            .collect()
    };
    let (inside, outside) = band_counts(table);
    let (headlines_inside, headlines) = headline_counts(table);
    Some(RobustnessSection {
        study: study.id.to_string(),
        replicates: replicates(table),
        claims: rates.iter().filter(|c| !c.built_in).count(),
        groups: groups(false),
        rules: RATE_WORDS
            .iter()
            .map(|w| WordRule {
                word: w.words(),
                rule: w.rule(),
            })
            .collect(),
        built_in: rates.iter().filter(|c| c.built_in).count(),
        built_in_groups: groups(true),
        grouped: rates
            .iter()
            .filter(|c| c.group.is_some() && !c.built_in)
            .count(),
        inside,
        outside,
        headlines_inside,
        headlines,
    })
}
