//! System runs over paper B's pools: the seeded stand-in runs, and the [`Run`] type a user's real runs
//! are read into.
//!
//! # The stand-in runs (class `simulated`)
//!
//! Paper B evaluates the 13 runs that three teams submitted to the NTCIR-13 WWW English subtask, pooled
//! to depth 30 (§2, §3). Neither the runs nor their names are printed, so the stand-in generates 13 runs
//! of placeholder names (`data/lancers/www-runs.yaml`), each a ranked list of exactly `depth` pooled
//! documents per topic. The generator works backwards from a topic's pool (the stand-in labels fix the
//! pool first): every run ranks the pool's documents, and the top-`depth` lists are built so that their
//! union is exactly the pool, as a depth-`depth` pool of the runs would be.
//!
//! Scoring model, per topic t (every draw from `STREAM.stream(seed, unit)`, see [`crate::model::stream_scope`]):
//!
//! ```text
//! mean label        m_d  = Σ_a w_a·l_a,d / (2 Σ_a w_a)                  ∈ [0, 1]
//! latent relevance  λ_d  = m_d^γ + σ_t · ε_d,  ε_d ~ N(0, 1)                       (unit latent/<t>)
//! latent noise      σ_t  = latent_noise.base + latent_noise.per_disagreement · (1 − clamp(κ̄_t, 0, 1))
//! effectiveness     e_jt = q_j + team_topic_sd · u_{team(j),t} + run_topic_sd · z_jt   (units team/<team>/<t>, run/<j>/<t>)
//! score             s_jd = e_jt · λ_d + doc_noise_sd · η_jd,       u, z, η ~ N(0, 1)      (unit run/<j>/<t>)
//! ```
//!
//! κ̄_t is the topic's mean per-topic linear weighted kappa over the three assessor pairs (its label
//! reliability, supplied by the caller); w_a are per-assessor weights (lancer1, lancer2, student);
//! γ is the grade exponent ([`GradeExponent`]): how much more a highly relevant document stands out to
//! the systems than a marginal one (γ = 1 linear; γ > 1 convex, a marginal document with m = ½ sitting
//! at 2^−γ of a fully relevant one's λ).
//! The reading behind λ and σ_t: the assessors' weighted mean label estimates the relevance that
//! retrieval systems actually track, a more reliable assessor weighing more (paper B §3: the lancers
//! agree with each other more than with the student), and the less the assessors agree on a topic, the
//! worse that estimate (classical test theory: agreement estimates reliability). Runs that track the
//! latent relevance with more weight (larger q_j) are better runs; the per-topic effects make their
//! differences vary from topic to topic, which is what the randomised Tukey HSD weighs.
//!
//! # Pool cover (by construction)
//!
//! 1. Run j ranks the pool by score (descending; ties by document index) and takes its top `depth`.
//! 2. While some pooled document u is in no run's top `depth`: among the runs whose top `depth` holds a
//!    *redundant* document (one also in another run's top `depth`), the run that scores u best (by its
//!    rank of u; ties by run order) drops its lowest-scored redundant document and takes u.
//! 3. Each run's list is its top-`depth` set sorted by its own score.
//!
//! Step 2 keeps every covered document covered and covers one more each time; a redundant document
//! exists whenever fewer than `runs · depth` documents are covered (pigeonhole), so the loop ends with
//! the union equal to the pool whenever the pool has between `depth` and `runs · depth` documents
//! (checked up front). A taken document scores below all of the run's original top `depth`, so it enters
//! at the bottom of the list: the top ranks the measures see (cutoff 10) change only when a run gives up
//! more than `depth − 10` documents.

use serde::Deserialize;

use super::LabelledTopic;
use super::grade_exponent::GradeExponent;
use evia_engine::rng;

use crate::model::StreamScope;

/// The stream name of every draw of the stand-in runs.
/// The scope of every draw of the stand-in runs.
pub(crate) const STREAM: StreamScope<'static> = StreamScope::Shared("sim.www.runs");

pub(crate) use crate::papers::lancers::collection::Run;

