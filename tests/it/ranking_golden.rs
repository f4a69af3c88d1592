//! The rank correlations of `evia_engine::ranking` against values computed independently
//! (`tests/golden/ranking/`, made by `scripts/gen_ranking_golden.py`): Kendall's tau_b, Spearman's
//! rho and top-5 tau from scipy, RBO_ext (p = 0.9) from the `rbo` package without ties and from
//! Corsi and Urbano's reference implementation (`ties="w"`, Webber et al.'s own treatment) with
//! ties, tau_AP and tau_AP_b from their definitions in exact fractions. Every expected value is
//! checked, to 1e-12. tau_AP and tau_AP_b are also checked against the values the `ircor` package's
//! own tests publish, written by its authors.

use std::collections::BTreeMap;

use evia_engine::ranking::rbo::rbo_ext;
use evia_engine::ranking::spearman::spearman_rho;
use evia_engine::ranking::tau_ap::{tau_ap, tau_ap_b};
use evia_engine::ranking::top_k::top_k_tau;
use evia_engine::ranking::{TauError, kendall_tau};

const CASES: &str = include_str!("../golden/ranking/cases.tsv");
const EXPECTED: &str = include_str!("../golden/ranking/expected.tsv");

/// `ircor`'s tests/testthat/test_tauAP.R (Urbano and Marrero; MIT): the published values, to the
/// 5e-5 those tests allow, on the sets of its tests/testthat/helper_data.R (`cases.tsv`'s `set*`).
const IRCOR_PUBLISHED: [(&str, &str, f64); 9] = [
    ("set1", "tau_ap", 0.8519),
    ("set2", "tau_ap", 0.2504),
    ("set3", "tau_ap", -0.6971),
    ("set1", "tau_ap_b", 0.8333),
    ("set2", "tau_ap_b", 0.2880),
    ("set3", "tau_ap_b", -0.668),
    ("set1-ties", "tau_ap_b", 0.7321),
    ("set2-ties", "tau_ap_b", 0.297),
    ("set3-ties", "tau_ap_b", -0.7047),
];

fn numbers(text: &str) -> Vec<f64> {
    text.split(',').map(|v| v.parse().unwrap()).collect()
}

fn cases() -> BTreeMap<&'static str, (Vec<f64>, Vec<f64>)> {
    CASES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0], (numbers(f[1]), numbers(f[2])))
        })
        .collect()
}

#[test]
fn tau_ap_and_tau_ap_b_equal_the_values_ircor_publishes() {
    let cases = cases();
    for (case, statistic, published) in IRCOR_PUBLISHED {
        let (x, y) = &cases[case];
        let got = match statistic {
            "tau_ap" => tau_ap(x, y),
            _ => tau_ap_b(x, y),
        }
        .unwrap_or_else(|e| panic!("{case} {statistic}: {e}"));
        assert!(
            (got - published).abs() <= 5e-5,
            "{case} {statistic}: got {got}, ircor publishes {published}"
        );
        if statistic == "tau_ap_b" {
            let swapped = tau_ap_b(y, x).unwrap();
            assert!(
                (swapped - got).abs() <= 1e-15,
                "{case}: tau_AP_b is symmetric"
            );
        }
    }
}

#[test]
fn rank_correlations_match_independent_implementations_to_1e_12() {
    let cases = cases();
    let mut checked = 0;
    for line in EXPECTED.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (x, y) = &cases[f[0]];
        let expected: f64 = f[2].parse().unwrap();
        let got: Result<f64, TauError> = match f[1] {
            "kendall_tau_b" => kendall_tau(x, y).map(|t| t.tau),
            "spearman_rho" => spearman_rho(x, y),
            "top_5_tau" => top_k_tau(x, y, 5).map(|t| t.tau),
            "rbo_ext_0.9" => rbo_ext(x, y, 0.9),
            "tau_ap" => tau_ap(x, y),
            "tau_ap_b" => tau_ap_b(x, y),
            other => panic!("unknown statistic {other}"),
        };
        let got = got.unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(
            (got - expected).abs() <= 1e-12,
            "{line}: got {got}, expected {expected}"
        );
        checked += 1;
    }
    assert!(checked >= 150, "{checked} values checked");
}
