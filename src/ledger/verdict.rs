//! The verdict of one ledger entry.

use serde::Serialize;

/// The outcome for one ledger entry (also the values of `check --verdict`), displayed and
/// serialised in lower case (`match`, `mismatch`, …).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, clap::ValueEnum, strum::Display,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub(crate) enum Verdict {
    Match,
    /// A printed input the rebuild reads and echoes back unchanged: shown, never a match.
    Echoed,
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
    /// A statement the printed numbers cannot decide at their printed precision (a strict bound on
    /// a number printed at the bound).
    Undecided,
    /// A claim measured through proxies that disagree.
    Mixed,
    /// A claim whose premise does not hold for the data at hand: neither held nor failed.
    #[serde(rename = "not-applicable")]
    #[strum(serialize = "not-applicable")]
    #[value(name = "not-applicable")]
    NotApplicable,
    Pending,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spellings of the ledger, `check --verdict` and the serialised ledger agree.
    #[test]
    fn verdicts_are_spelled_in_lower_case() {
        let all = [
            (Verdict::Match, "match"),
            (Verdict::Echoed, "echoed"),
            (Verdict::Mismatch, "mismatch"),
            (Verdict::Consistent, "consistent"),
            (Verdict::Inconsistent, "inconsistent"),
            (Verdict::Holds, "holds"),
            (Verdict::Fails, "fails"),
            (Verdict::Fitted, "fitted"),
            (Verdict::Undecided, "undecided"),
            (Verdict::Mixed, "mixed"),
            (Verdict::NotApplicable, "not-applicable"),
            (Verdict::Pending, "pending"),
        ];
        for (verdict, text) in all {
            assert_eq!(verdict.to_string(), text);
            assert_eq!(
                serde_json::to_string(&verdict).unwrap(),
                format!("\"{text}\"")
            );
            let value = clap::ValueEnum::to_possible_value(&verdict).unwrap();
            assert_eq!(value.get_name(), text);
        }
    }
}
