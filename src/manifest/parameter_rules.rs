//! The ranges parameter values must lie in, shared by the experiments' parameter types
//! ([`super::params`]): each type's `validate` applies the rules of its own keys when the manifest
//! loads, so a bad value (`p: [.nan]`, `n: [0]`, `alpha: 2`) is a manifest error naming the line and
//! column, before anything runs or is written. Which keys an experiment takes, and their types, are
//! the parameter types themselves.

/// Largest count accepted for N, Dmax, cutoffs and stand-in sizes: far above the papers' values
/// (N ≤ 80, Dmax ≤ 8, cutoffs ≤ 10, 100 topics, 44 runs), small enough that no allocation sized by it
/// can exhaust memory.
pub(crate) const MAX_COUNT: u32 = 10_000;

/// Largest number of randomised Tukey HSD trials B (the papers use 5,000 and 10,000).
pub(crate) const MAX_TRIALS: u32 = 1_000_000;

/// A parameter that breaks a rule: its key and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Violation {
    pub(crate) key: &'static str,
    pub(crate) message: String,
}

pub(crate) fn violation(key: &'static str, message: impl Into<String>) -> Violation {
    Violation {
        key,
        message: message.into(),
    }
}

/// Every value of `key` is a whole number from 1 to `max`.
pub(crate) fn counts(key: &'static str, values: &[u32], max: u32) -> Result<(), Violation> {
    match values.iter().find(|&&v| v == 0 || v > max) {
        Some(v) => Err(violation(
            key,
            format!("{key} = {v}: expected a whole number from 1 to {max}"),
        )),
        None => Ok(()),
    }
}

/// A stand-in size check (`topics`, `runs`, `teams`), when given, is a count.
pub(crate) fn size(key: &'static str, value: Option<u32>) -> Result<(), Violation> {
    value.map_or(Ok(()), |v| counts(key, &[v], MAX_COUNT))
}

/// The significance level lies in (0, 1).
pub(crate) fn alpha(alpha: f64) -> Result<(), Violation> {
    if alpha > 0.0 && alpha < 1.0 {
        Ok(())
    } else {
        Err(violation(
            "alpha",
            format!("alpha = {alpha}: the significance level must be a number in (0, 1)"),
        ))
    }
}

/// The number of randomised Tukey HSD trials B is from 1 to [`MAX_TRIALS`].
pub(crate) fn trials(trials: u32) -> Result<(), Violation> {
    counts("trials", &[trials], MAX_TRIALS)
}

/// Every level's gain is finite and not negative.
pub(crate) fn gains(values: &[f64]) -> Result<(), Violation> {
    match values.iter().find(|g| !(g.is_finite() && **g >= 0.0)) {
        Some(bad) => Err(violation(
            "gains",
            format!("gain {bad}: every level's gain must be a finite number ≥ 0"),
        )),
        None => Ok(()),
    }
}

/// A list-valued parameter holds at least one value.
pub(crate) fn non_empty<T>(key: &'static str, values: &[T]) -> Result<(), Violation> {
    if values.is_empty() {
        Err(violation(
            key,
            format!("`{key}` is empty; expected at least one value"),
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each rule accepts the papers' values and rejects the edge just outside its range.
    #[test]
    fn rules_accept_the_papers_values_and_reject_their_edges() {
        assert_eq!(counts("n", &[5, 10, 20, 40, 80], MAX_COUNT), Ok(()));
        assert_eq!(counts("n", &[0], MAX_COUNT).unwrap_err().key, "n");
        assert!(counts("dmax", &[MAX_COUNT + 1], MAX_COUNT).is_err());
        assert_eq!(size("topics", None), Ok(()));
        assert!(size("topics", Some(0)).is_err());
        assert_eq!(alpha(0.05), Ok(()));
        assert!(alpha(0.0).is_err());
        assert!(alpha(f64::INFINITY).is_err());
        assert_eq!(trials(10_000), Ok(()));
        assert!(trials(0).is_err());
        assert!(trials(MAX_TRIALS + 1).is_err());
        assert_eq!(gains(&[1.0, 3.0]), Ok(()));
        assert!(gains(&[-3.0]).is_err());
        assert!(gains(&[f64::NAN]).is_err());
        assert_eq!(non_empty("measures", &["P+"]), Ok(()));
        assert!(non_empty::<u32>("measures", &[]).is_err());
    }
}
