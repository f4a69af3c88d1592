//! The studentized range distribution against golden values from scipy
//! (tests/fixtures/statistics.md §5). Regenerate the golden file with `python3 scripts/ptukey_golden.py`.

use evia_engine::significance::ptukey::studentized_range_sf;

const GOLDEN: &str = include_str!("../golden/ptukey.tsv");

#[test]
fn studentized_range_sf_matches_scipy_to_1e_6() {
    let mut checked = 0;
    let mut worst = 0.0f64;
    for line in GOLDEN.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let q: f64 = f[0].parse().unwrap();
        let m: usize = f[1].parse().unwrap();
        let df: f64 = if f[2] == "inf" {
            f64::INFINITY
        } else {
            f[2].parse().unwrap()
        };
        let expected: f64 = f[3].parse().unwrap();
        let got = studentized_range_sf(q, m, df).unwrap();
        let err = (got - expected).abs();
        worst = worst.max(err);
        assert!(
            err < 1e-6,
            "q={q} m={m} df={df}: ours {got:.12e}, scipy {expected:.12e}, |diff| {err:.2e}"
        );
        checked += 1;
    }
    assert_eq!(checked, 14 * 6 * 4);
    eprintln!("worst absolute difference from scipy: {worst:.2e}");
}
