//! The seeded stand-in for paper B's three-assessor labels: 50 topics whose pooled documents carry the
//! labels of lancer1, lancer2 and the student (0/1/2). It is a **stand-in**, not the NTCIR-13 WWW
//! collection: document ids are synthetic placeholders and per-topic labels are invented so that the
//! published aggregates hold.
//!
//! What holds, and how:
//! - **Exactly**: the joint label table over all documents (see [`super::joint`]), hence the three
//!   pairwise confusion matrices of Table 1 and all five rows of Table 2; the number of documents;
//!   per pair, the number of topics whose per-topic linear weighted kappa is not significantly
//!   positive (Table 1: 8, 15, 19); the number of topics significantly positive for all three pairs
//!   (§3: 27).
//! - **Within a tolerance** (`targets.tolerance` of the knob file): the mean, minimum and maximum
//!   per-topic kappa of each pair (Table 1).
//!
//! # Steps (all seeded through [`evia_engine::rng::stream`] of scope [`STREAM`], see [`crate::model::stream_scope`])
//!
//! 1. **Pool sizes** (unit `pool-sizes`): each topic's size is the mean of two uniform integers on
//!    `[pool_size.min, pool_size.max]` (a discrete triangular distribution), then sizes are nudged by
//!    ±1 on uniformly chosen topics, within the bounds, until they sum to the number of documents.
//! 2. **Plan** (unit `plan`): which topics are low-agreement (`topics − high_agreement` of them, chosen
//!    by a Fisher–Yates shuffle), which pairs are not significant in each low topic (every low topic
//!    gets at least one; per pair exactly `not_significant[p]`), and which topic carries each pair's
//!    printed minimum (a topic not significant for that pair) and maximum (a high-agreement topic, a
//!    different one per pair where possible).
//! 3. **Initial allocation** (unit `allocation`): the documents of the joint table, in cell order, are
//!    shuffled and cut into consecutive pools of the drawn sizes.
//! 4. **Swap search** (unit `search`): a proposal exchanges a uniformly chosen document of topic `t1`
//!    with one of topic `t2 ≠ t1` (so sizes and the joint table never change). `t1` is, with
//!    probability ½, a topic that currently misses a target, otherwise any topic. The proposal is
//!    accepted when it strictly lowers the loss
//!
//!    ```text
//!    loss = Σ_topics Σ_pairs [ w_status · hinge_status² + w_extreme · extreme² ]
//!         + w_mean · Σ_pairs (mean_p − target_mean_p)²
//!    hinge_status = max(0, margin − ci_lo)   for a pair that must be significantly positive
//!                 = max(0, ci_lo + margin)   for a pair that must not be
//!    extreme      = κ − min_p (or κ − max_p) on the topic carrying the minimum (maximum);
//!                   elsewhere max(0, min_p + margin − κ) + max(0, κ − max_p + margin)
//!    ```
//!
//!    with each kappa and its CI computed as in `tests/fixtures/statistics.md` §1.1 (linear weights,
//!    Cohen's simple SE). The search stops as soon as every target holds. Being greedy, it can stall
//!    in a local minimum (about 1 seed in 14 with the shipped knobs); after `search.max_proposals`
//!    proposals the attempt is abandoned and steps 3–4 restart from a fresh allocation (units
//!    `allocation/retry-k` and `search/retry-k`), up to `search.attempts` times; running out of
//!    attempts is an error.
//! 5. **Documents** (unit `order/<topic id>`): each topic's label triples are shuffled; the k-th gets
//!    the id `clueweb12-standin-<topic id>-<k>` (synthetic; ClueWeb12 is the WWW task's corpus).
//!
//! The result is verified with the engine's own kappa ([`super::topic_agreement`]) before it is
//! returned.

use rand_core::RngCore;
use serde::Deserialize;

use super::joint::{ALL3_LEVELS, JointTable};
use super::{Judgement, LabelledTopic, PAIRS};
use crate::model::StreamScope;
use crate::papers::standin_error::SimError;
use evia_engine::agreement::{StandardError, Z_975};
use evia_engine::rng::{below, shuffle};