/// Knobs of the stand-in runs (`runs:` in `data/lancers/www-runs.yaml`, where each value's reason is
/// given).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RunParams {
    /// Pool depth: the number of documents each run contributes per topic (paper B §2: depth-30 pools).
    pub(crate) depth: usize,
    /// The teams and their runs, in the order runs are listed.
    pub(crate) teams: Vec<TeamParams>,
    /// σ of the team-wide per-topic effect u (shared by a team's runs on a topic).
    pub(crate) team_topic_sd: f64,
    /// σ of the run's own per-topic effect z.
    pub(crate) run_topic_sd: f64,
    /// σ of the per-document scoring noise η.
    pub(crate) doc_noise_sd: f64,
    /// How far the latent relevance strays from the assessors' mean label.
    pub(crate) latent_noise: LatentNoise,
    /// Weights w_a of the assessors' labels in the latent relevance, in the order of `ASSESSORS`.
    pub(crate) assessor_weights: [f64; 3],
    /// The grade exponent γ of the latent relevance λ_d = m_d^γ + σ_t·ε_d (range checked when read).
    pub(crate) grade_exponent: GradeExponent,
}

/// σ_t = `base` + `per_disagreement` · (1 − κ̄_t).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LatentNoise {
    pub(crate) base: f64,
    pub(crate) per_disagreement: f64,
}

/// A team and its runs.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TeamParams {
    pub(crate) name: String,
    pub(crate) runs: Vec<RunSpec>,
}

/// One run: its (placeholder) name and its quality q_j, the weight it gives the latent relevance.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RunSpec {
    pub(crate) name: String,
    pub(crate) quality: f64,
}

/// The longest ranked list a stand-in run may return.
pub(crate) const MAX_DEPTH: usize = 10_000;
/// The most stand-in runs.
pub(crate) const MAX_RUNS: usize = 1_000;
/// The largest magnitude of a real-valued knob (qualities, standard deviations, weights).
pub(crate) const MAX_MAGNITUDE: f64 = 1e6;

impl RunParams {
    /// Every run with its team, in order.
    pub(crate) fn runs(&self) -> impl Iterator<Item = (&TeamParams, &RunSpec)> {
        self.teams
            .iter()
            .flat_map(|team| team.runs.iter().map(move |run| (team, run)))
    }

    /// Checks the knobs: a positive depth, at least two runs with distinct names, finite qualities
    /// and non-negative finite standard deviations.
    ///
    /// Bounds: `depth` at most [`MAX_DEPTH`], at most [`MAX_RUNS`] runs, every real knob of magnitude
    /// at most [`MAX_MAGNITUDE`].
    pub(crate) fn validate(&self) -> Result<(), RunsError> {
        let bad = |what: String| Err(RunsError::BadParams(what));
        if self.depth == 0 || self.depth > MAX_DEPTH {
            return bad(format!(
                "depth is {}; expected 1 to {MAX_DEPTH}",
                self.depth
            ));
        }
        let count = self.runs().count();
        if count > MAX_RUNS {
            return bad(format!("{count} runs; at most {MAX_RUNS} are supported"));
        }
        let names: Vec<&str> = self.runs().map(|(_, r)| r.name.as_str()).collect();
        if names.len() < 2 {
            return bad(format!("at least 2 runs are needed, got {}", names.len()));
        }
        let mut seen = std::collections::HashSet::with_capacity(names.len());
        for name in &names {
            if !seen.insert(*name) {
                return bad(format!("run name `{name}` is used twice"));
            }
        }
        if let Some((_, r)) = self
            .runs()
            .find(|(_, r)| !(r.quality.is_finite() && r.quality.abs() <= MAX_MAGNITUDE))
        {
            return bad(format!(
                "run `{}`: quality must be a finite number of magnitude at most {MAX_MAGNITUDE:e}",
                r.name
            ));
        }
        for (name, v) in [
            ("team_topic_sd", self.team_topic_sd),
            ("run_topic_sd", self.run_topic_sd),
            ("doc_noise_sd", self.doc_noise_sd),
            ("latent_noise.base", self.latent_noise.base),
            (
                "latent_noise.per_disagreement",
                self.latent_noise.per_disagreement,
            ),
        ] {
            if !(v.is_finite() && (0.0..=MAX_MAGNITUDE).contains(&v)) {
                return bad(format!(
                    "{name} = {v} must be finite, >= 0 and at most {MAX_MAGNITUDE:e}"
                ));
            }
        }
        if self
            .assessor_weights
            .iter()
            .any(|w| !(w.is_finite() && (0.0..=MAX_MAGNITUDE).contains(w)))
            || self.assessor_weights.iter().sum::<f64>() <= 0.0
        {
            return bad(format!(
                "assessor_weights {:?} must be finite, >= 0 and not all 0",
                self.assessor_weights
            ));
        }
        Ok(())
    }
}

