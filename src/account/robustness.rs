//! What a paper's robustness study (`A.R1`, `B.R1`) adds to its account, for the reports' "How
//! robust are the conclusions?" sections: how many claims it re-tested, by their rate words, the
//! per-cell comparisons and the built-in claims apart, and how many printed numbers lie inside their
//! replicate band. The claims are counted from the account's items, so the section and every other
//! view give the same counts.

use std::collections::BTreeMap;

use serde::Serialize;

use super::item::Item;
use super::tally::Tally;
use super::term::{Section, Term};
use crate::ledger::EntryKind;
use crate::manifest::Artefact;
use crate::model::ProvenanceClass;
use crate::model::rate_word::RATE_BANDS;
use crate::results::ResultTable;
use crate::robustness::read::{band_counts, headline_counts, replicates};

/// The section's numbers and words (nothing in it needs escaping but the words, which are plain).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RobustnessSection {
    /// The study's artefact id.
    pub(crate) study: String,
    pub(crate) replicates: u32,
    /// The paper's claims the study re-tested (built-in ones and per-cell comparisons apart), and
    /// their rate words (`2 nearly always, 1 usually to nearly always`).
    pub(crate) claims: usize,
    pub(crate) claim_words: String,
    /// The printed numbers compared cell by cell with the stand-in, and their rate words.
    pub(crate) per_cell: usize,
    pub(crate) per_cell_words: String,
    /// The claims a stand-in knob builds in, and their rate words.
    pub(crate) built_in: usize,
    pub(crate) built_in_words: String,
    /// Every rate word with the range of rates it covers.
    pub(crate) bands: Vec<BandRule>,
    /// Every printed simulated number of the paper, with a replicate band or without one.
    pub(crate) simulated: usize,
    /// Those without a band in the study (`simulated − inside − outside`).
    pub(crate) unbanded: usize,
    /// Printed simulated numbers inside and outside their replicates' 5th-95th percentile band.
    pub(crate) inside: usize,
    pub(crate) outside: usize,
    /// Headline numbers inside their band, and how many the study's table shows.
    pub(crate) headlines_inside: usize,
    pub(crate) headlines: usize,
}

/// A rate word and the range of rates it covers.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BandRule {
    pub(crate) word: &'static str,
    pub(crate) range: String,
}

/// The section of the paper whose `artefacts` and `items` these are, when its robustness study is
/// among `results`.
pub(super) fn section(
    artefacts: &[&Artefact],
    items: &[Item],
    results: &BTreeMap<String, ResultTable>,
) -> Option<RobustnessSection> {
    let study = artefacts
        .iter()
        .find(|a| a.experiment.is_robustness_study())?;
    let table = results.get(study.id.as_str())?;
    let retested = Tally::of(items.iter().filter(|i| {
        i.entry
            .holding
            .as_ref()
            .is_some_and(|h| h.study == study.id.as_str())
    }));
    let words = |section: Section| -> String {
        retested
            .rates
            .iter()
            .filter(|((s, _), _)| *s == section)
            .map(|((_, rate), n)| format!("{n} {}", rate.words()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (inside, outside) = band_counts(table);
    let simulated = items
        .iter()
        .filter(|i| matches!(i.entry.kind, EntryKind::Cell | EntryKind::Text))
        .filter(|i| i.entry.class == ProvenanceClass::Simulated)
        .count();
    let (headlines_inside, headlines) = headline_counts(table);
    Some(RobustnessSection {
        study: study.id.to_string(),
        replicates: replicates(table),
        claims: retested.count(Term::OnStandIn),
        claim_words: words(Section::StandInClaims),
        per_cell: retested.count(Term::ComparedOnStandIn),
        per_cell_words: words(Section::StandInChecks),
        built_in: retested.count(Term::BuiltIn),
        built_in_words: words(Section::BuiltIn),
        bands: RATE_BANDS
            .iter()
            .map(|b| BandRule {
                word: b.words(),
                range: b.range_words(),
            })
            .collect(),
        simulated,
        unbanded: simulated.saturating_sub(inside + outside),
        inside,
        outside,
        headlines_inside,
        headlines,
    })
}
