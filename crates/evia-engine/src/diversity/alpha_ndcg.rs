//! α-nDCG@l (Clarke, Kolla, Cormack, Vechtomova, Ashkan, Büttcher and MacKinnon, "Novelty and
//! diversity in information retrieval evaluation", SIGIR 2008), as used by TREC's diversity tasks.
//!
//! With binary intentwise relevance `J_i(d) = 1` iff d's level for intent i is ≥ 1, and
//! `c_i(r−1)` the number of documents relevant to i at ranks 1 … r−1:
//!
//! `G(r) = Σ_i J_i(d_r)·(1 − α)^{c_i(r−1)}`, `α-DCG@l = Σ_{r≤l} G(r) / log2(r + 1)`,
//!
//! and `α-nDCG@l = α-DCG@l / α-DCG*@l`, where the ideal ranking is built greedily (at each rank
//! the judged document with the largest `G`, ties by first judged), the standard approximation of
//! Clarke et al. (computing the true ideal is NP-hard). Intent probabilities are not used (the
//! original definition treats intents as equally likely).

use super::DiversityTopic;

/// α-DCG of `ranked` at each cutoff of `cutoffs` (one value per cutoff).
fn alpha_dcg(topic: &DiversityTopic, ranked: &[&str], alpha: f64, cutoffs: &[usize]) -> Vec<f64> {
    let mut counts = [0i32; super::MAX_INTENTS];
    let mut dcg = Vec::with_capacity(ranked.len() + 1);
    dcg.push(0.0);
    let mut sum = 0.0;
    for (k, doc) in ranked.iter().enumerate() {
        if let Some(j) = topic.judged(doc) {
            let mut g = 0.0;
            for &(i, level) in &j.levels {
                if level > 0 {
                    g += (1.0 - alpha).powi(counts[i]);
                    counts[i] += 1;
                }
            }
            sum += g / ((k + 2) as f64).log2();
        }
        dcg.push(sum);
    }
    cutoffs.iter().map(|&l| dcg[l.min(dcg.len() - 1)]).collect()
}

/// The greedy ideal ranking of the relevant documents, up to `depth` documents.
fn greedy_ideal(topic: &DiversityTopic, alpha: f64, depth: usize) -> Vec<&str> {
    let mut candidates: Vec<(&str, &[(usize, u32)])> = topic
        .docs_sorted()
        .into_iter()
        .filter(|(_, levels)| levels.iter().any(|&(_, l)| l > 0))
        .collect();
    let mut counts = [0i32; super::MAX_INTENTS];
    let mut ideal = Vec::new();
    while ideal.len() < depth && !candidates.is_empty() {
        let mut best = 0;
        let mut best_gain = f64::NEG_INFINITY;
        for (k, (_, levels)) in candidates.iter().enumerate() {
            let g: f64 = levels
                .iter()
                .filter(|&&(_, l)| l > 0)
                .map(|&(i, _)| (1.0 - alpha).powi(counts[i]))
                .sum();
            if g > best_gain {
                best_gain = g;
                best = k;
            }
        }
        let (doc, levels) = candidates.remove(best);
        for &(i, l) in levels {
            if l > 0 {
                counts[i] += 1;
            }
        }
        ideal.push(doc);
    }
    ideal
}

/// α-nDCG@l for each cutoff (0 where the ideal α-DCG is 0).
pub fn alpha_ndcg(
    topic: &DiversityTopic,
    ranked: &[&str],
    alpha: f64,
    cutoffs: &[usize],
) -> Vec<f64> {
    let depth = cutoffs.iter().copied().max().unwrap_or(0);
    let ideal = greedy_ideal(topic, alpha, depth);
    let system = alpha_dcg(topic, ranked, alpha, cutoffs);
    let best = alpha_dcg(topic, &ideal, alpha, cutoffs);
    system
        .iter()
        .zip(&best)
        .map(|(s, b)| if *b > 0.0 { s / b } else { 0.0 })
        .collect()
}
