//! How unanimity-aware gains change a pool of multi-assessor items: the spread `D_i`, the upgrade
//! `UG_i − RawG_i`, the within-topic order of items and the ideal lists (paper A, §3–§6), and the
//! paper's rating simulation to compare them with.
//!
//! Definitions (gains as in [`crate::gain`]):
//!
//! - `RawG_i = Σ ratings`, `D_i = max − min` (paper A §2.3), `UG_i = RawG_i + p·N·(Dmax − D_i)` if
//!   `RawG_i > 0`, else 0 (Eq. 2). An item is *relevant* when `RawG_i > 0`, the condition under which
//!   Eq. 2 upgrades it and under which NTCIREVAL puts it in the ideal list.
//! - The upgrade `UG_i − RawG_i` takes the values `p·N·k`, `k = 0, …, Dmax`: `k = Dmax − D_i` for a
//!   relevant item, `k = 0` for an item with `RawG_i = 0`.
//! - Order changes within a topic (paper A §5 asks whether UG changes conclusions; with no runs,
//!   the item order is what can be measured): over all unordered pairs `{i, j}` of the topic's items,
//!   a pair is *flipped* when `(RawG_i − RawG_j)·(UG_i − UG_j) < 0`, a RawG *tie broken* when
//!   `RawG_i = RawG_j` but `UG_i ≠ UG_j`, and a *tie made* when `RawG_i ≠ RawG_j` but `UG_i = UG_j`.
//! - Ideal lists (the gains sorted in decreasing order over the relevant items, as NTCIREVAL builds
//!   them): the *top-k set* of a gain is, tie-inclusively, every relevant item whose gain is at least
//!   the k-th largest relevant gain (all relevant items when there are fewer than k). For each topic
//!   the top-k sets under RawG and UG are compared: whether they differ, and their Jaccard overlap
//!   `|A ∩ B| / |A ∪ B|` (1 when both are empty).
//! - The paper's simulation (§4): an item judged L0 gets `N` zeros; an L1 or L2 item gets `N`
//!   ratings drawn independently and uniformly from `{0, …, Dmax}`. [`RatingModel::Categorical`]
//!   draws them independently from given label frequencies instead (the same independence, other
//!   marginals), to tell the effect of correlated assessors from that of skewed label use.

use rand_core::RngCore;

use crate::gain::{GainError, GainSetting, item_gains};
use crate::rng::below;

/// Within-topic order changes between RawG and UG, counted over unordered item pairs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OrderChanges {
    /// Unordered pairs of items of the same topic.
    pub pairs: u64,
    /// Pairs tied under RawG.
    pub raw_ties: u64,
    /// Pairs tied under RawG and not under UG.
    pub ties_broken: u64,
    /// Pairs not tied under RawG and tied under UG.
    pub ties_made: u64,
    /// Pairs ordered one way by RawG and the other way by UG.
    pub flipped: u64,
}

impl OrderChanges {
    fn add(&mut self, other: OrderChanges) {
        self.pairs += other.pairs;
        self.raw_ties += other.raw_ties;
        self.ties_broken += other.ties_broken;
        self.ties_made += other.ties_made;
        self.flipped += other.flipped;
    }
}

/// Order changes over every pair of one topic's items; `raw[i]` and `ug[i]` are item `i`'s gains.
///
/// # Panics
/// If the slices differ in length.
pub fn order_changes(raw: &[f64], ug: &[f64]) -> OrderChanges {
    assert_eq!(raw.len(), ug.len(), "one UG per RawG");
    let mut c = OrderChanges::default();
    for i in 0..raw.len() {
        for j in i + 1..raw.len() {
            let dr = raw[i] - raw[j];
            let du = ug[i] - ug[j];
            c.pairs += 1;
            if dr == 0.0 {
                c.raw_ties += 1;
                if du != 0.0 {
                    c.ties_broken += 1;
                }
            } else if du == 0.0 {
                c.ties_made += 1;
            } else if (dr > 0.0) != (du > 0.0) {
                c.flipped += 1;
            }
        }
    }
    c
}

