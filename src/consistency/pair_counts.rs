//! Significant-pair counts: an `a/b/c` overlap cell between conditions X (row) and Y (column) says
//! that X has `a + b` significantly different pairs and Y has `b + c` (paper B §4.1.2: "all3
//! obtained 2 + 29 = 31 … 2lancers obtained 29 + 2 = 31"); the counts table deduced from it must
//! print the same numbers.

use super::{CheckKind, CheckResult};

/// Checks `first + second` (`a + b` or `b + c`, in that order: the pairs significant under one
/// condition) against the count printed for that condition in the counts table (`where_printed`
/// names that cell for the detail).
pub fn significant_count(
    first: u64,
    second: u64,
    sum_label: &str,
    printed_count: f64,
    where_printed: &str,
) -> CheckResult {
    let total = first + second;
    let ok = total as f64 == printed_count;
    let relation = if ok { "=" } else { "≠" };
    CheckResult::new(
        CheckKind::PairCount,
        ok,
        format!(
            "{sum_label} = {first} + {second} = {total} {relation} {printed_count} printed in {where_printed}"
        ),
    )
}

/// Checks that the same count printed in two tables is equal.
pub fn shared_count(first: f64, first_at: &str, second: f64, second_at: &str) -> CheckResult {
    let ok = first == second;
    let relation = if ok { "=" } else { "≠" };
    CheckResult::new(
        CheckKind::SharedCount,
        ok,
        format!("{first} ({first_at}) {relation} {second} ({second_at})"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_must_equal_the_counts_they_feed() {
        // Paper B: Table 4(a) all3 vs 2lancers 2/29/2 and Table 5's all3 nDCG@10 count 31.
        assert!(significant_count(2, 29, "a + b", 31.0, "B.T5").ok);
        // Table 4(b) all3 vs lancer1 6/23/7: b + c = 30, Table 5 prints 26 for lancer1.
        let r = significant_count(23, 7, "b + c", 26.0, "B.T5");
        assert!(!r.ok);
        assert!(r.detail.contains("30 ≠ 26"), "{}", r.detail);
    }

    #[test]
    fn shared_counts_must_agree() {
        assert!(shared_count(31.0, "B.T5", 31.0, "B.T8").ok);
        assert!(!shared_count(31.0, "B.T5", 30.0, "B.T8").ok);
    }
}
