//! Paper-internal consistency checks: pure functions over printed numbers (reviewer mode).
//!
//! Each check takes numbers as the paper prints them and says whether they can all be true at once,
//! with the arithmetic in one line. They never look at a rebuild: they are about the paper itself.
//!
//! - [`sso`]: SSO percentages recomputed from the a/b/c counts they are printed with;
//! - [`pair_counts`]: significant-pair counts `a + b` and `b + c` against the counts table they feed;
//! - [`tau`]: Kendall's tau on the k/(n(n−1)/2) grid of n runs, and CI widths attainable under the
//!   Hollander–Wolfe–Chicken variance;
//! - [`ci`]: a confidence interval contains its point estimate and is centred on it;
//! - [`bold`]: bold marks agree with p < alpha, and a discrepancy row has exactly one p below alpha;
//! - [`tukey`]: p-values, differences and effect sizes agree under the classical Tukey HSD;
//! - [`wiring`]: which printed cells feed which check, declared in `paper/consistency.yaml`.

pub mod bold;
pub mod ci;
pub mod pair_counts;
pub mod sso;
pub mod tau;
pub mod tukey;
pub mod wiring;

/// The outcome of one check on one group of printed numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckResult {
    /// Short name of the check (`sso`, `pair-count`, `tau-grid`, `ci-centre`, `ci-width`, `bold`,
    /// `one-significant`, `tukey`, `text`).
    pub check: &'static str,
    /// Whether the printed numbers are consistent under this check.
    pub ok: bool,
    /// The arithmetic behind the outcome, in one line.
    pub detail: String,
}

impl CheckResult {
    pub fn new(check: &'static str, ok: bool, detail: impl Into<String>) -> Self {
        CheckResult {
            check,
            ok,
            detail: detail.into(),
        }
    }
}

/// Half a unit in the last of `decimals` printed digits: the largest rounding error of a printed
/// number (both ends of a tie included, so the checks do not depend on the rounding rule).
pub fn half_unit(decimals: u32) -> f64 {
    0.5 * 10f64.powi(-(decimals as i32))
}
