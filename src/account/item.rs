//! One ledger entry in the account: its [`Term`], the artefact whose summary row counts it, the
//! findings it belongs to or rests on, and its words as every view prints them.

use serde::Serialize;

use super::term::{Section, Term};
use crate::ledger::{Across, Basis, Entry, EntryKind, OnRejected, Verdict};
use crate::model::{ProvenanceClass, RateWord};

/// One entry of the ledger with what the account says of it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Item {
    #[serde(flatten)]
    pub(crate) entry: Entry,
    pub(crate) term: Term,
    /// The verdict in the vocabulary's words, with the finding numbers it names
    /// (`inconsistent (finding 2)`) or the rate words of a claim re-tested over replicates.
    pub(crate) words: String,
    /// The findings (1-based, per paper) the item belongs to, or, for a claim that cannot be
    /// judged, those that reject a number it reads.
    pub(crate) findings: Vec<usize>,
    /// The printed numbers a claim of the paper reads (`B.T3/nDCG@10/all3/2lancers/ci_hi`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) rests_on: Vec<String>,
    /// The artefact whose summary row counts the item (`A.T2`), or `None` for the running text.
    #[serde(skip)]
    pub(crate) artefact: Option<String>,
    /// The words of a holding rate over a robustness study's replicates.
    #[serde(skip)]
    pub(crate) rate: Option<RateWord>,
    /// A claim re-tested across the plausible knob space, in the account's words: `holds on the
    /// stand-in in 0.93 of redraws; across plausible data, decided by runs.assessor_weights[2]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) across: Option<String>,
}

impl Item {
    /// Each proxy of the claim in the vocabulary's words: `flipped item pairs: holds on a proxy
    /// (…)`, the words every view shows.
    pub(crate) fn proxy_words(&self) -> Vec<String> {
        self.entry
            .proxies
            .iter()
            .map(|p| {
                let term = if p.holds {
                    Term::HoldsOnProxy
                } else {
                    Term::FailsOnProxy
                };
                format!("{}: {} ({})", p.name, term.word(), p.detail)
            })
            .collect()
    }

    /// The section the item is listed and counted in.
    pub(crate) fn section(&self) -> Section {
        self.term.section()
    }

    /// The shipped stand-in draw, when it is an unusual one for this claim, in a sentence for the
    /// note under its table: the claim holds on the draw shown though its whole Wilson interval over
    /// the redraws lies below 0.25 (rarely or almost never), or fails on it though the interval lies
    /// above 0.75 (usually or nearly always). Computed from the robustness study's rate.
    pub(crate) fn rare_draw_words(&self) -> Option<String> {
        let h = self.entry.holding.as_ref()?;
        if self.section() != Section::StandInClaims {
            return None;
        }
        let label = self.entry.label.as_deref().unwrap_or(&self.entry.cell);
        let rate = format!(
            "{} of the {} redraws of {} ({} of {}, {})",
            crate::model::rate_word::interval_words(h.rate, h.lo, h.hi),
            h.checked,
            h.study,
            h.held,
            h.checked,
            h.word.words()
        );
        match self.entry.verdict {
            Verdict::Holds if h.hi < 0.25 => Some(format!(
                "The table shown is a rare draw of the stand-in: on it, the claim “{label}” holds, which it does in only {rate}."
            )),
            Verdict::Fails if h.lo > 0.75 => Some(format!(
                "The table shown is a rare draw of the stand-in: on it, the claim “{label}” fails, though it holds in {rate}."
            )),
            _ => None,
        }
    }

    /// The stand-in's value of the printed number, with the mark of what builds it in (`32†`).
    pub(crate) fn stand_in_value(&self) -> Option<String> {
        let value = self.entry.stand_in.clone()?;
        Some(if self.entry.is_calibrated() {
            format!("{value}†")
        } else if self.entry.is_fitted() {
            format!("{value}≡")
        } else {
            value
        })
    }
}

