//! Paper-internal consistency checks: pure functions over printed numbers (reviewer mode).
//!
//! Each check takes numbers as the paper prints them and says whether they can all be true at once,
//! with the arithmetic in one line. They never look at a rebuild: they are about the paper itself.
//! `paper/consistency.yaml` ([`wiring`]) says which printed cells feed which check; each check's file
//! owns the spec type of its entries there and its `apply`, and [`check_spec::CheckSpec`] dispatches
//! an entry to it.
//!
//! - [`sso`]: SSO percentages recomputed from the a/b/c counts they are printed with (the arithmetic
//!   in [`sso_arithmetic`]);
//! - [`pair_counts`]: significant-pair counts `a + b` and `b + c` against the counts table they feed;
//! - [`repair`]: the single change that repairs a slip in an overlap group, named by both checks;
//! - [`shared_counts`]: a count printed in two tables;
//! - [`tau`]: Kendall's tau on the k/(n(n−1)/2) grid of n runs, and CI widths attainable under the
//!   Hollander–Wolfe–Chicken variance;
//! - [`ci`]: a confidence interval contains its point estimate and is centred on it (and the
//!   intervals of the running text);
//! - [`bold`]: bold marks agree with p < alpha, and a discrepancy row has exactly one p below alpha;
//! - [`tukey`]: p-values, differences and effect sizes agree under the classical Tukey HSD;
//! - [`text`]: numbers of the running text recomputed from the tables;
//! - [`statement`]: statements of the running text checked on the printed numbers, and under every
//!   reading of the inconsistent numbers they read ([`readings`]).
//!
//! The plumbing: [`wiring`] (reading the file and applying it), [`check_spec`] (the dispatch),
//! [`context`] (what a check sees), [`limits`] (the limits the checks share), [`printed`] (the
//! printed numbers), [`selector`] (selections of cells), [`outcome`] (what the checks yield) and
//! [`error`] (why the wiring cannot be applied).  The checks import the plumbing, [`check_spec`]
//! the checks and [`wiring`] the dispatch: no files import each other in a circle.

pub(crate) mod bold;
pub(crate) mod check_spec;
pub(crate) mod ci;
pub(crate) mod context;
pub(crate) mod error;
pub(crate) mod limits;
pub(crate) mod outcome;
pub(crate) mod pair_counts;
pub(crate) mod printed;
pub(crate) mod readings;
pub(crate) mod repair;
pub(crate) mod selector;
pub(crate) mod shared_counts;
pub(crate) mod sso;
pub(crate) mod sso_arithmetic;
pub(crate) mod statement;
pub(crate) mod tau;
pub(crate) mod text;
pub(crate) mod tukey;
pub(crate) mod wiring;

/// Which check produced a result; its spelling (kebab case: `pair-count`; its `&'static str`, also
/// its `Display`) prefixes the result's detail in the ledger.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr, strum::Display,
)]
#[strum(serialize_all = "kebab-case")]
pub(crate) enum CheckKind {
    Sso,
    PairCount,
    SharedCount,
    TauGrid,
    CiCentre,
    CiWidth,
    Bold,
    OneSignificant,
    Tukey,
    /// A number of the running text recomputed from the tables.
    Text,
}

impl CheckKind {
    /// What the check checks, in words (the ledger's details and the findings).
    pub(crate) fn words(self) -> &'static str {
        match self {
            CheckKind::Sso => "SSO recomputed from its counts",
            CheckKind::PairCount => "pair counts against the table they feed",
            CheckKind::SharedCount => "a count printed in two tables",
            CheckKind::TauGrid => "tau on the grid of attainable values",
            CheckKind::CiCentre => "interval centred on its estimate",
            CheckKind::CiWidth => "interval width",
            CheckKind::Bold => "bold marks against alpha",
            CheckKind::OneSignificant => "one p-value below alpha per row",
            CheckKind::Tukey => "p-value against effect size (classical Tukey HSD)",
            CheckKind::Text => "the text's arithmetic",
        }
    }
}

