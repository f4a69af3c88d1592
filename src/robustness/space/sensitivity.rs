//! How much of a claim's variation over the knob space one knob explains: the first-order
//! sensitivity index estimated from the design's points, and a permutation test of whether the knob
//! moves the claim at all.
//!
//! The claim's outcome at design point i is Y_i = 1 when it held there, else 0. The first-order
//! (Sobol') index of knob k is the share of Var(Y) that the knob explains alone,
//!
//! ```text
//! S_k = Var(E[Y | X_k]) / Var(Y)
//! ```
//!
//! (Sobol', "Sensitivity estimates for nonlinear mathematical models", Math. Modeling Comput.
//! Experiment 1 (1993) 407–414; Saltelli et al., *Global Sensitivity Analysis: The Primer*, Wiley
//! 2008, §1.2.5). It is estimated from the design itself ("given data", Plischke, Borgonovo &
//! Smith, "Global sensitivity measures from given data", EJOR 226 (2013) 536–550): knob k's range
//! is cut into [`BINS`] equal bins, E[Y | X_k] is estimated by the holding rate in each bin, and the
//! index by the correlation ratio of Y on the bins (Pearson 1905), corrected for the noise that
//! bins of finitely many points add (Kelley, "An unbiased correlation ratio measure", PNAS 21
//! (1935) 554–559):
//!
//! ```text
//! N points, n_b of them in bin b holding m_b times, ȳ = Σ_b m_b / N, G non-empty bins
//! SS_T = Σ_i (Y_i − ȳ)² = N ȳ (1 − ȳ)
//! SS_B = Σ_b n_b (m_b/n_b − ȳ)²                      SS_W = SS_T − SS_B
//! η²   = SS_B / SS_T                                 (the raw correlation ratio)
//! ε²   = (SS_B − (G − 1) · SS_W / (N − G)) / SS_T     (Kelley's correction; shown clipped at 0)
//! ```
//!
//! With 4 bins the estimate is the index of the binned knob: it equals S_k when the claim's rate is
//! constant within each quarter of the range, and is (1 − 1/16) S_k for a rate linear in the knob
//! (the bins lose the variation inside them); the toy stand-in of the tests checks both.
//!
//! Whether knob k moves the claim at all is tested by permutation: under "Y does not depend on
//! X_k" every pairing of the outcomes with the bins is equally likely, so the p-value of the
//! observed SS_B is the share of P random re-pairings (the engine's Fisher–Yates on the outcomes)
//! whose SS_B reaches it, counting the observed one (Phipson & Smyth, "Permutation p-values should
//! never be zero", Stat. Appl. Genet. Mol. Biol. 9 (2010) 39): p = (1 + #{SS_B* ≥ SS_B}) / (1 + P).
//! SS_T is the same for every re-pairing, so the test of SS_B is the test of η² and of the
//! Pearson χ² of the 2 × G table (χ² = N η² for a 0/1 outcome), exact at any bin size. A claim's
//! d tests (one per knob) are adjusted by Holm's step-down method (Holm, "A simple sequentially
//! rejective multiple test procedure", Scand. J. Statist. 6 (1979) 65–70).

use rand_core::RngCore;

use evia_engine::rng::Shuffler;

/// Bins of each knob's range: quarters. Enough to see a rate that rises, falls or peaks inside the
/// range; few enough that each bin of the default 256-point design holds 64 points, so that a bin's
/// rate has a Wilson 95% interval about ±0.12 wide at worst.
pub(crate) const BINS: usize = 4;

/// Re-pairings of each permutation test: the smallest p-value is 1/1000, far below the Holm
/// threshold for ten knobs (0.005).
pub(crate) const PERMUTATIONS: usize = 999;

/// The bin (0 … [`BINS`] − 1) of the place `u` ∈ [0, 1) in a knob's range.
pub(crate) fn bin_of(u: f64) -> usize {
    ((u * BINS as f64).floor() as usize).min(BINS - 1)
}

/// The first-order index of one knob (module documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Index {
    /// η², the raw correlation ratio.
    pub(crate) raw: f64,
    /// ε², Kelley's corrected ratio, clipped at 0: the estimate shown.
    pub(crate) corrected: f64,
}

/// The outcomes' counts per bin: `(points, held)` for each of the [`BINS`] bins.
pub(crate) fn bin_counts(outcomes: &[bool], bins: &[usize]) -> [(u32, u32); BINS] {
    let mut counts = [(0u32, 0u32); BINS];
    for (&held, &bin) in outcomes.iter().zip(bins) {
        counts[bin].0 += 1;
        counts[bin].1 += u32::from(held);
    }
    counts
}

/// SS_B of the counts (module documentation), with ȳ the overall rate.
fn between(counts: &[(u32, u32); BINS], mean: f64) -> f64 {
    counts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|&(n, m)| {
            let n = f64::from(n);
            n * (f64::from(m) / n - mean).powi(2)
        })
        .sum()
}

/// The first-order index of the knob whose bins are `bins` for the claim's `outcomes` (one per
/// design point); 0 when the outcome never varies.
pub(crate) fn first_order(outcomes: &[bool], bins: &[usize]) -> Index {
    let n = outcomes.len() as f64;
    let counts = bin_counts(outcomes, bins);
    let mean = outcomes.iter().filter(|&&y| y).count() as f64 / n.max(1.0);
    let total = n * mean * (1.0 - mean);
    if total <= 0.0 {
        return Index {
            raw: 0.0,
            corrected: 0.0,
        };
    }
    let ss_b = between(&counts, mean);
    let groups = counts.iter().filter(|(n, _)| *n > 0).count() as f64;
    let ms_w = if n > groups {
        (total - ss_b) / (n - groups)
    } else {
        0.0
    };
    Index {
        raw: ss_b / total,
        corrected: ((ss_b - (groups - 1.0) * ms_w) / total).max(0.0),
    }
}

/// The permutation p-value of the knob's SS_B (module documentation), re-pairing the outcomes with
/// `bins` [`PERMUTATIONS`] times from `rng`; 1 when the outcome never varies.
pub(crate) fn permutation_p(outcomes: &[bool], bins: &[usize], rng: &mut dyn RngCore) -> f64 {
    let n = outcomes.len() as f64;
    let mean = outcomes.iter().filter(|&&y| y).count() as f64 / n.max(1.0);
    if mean <= 0.0 || mean >= 1.0 {
        return 1.0;
    }
    let observed = between(&bin_counts(outcomes, bins), mean);
    // A re-pairing ties the observed value up to rounding: count it as reaching it.
    let reach = observed - 1e-9 * observed.abs().max(1.0);
    let shuffler = Shuffler::new(outcomes.len());
    let mut shuffled = outcomes.to_vec();
    let mut at_least = 0usize;
    for _ in 0..PERMUTATIONS {
        shuffler.shuffle(rng, &mut shuffled);
        if between(&bin_counts(&shuffled, bins), mean) >= reach {
            at_least += 1;
        }
    }
    (1 + at_least) as f64 / (1 + PERMUTATIONS) as f64
}

/// Holm's step-down adjusted p-values of `p` (module documentation), in `p`'s order:
/// p̃_(j) = max_{i ≤ j} min(1, (m − i + 1) p_(i)) for the p-values sorted ascending.
pub(crate) fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests;