/// The term of one ledger entry.
pub(crate) fn term_of(e: &Entry) -> Term {
    match e.kind {
        EntryKind::Setting => match e.verdict {
            Verdict::Match => Term::SettingUsed,
            Verdict::Pending => Term::NotChecked,
            _ => Term::SettingDiffers,
        },
        EntryKind::Cell | EntryKind::Text => number_term(e),
        EntryKind::Statement => paper_claim_term(e.verdict),
        EntryKind::Claim => match e.basis {
            Basis::Paper => paper_claim_term(e.verdict),
            Basis::StandIn => stand_in_claim_term(e),
            Basis::RealData => real_data_claim_term(e),
        },
    }
}

/// A printed number: an input echoed, reproduced, checked for consistency, or resting on the
/// stand-in.
fn number_term(e: &Entry) -> Term {
    match e.verdict {
        Verdict::Echoed => Term::PrintedInput,
        Verdict::Match => Term::Reproduced,
        Verdict::Mismatch => Term::Differs,
        Verdict::Consistent => Term::Consistent,
        Verdict::Inconsistent => Term::Inconsistent,
        Verdict::Undecided => Term::CannotBeJudged,
        // A stand-in fitted to the number, or a number no check of the paper reaches.
        Verdict::Fitted | Verdict::Holds | Verdict::Fails => Term::StandInOnly,
        Verdict::Pending if e.basis == Basis::StandIn || e.class == ProvenanceClass::Simulated => {
            Term::StandInOnly
        }
        Verdict::Pending | Verdict::Mixed => Term::NotChecked,
        Verdict::NotApplicable => Term::NotApplicable,
    }
}

/// A claim of the paper checked on its own printed numbers or inputs.
fn paper_claim_term(verdict: Verdict) -> Term {
    match verdict {
        Verdict::Holds | Verdict::Match | Verdict::Consistent => Term::BorneOut,
        Verdict::Fails | Verdict::Mismatch | Verdict::Inconsistent => Term::Contradicted,
        Verdict::Undecided | Verdict::Mixed => Term::CannotBeJudged,
        Verdict::NotApplicable => Term::NotApplicable,
        Verdict::Fitted | Verdict::Echoed | Verdict::Pending => Term::NotChecked,
    }
}

/// A claim re-tested on the stand-in.
fn stand_in_claim_term(e: &Entry) -> Term {
    if e.verdict == Verdict::NotApplicable {
        Term::NotApplicable
    } else if e.observation {
        Term::Observation
    } else if e.is_built_in_claim() {
        Term::BuiltIn
    } else if e.group.is_some() {
        Term::ComparedOnStandIn
    } else if e.holding.is_some() {
        Term::OnStandIn
    } else if e.verdict == Verdict::Holds {
        Term::HeldOnOneDraw
    } else {
        Term::FailedOnOneDraw
    }
}

/// A claim re-tested on real data: on the quantity the paper names, or on proxies of it.
fn real_data_claim_term(e: &Entry) -> Term {
    let proxy = !e.proxies.is_empty();
    match e.verdict {
        Verdict::NotApplicable => Term::NotApplicable,
        Verdict::Mixed => Term::Mixed,
        Verdict::Holds if proxy => Term::HoldsOnProxy,
        Verdict::Holds => Term::HoldsOnRealData,
        _ if proxy => Term::FailsOnProxy,
        _ => Term::FailsOnRealData,
    }
}

/// The line of a claim re-tested across the plausible knob space: its holding rate over the
/// robustness study's redraws, when one re-tested it, and its class across plausible data
/// ([`Across::words`]).
pub(crate) fn across_words(e: &Entry, across: &Across) -> String {
    match &e.holding {
        Some(h) => format!(
            "holds on the stand-in in {:.2} of redraws; {}",
            h.rate,
            across.words()
        ),
        None => across.words(),
    }
}

