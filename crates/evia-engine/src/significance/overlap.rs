//! Discriminative power and Statistical Significance Overlap (tests/fixtures/statistics.md §4).

/// Discriminative power: how many of the p-values are below `alpha` ("significant means p < alpha",
/// tests/fixtures/statistics.md §3).
pub fn discriminative_power(p_values: &[f64], alpha: f64) -> usize {
    p_values.iter().filter(|&&p| p < alpha).count()
}

/// Discriminative power as a share of all pairs (0 when there are no pairs).
pub fn discriminative_share(p_values: &[f64], alpha: f64) -> f64 {
    if p_values.is_empty() {
        0.0
    } else {
        discriminative_power(p_values, alpha) as f64 / p_values.len() as f64
    }
}

/// Why two conditions cannot be compared by SSO.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OverlapError {
    #[error("the two conditions test different numbers of pairs ({0} and {1})")]
    LengthMismatch(usize, usize),
}

/// The a/b/c counts of two conditions A and B over the same run pairs and SSO.
///
/// The papers print a table cell as `a/b/c` = only-row (A) / both / only-column (B) with the SSO in
/// percent: SSO = common / (only_A + common + only_B) (tests/fixtures/statistics.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overlap {
    /// Pairs significant under A only.
    pub only_a: usize,
    /// Pairs significant under both.
    pub both: usize,
    /// Pairs significant under B only.
    pub only_b: usize,
}

impl Overlap {
    /// SSO as a fraction in [0, 1]; `None` when no pair is significant under either condition.
    pub fn sso(&self) -> Option<f64> {
        let union = self.only_a + self.both + self.only_b;
        (union > 0).then(|| self.both as f64 / union as f64)
    }

    /// SSO in percent.
    pub fn sso_percent(&self) -> Option<f64> {
        self.sso().map(|s| 100.0 * s)
    }

    /// SSO in percent as the papers print it: one decimal, rounded half to even (56.25 → "56.2",
    /// tests/fixtures/statistics.md §4), computed exactly in integers from 1000 · both / union.
    pub fn sso_percent_text(&self) -> Option<String> {
        let union = (self.only_a + self.both + self.only_b) as u128;
        if union == 0 {
            return None;
        }
        let numerator = 1000 * self.both as u128;
        let (mut tenths, rem) = (numerator / union, numerator % union);
        if 2 * rem > union || (2 * rem == union && tenths % 2 == 1) {
            tenths += 1;
        }
        Some(format!("{}.{}", tenths / 10, tenths % 10))
    }
}

/// Compares the significance decisions of two conditions over the same pairs (in the same order).
pub fn overlap(significant_a: &[bool], significant_b: &[bool]) -> Result<Overlap, OverlapError> {
    if significant_a.len() != significant_b.len() {
        return Err(OverlapError::LengthMismatch(
            significant_a.len(),
            significant_b.len(),
        ));
    }
    let mut o = Overlap {
        only_a: 0,
        both: 0,
        only_b: 0,
    };
    for (&a, &b) in significant_a.iter().zip(significant_b) {
        match (a, b) {
            (true, true) => o.both += 1,
            (true, false) => o.only_a += 1,
            (false, true) => o.only_b += 1,
            (false, false) => {}
        }
    }
    Ok(o)
}

/// [`overlap`] of the decisions `p < alpha` of two lists of p-values over the same pairs.
pub fn overlap_of_p_values(p_a: &[f64], p_b: &[f64], alpha: f64) -> Result<Overlap, OverlapError> {
    let a: Vec<bool> = p_a.iter().map(|&p| p < alpha).collect();
    let b: Vec<bool> = p_b.iter().map(|&p| p < alpha).collect();
    overlap(&a, &b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_sso() {
        let p_a = [0.01, 0.04, 0.2, 0.03, 0.5];
        let p_b = [0.02, 0.06, 0.01, 0.049, 0.7];
        assert_eq!(discriminative_power(&p_a, 0.05), 3);
        assert_eq!(discriminative_share(&p_b, 0.05), 0.6);
        let o = overlap_of_p_values(&p_a, &p_b, 0.05).unwrap();
        assert_eq!(
            o,
            Overlap {
                only_a: 1,
                both: 2,
                only_b: 1
            }
        );
        assert_eq!(o.sso(), Some(0.5));
        // 9 / 16 = 56.25 %, the example of tests/fixtures/statistics.md §4.
        let o = Overlap {
            only_a: 4,
            both: 9,
            only_b: 3,
        };
        assert_eq!(o.sso_percent(), Some(56.25));
        assert_eq!(o.sso_percent_text().as_deref(), Some("56.2"));
        let text = |only_a, both, only_b| {
            Overlap {
                only_a,
                both,
                only_b,
            }
            .sso_percent_text()
        };
        assert_eq!(text(2, 1, 0).as_deref(), Some("33.3"));
        assert_eq!(text(1, 2, 0).as_deref(), Some("66.7"));
        assert_eq!(text(15, 1, 0).as_deref(), Some("6.2")); // 6.25, half to even
        assert_eq!(text(13, 3, 0).as_deref(), Some("18.8")); // 18.75, half to even
        assert_eq!(text(0, 4, 0).as_deref(), Some("100.0"));
        assert_eq!(text(0, 0, 0), None);
        assert_eq!(overlap(&[false], &[false]).unwrap().sso(), None);
        assert!(overlap(&[true], &[]).is_err());
    }
}