/// The artefact name of the stand-in's random streams: shared by every paper-B artefact, so they all
/// see the same collection for a seed.
/// The scope of every draw of the stand-in labels.
pub const STREAM: StreamScope<'static> = StreamScope::Shared("sim.www.labels");

/// The `labels:` section of `data/lancers/www-standin.yaml` (every value is explained there).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelParams {
    /// Number of topics (50).
    pub topics: usize,
    /// Topic ids are `topic_id_prefix` followed by `first_topic`, `first_topic + topic_step`, …,
    /// zero-padded to `topic_id_width` (`sim-01`, `sim-02`, …: ids that no real topic has).
    #[serde(default)]
    pub topic_id_prefix: String,
    pub first_topic: u32,
    pub topic_step: u32,
    pub topic_id_width: usize,
    /// Number of pooled documents over all topics (11,214); must equal the joint table's total.
    pub documents: u64,
    /// The all3 level counts L0..L6 the joint table is fitted to (paper B, Table 2).
    pub all3_levels: [u64; ALL3_LEVELS],
    pub pool_size: PoolSizeParams,
    pub targets: PerTopicTargets,
    pub search: SearchParams,
}

/// Bounds of a topic's pool size.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoolSizeParams {
    pub min: u32,
    pub max: u32,
}

/// The per-topic agreement statistics of paper B, Table 1 and §3, per pair in the order of
/// [`super::PAIRS`].
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerTopicTargets {
    /// Topics whose per-topic kappa is not significantly positive.
    pub not_significant: [usize; 3],
    /// Topics significantly positive for all three pairs.
    pub high_agreement: usize,
    pub mean: [f64; 3],
    pub min: [f64; 3],
    pub max: [f64; 3],
    /// Largest accepted |stand-in − target| for the mean, minimum and maximum.
    pub tolerance: f64,
}

/// Knobs of the swap search (step 4 of the module documentation).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    /// Distance kept from 0 by a CI's lower limit, and from the extremes by other topics' kappas.
    pub margin: f64,
    pub status_weight: f64,
    pub extreme_weight: f64,
    pub mean_weight: f64,
    /// Proposals before an attempt gives up.
    pub max_proposals: u64,
    /// Attempts (each from a fresh initial allocation) before the search gives up.
    pub attempts: u32,
    /// Proposals between two checks of the targets.
    pub check_every: u64,
}

/// Generates the stand-in's labelled topics from the fitted joint table (module documentation).
pub fn standin_topics(
    params: &LabelParams,
    joint: &JointTable,
    seed: u64,
) -> Result<Vec<LabelledTopic>, SimError> {
    validate(params, joint)?;
    let sizes = pool_sizes(params, seed)?;
    let plan = Plan::draw(params, seed)?;
    let mut failure = None;
    for attempt in 0..params.search.attempts {
        let unit = |name: &str| {
            if attempt == 0 {
                name.to_string()
            } else {
                format!("{name}/retry-{attempt}")
            }
        };
        let counts = initial_allocation(joint, &sizes, seed, &unit("allocation"));
        let mut search = Search::new(params, &plan, counts);
        match search.run(seed, &unit("search")) {
            Ok(()) => {
                let topics = documents(params, &search.counts, seed);
                verify(params, &topics)?;
                return Ok(topics);
            }
            Err(e) => failure = Some(e),
        }
    }
    Err(failure
        .unwrap_or_else(|| invalid("labels.search.attempts", "at least one attempt is needed")))
}

/// The topic id of the `index`-th topic (`sim-01`, `sim-02`, … with the shipped knobs).
pub fn topic_id(params: &LabelParams, index: usize) -> String {
    let number = u64::from(params.first_topic) + index as u64 * u64::from(params.topic_step);
    format!(
        "{}{number:0width$}",
        params.topic_id_prefix,
        width = params.topic_id_width
    )
}

