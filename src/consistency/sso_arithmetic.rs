//! The arithmetic of Statistical Significance Overlap (tests/fixtures/statistics.md §4):
//! `SSO = b / (a + b + c)` against its printed percentage, and the single-number corrections of an
//! `a/b/c (sso%)` cell that make every check on it hold.

use super::{CheckKind, CheckResult, half_unit};
use evia_engine::significance::overlap::Overlap;

/// Checks a printed SSO percentage against `100·b/(a + b + c)`: consistent when they differ by at
/// most half a unit in the last printed digit (so 56.25 may print 56.2, as the paper's round-half-even
/// does, or 56.3).
pub(crate) fn sso_percent(a: u64, b: u64, c: u64, printed_pct: f64, decimals: u32) -> CheckResult {
    let union = a + b + c;
    if union == 0 {
        return CheckResult::new(
            CheckKind::Sso,
            false,
            format!("a + b + c = 0: no SSO can be printed, yet {printed_pct}% is"),
        );
    }
    let pct = 100.0 * b as f64 / union as f64;
    let tolerance = half_unit(decimals);
    let ok = (pct - printed_pct).abs() <= tolerance + 1e-9;
    let even = Overlap {
        only_a: a as usize,
        both: b as usize,
        only_b: c as usize,
    }
    .sso_percent_text()
    .unwrap_or_default();
    let detail = if ok {
        format!(
            "SSO = {b}/({a} + {b} + {c}) = {pct:.3}% → {even}% (round-half-even) = printed {printed_pct}%"
        )
    } else {
        format!(
            "SSO = {b}/({a} + {b} + {c}) = {pct:.3}% ≠ printed {printed_pct}% (|Δ| = {:.3} > {tolerance})",
            (pct - printed_pct).abs()
        )
    };
    CheckResult::new(CheckKind::Sso, ok, detail)
}

/// The single-number corrections of an `a/b/c (pct%)` cell that make every check on it pass:
/// each of a, b, c replaced in turn by every value in `0..=limit`, keeping those for which the SSO
/// matches `printed_pct` and `a + b`, `b + c` equal the counts they feed (`None` when unknown).
/// Returned as (part, printed value, corrected value).
pub(crate) fn single_corrections(
    abc: [u64; 3],
    printed_pct: f64,
    decimals: u32,
    row_count: Option<u64>,
    column_count: Option<u64>,
    limit: u64,
) -> Vec<(char, u64, u64)> {
    let mut out = Vec::new();
    for (index, name) in ['a', 'b', 'c'].into_iter().enumerate() {
        for candidate in 0..=limit {
            if candidate == abc[index] {
                continue;
            }
            let mut v = abc;
            v[index] = candidate;
            let sso_ok = sso_percent(v[0], v[1], v[2], printed_pct, decimals).ok;
            let row_ok = row_count.is_none_or(|n| v[0] + v[1] == n);
            let column_ok = column_count.is_none_or(|n| v[1] + v[2] == n);
            if sso_ok && row_ok && column_ok {
                out.push((name, abc[index], candidate));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_sso_of_the_paper_is_consistent() {
        // Paper B §4.1.2: SSO = 29/(2 + 29 + 2) = 87.9%.
        assert!(sso_percent(2, 29, 2, 87.9, 1).ok);
        // 18/32 = 56.25 %, printed 56.2 (round-half-even, tests/fixtures/statistics.md §4).
        assert!(sso_percent(12, 18, 2, 56.2, 1).ok);
    }

    #[test]
    fn a_wrong_percentage_is_inconsistent() {
        // 23/36 = 63.9 %, not 71.9 %.
        let r = sso_percent(6, 23, 7, 71.9, 1);
        assert!(!r.ok);
        assert!(r.detail.contains("63.889%"), "{}", r.detail);
        assert!(!sso_percent(0, 0, 0, 50.0, 1).ok);
    }

    #[test]
    fn single_corrections_find_the_digit_that_fits_every_check() {
        // 6/23/3 gives 23/32 = 71.9 % and b + c = 26.
        let fixes = single_corrections([6, 23, 7], 71.9, 1, Some(29), Some(26), 60);
        assert_eq!(fixes, vec![('c', 7, 3)]);
        assert!(single_corrections([2, 29, 2], 87.9, 1, Some(31), Some(31), 60).is_empty());
    }
}
