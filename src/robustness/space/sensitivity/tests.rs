//! The index and its test on a toy stand-in whose answer is known: three knobs on a Latin hypercube
//! of the studies' default size, a claim whose holding depends on them by a formula, and the
//! first-order indices that formula implies.

use super::*;
use crate::model::StreamScope;
use crate::robustness::space::design::latin_hypercube;
use evia_engine::rng::uniform_f64;

const POINTS: usize = 256;
const SEEDS: u64 = 40;

/// The outcomes of a toy claim at every point of a seeded design over three knobs, and each knob's
/// bins. `p` gives the claim's holding probability at a point; a draw decides it.
fn toy(seed: u64, p: fn(&[f64]) -> f64) -> (Vec<bool>, Vec<Vec<usize>>) {
    let names = ["x1".to_string(), "x2".to_string(), "dummy".to_string()];
    let design = latin_hypercube(seed, &names, POINTS);
    let mut rng = StreamScope::KnobSpace.stream(seed, "toy");
    let outcomes = design
        .units
        .iter()
        .map(|u| uniform_f64(&mut rng) < p(u))
        .collect();
    let bins = (0..3)
        .map(|k| design.units.iter().map(|u| bin_of(u[k])).collect())
        .collect();
    (outcomes, bins)
}

/// Mean and standard deviation of knob `k`'s index over [`SEEDS`] toy designs.
fn spread(p: fn(&[f64]) -> f64, k: usize) -> (f64, f64) {
    let values: Vec<f64> = (0..SEEDS)
        .map(|seed| {
            let (y, bins) = toy(seed, p);
            first_order(&y, &bins[k]).corrected
        })
        .collect();
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let sd = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    (mean, sd)
}

/// P(hold) = 0.2 + 0.6·1{x1 ≥ ½}: E[Y | x1] is 0.2 or 0.8, each half the time, so
/// Var(E[Y | x1]) = 0.09, Var(Y) = 0.25 and S_x1 = 0.36; x2 and the dummy explain nothing.
fn step(u: &[f64]) -> f64 {
    if u[0] >= 0.5 { 0.8 } else { 0.2 }
}

/// Y = 1{x1 + x2 > 1}: E[Y | x1] = x1, so Var(E[Y | x1]) = 1/12, Var(Y) = 1/4 and S_x1 = S_x2 = 1/3;
/// binned into quarters the index is (1 − 1/16)/3 = 0.3125.
fn threshold(u: &[f64]) -> f64 {
    if u[0] + u[1] > 1.0 { 1.0 } else { 0.0 }
}

/// Y = 1{¼ ≤ x1 < ¾}: the claim holds only in the middle of x1's range (S_x1 = 1), which a
/// monotone model (a logistic slope) would miss.
fn middle(u: &[f64]) -> f64 {
    if (0.25..0.75).contains(&u[0]) {
        1.0
    } else {
        0.0
    }
}

#[test]
fn the_index_recovers_the_known_first_order_indices_of_a_toy_stand_in() {
    let (mean, sd) = spread(step, 0);
    assert!((mean - 0.36).abs() < 0.02, "step x1: {mean} ± {sd}");
    assert!(sd < 0.06, "step x1: sd {sd}");
    for k in [1, 2] {
        let (mean, sd) = spread(step, k);
        assert!(mean < 0.01, "step knob {k}: {mean} ± {sd}");
    }
    for k in [0, 1] {
        let (mean, sd) = spread(threshold, k);
        assert!(
            (mean - 0.3125).abs() < 0.02,
            "threshold knob {k}: {mean} ± {sd}"
        );
        assert!(
            (mean - 1.0 / 3.0).abs() < 0.04,
            "threshold knob {k}: {mean}"
        );
    }
    let (mean, _) = spread(threshold, 2);
    assert!(mean < 0.01, "threshold dummy: {mean}");
    let (mean, sd) = spread(middle, 0);
    assert!(mean > 0.99 && sd < 1e-9, "middle x1: {mean} ± {sd}");
}

#[test]
fn the_test_finds_the_knobs_that_matter_and_rarely_a_dummy() {
    let mut dummy_rejected = 0;
    for seed in 0..SEEDS {
        let (y, bins) = toy(seed, step);
        let mut rng = StreamScope::KnobSpace.stream(seed, "permutations");
        let p: Vec<f64> = bins
            .iter()
            .map(|b| permutation_p(&y, b, &mut rng))
            .collect();
        let adjusted = holm(&p);
        assert!(adjusted[0] < 0.01, "seed {seed}: {adjusted:?}");
        dummy_rejected += usize::from(adjusted[2] < 0.05);
    }
    // Holm keeps the family's error at 5%: a dummy knob is flagged in about 1 design of 40 or fewer.
    assert!(dummy_rejected <= 4, "{dummy_rejected} of {SEEDS}");
}

#[test]
fn holm_adjusts_step_down_and_keeps_the_order() {
    let adjusted = holm(&[0.01, 0.04, 0.03, 0.5]);
    let expected = [0.04, 0.09, 0.09, 0.5];
    for (a, e) in adjusted.iter().zip(expected) {
        assert!((a - e).abs() < 1e-12, "{adjusted:?}");
    }
    assert_eq!(holm(&[]), Vec::<f64>::new());
}

#[test]
fn a_constant_claim_has_no_index_and_no_evidence() {
    let y = vec![true; 16];
    let bins: Vec<usize> = (0..16).map(|i| i % BINS).collect();
    assert_eq!(first_order(&y, &bins).corrected, 0.0);
    let mut rng = StreamScope::KnobSpace.stream(1, "x");
    assert_eq!(permutation_p(&y, &bins, &mut rng), 1.0);
}

/// Python: y = [1,1,0,0, 1,0,0,0]; bins = [0,0,0,0,1,1,1,1]; ȳ = 3/8, SS_T = 8·(3/8)(5/8) = 1.875,
/// SS_B = 4(0.5 − 0.375)² + 4(0.25 − 0.375)² = 0.125, η² = 0.0667, MS_W = 1.75/6,
/// ε² = (0.125 − 1.75/6)/1.875 < 0 → 0.
#[test]
fn the_ratio_matches_its_formula() {
    let y = [true, true, false, false, true, false, false, false];
    let bins = [0, 0, 0, 0, 1, 1, 1, 1];
    let index = first_order(&y, &bins);
    assert!((index.raw - 0.125 / 1.875).abs() < 1e-12);
    assert_eq!(index.corrected, 0.0);
}
