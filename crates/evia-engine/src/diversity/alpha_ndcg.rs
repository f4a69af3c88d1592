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

use std::collections::BTreeMap;

use super::DiversityTopic;
use super::topic::JudgedDoc;

/// `(1 − α)^k` for k = 0 … n, each computed as `powi` would (so the values are the same bits).
fn discounts(alpha: f64, n: usize) -> Vec<f64> {
    (0..=n)
        .map(|k| (1.0 - alpha).powi(i32::try_from(k).unwrap_or(i32::MAX)))
        .collect()
}

/// `(1 − α)^k` from the table, computed when beyond it.
fn discount(table: &[f64], alpha: f64, k: i32) -> f64 {
    match usize::try_from(k).ok().and_then(|k| table.get(k)) {
        Some(&v) => v,
        None => (1.0 - alpha).powi(k),
    }
}

/// The positions of the bits set in `mask`, ascending.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// α-DCG at each cutoff of `cutoffs` of a ranked list given by each rank's intentwise levels
/// (`None`: unjudged).
fn alpha_dcg<'a>(
    ranked: impl ExactSizeIterator<Item = Option<&'a [(usize, u32)]>>,
    table: &[f64],
    alpha: f64,
    cutoffs: &[usize],
) -> Vec<f64> {
    let mut counts = [0i32; super::MAX_INTENTS];
    let mut dcg = Vec::with_capacity(ranked.len() + 1);
    dcg.push(0.0);
    let mut sum = 0.0;
    for (k, levels) in ranked.enumerate() {
        if let Some(levels) = levels {
            let mut g = 0.0;
            for &(i, level) in levels {
                if level > 0 {
                    g += discount(table, alpha, counts[i]);
                    counts[i] += 1;
                }
            }
            sum += g / ((k + 2) as f64).log2();
        }
        dcg.push(sum);
    }
    cutoffs.iter().map(|&l| dcg[l.min(dcg.len() - 1)]).collect()
}

/// The documents relevant to one set of intents (a bit mask): `(position in id order, levels)`
/// in id order, and how many of them the greedy ideal has placed.
type Group<'t> = (u64, Vec<(usize, &'t [(usize, u32)])>, usize);

/// The greedy ideal ranking of the relevant documents, up to `depth` documents: at each rank
/// the document with the largest `G` given the documents already placed (ties: first by id).
/// Returns each placed document's intentwise levels.
///
/// A document's `G` depends only on the set of intents it is relevant to, so the documents are
/// grouped by that set (a bit mask; at most 64 intents), each group in document-id order, and
/// each step compares one candidate per group: the same choice as comparing every document.
/// Documents are compared by their position in id order (the same order as comparing ids).
fn greedy_ideal<'t>(
    topic: &'t DiversityTopic,
    table: &[f64],
    alpha: f64,
    depth: usize,
) -> Vec<&'t [(usize, u32)]> {
    // Per intent set: its documents as (position in id order, levels), in id order, and the
    // number already placed.
    let mut groups: Vec<Group<'t>> = Vec::new();
    let mut group_of: BTreeMap<u64, usize> = BTreeMap::new();
    for (pos, (_, levels)) in topic.relevant_docs_sorted().into_iter().enumerate() {
        let mask = levels
            .iter()
            .filter(|&&(_, l)| l > 0)
            .fold(0u64, |m, &(i, _)| m | (1u64 << i));
        let g = *group_of.entry(mask).or_insert_with(|| {
            groups.push((mask, Vec::new(), 0));
            groups.len() - 1
        });
        groups[g].1.push((pos, levels));
    }
    let mut counts = [0i32; super::MAX_INTENTS];
    // (1 − α)^{c_i} for each intent, updated when c_i changes.
    let mut weight = [1.0f64; super::MAX_INTENTS];
    // Each group's G, recomputed (same sum, same order) only when one of its intents' weights
    // changes.
    let group_gain = |mask: u64, weight: &[f64; super::MAX_INTENTS]| -> f64 {
        bits(mask).map(|i| weight[i]).sum()
    };
    let mut gains: Vec<f64> = groups.iter().map(|g| group_gain(g.0, &weight)).collect();
    let mut ideal = Vec::new();
    while ideal.len() < depth {
        // (gain, position of the candidate, group).
        let mut best: Option<(f64, usize, usize)> = None;
        for (g, ((_, docs, placed), &gain)) in groups.iter().zip(&gains).enumerate() {
            let Some(&(front, _)) = docs.get(*placed) else {
                continue;
            };
            let better = match best {
                None => true,
                Some((b, d, _)) => gain > b || (gain == b && front < d),
            };
            if better {
                best = Some((gain, front, g));
            }
        }
        let Some((_, _, g)) = best else { break };
        let (mask, docs, placed) = &mut groups[g];
        let levels = docs[*placed].1;
        *placed += 1;
        let chosen = *mask;
        for i in bits(chosen) {
            counts[i] += 1;
            weight[i] = discount(table, alpha, counts[i]);
        }
        for (g, gain) in groups.iter().zip(gains.iter_mut()) {
            if g.0 & chosen != 0 {
                *gain = group_gain(g.0, &weight);
            }
        }
        ideal.push(levels);
    }
    ideal
}

/// α-nDCG@l for each cutoff (0 where the ideal α-DCG is 0), for a ranked list looked up in
/// `topic`.
pub(crate) fn alpha_ndcg(
    topic: &DiversityTopic,
    ranked: &[Option<&JudgedDoc>],
    alpha: f64,
    cutoffs: &[usize],
) -> Vec<f64> {
    let depth = cutoffs.iter().copied().max().unwrap_or(0);
    // An intent's count reaches at most its number of relevant documents (more only if a run
    // repeats a document; `discount` computes those).
    let most = (0..topic.intents().len())
        .filter_map(|i| topic.intent_ideal(i).map(|t| t.jrel()))
        .max()
        .unwrap_or(0);
    let table = discounts(alpha, most);
    let ideal = greedy_ideal(topic, &table, alpha, depth);
    let system = alpha_dcg(
        ranked.iter().map(|j| j.map(|j| j.levels.as_slice())),
        &table,
        alpha,
        cutoffs,
    );
    let best = alpha_dcg(ideal.iter().map(|&l| Some(l)), &table, alpha, cutoffs);
    system
        .iter()
        .zip(&best)
        .map(|(s, b)| if *b > 0.0 { s / b } else { 0.0 })
        .collect()
}
