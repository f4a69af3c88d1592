//! `evia.tau`: the rank correlations of `evia-repro tau` between two scorings of the same runs,
//! computed by `evia_tools::judges::ranking::ranking_agreement` and returned as the JSON row the
//! CLI prints for a measure (`tau --format json`, `measures[i]` without its `measure` key).

use evia_tools::judges::ranking::{RankingOptions, ranking_agreement};

/// The runs both scorings have (in the reference's order) with their two scores, checked as
/// `evia-repro tau` checks them, and the agreement as JSON.
pub fn tau_json(
    reference: &[(String, f64)],
    compared: &[(String, f64)],
    top_k: usize,
    rbo_p: f64,
) -> Result<String, String> {
    if top_k < 3 {
        return Err(format!("top_k must be at least 3, got {top_k}"));
    }
    if !(rbo_p > 0.0 && rbo_p < 1.0) {
        return Err(format!(
            "rbo_p must be between 0 and 1 (exclusive), got {rbo_p}"
        ));
    }
    let mut runs = Vec::new();
    let (mut x, mut y) = (Vec::new(), Vec::new());
    for (run, score) in reference {
        if let Some((_, other)) = compared.iter().find(|(r, _)| r == run) {
            runs.push(run.clone());
            x.push(*score);
            y.push(*other);
        }
    }
    if runs.len() < 3 {
        return Err(format!(
            "the two scorings share {} run(s); rank correlations need at least 3",
            runs.len()
        ));
    }
    let agreement = ranking_agreement(&runs, &x, &y, RankingOptions { top_k, rbo_p });
    serde_json::to_string(&agreement).map_err(|e| e.to_string())
}
