//! The vocabulary every view speaks (docs/vocabulary.md): one [`Term`] per kind of evidence, with
//! its word, its meaning and its mark, and the [`Section`] each term is listed and counted in. A
//! view never words a verdict itself; it prints the term's word.

use serde::Serialize;

/// What one printed number, setting or claim is, in the one vocabulary of every view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::EnumIter)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Term {
    /// A printed number the rebuild reads as input and echoes back.
    PrintedInput,
    /// Recomputed from the paper's printed inputs, equal at the printed precision.
    Reproduced,
    /// Recomputed from the paper's printed inputs, not equal at the printed precision.
    Differs,
    /// Agrees with the checks against the paper's other printed numbers.
    Consistent,
    /// Contradicts the paper's other printed numbers: part of a numbered finding.
    Inconsistent,
    /// A statement that reads a number a finding rejects, or that the printed precision cannot
    /// decide.
    CannotBeJudged,
    /// Needs data that is not public, and no check of the paper applies to it.
    StandInOnly,
    /// Its artefact was not rebuilt in this run.
    NotChecked,
    /// A setting the text states, used by every artefact it governs.
    SettingUsed,
    /// A setting the text states that the build does not use: a finding.
    SettingDiffers,
    /// A claim of the paper that its own printed numbers or inputs bear out.
    BorneOut,
    /// A claim of the paper that its own printed numbers contradict: a finding.
    Contradicted,
    /// A claim of the paper re-tested on independent stand-in collections (its rate words).
    OnStandIn,
    /// A claim re-tested on the stand-in's one draw only, that held there.
    HeldOnOneDraw,
    /// A claim re-tested on the stand-in's one draw only, that failed there.
    FailedOnOneDraw,
    /// A printed number compared cell by cell with the stand-in's: a check of the stand-in, not a
    /// claim.
    ComparedOnStandIn,
    /// A claim a stand-in knob was set to produce: listed apart, never evidence.
    BuiltIn,
    /// The quantity the paper names, measured on real data, behaves as the claim says.
    HoldsOnRealData,
    /// The quantity the paper names, measured on real data, does not.
    FailsOnRealData,
    /// A proxy of the quantity, measured on real data, behaves as the claim says.
    HoldsOnProxy,
    /// A proxy of the quantity, measured on real data, does not.
    FailsOnProxy,
    /// Proxies of the quantity disagree.
    Mixed,
    /// The claim's premise does not hold for the data at hand.
    NotApplicable,
    /// An observation about the paper's own data that a stand-in cannot re-test.
    Observation,
}

/// Where a term is listed and counted: two sections never share a list or a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, strum::EnumIter)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Section {
    /// The paper's printed numbers: inputs, reproduced, checked for consistency, stand-in only.
    Numbers,
    /// The settings the text states.
    Settings,
    /// The paper's claims about its own printed numbers and inputs.
    PaperClaims,
    /// The paper's claims re-tested on the stand-in.
    StandInClaims,
    /// Printed numbers compared cell by cell with the stand-in's.
    StandInChecks,
    /// Observations about the paper's own data that a stand-in cannot re-test: shown, not scored.
    Observations,
    /// What the stand-in was built to produce: never evidence.
    BuiltIn,
    /// Claims re-tested on real data.
    RealData,
    /// Claims whose premise does not hold for the data at hand.
    NotApplicable,
}