/// The tie-inclusive top-k set of relevant items (gain > 0) under `gains`, as sorted item indices.
pub fn top_k_set(gains: &[f64], k: usize) -> Vec<usize> {
    let mut relevant: Vec<f64> = gains.iter().copied().filter(|&g| g > 0.0).collect();
    if relevant.is_empty() || k == 0 {
        return Vec::new();
    }
    relevant.sort_by(|a, b| b.total_cmp(a));
    let threshold = relevant[k.min(relevant.len()) - 1];
    (0..gains.len())
        .filter(|&i| gains[i] > 0.0 && gains[i] >= threshold)
        .collect()
}

/// How one topic's tie-inclusive top-k set changes from RawG to UG.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IdealChange {
    /// The two sets differ.
    pub changed: bool,
    /// `|A ∩ B| / |A ∪ B|` of the two sets (1 when both are empty).
    pub jaccard: f64,
}

/// Compares the top-k sets of one topic under `raw` and `ug`.
pub fn ideal_change(raw: &[f64], ug: &[f64], k: usize) -> IdealChange {
    let a = top_k_set(raw, k);
    let b = top_k_set(ug, k);
    let common = a.iter().filter(|i| b.binary_search(i).is_ok()).count();
    let union = a.len() + b.len() - common;
    IdealChange {
        changed: a != b,
        jaccard: if union == 0 {
            1.0
        } else {
            common as f64 / union as f64
        },
    }
}

/// The top-k comparison summed over topics.
#[derive(Debug, Clone, PartialEq)]
pub struct IdealSummary {
    pub k: usize,
    /// Topics whose top-k set changes.
    pub changed_topics: u64,
    /// Sum over topics of the Jaccard overlap.
    pub jaccard_sum: f64,
}

/// Everything measured on one pool of rated items grouped into topics.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolStatistics {
    pub items: u64,
    /// Items with `RawG_i > 0`.
    pub relevant: u64,
    /// `label_counts[r]`: ratings equal to `r`, over all items (`r = 0..=Dmax`).
    pub label_counts: Vec<u64>,
    /// `spread_all[d]`: items with `D_i = d`.
    pub spread_all: Vec<u64>,
    /// `spread_relevant[d]`: relevant items with `D_i = d`.
    pub spread_relevant: Vec<u64>,
    /// `upgrade[k]`: items with `UG_i − RawG_i = p·N·k` (relevant items at `k = Dmax − D_i`, the
    /// others at `k = 0`).
    pub upgrade: Vec<u64>,
    /// `Σ (UG_i − RawG_i)` over all items (only relevant items contribute).
    pub upgrade_sum: f64,
    /// `p·N` of the pool when every item has the same number of ratings `N`, the upgrade of one
    /// unit of unanimity; `None` when items have different numbers of ratings.
    pub upgrade_unit: Option<f64>,
    pub topics: u64,
    /// Order changes summed over topics.
    pub order: OrderChanges,
    /// Topics with at least one flipped pair.
    pub topics_with_flip: u64,
    /// Flipped pairs of each topic, in topic order.
    pub flipped_per_topic: Vec<u64>,
    /// One entry per requested cutoff, in the order given.
    pub ideal: Vec<IdealSummary>,
}

/// Measures a pool: `topics[t]` holds the ratings of topic `t`'s items. Every rating must lie in
/// `0..=setting.dmax` and every item needs at least one rating (else the [`GainError`] of
/// [`item_gains`]).
pub fn pool_statistics(
    topics: &[Vec<Vec<u32>>],
    setting: GainSetting,
    cutoffs: &[usize],
) -> Result<PoolStatistics, GainError> {
    let levels = setting.dmax as usize + 1;
    let mut s = PoolStatistics {
        items: 0,
        relevant: 0,
        label_counts: vec![0; levels],
        spread_all: vec![0; levels],
        spread_relevant: vec![0; levels],
        upgrade: vec![0; levels],
        upgrade_sum: 0.0,
        upgrade_unit: None,
        topics: topics.len() as u64,
        order: OrderChanges::default(),
        topics_with_flip: 0,
        flipped_per_topic: Vec::with_capacity(topics.len()),
        ideal: cutoffs
            .iter()
            .map(|&k| IdealSummary {
                k,
                changed_topics: 0,
                jaccard_sum: 0.0,
            })
            .collect(),
    };
    let mut sizes = std::collections::BTreeSet::new();
    for items in topics {
        let mut raw = Vec::with_capacity(items.len());
        let mut ug = Vec::with_capacity(items.len());
        for ratings in items {
            let g = item_gains(ratings, setting)?;
            sizes.insert(ratings.len());
            s.items += 1;
            for &r in ratings {
                s.label_counts[r as usize] += 1;
            }
            let d = g.spread as usize;
            s.spread_all[d] += 1;
            if g.raw > 0 {
                s.relevant += 1;
                s.spread_relevant[d] += 1;
                s.upgrade[setting.dmax as usize - d] += 1;
            } else {
                s.upgrade[0] += 1;
            }
            s.upgrade_sum += g.unanimity_aware - f64::from(g.raw);
            raw.push(f64::from(g.raw));
            ug.push(g.unanimity_aware);
        }
        let order = order_changes(&raw, &ug);
        s.order.add(order);
        s.flipped_per_topic.push(order.flipped);
        if order.flipped > 0 {
            s.topics_with_flip += 1;
        }
        for summary in &mut s.ideal {
            let change = ideal_change(&raw, &ug, summary.k);
            summary.changed_topics += u64::from(change.changed);
            summary.jaccard_sum += change.jaccard;
        }
    }
    if let (1, Some(&n)) = (sizes.len(), sizes.first()) {
        s.upgrade_unit = Some(setting.p * n as f64);
    }
    Ok(s)
}