fn invalid(name: &str, message: impl Into<String>) -> SimError {
    SimError::InvalidParameter {
        name: name.to_string(),
        message: message.into(),
    }
}

/// The most topics of the label stand-in.
pub const MAX_TOPICS: usize = 1_000;
/// The most pooled documents of the label stand-in (paper B: 11,214).
pub const MAX_DOCUMENTS: u64 = 100_000;
/// The widest zero-padded topic id.
pub const MAX_TOPIC_ID_WIDTH: usize = 32;
/// The most swap proposals over all attempts (max_proposals × attempts; the shipped knobs: 4 million).
pub const MAX_PROPOSALS: u64 = 50_000_000;
/// The most per-topic checks over all attempts (topics × checks per attempt × attempts).
pub const MAX_TOPIC_CHECKS: u64 = 100_000_000;

/// Checks the sizes and loop counts of `params` against the bounds above, so that generation
/// neither allocates without limit nor loops for minutes.
pub fn validate_bounds(params: &LabelParams) -> Result<(), SimError> {
    let t = params.topics;
    if t > MAX_TOPICS {
        return Err(invalid(
            "labels.topics",
            format!("{t} topics; at most {MAX_TOPICS} are supported"),
        ));
    }
    if params.documents > MAX_DOCUMENTS {
        return Err(invalid(
            "labels.documents",
            format!(
                "{} documents; at most {MAX_DOCUMENTS} are supported",
                params.documents
            ),
        ));
    }
    if params.topic_id_width > MAX_TOPIC_ID_WIDTH {
        return Err(invalid(
            "labels.topic_id_width",
            format!("{}; at most {MAX_TOPIC_ID_WIDTH}", params.topic_id_width),
        ));
    }
    let prefix = &params.topic_id_prefix;
    if prefix.chars().count() > MAX_TOPIC_ID_WIDTH || prefix.chars().any(char::is_whitespace) {
        return Err(invalid(
            "labels.topic_id_prefix",
            format!(
                "`{prefix}`; a prefix has at most {MAX_TOPIC_ID_WIDTH} characters and no whitespace"
            ),
        ));
    }
    let s = &params.search;
    let proposals = s
        .max_proposals
        .saturating_add(1)
        .saturating_mul(u64::from(s.attempts));
    if proposals > MAX_PROPOSALS {
        return Err(invalid(
            "labels.search",
            format!(
                "max_proposals × attempts = {proposals}; at most {MAX_PROPOSALS} are supported"
            ),
        ));
    }
    if s.check_every == 0 {
        return Err(invalid("labels.search.check_every", "must be at least 1"));
    }
    // t ≤ MAX_TOPICS and proposals ≤ MAX_PROPOSALS: no overflow.
    let checks = (proposals / s.check_every + u64::from(s.attempts)) * t as u64;
    if checks > MAX_TOPIC_CHECKS {
        return Err(invalid(
            "labels.search.check_every",
            format!(
                "{checks} per-topic checks (topics × max_proposals / check_every × attempts); at most {MAX_TOPIC_CHECKS} are supported"
            ),
        ));
    }
    Ok(())
}

