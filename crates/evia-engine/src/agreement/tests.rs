//! Tests of Cohen's kappa, its weights and its intervals.

use super::*;

fn matrix(rows: [[u64; 3]; 3]) -> ConfusionMatrix {
    ConfusionMatrix::from_rows(&rows.map(Vec::from)).unwrap()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// `tests/fixtures/statistics.md` §1.2, weighted table (paper B, Table 1): p_o, p_e, kappa_w and SE to 1e-6.
#[test]
fn weighted_kappa_matches_reference_vectors() {
    let cases = [
        (
            [[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]],
            0.728108,
            0.590231,
            0.336474,
            0.007420,
        ),
        (
            [[3406, 1540, 886], [1051, 1100, 938], [416, 787, 1090]],
            0.691457,
            0.569656,
            0.283033,
            0.007510,
        ),
        (
            [[3215, 1232, 938], [1203, 1415, 1043], [455, 780, 933]],
            0.685928,
            0.574941,
            0.261110,
            0.007712,
        ),
    ];
    for (rows, po, pe, k, se) in cases {
        let got = linear_weighted_kappa(&matrix(rows), StandardError::CohenSimple).unwrap();
        assert!(close(got.observed, po, 1e-6), "{got:?}");
        assert!(close(got.expected, pe, 1e-6), "{got:?}");
        assert!(close(got.kappa, k, 1e-6), "{got:?}");
        assert!(close(got.se, se, 1e-6), "{got:?}");
    }
}

/// `tests/fixtures/statistics.md` §1.2, binary table: raw agreement, p_e, kappa, Cohen SE and FCE SE to 1e-6.
#[test]
fn binary_kappa_matches_reference_vectors() {
    let cases = [
        (
            [[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]],
            0.711521,
            0.499206,
            0.423958,
            0.008543,
            0.008519,
        ),
        (
            [[3406, 1540, 886], [1051, 1100, 938], [416, 787, 1090]],
            0.652845,
            0.497373,
            0.309318,
            0.008944,
            0.008830,
        ),
        (
            [[3215, 1232, 938], [1203, 1415, 1043], [455, 780, 933]],
            0.658641,
            0.502592,
            0.313725,
            0.009002,
            0.008947,
        ),
    ];
    for (rows, raw, pe, k, se_cohen, se_fce) in cases {
        let m = matrix(rows);
        assert!(close(binary_raw_agreement(&m).unwrap(), raw, 1e-6));
        let cohen = binary_kappa(&m, StandardError::CohenSimple).unwrap();
        let fce = binary_kappa(&m, StandardError::FleissCohenEveritt).unwrap();
        assert!(close(cohen.expected, pe, 1e-6), "{cohen:?}");
        assert!(close(cohen.kappa, k, 1e-6), "{cohen:?}");
        assert!(close(cohen.se, se_cohen, 1e-6), "{cohen:?}");
        assert!(close(fce.se, se_fce, 1e-6), "{fce:?}");
    }
}

/// `tests/fixtures/statistics.md` §1.1: the FCE weighted interval for lancer1–lancer2 is about 0.001
/// narrower than Cohen's, [0.323, 0.350].
#[test]
fn fleiss_cohen_everitt_weighted_interval_is_narrower() {
    let m = matrix([[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]]);
    let fce = linear_weighted_kappa(&m, StandardError::FleissCohenEveritt).unwrap();
    assert_eq!(format!("{:.3} {:.3}", fce.ci_lo, fce.ci_hi), "0.323 0.350");
}

/// Disagreement weights |i − j| give the same kappa as linear agreement weights (tests/fixtures/statistics.md §1).
#[test]
fn symmetric_under_assessor_swap() {
    let m = matrix([[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]]);
    let a = linear_weighted_kappa(&m, StandardError::CohenSimple).unwrap();
    let b = linear_weighted_kappa(&m.transposed(), StandardError::CohenSimple).unwrap();
    assert!(close(a.kappa, b.kappa, 1e-12));
}

#[test]
fn summed_levels_and_margins() {
    let m = matrix([[1, 2, 3], [4, 5, 6], [7, 8, 9]]);
    assert_eq!(m.summed_level_counts(), vec![1, 2 + 4, 3 + 5 + 7, 6 + 8, 9]);
    assert_eq!(m.row_totals(), vec![6, 15, 24]);
    assert_eq!(m.column_totals(), vec![12, 15, 18]);
    assert_eq!(m.collapsed_binary().rows(), vec![vec![1, 5], vec![11, 28]]);
}

/// The observed categories of a table where one label is used by neither assessor: the
/// restricted table, and the linear kappa over it, which is R `irr::kappa2(anxiety[, 2:3],
/// "equal")` = 0.1459 on irr's `anxiety` data (ratings 1–6, label 5 unused by raters 2 and 3),
/// against 0.1262 with the weights over the whole scale 1–6.
#[test]
fn observed_categories_give_irr_s_weights() {
    let rater2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4];
    let rater3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2];
    let pairs = rater2.iter().zip(&rater3).map(|(&a, &b)| (a - 1, b - 1));
    let m = ConfusionMatrix::from_label_pairs(6, pairs).unwrap();
    let observed = m.observed().unwrap();
    assert_eq!(observed.labels(), 5);
    assert_eq!(observed.total(), 20);
    let declared = linear_weighted_kappa(&m, StandardError::CohenSimple).unwrap();
    let over_observed = linear_weighted_kappa(&observed, StandardError::CohenSimple).unwrap();
    assert_eq!(format!("{:.4}", declared.kappa), "0.1262");
    assert_eq!(format!("{:.4}", over_observed.kappa), "0.1459");
    let one_label = ConfusionMatrix::from_rows(&[vec![0, 0], vec![0, 4]]).unwrap();
    assert_eq!(one_label.observed(), None);
}

