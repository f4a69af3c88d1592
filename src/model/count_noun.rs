//! Count nouns and verbs that agree with their count, so generated prose never reads
//! "1 discrepancies" or "1 of them have": the words of a count belong to the vocabulary every layer
//! writes sentences in (ledger claims, renderers, reports).

/// `n` and the noun that agrees with it: `1 discrepancy`, `0 discrepancies`, `2 discrepancies`.
pub(crate) fn counted(n: usize, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// The verb that agrees with a count `n` of things: `has` for one, `have` otherwise.
pub(crate) fn has_or_have(n: usize) -> &'static str {
    if n == 1 { "has" } else { "have" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nouns_and_verbs_agree_with_one_and_with_many() {
        assert_eq!(
            counted(0, "discrepancy", "discrepancies"),
            "0 discrepancies"
        );
        assert_eq!(counted(1, "discrepancy", "discrepancies"), "1 discrepancy");
        assert_eq!(
            counted(2, "discrepancy", "discrepancies"),
            "2 discrepancies"
        );
        assert_eq!(has_or_have(1), "has");
        assert_eq!(has_or_have(0), "have");
        assert_eq!(has_or_have(3), "have");
    }
}
