//! Kendall's tau-b and its Hollander–Wolfe–Chicken interval against the test vectors of
//! tests/fixtures/statistics.md §2 (tolerance 1e-6).

use evia_engine::ranking::{attainable_tau, kendall_tau};

fn close(got: f64, expected: f64) {
    assert!(
        (got - expected).abs() < 1e-6,
        "got {got:.9}, expected {expected}"
    );
}

fn identity(n: usize) -> Vec<f64> {
    (0..n).map(|i| i as f64).collect()
}

/// tests/fixtures/statistics.md §2: n = 13, one adjacent swap: tau = 38/39 = 0.974359, CI = [0.894289, 1.054429].
#[test]
fn thirteen_runs_one_adjacent_swap() {
    let x = identity(13);
    let mut y = x.clone();
    y.swap(5, 6);
    let t = kendall_tau(&x, &y).unwrap();
    assert_eq!((t.concordant, t.discordant, t.ties()), (77, 1, 0));
    close(t.tau, 38.0 / 39.0);
    close(t.ci_low, 0.894289);
    close(t.ci_high, 1.054429);
}

/// tests/fixtures/statistics.md §2: n = 13, three disjoint adjacent swaps: tau = 12/13, CI = [0.801565, 1.044589].
#[test]
fn thirteen_runs_three_disjoint_swaps() {
    let x = identity(13);
    let mut y = x.clone();
    y.swap(0, 1);
    y.swap(4, 5);
    y.swap(9, 10);
    let t = kendall_tau(&x, &y).unwrap();
    assert_eq!(t.discordant, 3);
    close(t.tau, 12.0 / 13.0);
    close(t.ci_low, 0.801565);
    close(t.ci_high, 1.044589);
}

/// tests/fixtures/statistics.md §2: Hollander–Wolfe–Chicken Example 8.1: tau = 0.444444, CI = [−0.052554, 0.941443].
#[test]
fn hollander_wolfe_chicken_example_8_1() {
    let x = [44.4, 45.9, 41.9, 53.3, 44.7, 44.1, 50.7, 45.2, 60.1];
    let y = [2.6, 3.1, 2.5, 5.0, 3.6, 4.0, 5.2, 2.8, 3.8];
    let t = kendall_tau(&x, &y).unwrap();
    assert_eq!((t.concordant, t.discordant), (26, 10));
    close(t.tau, 0.444444);
    close(t.ci_low, -0.052554);
    close(t.ci_high, 0.941443);
}

/// tests/fixtures/statistics.md §2: at tau = 1 the width is zero without ties; for 44 runs, 3–4 pairs with identical
/// means under both conditions give a small nonzero width, printed [.995, 1.005].
#[test]
fn perfect_agreement_widths() {
    let x = identity(44);
    let t = kendall_tau(&x, &x).unwrap();
    close(t.tau, 1.0);
    close(t.ci_low, 1.0);
    close(t.ci_high, 1.0);
    for tied_pairs in [3, 4] {
        let mut x = identity(44);
        for p in 0..tied_pairs {
            x[2 * p + 1] = x[2 * p];
        }
        let t = kendall_tau(&x, &x).unwrap();
        assert_eq!(t.ties_both, tied_pairs);
        close(t.tau, 1.0);
        assert_eq!(format!("{:.3}", t.ci_low), "0.995", "{t:?}");
        assert_eq!(format!("{:.3}", t.ci_high), "1.005", "{t:?}");
    }
}

/// tests/fixtures/statistics.md §2, granularity: without ties tau = 1 − 2D/N, a multiple of 1/39 for 13 runs and of
/// 1/473 for 44 runs. The taus printed with 3 decimals in the papers (0.872, 0.846, 0.718 for 13 runs;
/// .987 for 44) must each match exactly one D.
#[test]
fn attainable_printed_taus() {
    // 0.872 ← D = 5: 1 − 10/78 = 0.871795.
    let hits = attainable_tau(0.872, 3, 13);
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].0, 5);
    close(hits[0].1, 68.0 / 78.0);
    // 0.846 ← D = 6 (0.846154); 0.718 ← D = 11 (0.717949).
    assert_eq!(attainable_tau(0.846, 3, 13)[0].0, 6);
    assert_eq!(attainable_tau(0.718, 3, 13)[0].0, 11);
    // 0.900 is between 0.897436 (D = 4) and 0.923077 (D = 3): not attainable by 13 runs.
    assert!(attainable_tau(0.900, 3, 13).is_empty());
    // 44 runs: .987 ← 1 − 2D/946 with D = 6 (0.987315).
    assert_eq!(attainable_tau(0.987, 3, 44)[0].0, 6);
}