/// How the simulation draws the ratings of a relevant (L1 or L2) item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingModel {
    /// Independently and uniformly from `{0, …, dmax}` (paper A §4).
    Uniform { dmax: u32 },
    /// Independently with probability `counts[r] / Σ counts` for rating `r`: drawn exactly, as an
    /// unbiased integer below `Σ counts` located among the cumulative counts.
    Categorical { counts: Vec<u64> },
}

/// Why a rating model cannot draw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    #[error("a categorical rating model needs at least one positive count")]
    EmptyCategorical,
}

impl RatingModel {
    /// Checks that the model can draw.
    pub fn validate(&self) -> Result<(), ModelError> {
        match self {
            RatingModel::Categorical { counts } if counts.iter().sum::<u64>() == 0 => {
                Err(ModelError::EmptyCategorical)
            }
            _ => Ok(()),
        }
    }

    /// One rating.
    ///
    /// # Panics
    /// If a categorical model has no positive count (see [`RatingModel::validate`]).
    pub fn draw<R: RngCore + ?Sized>(&self, rng: &mut R) -> u32 {
        match self {
            RatingModel::Uniform { dmax } => below(rng, *dmax as usize + 1) as u32,
            RatingModel::Categorical { counts } => {
                let total: u64 = counts.iter().sum();
                let mut x = below(rng, total as usize) as u64;
                for (r, &c) in counts.iter().enumerate() {
                    if x < c {
                        return r as u32;
                    }
                    x -= c;
                }
                unreachable!("x < total = Σ counts")
            }
        }
    }
}

