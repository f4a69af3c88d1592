//! Fleiss' kappa and Krippendorff's alpha (nominal, ordinal, interval) against golden values from
//! statsmodels' `fleiss_kappa` and the `krippendorff` package (issue 15 acceptance: equal to 1e-6).
//! The cases and values are `tests/golden/agreement/{cases,expected}.tsv`, made by
//! `scripts/gen_agreement_golden.py`.

use std::collections::BTreeMap;

use evia_engine::agreement::AgreementError;
use evia_engine::agreement::fleiss::fleiss_kappa;
use evia_engine::agreement::krippendorff::{Metric, alpha};

const CASES: &str = include_str!("../golden/agreement/cases.tsv");
const EXPECTED: &str = include_str!("../golden/agreement/expected.tsv");

/// Each case's scale size and units (labels as levels).
fn cases() -> BTreeMap<String, (usize, Vec<Vec<usize>>)> {
    let mut cases: BTreeMap<String, (usize, Vec<Vec<usize>>)> = BTreeMap::new();
    for line in CASES.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let levels: usize = f[1].parse().unwrap();
        let labels: Vec<usize> = f[3]
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let entry = cases
            .entry(f[0].to_string())
            .or_insert_with(|| (levels, Vec::new()));
        entry.1.push(labels);
    }
    cases
}

#[test]
fn fleiss_and_krippendorff_match_the_reference_implementations_to_1e_6() {
    let cases = cases();
    let mut checked = 0;
    let mut worst = 0.0f64;
    let mut check = |name: &str, what: &str, got: f64, expected: f64| {
        let err = (got - expected).abs();
        worst = worst.max(err);
        assert!(
            err < 1e-6,
            "{name} {what}: ours {got:.12e}, reference {expected:.12e}"
        );
        checked += 1;
    };
    let mut rows = 0;
    for line in EXPECTED.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (levels, units) = &cases[f[0]];
        match f[1] {
            "NA" => assert!(
                matches!(
                    fleiss_kappa(units, *levels),
                    Err(AgreementError::UnequalRaters { .. })
                ),
                "{}: Fleiss' kappa should be refused for unequal label counts",
                f[0]
            ),
            v => check(
                f[0],
                "fleiss",
                fleiss_kappa(units, *levels).unwrap(),
                v.parse().unwrap(),
            ),
        }
        for (metric, value) in Metric::ALL.into_iter().zip(&f[2..5]) {
            let got = alpha(units, *levels, metric).unwrap();
            check(f[0], metric.name(), got, value.parse().unwrap());
        }
        rows += 1;
    }
    assert_eq!(rows, cases.len());
    assert!(checked >= 40, "{checked} values checked");
    eprintln!("{checked} values; worst absolute difference {worst:.2e}");
}