/// Quadratic weighted kappa equals `2·s_xy / (s_x² + s_y² + (x̄ − ȳ)²)` with the moments of the
/// two assessors' label positions taken over the items (dividing by N): the identity behind
/// Fleiss and Cohen's (1973) reading of it as an intraclass correlation. Checked on Boyd et al.'s
/// (1982) 85 xeromammograms rated by two radiologists on four categories (the table of
/// Altman's 1991 textbook and of the Stata manual's `kap` entry) and on every 3 × 3 table of 4
/// items.
#[test]
fn quadratic_kappa_is_the_moment_ratio() {
    let moments = |m: &ConfusionMatrix| {
        let n = m.total() as f64;
        let k = m.labels();
        let cells = (0..k).flat_map(|i| (0..k).map(move |j| (i, j)));
        let mean = |f: &dyn Fn(usize, usize) -> f64| {
            cells
                .clone()
                .map(|(i, j)| f(i, j) * m.count(i, j) as f64)
                .sum::<f64>()
                / n
        };
        let (mx, my) = (mean(&|i, _| i as f64), mean(&|_, j| j as f64));
        let sx = mean(&|i, _| (i as f64 - mx).powi(2));
        let sy = mean(&|_, j| (j as f64 - my).powi(2));
        let sxy = mean(&|i, j| (i as f64 - mx) * (j as f64 - my));
        2.0 * sxy / (sx + sy + (mx - my).powi(2))
    };
    let boyd = ConfusionMatrix::from_rows(&[
        vec![21, 12, 0, 0],
        vec![4, 17, 1, 0],
        vec![3, 9, 15, 2],
        vec![0, 0, 0, 1],
    ])
    .unwrap();
    let q = quadratic_weighted_kappa(&boyd, StandardError::CohenSimple).unwrap();
    assert!(close(q.kappa, moments(&boyd), 1e-12), "{q:?}");
    assert_eq!(
        format!("{:.4} {:.4}", q.observed, q.expected),
        "0.9477 0.8409"
    );
    let mut checked = 0;
    for_each_table(3, 4, &mut |m| {
        if let Ok(q) = quadratic_weighted_kappa(m, StandardError::CohenSimple) {
            assert!(close(q.kappa, moments(m), 1e-12), "{m:?}");
            checked += 1;
        }
    });
    assert!(checked > 100, "{checked}");
}

/// Quadratic weighted kappa against published values: the two examples of Maplesoft's help
/// page for `EssayTools[QuadraticWeightedKappa]` (grades 1–10 of nine essays by two raters),
/// which prints 0.758620689655172 and 0.438095238095238.
#[test]
fn quadratic_kappa_matches_published_values() {
    let table = |a: &[usize], b: &[usize]| {
        let mut rows = vec![vec![0u64; 10]; 10];
        for (&x, &y) in a.iter().zip(b) {
            rows[x - 1][y - 1] += 1;
        }
        ConfusionMatrix::from_rows(&rows).unwrap()
    };
    let first = [9, 7, 8, 7, 6, 8, 3, 5, 10];
    for (second, published) in [
        ([8, 8, 6, 6, 7, 6, 1, 4, 8], 0.758620689655172),
        ([3, 5, 6, 6, 7, 6, 1, 4, 8], 0.438095238095238),
    ] {
        let q =
            quadratic_weighted_kappa(&table(&first, &second), StandardError::CohenSimple).unwrap();
        assert!(close(q.kappa, published, 1e-14), "{q:?} vs {published}");
    }
}

/// Calls `f` with every `k × k` table of `n` items.
fn for_each_table(k: usize, n: u64, f: &mut dyn FnMut(&ConfusionMatrix)) {
    fn fill(counts: &mut Vec<u64>, left: u64, k: usize, f: &mut dyn FnMut(&ConfusionMatrix)) {
        if counts.len() == k * k - 1 {
            counts.push(left);
            f(&ConfusionMatrix {
                k,
                counts: counts.clone(),
            });
            counts.pop();
            return;
        }
        for c in 0..=left {
            counts.push(c);
            fill(counts, left - c, k, f);
            counts.pop();
        }
    }
    fill(&mut Vec::new(), n, k, f);
}