/// `finding 2`, `findings 2 and 3`.
pub(crate) fn findings_words(numbers: &[usize]) -> String {
    match numbers {
        [] => String::new(),
        [one] => format!("finding {one}"),
        [rest @ .., last] => format!(
            "findings {} and {last}",
            rest.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// An item's verdict in words: its term's word, the findings it names, the rate words of a claim
/// re-tested over replicates, or why a claim does not apply.
pub(crate) fn verdict_words(
    term: Term,
    findings: &[usize],
    rate: Option<RateWord>,
    e: &Entry,
) -> String {
    let named = findings_words(findings);
    match term {
        Term::Inconsistent | Term::Contradicted | Term::SettingDiffers if !named.is_empty() => {
            format!("{} ({named})", term.word())
        }
        Term::CannotBeJudged if !named.is_empty() => match e.on_rejected {
            Some(OnRejected::OnlyIfRepaired { holds }) => format!(
                "{} ({named}): {} only if {} repair{} hold{}",
                term.word(),
                if holds {
                    Term::BorneOut.word()
                } else {
                    Term::Contradicted.word()
                },
                if findings.len() == 1 { "its" } else { "their" },
                if findings.len() == 1 { "" } else { "s" },
                if findings.len() == 1 { "s" } else { "" },
            ),
            _ => format!("{} ({named})", term.word()),
        },
        Term::BorneOut if !named.is_empty() => format!(
            "{} (under every reading of the numbers {named} reject{})",
            term.word(),
            if findings.len() == 1 { "s" } else { "" }
        ),
        Term::CannotBeJudged => format!("{} (at the printed precision)", term.word()),
        Term::OnStandIn | Term::ComparedOnStandIn => match rate {
            Some(rate) => rate.words(),
            None => term.word().to_string(),
        },
        Term::BuiltIn => match rate {
            Some(rate) => format!("{} (holds {})", term.word(), rate.words()),
            None => term.word().to_string(),
        },
        Term::NotApplicable => match &e.not_applicable {
            Some(reason) => format!("{}: {reason}", term.word()),
            None => term.word().to_string(),
        },
        _ => term.word().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::Holding;

    /// A stand-in claim with the shipped draw's verdict `verdict` and `held` of 200 redraws.
    fn claim(verdict: Verdict, held: u32) -> Item {
        let rate = f64::from(held) / 200.0;
        let (lo, hi) = evia_engine::agreement::wilson(rate, 200.0, 1.959_963_984_540_054);
        let mut entry = Entry::pending(
            EntryKind::Claim,
            "B",
            "B.T3",
            "B.T3.all_rankings_equivalent".to_string(),
            "all CI upper limits ≥ 1",
            ProvenanceClass::Simulated,
            Basis::StandIn,
        );
        entry.verdict = verdict;
        entry.label = Some("every upper limit at least 1".to_string());
        entry.holding = Some(Holding {
            study: "B.R1".to_string(),
            held,
            checked: 200,
            rate,
            lo,
            hi,
            word: RateWord::of(lo, hi),
        });
        let term = term_of(&entry);
        Item {
            entry,
            term,
            words: String::new(),
            findings: Vec::new(),
            rests_on: Vec::new(),
            artefact: Some("B.T3".to_string()),
            rate: None,
            across: None,
        }
    }

    /// The shipped draw is called rare when its verdict is one the redraws rarely give, from the
    /// rate's whole interval: paper B's Table 3 claim holds on the draw shown and in 8 of 200.
    #[test]
    fn a_draw_whose_verdict_the_redraws_rarely_give_is_called_rare() {
        let rare = claim(Verdict::Holds, 8).rare_draw_words().unwrap();
        assert!(
            rare.contains("rare draw") && rare.contains("8 of 200"),
            "{rare}"
        );
        assert!(claim(Verdict::Fails, 8).rare_draw_words().is_none());
        assert!(claim(Verdict::Holds, 180).rare_draw_words().is_none());
        let rare = claim(Verdict::Fails, 190).rare_draw_words().unwrap();
        assert!(rare.contains("fails, though it holds"), "{rare}");
        // An interval that reaches 0.25 is not called rare.
        assert!(claim(Verdict::Holds, 40).rare_draw_words().is_none());
    }
}