impl Term {
    /// The term's words, the same in every view.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Term::PrintedInput => "printed input",
            Term::Reproduced => "reproduced",
            Term::Differs => "differs",
            Term::Consistent => "consistent",
            Term::Inconsistent => "inconsistent",
            Term::CannotBeJudged => "cannot be judged",
            Term::StandInOnly => "stand-in only",
            Term::NotChecked => "not checked",
            Term::SettingUsed => "setting used",
            Term::SettingDiffers => "setting differs",
            Term::BorneOut => "borne out",
            Term::Contradicted => "contradicted",
            Term::OnStandIn => "re-tested on the stand-in",
            Term::HeldOnOneDraw => "held on the one stand-in draw",
            Term::FailedOnOneDraw => "failed on the one stand-in draw",
            Term::ComparedOnStandIn => "compared on the stand-in",
            Term::BuiltIn => "built in",
            Term::HoldsOnRealData => "holds on real data",
            Term::FailsOnRealData => "fails on real data",
            Term::HoldsOnProxy => "holds on a proxy",
            Term::FailsOnProxy => "fails on a proxy",
            Term::Mixed => "mixed",
            Term::NotApplicable => "not applicable",
            Term::Observation => "observation, not re-testable",
        }
    }

    /// The term's words after a count: `1 holds on real data`, `2 hold on real data`.
    pub(crate) fn counted(self, n: usize) -> String {
        let word = match self {
            _ if n == 1 => self.word(),
            Term::HoldsOnRealData => "hold on real data",
            Term::FailsOnRealData => "fail on real data",
            Term::HoldsOnProxy => "hold on a proxy",
            Term::FailsOnProxy => "fail on a proxy",
            Term::PrintedInput => "printed inputs",
            Term::Observation => "observations, not re-testable",
            _ => self.word(),
        };
        format!("{n} {word}")
    }

    /// What the term means, for the vocabulary table and the legends.
    pub(crate) fn meaning(self) -> &'static str {
        match self {
            Term::PrintedInput => {
                "transcribed from the paper and read by the rebuild as input, echoed back: shown, never counted as reproduced or as a match"
            }
            Term::Reproduced => {
                "recomputed from the paper's printed inputs, equal at the printed precision"
            }
            Term::Differs => {
                "recomputed from the paper's printed inputs, not equal at the printed precision"
            }
            Term::Consistent => {
                "not recomputed; agrees with the paper's other printed numbers under every check that applies"
            }
            Term::Inconsistent => {
                "not recomputed; contradicts the paper's other printed numbers: part of the finding named by its number"
            }
            Term::CannotBeJudged => {
                "a claim whose verdict depends on which reading of a printed number a finding shows inconsistent is right (the finding is named; borne out only if its repair holds, when a repair elsewhere makes the number consistent), or that the printed precision cannot decide"
            }
            Term::StandInOnly => {
                "needs data that is not public and no check of the paper applies to it; the paper's claims about it are re-tested on a stand-in, whose value is shown as the stand-in's"
            }
            Term::NotChecked => "its artefact was not rebuilt in this run",
            Term::SettingUsed => "a setting the text states, used by every artefact it governs",
            Term::SettingDiffers => {
                "a setting the text states that the build does not use: a finding"
            }
            Term::BorneOut => {
                "a claim of the paper that its own printed numbers (or printed inputs) bear out; when it reads a number a finding shows inconsistent, under every reading of that number (the finding is named)"
            }
            Term::Contradicted => {
                "a claim of the paper that its own printed numbers contradict: a finding"
            }
            Term::OnStandIn => {
                "a claim of the paper re-tested on independent stand-in collections, worded by how often it holds (the rate words below); it says how the stand-in behaves, not whether the paper is right"
            }
            Term::HeldOnOneDraw => {
                "a claim re-tested on the stand-in's one shipped draw, where it held; no robustness study re-tested it"
            }
            Term::FailedOnOneDraw => {
                "a claim re-tested on the stand-in's one shipped draw, where it failed; no robustness study re-tested it"
            }
            Term::ComparedOnStandIn => {
                "a printed number compared cell by cell with the stand-in's value: a check of the stand-in, not a claim of the paper, never counted as one"
            }
            Term::BuiltIn => {
                "a claim a stand-in knob was set to produce, or a stand-in value fitted or calibrated to the print: listed apart, never evidence"
            }
            Term::HoldsOnRealData => {
                "the quantity the paper names, measured on real data, behaves as the claim says"
            }
            Term::FailsOnRealData => {
                "the quantity the paper names, measured on real data, does not behave as the claim says"
            }
            Term::HoldsOnProxy => {
                "a proxy of the quantity the paper names, measured on real data, behaves as the claim says; the proxy is named"
            }
            Term::FailsOnProxy => {
                "a proxy of the quantity the paper names, measured on real data, does not behave as the claim says; the proxy is named"
            }
            Term::Mixed => "proxies of the quantity the paper names disagree; each is shown",
            Term::NotApplicable => {
                "the claim's premise does not hold for the data at hand (the reason is given): counted apart, never failing"
            }
            Term::Observation => {
                "an observation about the paper's own data (one run's rank in one figure) that a stand-in cannot re-test: shown with the stand-in's value, never scored"
            }
        }
    }

    /// The section the term is listed and counted in.
    pub(crate) fn section(self) -> Section {
        match self {
            Term::PrintedInput
            | Term::Reproduced
            | Term::Differs
            | Term::Consistent
            | Term::Inconsistent
            | Term::StandInOnly
            | Term::NotChecked => Section::Numbers,
            Term::SettingUsed | Term::SettingDiffers => Section::Settings,
            Term::BorneOut | Term::Contradicted | Term::CannotBeJudged => Section::PaperClaims,
            Term::OnStandIn | Term::HeldOnOneDraw | Term::FailedOnOneDraw => Section::StandInClaims,
            Term::ComparedOnStandIn => Section::StandInChecks,
            Term::BuiltIn => Section::BuiltIn,
            Term::HoldsOnRealData
            | Term::FailsOnRealData
            | Term::HoldsOnProxy
            | Term::FailsOnProxy
            | Term::Mixed => Section::RealData,
            Term::NotApplicable => Section::NotApplicable,
            Term::Observation => Section::Observations,
        }
    }

    /// Whether the term makes its item part of a finding about the paper.
    pub(crate) fn is_finding(self) -> bool {
        matches!(
            self,
            Term::Inconsistent | Term::Contradicted | Term::SettingDiffers
        )
    }

    /// How serious the term is when one printed cell shows several parts (an estimate and its
    /// interval): the cell shows its most serious term.
    pub(crate) fn severity(self) -> u8 {
        match self {
            Term::Differs | Term::SettingDiffers => 9,
            Term::Inconsistent | Term::Contradicted => 8,
            Term::CannotBeJudged => 7,
            Term::FailsOnRealData | Term::FailsOnProxy | Term::FailedOnOneDraw => 6,
            Term::Mixed => 5,
            Term::NotChecked => 4,
            Term::StandInOnly | Term::NotApplicable | Term::Observation => 3,
            Term::Consistent => 2,
            Term::OnStandIn | Term::ComparedOnStandIn | Term::BuiltIn => 1,
            Term::PrintedInput
            | Term::Reproduced
            | Term::SettingUsed
            | Term::BorneOut
            | Term::HeldOnOneDraw
            | Term::HoldsOnRealData
            | Term::HoldsOnProxy => 0,
        }
    }
}

impl Section {
    /// The section's heading, the same in every view.
    pub(crate) fn heading(self) -> &'static str {
        match self {
            Section::Numbers => "The paper's printed numbers",
            Section::Settings => "Settings the text states",
            Section::PaperClaims => "The paper's claims about its own numbers",
            Section::StandInClaims => {
                "The paper's claims re-tested on the stand-in (how the stand-in behaves, not whether the paper is right)"
            }
            Section::StandInChecks => {
                "Printed numbers compared cell by cell with the stand-in (checks of the stand-in, not claims)"
            }
            Section::Observations => {
                "Observations about the paper's own data that a stand-in cannot re-test (shown, not scored)"
            }
            Section::BuiltIn => {
                "Built into the stand-in: not evidence (claims a knob was set to produce)"
            }
            Section::RealData => "Claims re-tested on real data",
            Section::NotApplicable => "Claims whose premise does not hold for this data",
        }
    }

    /// Whether the section's items are about the paper itself (its numbers, settings and claims on
    /// them), as opposed to about a stand-in or real data.
    pub(crate) fn is_about_the_paper(self) -> bool {
        matches!(
            self,
            Section::Numbers | Section::Settings | Section::PaperClaims
        )
    }
}
