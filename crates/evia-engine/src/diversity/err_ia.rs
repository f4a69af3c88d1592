//! Intent-aware ERR, ERR-IA@l (Chapelle, Ji, Liao, Velipasaoglu, Lai and Wu, "Intent-based
//! diversification of web search results: metrics and algorithms", Information Retrieval 2011;
//! ERR from Chapelle, Metzler, Zhang and Grinspan, CIKM 2009).
//!
//! `ERR-IA@l = Σ_i Pr(i|q)·ERR_i@l`, `ERR_i@l = Σ_{r≤l} (1/r)·R_i(r)·Π_{k<r} (1 − R_i(k))`, with
//! the stop probability of Chapelle et al. `R_i(r) = (2^{x} − 1) / 2^{H}` for a document of level
//! x for intent i (0 if unjudged for i) and H the highest level with a gain. Not normalised (as
//! in TREC's diversity tasks).

use super::DiversityTopic;
use super::topic::JudgedDoc;

/// ERR-IA@l for each cutoff.
pub(crate) fn err_ia(
    topic: &DiversityTopic,
    ranked: &[Option<&JudgedDoc>],
    cutoffs: &[usize],
) -> Vec<f64> {
    let n = topic.intents().len();
    let h = topic.gains().max_level() as i32;
    let denom = 2f64.powi(h);
    // The stop probability of each level (levels were checked against the gains).
    let stop_of: Vec<f64> = (0..=h).map(|x| (2f64.powi(x) - 1.0) / denom).collect();
    let mut not_stopped = vec![1.0f64; n];
    let mut err = vec![0.0f64; n];
    let mut total_at = Vec::with_capacity(ranked.len() + 1);
    total_at.push(0.0);
    for (k, j) in ranked.iter().enumerate() {
        let r = (k + 1) as f64;
        if let Some(j) = j {
            for &(i, level) in &j.levels {
                let stop = stop_of
                    .get(level as usize)
                    .copied()
                    .unwrap_or_else(|| (2f64.powi(level as i32) - 1.0) / denom);
                err[i] += not_stopped[i] * stop / r;
                not_stopped[i] *= 1.0 - stop;
            }
        }
        let total: f64 = topic
            .intents()
            .intents()
            .iter()
            .zip(&err)
            .map(|(intent, e)| intent.probability * e)
            .sum();
        total_at.push(total);
    }
    cutoffs
        .iter()
        .map(|&l| total_at[l.min(total_at.len() - 1)])
        .collect()
}