/// Kappa lies in [−1, 1] with identity, linear and quadratic weights on every 3 × 3 table of up
/// to 8 items and every 4 × 4 table of up to 5 items (the range the intervals are clipped to),
/// and every interval lies in it and contains its estimate.
#[test]
fn kappa_and_its_interval_lie_in_minus_one_to_one() {
    let mut lowest: f64 = 1.0;
    for (k, most) in [(3, 8), (4, 5)] {
        for n in 1..=most {
            for_each_table(k, n, &mut |m| {
                for weights in [Weights::Identity, Weights::Linear, Weights::Quadratic] {
                    for se in [
                        StandardError::CohenSimple,
                        StandardError::FleissCohenEveritt,
                    ] {
                        if let Ok(x) = kappa(m, weights, se) {
                            assert!(x.kappa >= -1.0 - 1e-12 && x.kappa <= 1.0 + 1e-12);
                            assert!(x.ci_lo >= -1.0 && x.ci_hi <= 1.0, "{x:?}");
                            assert!(x.ci_lo <= x.kappa + 1e-12 && x.kappa <= x.ci_hi + 1e-12);
                            lowest = lowest.min(x.kappa);
                        }
                    }
                }
            });
        }
    }
    // The bound is reached (two items, each assessor's labels the other's reversed).
    assert!(close(lowest, -1.0, 1e-12), "{lowest}");
}

/// A table whose items all agree has a zero SE: its interval is Wilson's, not [1, 1], and two
/// such items are not significantly positive, while 30 are. A wide Wald interval is clipped.
#[test]
fn a_zero_standard_error_gives_wilson_s_interval() {
    let two = ConfusionMatrix::from_rows(&[vec![1, 0], vec![0, 1]]).unwrap();
    let k = unweighted_kappa(&two, StandardError::CohenSimple).unwrap();
    assert_eq!(
        (k.kappa, k.se, k.interval),
        (1.0, 0.0, Interval::WilsonZeroSe)
    );
    assert!(!k.significantly_positive(), "{k:?}");
    assert_eq!(k.ci_hi, 1.0);
    // Wilson for 2 of 2: lower limit 2/(2 + z²) = 0.3423; p_e = 0.5, so kappa (0.3423 − 0.5)/0.5.
    assert!(
        close(k.ci_lo, (2.0 / (2.0 + Z_975 * Z_975) - 0.5) / 0.5, 1e-12),
        "{k:?}"
    );
    let thirty = ConfusionMatrix::from_rows(&[vec![15, 0], vec![0, 15]]).unwrap();
    for se in [
        StandardError::CohenSimple,
        StandardError::FleissCohenEveritt,
    ] {
        let k = unweighted_kappa(&thirty, se).unwrap();
        assert_eq!(k.interval, Interval::WilsonZeroSe);
        assert!(k.significantly_positive(), "{k:?}");
    }
    let small = ConfusionMatrix::from_rows(&[vec![3, 1], vec![0, 2]]).unwrap();
    let k = unweighted_kappa(&small, StandardError::CohenSimple).unwrap();
    assert_eq!(k.interval, Interval::Wald);
    assert!(k.clipped && k.ci_hi == 1.0, "{k:?}");
    let (lo, hi) = wilson(0.5, 100.0, Z_975);
    assert!(
        close(lo, 0.403_832, 1e-6) && close(hi, 0.596_168, 1e-6),
        "{lo} {hi}"
    );
}

#[test]
fn rejects_bad_matrices() {
    assert!(ConfusionMatrix::from_rows(&[vec![1, 2], vec![3]]).is_err());
    let zero = ConfusionMatrix::from_rows(&[vec![0, 0], vec![0, 0]]).unwrap();
    assert_eq!(
        kappa(&zero, Weights::Identity, StandardError::CohenSimple),
        Err(AgreementError::Empty)
    );
    let all_one_label = ConfusionMatrix::from_rows(&[vec![5, 0], vec![0, 0]]).unwrap();
    assert_eq!(
        kappa(
            &all_one_label,
            Weights::Identity,
            StandardError::CohenSimple
        ),
        Err(AgreementError::Degenerate)
    );
}

#[test]
fn a_binary_cut_counts_labels_from_its_position_up_as_relevant() {
    let m = matrix([[5, 2, 1], [3, 4, 2], [0, 1, 6]]);
    assert_eq!(m.collapsed_from(1), m.collapsed_binary());
    // Relevant from position 2: rows and columns 0–1 against 2.
    let cut = m.collapsed_from(2);
    assert_eq!(cut.rows(), vec![vec![5 + 2 + 3 + 4, 1 + 2], vec![1, 6]]);
    let se = StandardError::CohenSimple;
    assert_eq!(
        binary_kappa_from(&m, 2, se).unwrap().kappa,
        unweighted_kappa(&cut, se).unwrap().kappa
    );
    assert_eq!(
        binary_raw_agreement_from(&m, 2).unwrap(),
        (14 + 6) as f64 / m.total() as f64
    );
}
