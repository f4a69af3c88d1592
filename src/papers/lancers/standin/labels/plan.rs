//! Steps 1 and 2 of the label stand-in: the pool size of every topic, and the plan of which
//! topics and pairs must be significant and which topics carry each pair's extremes.

use super::STREAM;
use super::params::{LabelParams, PoolSizeParams};
use crate::papers::standin_error::SimError;
use evia_engine::rng::{below, shuffle};

/// Step 1: pool sizes summing to the number of documents.
pub(super) fn pool_sizes(params: &LabelParams, seed: u64) -> Result<Vec<u32>, SimError> {
    let mut rng = STREAM.stream(seed, "pool-sizes");
    let PoolSizeParams { min, max } = params.pool_size;
    let span = (max - min) as usize + 1;
    let mut sizes: Vec<u32> = (0..params.topics)
        .map(|_| {
            let a = below(&mut rng, span) + below(&mut rng, span);
            min + (a / 2) as u32
        })
        .collect();
    let target = params.documents;
    loop {
        let sum: u64 = sizes.iter().map(|&s| u64::from(s)).sum();
        if sum == target {
            return Ok(sizes);
        }
        let t = below(&mut rng, sizes.len());
        if sum < target && sizes[t] < max {
            sizes[t] += 1;
        } else if sum > target && sizes[t] > min {
            sizes[t] -= 1;
        }
    }
}

/// Step 2: which (topic, pair) must be significant, and where the extremes sit.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    /// `significant[t][p]`: whether topic `t`'s kappa for pair `p` must be significantly positive.
    pub(super) significant: Vec<[bool; 3]>,
    pub(super) min_topic: [usize; 3],
    pub(super) max_topic: [usize; 3],
}

impl Plan {
    pub(super) fn draw(params: &LabelParams, seed: u64) -> Result<Self, SimError> {
        let mut rng = STREAM.stream(seed, "plan");
        let targets = &params.targets;
        let mut order: Vec<usize> = (0..params.topics).collect();
        shuffle(&mut rng, &mut order);
        let (high, low) = order.split_at(targets.high_agreement);
        let mut significant = vec![[true; 3]; params.topics];
        // Every low topic first gets one non-significant pair, the pairs with most such topics first.
        let mut by_count = [0usize, 1, 2];
        by_count.sort_by_key(|&p| std::cmp::Reverse(targets.not_significant[p]));
        let mut assigned = [0usize; 3];
        let mut next = 0;
        for &p in &by_count {
            while assigned[p] < targets.not_significant[p] && next < low.len() {
                significant[low[next]][p] = false;
                assigned[p] += 1;
                next += 1;
            }
        }
        // Then each pair's remaining non-significant topics, drawn among the low topics.
        for p in 0..3 {
            let mut candidates: Vec<usize> =
                low.iter().copied().filter(|&t| significant[t][p]).collect();
            shuffle(&mut rng, &mut candidates);
            for &t in candidates
                .iter()
                .take(targets.not_significant[p] - assigned[p])
            {
                significant[t][p] = false;
            }
        }
        let mut min_topic = [0; 3];
        let mut max_topic = [0; 3];
        for p in 0..3 {
            let not_significant: Vec<usize> = low
                .iter()
                .copied()
                .filter(|&t| !significant[t][p])
                .collect();
            min_topic[p] = not_significant[below(&mut rng, not_significant.len())];
            max_topic[p] = high[p % high.len()];
        }
        let plan = Plan {
            significant,
            min_topic,
            max_topic,
        };
        // The construction meets the counts whenever `validate` passed; checked all the same.
        for p in 0..3 {
            let n = plan.significant.iter().filter(|s| !s[p]).count();
            if n != targets.not_significant[p] {
                return Err(SimError::Infeasible(format!(
                    "plan has {n} non-significant topics for pair {p}, wanted {}",
                    targets.not_significant[p]
                )));
            }
        }
        Ok(plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::papers::lancers::standin::labels::params::shipped_params;

    /// Step 1: sizes stay in their bounds and sum to the number of documents, for several seeds.
    #[test]
    fn pool_sizes_sum_to_the_documents_within_bounds() {
        let params = shipped_params();
        for seed in 0..20 {
            let sizes = pool_sizes(&params, seed).unwrap();
            assert_eq!(sizes.len(), params.topics);
            assert_eq!(
                sizes.iter().map(|&s| u64::from(s)).sum::<u64>(),
                params.documents
            );
            assert!(
                sizes
                    .iter()
                    .all(|s| (params.pool_size.min..=params.pool_size.max).contains(s))
            );
        }
    }

    /// Step 2: every low-agreement topic has a non-significant pair, each pair has exactly its
    /// number, high-agreement topics have none, and the extremes sit on topics of the right status.
    #[test]
    fn plan_meets_the_counts_for_every_seed() {
        let params = shipped_params();
        let g = &params.targets;
        for seed in 0..20 {
            let plan = Plan::draw(&params, seed).unwrap();
            let high = plan
                .significant
                .iter()
                .filter(|s| s.iter().all(|&x| x))
                .count();
            assert_eq!(high, g.high_agreement);
            for p in 0..3 {
                let n = plan.significant.iter().filter(|s| !s[p]).count();
                assert_eq!(n, g.not_significant[p]);
                assert!(!plan.significant[plan.min_topic[p]][p]);
                assert!(plan.significant[plan.max_topic[p]].iter().all(|&x| x));
            }
        }
    }
}
