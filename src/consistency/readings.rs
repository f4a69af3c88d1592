//! A statement judged under every reading of the printed numbers it reads that a check finds
//! inconsistent (docs/vocabulary.md, rule 4). Such a number has two readings at least: as printed,
//! and as the paper's other numbers imply it (an interval's limit mirrored about its estimate, a
//! count as the pairs the overlap table prints for it: [`super::CheckResult::implied`]). The
//! statement's parts are monotone in each number they read (a bound `≥`, one group above another),
//! so judging it once with every such number at its least favourable reading and once at its most
//! favourable one covers every combination: when the two agree, the verdict does not depend on
//! which reading is right and the statement can still be judged; when they differ, it cannot
//! (`StatementSpec::readings` in [`super::statement`]).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::model::CellKey;
use crate::published::PublishedCell;

/// Printed values replaced by another reading of them; a cell it does not name keeps its print.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Values(pub(super) BTreeMap<CellKey, f64>);

impl Values {
    /// The value of `cell` under this reading.
    pub(crate) fn of(&self, cell: &PublishedCell) -> f64 {
        self.0.get(&cell.key()).copied().unwrap_or(cell.value)
    }
}

/// How a statement's verdict stands on the inconsistent numbers it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Readings {
    /// The same under every reading of them: the statement is judged, and says why.
    Same,
    /// It holds under one reading and fails under another: it cannot be judged. `as_printed` is
    /// its verdict on the numbers as printed.
    Differ { as_printed_holds: bool },
    /// One of them has no reading the paper's other numbers imply (its value is unknown, or the
    /// statement reads it both ways): it cannot be judged.
    Unknown,
}
