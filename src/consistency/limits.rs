//! The limits several checks share, read from the wiring file's top-level keys.

/// The limits several checks share.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Limits {
    /// Largest distance of an interval's midpoint from its estimate (three printed decimals).
    pub(crate) ci_tolerance: f64,
    /// Largest factor between a printed randomised p and the classical Tukey p.
    pub(crate) tukey_factor: f64,
    /// Largest value tried when searching for a one-number correction of an a/b/c cell.
    pub(crate) correction_limit: u64,
}

/// The largest `correction_limit`: the SSO check tries every value up to it for each of a, b and c
/// of a cell, so the bound keeps the search linear in a small constant.
pub(crate) const MAX_CORRECTION_LIMIT: u64 = 100_000;

impl Limits {
    /// The limits' ranges: finite non-negative tolerance, finite factor of at least 1, and a
    /// correction search of at most [`MAX_CORRECTION_LIMIT`] values.
    pub(crate) fn check(&self) -> Result<(), String> {
        if !(self.ci_tolerance.is_finite() && self.ci_tolerance >= 0.0) {
            return Err(format!(
                "ci_tolerance must be a finite number >= 0, got {}",
                self.ci_tolerance
            ));
        }
        if !(self.tukey_factor.is_finite() && self.tukey_factor >= 1.0) {
            return Err(format!(
                "tukey_factor must be a finite number >= 1, got {}",
                self.tukey_factor
            ));
        }
        if self.correction_limit > MAX_CORRECTION_LIMIT {
            return Err(format!(
                "correction_limit must be at most {MAX_CORRECTION_LIMIT}, got {}",
                self.correction_limit
            ));
        }
        Ok(())
    }
}
