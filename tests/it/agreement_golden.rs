//! Fleiss' kappa and Krippendorff's alpha (nominal, ordinal, interval, ratio) against golden values
//! from statsmodels' `fleiss_kappa` and the `krippendorff` package (equal to 1e-6), and Cohen's kappa
//! (unweighted, linear and quadratic over the declared and over the observed categories) against scikit-learn's
//! `cohen_kappa_score`. The cases and values are `tests/golden/agreement/`, made by
//! `scripts/gen_agreement_golden.py`.

use std::collections::BTreeMap;

use evia_engine::agreement::fleiss::fleiss_kappa;
use evia_engine::agreement::krippendorff::{Metric, alpha};
use evia_engine::agreement::{
    AgreementError, ConfusionMatrix, StandardError, linear_weighted_kappa,
    quadratic_weighted_kappa, unweighted_kappa,
};

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
        for (metric, value) in Metric::ALL.into_iter().zip(&f[2..6]) {
            let got = alpha(units, *levels, metric).unwrap();
            check(f[0], metric.name(), got, value.parse().unwrap());
        }
        rows += 1;
    }
    assert_eq!(rows, cases.len());
    assert!(checked >= 53, "{checked} values checked");
    eprintln!("{checked} values; worst absolute difference {worst:.2e}");
}

const COHEN_CASES: &str = include_str!("../golden/agreement/cohen_cases.tsv");
const COHEN_EXPECTED: &str = include_str!("../golden/agreement/cohen_expected.tsv");

/// Cohen's kappa on pairs of raters against scikit-learn's `cohen_kappa_score` to 1e-9: unweighted
/// on scales of 2 to 7 labels, and linear and quadratic weighted with the weights over the declared scale and over
/// the categories the pair used (`agree --weights-over`); on the cases with an unused label inside
/// the scale the two linear conventions differ.
#[test]
fn cohen_kappa_matches_scikit_learn_to_1e_9() {
    let mut pairs: BTreeMap<String, ConfusionMatrix> = BTreeMap::new();
    for line in COHEN_CASES.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let levels: usize = f[1].parse().unwrap();
        let labels =
            |field: &str| -> Vec<usize> { field.split(',').map(|v| v.parse().unwrap()).collect() };
        let m =
            ConfusionMatrix::from_label_pairs(levels, labels(f[2]).into_iter().zip(labels(f[3])))
                .unwrap();
        pairs.insert(f[0].to_string(), m);
    }
    let se = StandardError::CohenSimple;
    let mut checked = 0;
    let mut gaps_differ = 0;
    for line in COHEN_EXPECTED
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
    {
        let f: Vec<&str> = line.split('\t').collect();
        let m = &pairs[f[0]];
        let expected: Vec<f64> = f[1..6].iter().map(|v| v.parse().unwrap()).collect();
        let observed = m.observed().unwrap();
        let got = [
            unweighted_kappa(m, se).unwrap().kappa,
            linear_weighted_kappa(m, se).unwrap().kappa,
            linear_weighted_kappa(&observed, se).unwrap().kappa,
            quadratic_weighted_kappa(m, se).unwrap().kappa,
            quadratic_weighted_kappa(&observed, se).unwrap().kappa,
        ];
        for (what, (g, e)) in [
            "unweighted",
            "linear declared",
            "linear observed",
            "quadratic declared",
            "quadratic observed",
        ]
        .iter()
        .zip(got.iter().zip(&expected))
        {
            assert!(
                (g - e).abs() < 1e-9,
                "{} {what}: ours {g:.12e}, sklearn {e:.12e}",
                f[0]
            );
            checked += 1;
        }
        if f[0].contains("-gap") {
            assert!((expected[1] - expected[2]).abs() > 1e-3, "{}", f[0]);
            gaps_differ += 1;
        }
    }
    assert_eq!(checked, 5 * pairs.len());
    assert!(
        pairs.len() >= 10 && gaps_differ >= 3,
        "{} pairs",
        pairs.len()
    );
}