/// Why the stand-in runs cannot be generated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum RunsError {
    #[error("bad run parameters: {0}")]
    BadParams(String),
    #[error(
        "topic {topic}: its pool has {pool} documents, but {runs} runs pooled to depth {depth} give between {depth} and {max} documents"
    )]
    PoolSize {
        topic: String,
        pool: usize,
        runs: usize,
        depth: usize,
        max: usize,
    },
    #[error("{reliability} reliability values for {topics} topics")]
    ReliabilityLength { reliability: usize, topics: usize },
}

/// Generates the stand-in runs over `topics` (see the module documentation for the model).
/// `reliability[t]` is topic t's mean per-topic kappa κ̄_t.
pub(crate) fn standin_runs(
    topics: &[LabelledTopic],
    reliability: &[f64],
    params: &RunParams,
    seed: u64,
) -> Result<Vec<Run>, RunsError> {
    params.validate()?;
    if reliability.len() != topics.len() {
        return Err(RunsError::ReliabilityLength {
            reliability: reliability.len(),
            topics: topics.len(),
        });
    }
    let specs: Vec<(&TeamParams, &RunSpec)> = params.runs().collect();
    let m = specs.len();
    let max = m * params.depth;
    let mut runs: Vec<Run> = specs
        .iter()
        .map(|(team, spec)| Run {
            name: spec.name.clone(),
            team: Some(team.name.clone()),
            lists: Vec::with_capacity(topics.len()),
        })
        .collect();
    for (topic, &kappa) in topics.iter().zip(reliability) {
        let pool = topic.docs.len();
        if pool < params.depth || pool > max {
            return Err(RunsError::PoolSize {
                topic: topic.id.clone(),
                pool,
                runs: m,
                depth: params.depth,
                max,
            });
        }
        let scores = topic_scores(topic, kappa, params, &specs, seed);
        let sets = cover_pool(&scores, params.depth);
        for (run, set) in runs.iter_mut().zip(sets) {
            run.lists
                .push(set.iter().map(|&d| topic.docs[d].doc.clone()).collect());
        }
    }
    Ok(runs)
}

/// `scores[j][d]`: run j's score of topic document d (the model of the module documentation).
fn topic_scores(
    topic: &LabelledTopic,
    kappa: f64,
    params: &RunParams,
    specs: &[(&TeamParams, &RunSpec)],
    seed: u64,
) -> Vec<Vec<f64>> {
    let sigma = params.latent_noise.base
        + params.latent_noise.per_disagreement * (1.0 - kappa.clamp(0.0, 1.0));
    let w = params.assessor_weights;
    let scale = 2.0 * w.iter().sum::<f64>();
    let mut latent_rng = STREAM.stream(seed, &format!("latent/{}", topic.id));
    let latent: Vec<f64> = topic
        .docs
        .iter()
        .map(|j| {
            let mean = w
                .iter()
                .zip(&j.labels)
                .map(|(w, &l)| w * f64::from(l))
                .sum::<f64>()
                / scale;
            params.grade_exponent.bend(mean) + sigma * rng::standard_normal(&mut latent_rng)
        })
        .collect();
    specs
        .iter()
        .map(|(team, spec)| {
            let mut team_rng = STREAM.stream(seed, &format!("team/{}/{}", team.name, topic.id));
            let mut run_rng = STREAM.stream(seed, &format!("run/{}/{}", spec.name, topic.id));
            let effectiveness = spec.quality
                + params.team_topic_sd * rng::standard_normal(&mut team_rng)
                + params.run_topic_sd * rng::standard_normal(&mut run_rng);
            latent
                .iter()
                .map(|&l| {
                    effectiveness * l + params.doc_noise_sd * rng::standard_normal(&mut run_rng)
                })
                .collect()
        })
        .collect()
}