fn validate(params: &LabelParams, joint: &JointTable) -> Result<(), SimError> {
    validate_bounds(params)?;
    let t = params.topics;
    if t < 2 {
        return Err(invalid("labels.topics", "at least 2 topics are needed"));
    }
    // Topic ids are `first_topic + index × topic_step`: distinct numbers, so distinct ids, unless
    // the step is 0. Document ids are `clueweb12-standin-<topic id>-<k>`, distinct with them.
    if params.topic_step == 0 {
        return Err(invalid(
            "labels.topic_step",
            format!(
                "0 gives all {t} topics the id {}; generated topic (and document) ids must be unique, so the step must be at least 1",
                topic_id(params, 0)
            ),
        ));
    }
    if joint.total() != params.documents {
        return Err(invalid(
            "labels.documents",
            format!(
                "{} documents, but the joint table counts {}",
                params.documents,
                joint.total()
            ),
        ));
    }
    let PoolSizeParams { min, max } = params.pool_size;
    if min == 0 || min > max {
        return Err(invalid(
            "labels.pool_size",
            format!("need 0 < min <= max, got min {min}, max {max}"),
        ));
    }
    if (t as u64) * u64::from(min) > params.documents
        || (t as u64) * u64::from(max) < params.documents
    {
        return Err(invalid(
            "labels.pool_size",
            format!(
                "{t} topics with pools of {min}..={max} documents cannot hold {} documents",
                params.documents
            ),
        ));
    }
    let g = &params.targets;
    let low = t.checked_sub(g.high_agreement).ok_or_else(|| {
        invalid(
            "labels.targets.high_agreement",
            format!("{} exceeds the {t} topics", g.high_agreement),
        )
    })?;
    // Each count is at most `low` once the first test passes; saturate so a huge count cannot overflow.
    let incidences = g
        .not_significant
        .iter()
        .fold(0usize, |sum, &n| sum.saturating_add(n));
    if g.not_significant.iter().any(|&n| n > low) || incidences < low {
        return Err(invalid(
            "labels.targets.not_significant",
            format!(
                "{:?} cannot be spread over {low} low-agreement topics (each pair at most {low}, at least one per topic)",
                g.not_significant
            ),
        ));
    }
    for p in 0..3 {
        if g.not_significant[p] == 0 || g.high_agreement == 0 {
            return Err(invalid(
                "labels.targets",
                "the minimum needs a non-significant topic and the maximum a high-agreement one for every pair",
            ));
        }
        if !(g.min[p] <= g.mean[p] && g.mean[p] <= g.max[p]) {
            return Err(invalid(
                "labels.targets",
                format!(
                    "pair {p}: need min <= mean <= max, got {} / {} / {}",
                    g.min[p], g.mean[p], g.max[p]
                ),
            ));
        }
    }
    let s = &params.search;
    if !(g.tolerance > 0.0 && s.margin >= 0.0 && s.check_every > 0) {
        return Err(invalid(
            "labels.search",
            "need tolerance > 0, margin >= 0 and check_every > 0",
        ));
    }
    Ok(())
}

