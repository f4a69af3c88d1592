//! α-nDCG@l (Clarke, Kolla, Cormack, Vechtomova, Ashkan, Büttcher and MacKinnon, "Novelty and
//! diversity in information retrieval evaluation", SIGIR 2008), as used by TREC's diversity tasks.
//!
//! With binary intentwise relevance `J_i(d) = 1` iff d's level for intent i is ≥ 1, and
//! `c_i(r−1)` the number of documents relevant to i at ranks 1 … r−1:
//!
//! `G(r) = Σ_i J_i(d_r)·(1 − α)^{c_i(r−1)}`, `α-DCG@l = Σ_{r≤l} G(r) / log2(r + 1)`,
//!
//! and `α-nDCG@l = α-DCG@l / α-DCG*@l`, where the ideal ranking is built greedily (at each rank
//! the judged document with the largest `G`, ties by document id), the standard approximation of
//! Clarke et al. (computing the true ideal is NP-hard). Intent probabilities are not used (the
//! original definition treats intents as equally likely).

use std::collections::{BTreeMap, VecDeque};

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

/// The greedy ideal ranking of the relevant documents, up to `depth` documents: at each rank
/// the document with the largest `G` given the documents already placed (ties: first by id).
///
/// A document's `G` depends only on the set of intents it is relevant to, so the documents are
/// grouped by that set (a bit mask; at most 64 intents), each group in document-id order, and
/// each step compares one candidate per group: the same choice as comparing every document.
fn greedy_ideal(topic: &DiversityTopic, alpha: f64, depth: usize) -> Vec<&str> {
    let mut groups: BTreeMap<u64, VecDeque<&str>> = BTreeMap::new();
    for (doc, levels) in topic.docs_sorted() {
        let mask = levels
            .iter()
            .filter(|&&(_, l)| l > 0)
            .fold(0u64, |m, &(i, _)| m | (1u64 << i));
        if mask != 0 {
            groups.entry(mask).or_default().push_back(doc);
        }
    }
    let mut counts = [0i32; super::MAX_INTENTS];
    // (1 − α)^{c_i} for each intent, recomputed when c_i changes.
    let mut weight = [1.0f64; super::MAX_INTENTS];
    let mut ideal = Vec::new();
    while ideal.len() < depth {
        let mut best: Option<(f64, &str, u64)> = None;
        for (&mask, docs) in &groups {
            let Some(&front) = docs.front() else { continue };
            let gain: f64 = (0..super::MAX_INTENTS)
                .filter(|&i| mask & (1u64 << i) != 0)
                .map(|i| weight[i])
                .sum();
            let better = match best {
                None => true,
                Some((g, d, _)) => gain > g || (gain == g && front < d),
            };
            if better {
                best = Some((gain, front, mask));
            }
        }
        let Some((_, doc, mask)) = best else { break };
        if let Some(docs) = groups.get_mut(&mask) {
            docs.pop_front();
        }
        for i in (0..super::MAX_INTENTS).filter(|&i| mask & (1u64 << i) != 0) {
            counts[i] += 1;
            weight[i] = (1.0 - alpha).powi(counts[i]);
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