/// The top-`depth` sets of every run, covering every document (steps 1–3 of the module
/// documentation), each sorted by its run's score. `scores[j][d]`; every run scores the same
/// documents, whose number must lie in `depth..=runs·depth`.
pub(crate) fn cover_pool(scores: &[Vec<f64>], depth: usize) -> Vec<Vec<usize>> {
    let docs = scores.first().map_or(0, Vec::len);
    // rank[j][d]: d's position in run j's order (0 = best).
    let orders: Vec<Vec<usize>> = scores
        .iter()
        .map(|s| {
            let mut order: Vec<usize> = (0..docs).collect();
            order.sort_by(|&a, &b| s[b].total_cmp(&s[a]).then(a.cmp(&b)));
            order
        })
        .collect();
    let mut rank = vec![vec![0usize; docs]; scores.len()];
    for (j, order) in orders.iter().enumerate() {
        for (r, &d) in order.iter().enumerate() {
            rank[j][d] = r;
        }
    }
    let mut members: Vec<Vec<bool>> = vec![vec![false; docs]; scores.len()];
    let mut cover = vec![0usize; docs];
    for (j, order) in orders.iter().enumerate() {
        for &d in order.iter().take(depth) {
            members[j][d] = true;
            cover[d] += 1;
        }
    }
    // Uncovered documents, best average rank first, so the documents runs like most are placed first.
    let mut uncovered: Vec<usize> = (0..docs).filter(|&d| cover[d] == 0).collect();
    uncovered.sort_by_key(|&d| (rank.iter().map(|r| r[d]).sum::<usize>(), d));
    for u in uncovered {
        // The run that ranks u best among those holding a redundant document.
        let mut best: Option<(usize, usize, usize)> = None; // (rank of u, run, doc to drop)
        for j in 0..scores.len() {
            let drop = orders[j][..docs]
                .iter()
                .rev()
                .find(|&&d| members[j][d] && cover[d] > 1);
            if let Some(&drop) = drop {
                let key = (rank[j][u], j, drop);
                if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                    best = Some(key);
                }
            }
        }
        // A redundant document always exists while fewer than runs·depth documents are covered.
        if let Some((_, j, drop)) = best {
            members[j][drop] = false;
            cover[drop] -= 1;
            members[j][u] = true;
            cover[u] += 1;
        }
    }
    orders
        .iter()
        .zip(&members)
        .map(|(order, m)| order.iter().copied().filter(|&d| m[d]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::papers::lancers::standin::Judgement;
    use std::collections::BTreeSet;

    fn params(depth: usize, runs: usize) -> RunParams {
        RunParams {
            depth,
            teams: vec![TeamParams {
                name: "T".into(),
                runs: (0..runs)
                    .map(|i| RunSpec {
                        name: format!("T-{i}"),
                        quality: 1.0 + i as f64 * 0.1,
                    })
                    .collect(),
            }],
            team_topic_sd: 0.2,
            run_topic_sd: 0.2,
            doc_noise_sd: 0.3,
            latent_noise: LatentNoise {
                base: 0.1,
                per_disagreement: 0.3,
            },
            assessor_weights: [1.0, 1.0, 1.0],
            grade_exponent: GradeExponent::LINEAR,
        }
    }

    /// A seeded topic of `n` documents with random labels.
    fn topic(id: &str, n: usize, seed: u64) -> LabelledTopic {
        let mut r = rng::stream(seed, "test", id);
        LabelledTopic {
            id: id.into(),
            docs: (0..n)
                .map(|k| Judgement {
                    doc: format!("{id}-{k}"),
                    labels: (0..3).map(|_| rng::below(&mut r, 3) as u8).collect(),
                })
                .collect(),
        }
    }

    /// The pool-cover property of the module documentation: every run lists exactly `depth` distinct
    /// pooled documents and the union of the lists is the pool, for pool sizes across the whole
    /// feasible range (depth ..= runs·depth), including both ends.
    #[test]
    fn top_depth_union_is_exactly_the_pool() {
        let p = params(30, 13);
        let sizes = [30, 31, 45, 100, 224, 300, 389, 390];
        let topics: Vec<LabelledTopic> = sizes
            .iter()
            .enumerate()
            .map(|(i, &n)| topic(&format!("{i:04}"), n, 7))
            .collect();
        let reliability = vec![0.3; topics.len()];
        let runs = standin_runs(&topics, &reliability, &p, 42).unwrap();
        assert_eq!(runs.len(), 13);
        for (t, topic) in topics.iter().enumerate() {
            let pool: BTreeSet<&str> = topic.docs.iter().map(|j| j.doc.as_str()).collect();
            let mut union = BTreeSet::new();
            for run in &runs {
                let list = &run.lists[t];
                assert_eq!(list.len(), 30, "topic {}", topic.id);
                let distinct: BTreeSet<&str> = list.iter().map(String::as_str).collect();
                assert_eq!(distinct.len(), 30);
                assert!(distinct.is_subset(&pool));
                union.extend(distinct);
            }
            assert_eq!(union, pool, "topic {} (pool {})", topic.id, pool.len());
        }
    }

    #[test]
    fn rejects_pools_the_runs_cannot_produce() {
        let p = params(30, 13);
        for n in [29, 391] {
            let err = standin_runs(&[topic("0001", n, 1)], &[0.3], &p, 1).unwrap_err();
            assert!(
                matches!(err, RunsError::PoolSize { pool, .. } if pool == n),
                "{err}"
            );
        }
        let mut dup = params(30, 2);
        dup.teams[0].runs[1].name = "T-0".into();
        assert!(matches!(dup.validate(), Err(RunsError::BadParams(_))));
        // Sizes are bounded before anything is allocated.
        let mut deep = dup.clone();
        deep.depth = 1_000_000_000;
        assert!(
            deep.validate()
                .unwrap_err()
                .to_string()
                .contains("expected 1 to 10000")
        );
        assert!(matches!(
            standin_runs(&[topic("0001", 40, 1)], &[], &params(30, 2), 1),
            Err(RunsError::ReliabilityLength { .. })
        ));
    }

    /// Same seed, same runs; another seed, other runs.
    #[test]
    fn deterministic_for_a_seed() {
        let p = params(30, 13);
        let topics = vec![topic("0001", 200, 3), topic("0003", 120, 3)];
        let a = standin_runs(&topics, &[0.2, 0.5], &p, 9).unwrap();
        let b = standin_runs(&topics, &[0.2, 0.5], &p, 9).unwrap();
        let c = standin_runs(&topics, &[0.2, 0.5], &p, 10).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    /// Without noise, a run with positive quality ranks documents by their mean label. With a pool of
    /// 40 and two runs of depth 30, the cover moves 10 documents into one run's bottom ranks; the top
    /// 20 of both lists stay in order of relevance and start with the pool's best document.
    #[test]
    fn quality_orders_by_relevance() {
        let mut p = params(30, 2);
        p.team_topic_sd = 0.0;
        p.run_topic_sd = 0.0;
        p.doc_noise_sd = 0.0;
        p.latent_noise = LatentNoise {
            base: 0.0,
            per_disagreement: 0.0,
        };
        let t = topic("0001", 40, 5);
        let runs = standin_runs(std::slice::from_ref(&t), &[1.0], &p, 1).unwrap();
        let sum = |doc: &str| {
            let j = t.docs.iter().find(|j| j.doc == doc).unwrap();
            j.labels.iter().map(|&l| u32::from(l)).sum::<u32>()
        };
        let best = t.docs.iter().map(|j| sum(&j.doc)).max().unwrap();
        for run in &runs {
            let sums: Vec<u32> = run.lists[0].iter().take(20).map(|d| sum(d)).collect();
            assert!(sums.windows(2).all(|w| w[0] >= w[1]), "{sums:?}");
            assert_eq!(sums[0], best);
        }
    }

    /// Cover on tiny cases worked by hand: 3 documents, 2 runs of depth 2.
    #[test]
    fn cover_small_case() {
        let scores = vec![vec![3.0, 2.0, 1.0], vec![1.0, 3.0, 2.0]];
        // Run 0 order: 0,1,2; run 1 order: 1,2,0 → top-2 sets {0,1} and {1,2}: already a cover.
        assert_eq!(cover_pool(&scores, 2), vec![vec![0, 1], vec![1, 2]]);
        let scores = vec![vec![3.0, 2.0, 1.0], vec![2.0, 3.0, 1.5]];
        // Both take {0,1}; 2 uncovered, ranked 3rd by both → the tie goes to run 0, which drops its
        // lowest redundant document (1) and lists 0, 2.
        assert_eq!(cover_pool(&scores, 2), vec![vec![0, 2], vec![1, 0]]);
    }
}
