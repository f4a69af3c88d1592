//! Top-k tau: Kendall's tau-b among the k best runs of the reference ranking.
//!
//! ```text
//! top-k tau(x, y) = tau-b(x|T, y|T),   T = {i : #{j : x_j > x_i} < k}
//! ```
//!
//! T holds the reference's k best runs, and every run tied with the k-th (so T can hold more than
//! k runs). This is the restriction of Kendall's tau to the head of the reference leaderboard that
//! studies of relevance judges report ("tau on the top-k systems"); swaps among the other runs do
//! not count, while a run of T that the compared ranking puts low still counts through its pairs
//! with the rest of T. Not Fagin, Kumar and Sivakumar's (2003) distance between two top-k lists.
//! The interval is Kendall's ([`super::kendall_tau`]) on the runs of T.

use super::{KendallTau, TauError, check_scores, kendall_tau, ties::tie_classes};

/// Kendall's tau-b (with its interval) among the reference `x`'s top `k` runs and those tied with
/// the k-th; also the number of runs that took part (`KendallTau::n`). Needs k ≥ 3.
pub fn top_k_tau(x: &[f64], y: &[f64], k: usize) -> Result<KendallTau, TauError> {
    if k < 3 {
        return Err(TauError::Cutoff(k));
    }
    check_scores(x, y, 3)?;
    let cx = tie_classes(x);
    let better = |i: usize| cx.iter().filter(|&&c| c > cx[i]).count();
    let head: Vec<usize> = (0..x.len()).filter(|&i| better(i) < k).collect();
    let hx: Vec<f64> = head.iter().map(|&i| x[i]).collect();
    let hy: Vec<f64> = head.iter().map(|&i| y[i]).collect();
    kendall_tau(&hx, &hy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_swaps_in_the_head_count() {
        let x = [6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
        let tail_swapped = [6.0, 5.0, 4.0, 1.0, 2.0, 3.0];
        let t = top_k_tau(&x, &tail_swapped, 3).unwrap();
        assert_eq!((t.n, t.tau), (3, 1.0));
        let head_swapped = [5.0, 6.0, 4.0, 3.0, 2.0, 1.0];
        let t = top_k_tau(&x, &head_swapped, 3).unwrap();
        assert!((t.tau - 1.0 / 3.0).abs() < 1e-15);
        // A tie at the k-th place takes the tied runs in.
        let tied = [6.0, 5.0, 4.0, 4.0, 2.0, 1.0];
        assert_eq!(top_k_tau(&tied, &x, 3).unwrap().n, 4);
        assert_eq!(top_k_tau(&x, &x, 10).unwrap().n, 6);
        assert_eq!(top_k_tau(&x, &x, 2), Err(TauError::Cutoff(2)));
    }
}
