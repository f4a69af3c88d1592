//! What applying the wiring yields: check results by printed cell, derivations of text claims, and
//! statements with whether they hold. The ledger turns these into verdicts.

use std::collections::BTreeMap;

use super::CheckResult;
use crate::model::{CellKey, PaperId as Paper, ProvenanceClass};

/// What a text claim's wiring computed from the printed numbers.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TextDerivation {
    /// The value the claim should have, with the arithmetic (`None` when only other checks apply).
    pub(crate) value: Option<(f64, String)>,
    /// The table cell the claim repeats, if it repeats one (compared with a rebuild when exact).
    pub(crate) cell: Option<CellKey>,
    /// That cell in the words its table's layout gives it (`Table 1, item 1, UG_i (p = 0.2)`).
    pub(crate) cell_words: Option<String>,
    pub(crate) results: Vec<CheckResult>,
}

/// A statement and whether it holds on the printed numbers.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StatementOutcome {
    pub(crate) paper: Paper,
    pub(crate) id: String,
    pub(crate) table: String,
    pub(crate) section: String,
    pub(crate) claim: String,
    pub(crate) printed: String,
    pub(crate) class: ProvenanceClass,
    pub(crate) judgement: Judgement,
    pub(crate) detail: String,
    /// The printed numbers whose values the statement reads: a finding that rejects one of them
    /// leaves the statement unjudgeable unless its verdict is the same under every reading.
    pub(crate) rests_on: Vec<CellKey>,
    /// How its verdict stands on the numbers it reads that a check finds inconsistent (`None` when
    /// it reads none), set once every check has run.
    pub(crate) readings: Option<super::readings::Readings>,
}

/// What the paper's own printed numbers say of a statement of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Judgement {
    Holds,
    Fails,
    /// The printed precision cannot decide it (a strict bound on a number printed at the bound).
    Undecided,
}

/// Every check applied to the published files.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Checks {
    /// The results on each printed cell, in the order the wiring lists the checks.
    pub(crate) cells: BTreeMap<CellKey, Vec<CheckResult>>,
    pub(crate) text: BTreeMap<String, TextDerivation>,
    pub(crate) statements: Vec<StatementOutcome>,
}
