//! Rank-biased overlap (Webber, Moffat and Zobel 2010, "A similarity measure for indefinite
//! rankings", ACM TOIS 28(4)), in its extrapolated form RBO_ext (Eq. 32) for two rankings of the
//! same n runs, with the paper's treatment of ties (§4.3, Eq. 28).
//!
//! ```text
//! S_{:d}  = {i : p^x_i ≤ d},  p^x_i = 1 + #{j : x_j > x_i}      (a tie group enters at its first depth)
//! T_{:d}  = the same for y
//! X_d     = |S_{:d} ∩ T_{:d}|                                   (overlap at depth d)
//! A_d     = 2·X_d / (|S_{:d}| + |T_{:d}|)                       (agreement; X_d/d without ties)
//! RBO_ext = (1 − p)/p · Σ_{d=1..n} A_d · p^d  +  A_n · p^n         (A_n = 1: both rankings hold the same runs)
//! ```
//!
//! The persistence p (0 < p < 1) sets how top-heavy the measure is: the first d ranks carry
//! 1 − p^(d−1) + (1 − p)/p · d · (ln(1/(1 − p)) − Σ_{i=1..d−1} p^i/i) of the weight (Eq. 21), 86% for
//! the top 10 at p = 0.9, the default ([`DEFAULT_PERSISTENCE`]). RBO is a similarity in [0, 1], 1 for
//! identical rankings. Without ties this equals `RankingSimilarity(S, T).rbo_ext(p)` of the `rbo`
//! Python package for two lists of the same items.

use super::{TauError, check_scores, ties::tie_classes};

/// The default persistence p: 86% of the weight on the top 10 runs (Webber et al. 2010, Eq. 21).
pub const DEFAULT_PERSISTENCE: f64 = 0.9;

/// The first depth (1-based position) of every run's tie group when ranked by `classes`, best first.
fn first_depths(classes: &[usize]) -> Vec<usize> {
    classes
        .iter()
        .map(|&c| 1 + classes.iter().filter(|&&o| o > c).count())
        .collect()
}

/// RBO_ext of the rankings by `x` and by `y` (the same runs, a higher score ranks higher) at
/// persistence `p`. Needs at least 1 run and 0 < p < 1.
pub fn rbo_ext(x: &[f64], y: &[f64], p: f64) -> Result<f64, TauError> {
    if !(p > 0.0 && p < 1.0) {
        return Err(TauError::Persistence(p));
    }
    check_scores(x, y, 1)?;
    let n = x.len();
    let (dx, dy) = (first_depths(&tie_classes(x)), first_depths(&tie_classes(y)));
    // Runs entering each prefix at each depth.
    let (mut enter_s, mut enter_t, mut enter_both) =
        (vec![0usize; n + 1], vec![0; n + 1], vec![0; n + 1]);
    for i in 0..n {
        enter_s[dx[i]] += 1;
        enter_t[dy[i]] += 1;
        enter_both[dx[i].max(dy[i])] += 1;
    }
    let (mut size_s, mut size_t, mut overlap) = (0usize, 0usize, 0usize);
    let (mut sum, mut weight) = (0.0, 1.0);
    let mut agreement = 0.0;
    for d in 1..=n {
        size_s += enter_s[d];
        size_t += enter_t[d];
        overlap += enter_both[d];
        agreement = 2.0 * overlap as f64 / (size_s + size_t) as f64;
        weight *= p;
        sum += agreement * weight;
    }
    Ok((1.0 - p) / p * sum + agreement * weight)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_rankings_give_one_and_a_swap_at_the_top_costs_most() {
        let x = [5.0, 4.0, 3.0, 2.0, 1.0];
        assert!((rbo_ext(&x, &x, 0.9).unwrap() - 1.0).abs() < 1e-15);
        let top = rbo_ext(&x, &[4.0, 5.0, 3.0, 2.0, 1.0], 0.9).unwrap();
        let bottom = rbo_ext(&x, &[5.0, 4.0, 3.0, 1.0, 2.0], 0.9).unwrap();
        assert!(top < bottom && bottom < 1.0, "{top} {bottom}");
        // Two lists swapped at the top: A_1 = 0, A_d = 1 after; RBO_ext = 1 − (1 − p).
        let two = rbo_ext(&[2.0, 1.0], &[1.0, 2.0], 0.9).unwrap();
        assert!((two - 0.9).abs() < 1e-15, "{two}");
        assert_eq!(rbo_ext(&x, &x, 1.0), Err(TauError::Persistence(1.0)));
    }
}