/// Why a failed check matters to a reviewer: what the inconsistency points to. Set by the check that
/// knows it, never read back from the detail's prose. Ordered by precedence: when several failed
/// checks of one entry carry hints, the first in this order speaks for the entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Hint {
    /// One changed number satisfies every check on the cell: a typesetting or extraction slip.
    TypesettingSlip,
    /// The same interval is printed, centred, for another cell: intervals shifted between cells.
    ShiftedInterval,
    /// An interval that does not contain its estimate.
    ExcludingInterval,
    /// An interval that contains its estimate but is not centred on it.
    OffCentreInterval,
    /// Printed p-value and effect size disagree under the paper's stated definition; `fits` is the
    /// other reading of the definition under which every such row agrees, if one does, with what
    /// speaks against it.
    DefinitionMismatch { fits: Option<tukey::Candidate> },
    /// A statement of the text that the paper's own table does not bear out.
    StatementContradicted,
    /// A setting the text states (runs, topics, trials, …) that the build does not use.
    SettingDiffers,
}

impl Hint {
    /// The hint of higher precedence of two, either of which may be absent.
    pub(crate) fn first(a: Option<Hint>, b: Option<Hint>) -> Option<Hint> {
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The outcome of one check on one group of printed numbers.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CheckResult {
    pub(crate) check: CheckKind,
    /// Whether the printed numbers are consistent under this check.
    pub(crate) ok: bool,
    /// The arithmetic behind the outcome, in one line.
    pub(crate) detail: String,
    /// What a failure points to, when the check knows.
    pub(crate) hint: Option<Hint>,
    /// The single change that repairs a failure, when one does (a typesetting slip).
    pub(crate) repair: Option<repair::Repair>,
    /// On a failure, the value the check's other printed numbers imply for the cell it is recorded
    /// on (an interval's limit mirrored about its estimate, a count as the pairs it sums), when the
    /// check knows one: the other reading of that number a statement reading it is judged under.
    pub(crate) implied: Option<f64>,
}

impl CheckResult {
    pub(crate) fn new(check: CheckKind, ok: bool, detail: impl Into<String>) -> Self {
        CheckResult {
            check,
            ok,
            detail: detail.into(),
            hint: None,
            repair: None,
            implied: None,
        }
    }

    /// The same result, recorded on a cell for which the other numbers imply `value`.
    pub(crate) fn implying(mut self, value: f64) -> Self {
        self.implied = Some(value);
        self
    }

    /// The same result, saying what its failure points to.
    pub(crate) fn with_hint(mut self, hint: Hint) -> Self {
        self.hint = Some(hint);
        self
    }

    /// The same result, failed because of a typesetting slip that `repair` undoes.
    pub(crate) fn with_repair(mut self, repair: repair::Repair) -> Self {
        self.hint = Some(Hint::TypesettingSlip);
        self.repair = Some(repair);
        self
    }
}

/// Half a unit in the last of `decimals` printed digits: the largest rounding error of a printed
/// number (both ends of a tie included, so the checks do not depend on the rounding rule).
pub(crate) fn half_unit(decimals: u32) -> f64 {
    0.5 * 10f64.powi(-(decimals as i32))
}

#[cfg(test)]
mod tests {
    use super::CheckKind;

    /// The spellings that prefix the ledger's details.
    #[test]
    fn check_kinds_are_spelled_in_kebab_case() {
        let all = [
            (CheckKind::Sso, "sso"),
            (CheckKind::PairCount, "pair-count"),
            (CheckKind::SharedCount, "shared-count"),
            (CheckKind::TauGrid, "tau-grid"),
            (CheckKind::CiCentre, "ci-centre"),
            (CheckKind::CiWidth, "ci-width"),
            (CheckKind::Bold, "bold"),
            (CheckKind::OneSignificant, "one-significant"),
            (CheckKind::Tukey, "tukey"),
            (CheckKind::Text, "text"),
        ];
        for (kind, text) in all {
            assert_eq!(
                (<&str>::from(kind), kind.to_string()),
                (text, text.to_string())
            );
        }
    }
}
