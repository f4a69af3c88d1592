//! What a ledger verdict is about: the paper's own printed numbers, or a claim re-tested on the
//! seeded stand-in, or on real data. The two kinds never share a list: a check of the paper says
//! something about the paper; a claim re-tested on the stand-in says how the stand-in behaves.

use serde::Serialize;

use super::Verdict;

/// What a verdict is about (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Basis {
    /// A check of the paper's printed numbers: recomputed from the inputs it prints (exact),
    /// recomputed from its other numbers (derived), checked for internal consistency, or a setting
    /// or statement of its text checked on its own tables.
    Paper,
    /// A claim of the paper re-tested on the seeded stand-in collection, or a printed number the
    /// stand-in was fitted to.
    StandIn,
    /// A claim re-tested, or a number rebuilt, on real data (vendored or given with `--data`).
    RealData,
}

/// A verdict in words that say which kind it is: `paper self-consistent` for a check of the paper,
/// `holds on the stand-in` for a claim re-tested there.
pub(crate) fn verdict_words(basis: Basis, verdict: Verdict) -> &'static str {
    match (basis, verdict) {
        (_, Verdict::Match) => "match",
        (_, Verdict::Mismatch) => "mismatch",
        (_, Verdict::Consistent) => "paper self-consistent",
        (_, Verdict::Inconsistent) => "paper inconsistent",
        (Basis::Paper, Verdict::Holds) => "paper bears it out",
        (Basis::Paper, Verdict::Fails) => "paper contradicts it",
        (Basis::StandIn, Verdict::Holds) => "holds on the stand-in",
        (Basis::StandIn, Verdict::Fails) => "fails on the stand-in",
        (Basis::RealData, Verdict::Holds) => "holds on real data",
        (Basis::RealData, Verdict::Fails) => "fails on real data",
        (_, Verdict::Fitted) => "fitted to the print",
        (_, Verdict::Pending) => "not checked",
    }
}
