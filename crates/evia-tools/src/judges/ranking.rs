//! Ranking agreement: how alike two rankings of the same runs are, by every rank correlation of
//! `evia_engine::ranking`, as one typed result (no printing).
//!
//! `reference` holds the runs' scores under the reference (e.g. the human qrels), `compared` their
//! scores under the compared judge, in the same run order. Scores within the engine's relative tie
//! tolerance are ties (`evia_engine::ranking::ties`). Kendall's interval is clipped to [−1, 1].

use serde::Serialize;

use evia_engine::ranking::rbo::rbo_ext;
use evia_engine::ranking::spearman::spearman_rho;
use evia_engine::ranking::tau_ap::{tau_ap, tau_ap_b};
use evia_engine::ranking::ties::tie_classes;
use evia_engine::ranking::top_k::top_k_tau;
use evia_engine::ranking::{TauError, kendall_tau};

/// The parameters of the top-heavy statistics.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RankingOptions {
    /// k of top-k tau: the reference's k best runs (and those tied with the k-th).
    pub top_k: usize,
    /// The persistence p of rank-biased overlap.
    pub rbo_p: f64,
}

/// A statistic's value, or why it is undefined on these scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Value {
    pub value: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undefined: Option<String>,
}

impl From<Result<f64, TauError>> for Value {
    fn from(r: Result<f64, TauError>) -> Self {
        match r {
            Ok(v) => Value {
                value: Some(v),
                undefined: None,
            },
            Err(e) => Value {
                value: None,
                undefined: Some(e.to_string()),
            },
        }
    }
}

/// Kendall's tau-b with its Hollander–Wolfe–Chicken 95% interval, clipped to [−1, 1].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tau {
    pub value: Option<f64>,
    pub ci: Option<[f64; 2]>,
    /// Runs that took part (top-k tau: the reference's head).
    pub runs: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undefined: Option<String>,
}

impl Tau {
    fn of(r: Result<evia_engine::ranking::KendallTau, TauError>, runs: usize) -> Self {
        match r {
            Ok(t) => {
                let (lo, hi) = t.clipped_interval();
                Tau {
                    value: Some(t.tau),
                    ci: Some([lo, hi]),
                    runs: t.n,
                    undefined: None,
                }
            }
            Err(e) => Tau {
                value: None,
                ci: None,
                runs,
                undefined: Some(e.to_string()),
            },
        }
    }
}

/// The run whose rank changes most between the two rankings (ranks: 1 + the runs scored higher).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RankChange {
    pub run: String,
    pub reference_rank: usize,
    pub compared_rank: usize,
}

/// Every rank correlation between the two rankings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RankingAgreement {
    pub runs: usize,
    pub kendall_tau_b: Tau,
    pub tau_ap: Value,
    pub tau_ap_b: Value,
    pub top_k_tau: Tau,
    pub rbo: Value,
    pub spearman: Value,
    /// Whether the best runs (with ties) are the same under both.
    pub same_top_run: bool,
    pub largest_rank_change: Option<RankChange>,
}

/// The rank of every run: 1 + the number of runs with a higher tie class.
fn ranks(scores: &[f64]) -> Vec<usize> {
    let classes = tie_classes(scores);
    classes
        .iter()
        .map(|&c| 1 + classes.iter().filter(|&&o| o > c).count())
        .collect()
}

/// Compares the rankings of `runs` by `reference` and by `compared` (same order, same length).
pub fn ranking_agreement(
    runs: &[String],
    reference: &[f64],
    compared: &[f64],
    options: RankingOptions,
) -> RankingAgreement {
    let n = runs.len();
    let (ref_ranks, cmp_ranks) = (ranks(reference), ranks(compared));
    let top = |r: &[usize]| -> Vec<usize> { (0..n).filter(|&i| r[i] == 1).collect() };
    let largest_rank_change = (0..n)
        .max_by_key(|&i| (ref_ranks[i].abs_diff(cmp_ranks[i]), std::cmp::Reverse(i)))
        .map(|i| RankChange {
            run: runs[i].clone(),
            reference_rank: ref_ranks[i],
            compared_rank: cmp_ranks[i],
        });
    RankingAgreement {
        runs: n,
        kendall_tau_b: Tau::of(kendall_tau(reference, compared), n),
        tau_ap: tau_ap(reference, compared).into(),
        tau_ap_b: tau_ap_b(reference, compared).into(),
        top_k_tau: Tau::of(
            top_k_tau(reference, compared, options.top_k),
            n.min(options.top_k),
        ),
        rbo: rbo_ext(reference, compared, options.rbo_p).into(),
        spearman: spearman_rho(reference, compared).into(),
        same_top_run: n > 0 && top(&ref_ranks) == top(&cmp_ranks),
        largest_rank_change,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_rankings_agree_fully() {
        let runs: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let x = [0.4, 0.3, 0.2, 0.1];
        let options = RankingOptions {
            top_k: 3,
            rbo_p: 0.9,
        };
        let r = ranking_agreement(&runs, &x, &x, options);
        assert_eq!(r.kendall_tau_b.value, Some(1.0));
        assert_eq!(r.kendall_tau_b.ci, Some([1.0, 1.0]));
        assert!(r.same_top_run);
        assert_eq!(r.largest_rank_change.unwrap().reference_rank, 1);
        let swapped = [0.3, 0.4, 0.2, 0.1];
        let r = ranking_agreement(&runs, &x, &swapped, options);
        assert!(!r.same_top_run);
        let change = r.largest_rank_change.unwrap();
        assert_eq!((change.run.as_str(), change.compared_rank), ("a", 2));
        assert!(r.kendall_tau_b.ci.unwrap()[1] <= 1.0);
    }
}
