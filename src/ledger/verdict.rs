//! The verdict of one ledger entry.

use std::fmt;

use serde::Serialize;

/// The outcome for one ledger entry (also the values of `check --verdict`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Match,
    Mismatch,
    /// A `derived` number that agrees with the printed numbers it follows from.
    Consistent,
    /// A `derived` number that contradicts the printed numbers it follows from (a finding about the
    /// paper, not a failure of the rebuild).
    Inconsistent,
    /// A qualitative claim that holds on the rebuilt results.
    Holds,
    /// A qualitative claim that does not hold on the rebuilt results.
    Fails,
    /// A stand-in number fitted to the printed one, within the fit's tolerance: it agrees by
    /// construction and reproduces nothing.
    Fitted,
    Pending,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Match => "match",
            Verdict::Mismatch => "mismatch",
            Verdict::Consistent => "consistent",
            Verdict::Inconsistent => "inconsistent",
            Verdict::Holds => "holds",
            Verdict::Fails => "fails",
            Verdict::Fitted => "fitted",
            Verdict::Pending => "pending",
        })
    }
}