/// The paper's simulated ratings of one item (§4): `n` zeros if it is judged L0 (`relevant` false),
/// otherwise `n` independent draws from `model`.
pub fn simulate_item<R: RngCore + ?Sized>(
    rng: &mut R,
    model: &RatingModel,
    n: usize,
    relevant: bool,
) -> Vec<u32> {
    if relevant {
        (0..n).map(|_| model.draw(rng)).collect()
    } else {
        vec![0; n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream;

    const SETTING: GainSetting = GainSetting { dmax: 2, p: 0.2 };

    /// Hand-worked example with N = 3, Dmax = 2, p = 0.2 (so p·N = 0.6):
    /// a = (1,1,1): RawG 3, D 0, UG 4.2; b = (2,2,0): RawG 4, D 2, UG 4;
    /// c = (0,2,2): RawG 4, D 2, UG 4; d = (0,0,0): RawG 0, UG 0.
    /// Pairs: {a,b} flipped (3 < 4 but 4.2 > 4); {a,c} flipped; {b,c} tied under both;
    /// {a,d}, {b,d}, {c,d} keep their order.
    #[test]
    fn counts_flips_and_ties_of_a_worked_example() {
        let topic = vec![vec![1, 1, 1], vec![2, 2, 0], vec![0, 2, 2], vec![0, 0, 0]];
        let s = pool_statistics(&[topic], GainSetting { dmax: 2, p: 0.2 }, &[1, 2]).unwrap();
        assert_eq!(s.order.pairs, 6);
        assert_eq!(s.order.flipped, 2);
        assert_eq!(s.order.raw_ties, 1);
        assert_eq!(s.order.ties_broken, 0);
        assert_eq!(s.relevant, 3);
        assert_eq!(s.spread_all, vec![2, 0, 2]);
        assert_eq!(s.spread_relevant, vec![1, 0, 2]);
        // Upgrade 0 for b, c (D = Dmax) and d (RawG = 0); 2·0.6 = 1.2 for a.
        assert_eq!(s.upgrade, vec![3, 0, 1]);
        assert!((s.upgrade_sum - 1.2).abs() < 1e-12);
        assert!((s.upgrade_unit.unwrap() - 0.6).abs() < 1e-12);
        assert_eq!(s.label_counts, vec![5, 3, 4]);
        // Top-1: {b, c} under RawG (4, 4), {a} under UG (4.2): changed, Jaccard 0.
        assert_eq!(s.ideal[0].changed_topics, 1);
        assert_eq!(s.ideal[0].jaccard_sum, 0.0);
        // Top-2: {b, c} under RawG; UG 4.2, 4, 4 has 2nd largest 4, so {a, b, c}: Jaccard 2/3.
        assert!((s.ideal[1].jaccard_sum - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(s.topics_with_flip, 1);
    }

    #[test]
    fn tie_breaking_and_tie_making() {
        // N = 10, p·N = 2: (RawG 5, D 0) vs (RawG 5, D 2): tie broken (9 vs 5).
        let c = order_changes(&[5.0, 5.0], &[9.0, 5.0]);
        assert_eq!((c.raw_ties, c.ties_broken, c.flipped), (1, 1, 0));
        // RawG 5 vs 9 with upgrades 4 and 0: UG 9 vs 9, a tie made.
        let c = order_changes(&[5.0, 9.0], &[9.0, 9.0]);
        assert_eq!((c.ties_made, c.flipped), (1, 0));
    }

    #[test]
    fn top_k_sets_are_tie_inclusive_and_skip_irrelevant_items() {
        assert_eq!(top_k_set(&[3.0, 5.0, 5.0, 0.0, 1.0], 1), vec![1, 2]);
        assert_eq!(top_k_set(&[3.0, 5.0, 5.0, 0.0, 1.0], 3), vec![0, 1, 2]);
        assert_eq!(top_k_set(&[3.0, 0.0], 10), vec![0]);
        assert!(top_k_set(&[0.0, 0.0], 10).is_empty());
        let same = ideal_change(&[0.0], &[0.0], 1);
        assert!(!same.changed && same.jaccard == 1.0);
    }

    /// Paper A §4: L0 items get N zeros; relevant items get ratings on the scale, each value with
    /// probability 1/(Dmax + 1) (checked within 5 standard errors on 30,000 draws).
    #[test]
    fn uniform_simulation_follows_the_paper() {
        let mut rng = stream(1, "test", "uniform");
        let model = RatingModel::Uniform { dmax: 2 };
        assert_eq!(simulate_item(&mut rng, &model, 10, false), vec![0; 10]);
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            for r in simulate_item(&mut rng, &model, 10, true) {
                counts[r as usize] += 1;
            }
        }
        let se = (30000.0_f64 * (1.0 / 3.0) * (2.0 / 3.0)).sqrt();
        for c in counts {
            assert!((f64::from(c) - 10000.0).abs() < 5.0 * se, "{counts:?}");
        }
    }

    #[test]
    fn categorical_simulation_follows_its_counts() {
        let mut rng = stream(1, "test", "categorical");
        let model = RatingModel::Categorical {
            counts: vec![6, 0, 4],
        };
        assert!(model.validate().is_ok());
        let draws: Vec<u32> = (0..20000).map(|_| model.draw(&mut rng)).collect();
        assert!(!draws.contains(&1));
        let twos = draws.iter().filter(|&&r| r == 2).count() as f64;
        let se = (20000.0_f64 * 0.4 * 0.6).sqrt();
        assert!((twos - 8000.0).abs() < 5.0 * se, "{twos}");
        assert_eq!(
            RatingModel::Categorical { counts: vec![0, 0] }.validate(),
            Err(ModelError::EmptyCategorical)
        );
    }

    #[test]
    fn rejects_ratings_off_the_scale() {
        assert_eq!(
            pool_statistics(&[vec![vec![3, 0]]], SETTING, &[1]),
            Err(GainError::AboveDmax { rating: 3, dmax: 2 })
        );
    }
}