/// Step 1: pool sizes summing to the number of documents.
fn pool_sizes(params: &LabelParams, seed: u64) -> Result<Vec<u32>, SimError> {
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
struct Plan {
    /// `significant[t][p]`: whether topic `t`'s kappa for pair `p` must be significantly positive.
    significant: Vec<[bool; 3]>,
    min_topic: [usize; 3],
    max_topic: [usize; 3],
}

impl Plan {
    fn draw(params: &LabelParams, seed: u64) -> Result<Self, SimError> {
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

/// The 27 label triples in cell order (lancer1's label varying slowest).
fn cell_labels(cell: usize) -> [u8; 3] {
    [(cell / 9) as u8, ((cell / 3) % 3) as u8, (cell % 3) as u8]
}

/// Step 3: the documents of the joint table shuffled and cut into pools of `sizes`.
fn initial_allocation(joint: &JointTable, sizes: &[u32], seed: u64, unit: &str) -> Vec<[u32; 27]> {
    let mut rng = STREAM.stream(seed, unit);
    let mut docs: Vec<u8> = Vec::with_capacity(joint.total() as usize);
    for cell in 0..27 {
        let n = joint.count(cell_labels(cell));
        docs.extend(std::iter::repeat_n(cell as u8, n as usize));
    }
    shuffle(&mut rng, &mut docs);
    let mut counts = vec![[0u32; 27]; sizes.len()];
    let mut start = 0;
    for (t, &size) in sizes.iter().enumerate() {
        for &cell in &docs[start..start + size as usize] {
            counts[t][usize::from(cell)] += 1;
        }
        start += size as usize;
    }
    counts
}

/// Linear weighted kappa and the lower limit of its 95% CI with Cohen's simple SE, straight from a
/// topic's 27 cell counts (`tests/fixtures/statistics.md` §1.1; the same formula as
/// [`evia_engine::agreement::kappa`], written out for the search's inner loop and checked against
/// it by a test). `None` when the kappa is undefined (expected agreement 1).
fn fast_kappa(counts: &[u32; 27], pair: usize) -> Option<(f64, f64)> {
    let (first, second) = PAIRS[pair];
    let mut m = [[0u32; 3]; 3];
    for (cell, &n) in counts.iter().enumerate() {
        let labels = cell_labels(cell);
        m[usize::from(labels[first])][usize::from(labels[second])] += n;
    }
    let total: u32 = m.iter().flatten().sum();
    if total == 0 {
        return None;
    }
    let n = f64::from(total);
    let rows: [f64; 3] = std::array::from_fn(|i| f64::from(m[i].iter().sum::<u32>()) / n);
    let cols: [f64; 3] = std::array::from_fn(|j| f64::from(m[0][j] + m[1][j] + m[2][j]) / n);
    let w = |i: usize, j: usize| 1.0 - i.abs_diff(j) as f64 / 2.0;
    let (mut observed, mut expected, mut second_moment) = (0.0, 0.0, 0.0);
    for i in 0..3 {
        for j in 0..3 {
            let p = f64::from(m[i][j]) / n;
            observed += w(i, j) * p;
            second_moment += w(i, j) * w(i, j) * p;
            expected += w(i, j) * rows[i] * cols[j];
        }
    }
    if (1.0 - expected).abs() < f64::EPSILON {
        return None;
    }
    let kappa = (observed - expected) / (1.0 - expected);
    let variance = (second_moment - observed * observed) / (n * (1.0 - expected).powi(2));
    Some((kappa, kappa - Z_975 * variance.max(0.0).sqrt()))
}

/// A loss so large that no search state with an undefined kappa is ever preferred.
const UNDEFINED_KAPPA_LOSS: f64 = 1e6;

/// Step 4: the swap search.
struct Search<'a> {
    params: &'a LabelParams,
    plan: &'a Plan,
    counts: Vec<[u32; 27]>,
    sizes: Vec<u32>,
    /// Per topic and pair: (kappa, CI lower limit), or `None` when undefined.
    kappas: Vec<[Option<(f64, f64)>; 3]>,
    topic_loss: Vec<f64>,
    /// Per pair: the sum of the defined per-topic kappas.
    kappa_sums: [f64; 3],
}

impl<'a> Search<'a> {
    fn new(params: &'a LabelParams, plan: &'a Plan, counts: Vec<[u32; 27]>) -> Self {
        let sizes = counts.iter().map(|c| c.iter().sum()).collect();
        let kappas: Vec<_> = counts
            .iter()
            .map(|c| std::array::from_fn(|p| fast_kappa(c, p)))
            .collect();
        let topic_loss = (0..counts.len())
            .map(|t| Self::loss_of(params, plan, t, &kappas[t]))
            .collect();
        let kappa_sums =
            std::array::from_fn(|p| kappas.iter().filter_map(|k| k[p].map(|k| k.0)).sum());
        Search {
            params,
            plan,
            counts,
            sizes,
            kappas,
            topic_loss,
            kappa_sums,
        }
    }

    /// Topic `t`'s share of the loss (module documentation, step 4).
    fn loss_of(
        params: &LabelParams,
        plan: &Plan,
        t: usize,
        kappas: &[Option<(f64, f64)>; 3],
    ) -> f64 {
        let g = &params.targets;
        let s = &params.search;
        let mut loss = 0.0;
        for (p, &k) in kappas.iter().enumerate() {
            let Some((kappa, lo)) = k else {
                return UNDEFINED_KAPPA_LOSS;
            };
            let status = if plan.significant[t][p] {
                (s.margin - lo).max(0.0)
            } else {
                (lo + s.margin).max(0.0)
            };
            let low = if plan.min_topic[p] == t {
                kappa - g.min[p]
            } else {
                (g.min[p] + s.margin - kappa).max(0.0)
            };
            let high = if plan.max_topic[p] == t {
                kappa - g.max[p]
            } else {
                (kappa - g.max[p] + s.margin).max(0.0)
            };
            loss +=
                s.status_weight * status * status + s.extreme_weight * (low * low + high * high);
        }
        loss
    }

    fn mean_loss(&self, sums: &[f64; 3]) -> f64 {
        let t = self.counts.len() as f64;
        (0..3)
            .map(|p| (sums[p] / t - self.params.targets.mean[p]).powi(2))
            .sum::<f64>()
            * self.params.search.mean_weight
    }

    /// Whether topic `t` meets its own targets (status, extremes) exactly as `verify` will check them.
    fn topic_ok(&self, t: usize) -> bool {
        let g = &self.params.targets;
        (0..3).all(|p| {
            let Some((kappa, lo)) = self.kappas[t][p] else {
                return false;
            };
            let status = (lo > 0.0) == self.plan.significant[t][p];
            let low = if self.plan.min_topic[p] == t {
                (kappa - g.min[p]).abs() <= g.tolerance
            } else {
                kappa > g.min[p]
            };
            let high = if self.plan.max_topic[p] == t {
                (kappa - g.max[p]).abs() <= g.tolerance
            } else {
                kappa < g.max[p]
            };
            status && low && high
        })
    }

    fn means_ok(&self) -> bool {
        let t = self.counts.len() as f64;
        (0..3).all(|p| {
            (self.kappa_sums[p] / t - self.params.targets.mean[p]).abs()
                <= self.params.targets.tolerance
        })
    }

    /// A uniformly chosen document of topic `t`, as its cell.
    fn pick_cell<R: RngCore>(&self, rng: &mut R, t: usize) -> usize {
        let mut r = below(rng, self.sizes[t] as usize) as u32;
        for (cell, &n) in self.counts[t].iter().enumerate() {
            if r < n {
                return cell;
            }
            r -= n;
        }
        26
    }

    fn run(&mut self, seed: u64, unit: &str) -> Result<(), SimError> {
        let mut rng = STREAM.stream(seed, unit);
        let topics = self.counts.len();
        let s = self.params.search.clone();
        let mut failing: Vec<usize> = Vec::new();
        for proposal in 0..=s.max_proposals {
            if proposal % s.check_every == 0 {
                failing = (0..topics).filter(|&t| !self.topic_ok(t)).collect();
                if failing.is_empty() && self.means_ok() {
                    return Ok(());
                }
            }
            let t1 = if !failing.is_empty() && rng.next_u32() & 1 == 0 {
                failing[below(&mut rng, failing.len())]
            } else {
                below(&mut rng, topics)
            };
            let mut t2 = below(&mut rng, topics - 1);
            if t2 >= t1 {
                t2 += 1;
            }
            let (c1, c2) = (self.pick_cell(&mut rng, t1), self.pick_cell(&mut rng, t2));
            if c1 == c2 {
                continue;
            }
            let mut a = self.counts[t1];
            let mut b = self.counts[t2];
            a[c1] -= 1;
            a[c2] += 1;
            b[c2] -= 1;
            b[c1] += 1;
            let ka: [Option<(f64, f64)>; 3] = std::array::from_fn(|p| fast_kappa(&a, p));
            let kb: [Option<(f64, f64)>; 3] = std::array::from_fn(|p| fast_kappa(&b, p));
            let la = Self::loss_of(self.params, self.plan, t1, &ka);
            let lb = Self::loss_of(self.params, self.plan, t2, &kb);
            let value = |k: &Option<(f64, f64)>| k.map_or(0.0, |k| k.0);
            let sums: [f64; 3] = std::array::from_fn(|p| {
                self.kappa_sums[p] - value(&self.kappas[t1][p]) - value(&self.kappas[t2][p])
                    + value(&ka[p])
                    + value(&kb[p])
            });
            let before =
                self.topic_loss[t1] + self.topic_loss[t2] + self.mean_loss(&self.kappa_sums);
            let after = la + lb + self.mean_loss(&sums);
            if after < before {
                self.counts[t1] = a;
                self.counts[t2] = b;
                self.kappas[t1] = ka;
                self.kappas[t2] = kb;
                self.topic_loss[t1] = la;
                self.topic_loss[t2] = lb;
                self.kappa_sums = sums;
            }
        }
        let failing: Vec<usize> = (0..topics).filter(|&t| !self.topic_ok(t)).collect();
        let means: Vec<f64> = self.kappa_sums.iter().map(|s| s / topics as f64).collect();
        Err(SimError::NotConverged(format!(
            "per-topic kappa targets not met after {} proposals: {} topic(s) miss their status or extreme targets, means {means:?} (targets {:?})",
            s.max_proposals,
            failing.len(),
            self.params.targets.mean
        )))
    }
}

/// Step 5: labelled documents with synthetic ids, in a seeded order per topic.
fn documents(params: &LabelParams, counts: &[[u32; 27]], seed: u64) -> Vec<LabelledTopic> {
    counts
        .iter()
        .enumerate()
        .map(|(t, c)| {
            let id = topic_id(params, t);
            let mut labels: Vec<[u8; 3]> = Vec::new();
            for (cell, &n) in c.iter().enumerate() {
                labels.extend(std::iter::repeat_n(cell_labels(cell), n as usize));
            }
            let mut rng = STREAM.stream(seed, &format!("order/{id}"));
            shuffle(&mut rng, &mut labels);
            let docs = labels
                .into_iter()
                .enumerate()
                .map(|(k, labels)| Judgement {
                    doc: format!("clueweb12-standin-{id}-{:04}", k + 1),
                    labels: labels.to_vec(),
                })
                .collect();
            LabelledTopic { id, docs }
        })
        .collect()
}

/// Per-pair summary of per-topic kappas: mean, minimum, maximum and the number of topics whose kappa
/// is not significantly positive (paper B, Table 1), plus the number of high-agreement topics (§3).
/// Each vector has one entry per assessor pair, in the order of the kappas summarised.
#[derive(Debug, Clone, PartialEq)]
pub struct PerTopicSummary {
    pub mean: Vec<f64>,
    pub min: Vec<f64>,
    pub max: Vec<f64>,
    pub not_significant: Vec<usize>,
    pub high_agreement: usize,
}

/// Summarises per-topic kappas (one kappa per assessor pair and topic, as from
/// [`super::topic_agreement`]; every topic has the same pairs).
pub fn summarise(per_topic: &[Vec<evia_engine::agreement::Kappa>]) -> PerTopicSummary {
    let n = per_topic.len() as f64;
    let pairs = per_topic.first().map_or(0, Vec::len);
    let column = |p: usize| per_topic.iter().map(move |k| k[p].kappa);
    PerTopicSummary {
        mean: (0..pairs).map(|p| column(p).sum::<f64>() / n).collect(),
        min: (0..pairs)
            .map(|p| column(p).fold(f64::INFINITY, f64::min))
            .collect(),
        max: (0..pairs)
            .map(|p| column(p).fold(f64::NEG_INFINITY, f64::max))
            .collect(),
        not_significant: (0..pairs)
            .map(|p| {
                per_topic
                    .iter()
                    .filter(|k| !k[p].significantly_positive())
                    .count()
            })
            .collect(),
        high_agreement: per_topic
            .iter()
            .filter(|k| {
                k.iter()
                    .all(evia_engine::agreement::Kappa::significantly_positive)
            })
            .count(),
    }
}

/// Checks the generated topics against every target with the engine's kappa.
fn verify(params: &LabelParams, topics: &[LabelledTopic]) -> Result<(), SimError> {
    let per_topic = topics
        .iter()
        .map(|t| {
            super::topic_agreement(
                t,
                &super::AssessorSet::paper_b(),
                StandardError::CohenSimple,
            )
            .map_err(|e| SimError::Infeasible(format!("topic {}: {e}", t.id)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let summary = summarise(&per_topic);
    let g = &params.targets;
    let close = |a: &[f64], b: &[f64; 3]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= g.tolerance)
    };
    if summary.not_significant[..] != g.not_significant[..]
        || summary.high_agreement != g.high_agreement
        || !close(&summary.mean, &g.mean)
        || !close(&summary.min, &g.min)
        || !close(&summary.max, &g.max)
    {
        return Err(SimError::NotConverged(format!(
            "generated topics miss the per-topic targets: {summary:?}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use evia_engine::agreement::{ConfusionMatrix, linear_weighted_kappa};
    use evia_engine::rng::stream;

    fn shipped_params() -> LabelParams {
        #[derive(Deserialize)]
        struct File {
            labels: LabelParams,
        }
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/lancers/www-standin.yaml");
        crate::io::read_yaml::<File>(&path).unwrap().labels
    }

    /// Sizes and loop counts that would allocate without limit or search for minutes are rejected
    /// with their bound.
    #[test]
    fn knobs_whose_cost_would_explode_are_rejected() {
        type Change = fn(&mut LabelParams);
        let cases: [(&str, Change); 5] = [
            ("at most 1000", |p| p.topics = 1_000_000_000),
            ("at most 100000", |p| p.documents = u64::MAX),
            ("at most 32", |p| p.topic_id_width = usize::MAX),
            ("max_proposals × attempts", |p| {
                p.search.max_proposals = u64::MAX
            }),
            ("per-topic checks", |p| p.search.check_every = 1),
        ];
        for (expected, change) in cases {
            let mut p = shipped_params();
            change(&mut p);
            let err = validate_bounds(&p).unwrap_err().to_string();
            assert!(err.contains(expected), "{expected}: {err}");
        }
        validate_bounds(&shipped_params()).unwrap();
    }

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

    /// Targets that cannot be met are refused up front, naming the parameter.
    #[test]
    fn impossible_targets_are_rejected() {
        let name_of = |params: &LabelParams| {
            let mut counts = [[[0; 3]; 3]; 3];
            counts[0][0][0] = params.documents;
            match validate(params, &JointTable::from_counts(counts)) {
                Err(SimError::InvalidParameter { name, .. }) => name,
                other => panic!("expected an invalid parameter, got {other:?}"),
            }
        };
        let mut params = shipped_params();
        params.targets.not_significant[2] = params.topics - params.targets.high_agreement + 1;
        assert_eq!(name_of(&params), "labels.targets.not_significant");
        let mut params = shipped_params();
        params.pool_size = PoolSizeParams { min: 300, max: 390 };
        assert_eq!(name_of(&params), "labels.pool_size");
        let mut params = shipped_params();
        params.documents += 1;
        let mut counts = [[[0; 3]; 3]; 3];
        counts[0][0][0] = params.documents - 1;
        assert!(validate(&params, &JointTable::from_counts(counts)).is_err());
    }

    /// The search's inline kappa equals the engine's (`tests/fixtures/statistics.md` §1.1) on varied
    /// tables.
    #[test]
    fn fast_kappa_matches_the_engine() {
        let mut rng = stream(7, "test", "fast-kappa");
        for _ in 0..200 {
            let counts: [u32; 27] = std::array::from_fn(|_| below(&mut rng, 20) as u32);
            for (p, &(first, second)) in PAIRS.iter().enumerate() {
                let mut rows = vec![vec![0u64; 3]; 3];
                for (cell, &n) in counts.iter().enumerate() {
                    let l = cell_labels(cell);
                    rows[usize::from(l[first])][usize::from(l[second])] += u64::from(n);
                }
                let m = ConfusionMatrix::from_rows(&rows).unwrap();
                let engine = linear_weighted_kappa(&m, StandardError::CohenSimple).unwrap();
                let (kappa, lo) = fast_kappa(&counts, p).unwrap();
                assert!((kappa - engine.kappa).abs() < 1e-12);
                assert!((lo - engine.ci_lo).abs() < 1e-12);
            }
        }
    }
}
