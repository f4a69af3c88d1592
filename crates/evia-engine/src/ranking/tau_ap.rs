//! AP rank correlation: tau_AP (Yilmaz, Aslam and Robertson 2008, "A new rank correlation
//! coefficient for information retrieval", SIGIR, Eq. 3) and its tie-aware symmetric form tau_AP_b
//! (Urbano and Marrero 2017, "The treatment of ties in AP correlation", ICTIR, §4, the "agreement"
//! scenario). Both weigh swaps near the top of the ranking more than swaps near the bottom.
//!
//! `x` is the reference ("true") ranking's scores, `y` the compared ranking's; a higher score ranks
//! higher. Scores are compared through [`super::ties::tie_classes`].
//!
//! ```text
//! tau_AP(x, y)   = 2/(n−1) · Σ_{i=2..n} C(i)/(i−1) − 1
//!                  i: the run at position i of the ranking by y (no ties in x or y),
//!                  C(i): the runs above position i in y that are also above that run in x
//!
//! a(x, y)        = 2/|N| · Σ_{i∈N} c_i/(p_i − 1) − 1          (asymmetric, ties allowed)
//!                  p_i = 1 + #{j : y_j > y_i}                    (the first position of i's tie group in y)
//!                  N   = {i : p_i > 1}                           (runs not tied at the top of y)
//!                  c_i = #{j : y_j > y_i and x_j > x_i}          (above i in y and strictly above in x)
//! tau_AP_b(x, y) = (a(x, y) + a(y, x)) / 2
//! ```
//!
//! Without ties a(x, y) = tau_AP(x, y), so tau_AP_b is then the symmetric mean of tau_AP in both
//! directions. The forms follow the authors' R package `ircor` (functions `tauAP`, `tauAP_b`).

use super::{TauError, check_scores, ties::tie_classes};

/// Yilmaz, Aslam and Robertson's tau_AP of the ranking by `y` against the reference ranking by `x`
/// (asymmetric). Undefined with tied scores in either ranking ([`TauError::Tied`]; use
/// [`tau_ap_b`]). Needs at least 2 runs.
pub fn tau_ap(x: &[f64], y: &[f64]) -> Result<f64, TauError> {
    check_scores(x, y, 2)?;
    let (cx, cy) = (tie_classes(x), tie_classes(y));
    let n = x.len();
    let distinct = |c: &[usize]| c.iter().max().map_or(0, |&m| m + 1) == n;
    if !distinct(&cx) || !distinct(&cy) {
        return Err(TauError::Tied);
    }
    // Runs in the order of y, best first.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| cy[j].cmp(&cy[i]));
    let mut sum = 0.0;
    for position in 1..n {
        let run = order[position];
        let correct = order[..position]
            .iter()
            .filter(|&&above| cx[above] > cx[run])
            .count();
        sum += correct as f64 / position as f64;
    }
    Ok(2.0 * sum / (n - 1) as f64 - 1.0)
}

/// The asymmetric a(x, y) of the module documentation; `None` when every run ties at the top of y.
fn asymmetric(cx: &[usize], cy: &[usize]) -> Option<f64> {
    let n = cx.len();
    let (mut sum, mut counted) = (0.0, 0usize);
    for i in 0..n {
        let above_in_y = (0..n).filter(|&j| cy[j] > cy[i]);
        let p_minus_1 = above_in_y.clone().count();
        if p_minus_1 == 0 {
            continue;
        }
        let concordant = above_in_y.filter(|&j| cx[j] > cx[i]).count();
        sum += concordant as f64 / p_minus_1 as f64;
        counted += 1;
    }
    (counted > 0).then(|| 2.0 * sum / counted as f64 - 1.0)
}

/// Urbano and Marrero's tie-aware, symmetric tau_AP_b. Needs at least 2 runs, and neither ranking
/// may tie every run ([`TauError::AllTied`]).
pub fn tau_ap_b(x: &[f64], y: &[f64]) -> Result<f64, TauError> {
    check_scores(x, y, 2)?;
    let (cx, cy) = (tie_classes(x), tie_classes(y));
    match (asymmetric(&cx, &cy), asymmetric(&cy, &cx)) {
        (Some(a), Some(b)) => Ok((a + b) / 2.0),
        _ => Err(TauError::AllTied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three cases of `ircor`'s tests (tests/testthat/helper_data.R) with the values its tests
    /// expect (test_tauAP.R, four decimals).
    const SET1_X: [f64; 10] = [
        0.897, 0.372, 0.908, 0.898, 0.661, 0.062, 0.177, 0.384, 0.498, 0.992,
    ];
    const SET1_Y: [f64; 10] = [
        0.82, 0.406, 0.817, 0.953, 0.673, 0.073, 0.364, 0.547, 0.589, 0.988,
    ];
    const SET1_X_TIES: [f64; 10] = [0.9, 0.4, 0.9, 0.9, 0.7, 0.1, 0.2, 0.4, 0.5, 1.0];
    const SET1_Y_TIES: [f64; 10] = [0.8, 0.4, 0.8, 1.0, 0.7, 0.1, 0.4, 0.5, 0.6, 1.0];
    const SET3_X: [f64; 10] = [
        0.185, 0.573, 0.944, 0.129, 0.468, 0.553, 0.761, 0.405, 0.976, 0.445,
    ];
    const SET3_Y: [f64; 10] = [
        0.845, 0.272, 0.275, 0.924, 0.605, 0.334, 0.162, 0.872, 0.018, 0.25,
    ];

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 5e-5
    }

    #[test]
    fn matches_the_published_values_of_the_authors_package() {
        assert!(close(tau_ap(&SET1_X, &SET1_Y).unwrap(), 0.8519));
        assert!(close(tau_ap(&SET3_X, &SET3_Y).unwrap(), -0.6971));
        assert!(close(tau_ap_b(&SET1_X, &SET1_Y).unwrap(), 0.8333));
        assert!(close(tau_ap_b(&SET3_X, &SET3_Y).unwrap(), -0.668));
        assert!(close(tau_ap_b(&SET1_X_TIES, &SET1_Y_TIES).unwrap(), 0.7321));
        assert!(close(tau_ap_b(&SET1_Y_TIES, &SET1_X_TIES).unwrap(), 0.7321));
    }

    #[test]
    fn identical_and_reversed_rankings_and_ties() {
        let x = [4.0, 3.0, 2.0, 1.0];
        let reversed = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(tau_ap(&x, &x).unwrap(), 1.0);
        assert_eq!(tau_ap(&x, &reversed).unwrap(), -1.0);
        assert_eq!(tau_ap_b(&x, &x).unwrap(), 1.0);
        assert_eq!(tau_ap(&[1.0, 1.0, 2.0], &x[..3]), Err(TauError::Tied));
        assert_eq!(tau_ap_b(&[1.0, 1.0, 1.0], &x[..3]), Err(TauError::AllTied));
        // Scores equal in exact arithmetic are ties.
        assert_eq!(
            tau_ap(&[(0.1 + 0.2) / 2.0, 0.15, 0.5], &x[..3]),
            Err(TauError::Tied)
        );
    }
}
