//! The grade exponent γ of the stand-in runs' latent relevance (`runs.grade_exponent` in
//! `data/lancers/www-runs.yaml`): how much more a highly relevant document stands out to the
//! retrieval systems than a marginally relevant one.
//!
//! The latent relevance of a document is `λ_d = m_d^γ + σ_t·ε_d`, with `m_d ∈ [0, 1]` the assessors'
//! weighted mean label scaled to the unit interval (see [`super::runs`]). γ = 1 makes λ linear in the
//! label; γ > 1 bends it convex, so the step from a marginal to a highly relevant document is larger
//! than the step from a non-relevant to a marginal one (a marginal document with m = ½ sits at
//! 2^−γ instead of ½); γ < 1 the reverse. The ends m = 0 and m = 1 stay where they are for every γ.

use serde::Deserialize;

/// The smallest grade exponent accepted.
pub(crate) const MIN_GRADE_EXPONENT: f64 = 0.1;
/// The largest grade exponent accepted.
pub(crate) const MAX_GRADE_EXPONENT: f64 = 10.0;

/// γ, a finite number in [`MIN_GRADE_EXPONENT`, `MAX_GRADE_EXPONENT`] (checked when read, so a
/// file's bad value is reported with its line).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(try_from = "f64")]
pub(crate) struct GradeExponent(f64);

/// A grade exponent out of range.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error(
    "grade_exponent is {0}; expected a number from {MIN_GRADE_EXPONENT} to {MAX_GRADE_EXPONENT}"
)]
pub(crate) struct GradeExponentError(pub(crate) f64);

impl GradeExponent {
    /// γ = 1: the latent relevance linear in the mean label.
    pub(crate) const LINEAR: GradeExponent = GradeExponent(1.0);

    /// γ, checked against the bounds.
    pub(crate) fn new(value: f64) -> Result<Self, GradeExponentError> {
        if value.is_finite() && (MIN_GRADE_EXPONENT..=MAX_GRADE_EXPONENT).contains(&value) {
            Ok(GradeExponent(value))
        } else {
            Err(GradeExponentError(value))
        }
    }

    /// `m^γ` for a mean label `m ∈ [0, 1]`; exactly `m` when γ = 1.
    pub(crate) fn bend(self, m: f64) -> f64 {
        if self == Self::LINEAR {
            m
        } else {
            m.powf(self.0)
        }
    }
}

impl TryFrom<f64> for GradeExponent {
    type Error = GradeExponentError;

    fn try_from(value: f64) -> Result<Self, Self::Error> {
        Self::new(value)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn bounds_are_checked() {
        for bad in [0.0, 0.09, 10.5, f64::NAN, f64::INFINITY, -1.0] {
            assert!(GradeExponent::new(bad).is_err(), "{bad}");
        }
        for good in [MIN_GRADE_EXPONENT, 1.0, 2.5, MAX_GRADE_EXPONENT] {
            assert_eq!(GradeExponent::new(good).unwrap().0, good);
        }
    }

    /// The ends stay fixed; γ > 1 pulls a marginal document (m = ½) down to 2^−γ, γ < 1 up.
    #[test]
    fn bend_keeps_the_ends_and_moves_the_middle() {
        for g in [0.5, 1.0, 2.0] {
            let g = GradeExponent::new(g).unwrap();
            assert_eq!(g.bend(0.0), 0.0);
            assert_eq!(g.bend(1.0), 1.0);
        }
        assert_eq!(GradeExponent::LINEAR.bend(0.3), 0.3);
        assert!((GradeExponent::new(2.0).unwrap().bend(0.5) - 0.25).abs() < 1e-15);
        assert!(GradeExponent::new(0.5).unwrap().bend(0.5) > 0.5);
    }

    /// A bad value in a YAML file is rejected while the file is read, with its line.
    #[test]
    fn a_bad_value_in_yaml_names_its_line() {
        #[derive(Debug, Deserialize)]
        struct Holder {
            #[allow(dead_code)]
            grade_exponent: GradeExponent,
        }
        let err = serde_yaml::from_str::<Holder>("\ngrade_exponent: 20\n").unwrap_err();
        assert!(
            err.to_string().contains("expected a number from 0.1 to 10"),
            "{err}"
        );
        assert_eq!(err.location().map(|l| l.line()), Some(2), "{err}");
    }
}
