//! The NTCIR-12 STC Chinese collection as paper A used it (§4), and paper A's rating simulation.
//!
//! [`StcCollection`] (defined in [`crate::papers::unanimity::collection`], re-exported here) is shared by the seeded
//! stand-in ([`generate`]) and by a user's real collection (read by `stc_files`): 100 topics whose
//! judged pools carry the levels L0/L1/L2, and runs of several teams returning ranked lists. Every
//! paper-A experiment on STC works on it and never knows which one it got.
//!
//! # The stand-in (class `simulated`; it is *not* the NTCIR-12 collection)
//!
//! Its knobs live in `data/unanimity/stc-standin.yaml`, each with the reason for its value. With the
//! stream drawn from in this order:
//!
//! 1. Run qualities. Team `k` has a quality `q_k`; its run `best_run` gets `q_k` (and the name `R1`)
//!    and each other run `q_k − δ` with `δ ~ U(within_team_drop.min, within_team_drop.max)` (and
//!    the names `R2`, `R3`, … in draw order), in team order, then run order.
//! 2. For each topic `t` in order: shares `s1 ~ U(l1_share)`, `s2 ~ U(l2_share)`; each of the
//!    `candidates_per_topic` candidates `c` gets the latent level L2 if `u < s2`, L1 if `u < s2 + s1`,
//!    else L0 (`u ~ U(0, 1)`). Then, for each run `j` in order: its skill on the topic
//!    `σ_jt = max(0, q_j + topic_run_sd · z)` and, for each candidate in order,
//!    `score_jtc = σ_jt · level_signal[level_c] + z_c` (`z`, `z_c` standard normal); the run returns
//!    the `depth` candidates of highest score (ties, of probability zero, by candidate index).
//! 3. Pooling as in NTCIR: the judged pool of a topic is the union of every run's list (the depth-10
//!    pool of all runs), in candidate order, with the candidates' levels as judgements. Candidates no run
//!    returned stay unjudged, so the ideal lists contain only pooled items, as with real qrels.
//!
//! # The rating simulation (paper A §4, exactly)
//!
//! For a condition (Dmax, N): every L0 item gets N zeros; every L1 and L2 item gets N integer ratings
//! drawn uniformly from {0, …, Dmax} (`rng::below(Dmax + 1)`), topic by topic, item by item in pool
//! order. `RawG_i` is their sum and `UG_i` follows Eq. 2 with the given `p`
//! ([`evia_engine::gain`]); both come from the same ratings.

use rand_core::RngCore;
use serde::Deserialize;

use evia_engine::gain::{GainSetting, raw_gain, spread, unanimity_aware_gain};
use evia_engine::rng::{below, standard_normal, uniform_f64};

pub(crate) use crate::papers::unanimity::collection::{Retrieved, StcCollection, StcRun, StcTopic};

/// A closed interval of a knob, `min ≤ max`.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Interval {
    pub(crate) min: f64,
    pub(crate) max: f64,
}

impl Interval {
    fn draw<R: RngCore + ?Sized>(&self, rng: &mut R) -> f64 {
        self.min + (self.max - self.min) * uniform_f64(rng)
    }
}

/// One team of the stand-in.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TeamParams {
    /// Team name, a placeholder (no stand-in team is a real one); its runs are `<name>-C-R1`,
    /// `<name>-C-R2`, … (the Chinese-subtask naming of paper A's Table 3), so the team is the run name
    /// before its last `-`.
    pub(crate) name: String,
    /// Number of runs.
    pub(crate) runs: usize,
    /// The position (1-based) in the team's draws of the run that gets the team's quality; the
    /// others are a little worse. That run is named `R1`, the others `R2`, … in draw order.
    pub(crate) best_run: usize,
    /// Quality `q` of the team's best run.
    pub(crate) quality: f64,
}

/// The knobs of the stand-in (`data/unanimity/stc-standin.yaml`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StandinParams {
    pub(crate) topics: usize,
    pub(crate) candidates_per_topic: usize,
    /// Length of every run's ranked list.
    pub(crate) depth: usize,
    pub(crate) l1_share: Interval,
    pub(crate) l2_share: Interval,
    /// How strongly a run's skill pulls items of level L0, L1, L2 up its ranking.
    pub(crate) level_signal: [f64; 3],
    /// Standard deviation of a run's skill from topic to topic.
    pub(crate) topic_run_sd: f64,
    pub(crate) within_team_drop: Interval,
    pub(crate) teams: Vec<TeamParams>,
    /// What the knobs build in (the `builds_in:` declarations; the generator ignores them).
    #[serde(default)]
    pub(crate) builds_in: Vec<crate::model::BuiltInDecl>,
    /// The knobs' plausible ranges (read by [`crate::manifest::plausible`]; the generator ignores
    /// them).
    #[serde(default)]
    pub(crate) plausible: Option<serde::de::IgnoredAny>,
}

/// Knobs that cannot describe a collection.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct StandinError(pub(crate) String);

/// The most topics a stand-in may have.
pub(crate) const MAX_TOPICS: usize = 10_000;
/// The most candidates per topic.
pub(crate) const MAX_CANDIDATES: usize = 100_000;
/// The most runs (over all teams).
pub(crate) const MAX_RUNS: usize = 1_000;
/// The most run scores generation may draw (topics × runs × candidates per topic): the shipped knobs
/// need 660,000; this bound keeps generation within seconds.
pub(crate) const MAX_DRAWS: u64 = 200_000_000;
/// The largest magnitude of a real-valued knob (qualities, signals, spreads).
pub(crate) const MAX_MAGNITUDE: f64 = 1e6;

impl StandinParams {
    /// Checks the sizes against [`MAX_TOPICS`], [`MAX_CANDIDATES`], [`MAX_RUNS`] and [`MAX_DRAWS`]
    /// (before anything is allocated), real knobs against [`MAX_MAGNITUDE`], then: positive counts, shares in [0, 1] with `l1.max + l2.max ≤ 1`, ordered
    /// intervals, finite numbers, `depth ≤ candidates_per_topic`, unique team names, `best_run` within
    /// the team's runs.
    pub(crate) fn validate(&self) -> Result<(), StandinError> {
        self.validate_sizes()?;
        self.validate_knobs()?;
        self.validate_teams()
    }

    /// The size bounds (checked first, before anything else reads the sizes).
    fn validate_sizes(&self) -> Result<(), StandinError> {
        let bad = |m: String| Err(StandinError(m));
        if self.topics > MAX_TOPICS {
            return bad(format!(
                "`topics` is {}; at most {MAX_TOPICS} are supported",
                self.topics
            ));
        }
        if self.candidates_per_topic > MAX_CANDIDATES {
            return bad(format!(
                "`candidates_per_topic` is {}; at most {MAX_CANDIDATES} are supported",
                self.candidates_per_topic
            ));
        }
        let runs = self
            .teams
            .iter()
            .try_fold(0usize, |sum, t| sum.checked_add(t.runs))
            .filter(|&n| n <= MAX_RUNS);
        let Some(runs) = runs else {
            return bad(format!(
                "the teams have more than {MAX_RUNS} runs in total; at most {MAX_RUNS} are supported"
            ));
        };
        // Each factor is bounded above, so the product fits in u64.
        let draws = self.topics as u64 * runs as u64 * self.candidates_per_topic as u64;
        if draws > MAX_DRAWS {
            return bad(format!(
                "topics × runs × candidates_per_topic = {draws} scores to draw; at most {MAX_DRAWS} are supported"
            ));
        }
        Ok(())
    }

    /// The real-valued knobs, counts, depth and shares.
    fn validate_knobs(&self) -> Result<(), StandinError> {
        let bad = |m: String| Err(StandinError(m));
        let reals = [
            self.l1_share.min,
            self.l1_share.max,
            self.l2_share.min,
            self.l2_share.max,
            self.within_team_drop.min,
            self.within_team_drop.max,
            self.topic_run_sd,
        ]
        .into_iter()
        .chain(self.level_signal)
        .chain(self.teams.iter().map(|t| t.quality));
        for v in reals {
            if !v.is_finite() || v.abs() > MAX_MAGNITUDE {
                return bad(format!(
                    "knob value {v} is not a finite number of magnitude at most {MAX_MAGNITUDE:e}"
                ));
            }
        }
        if self.topics < 2 {
            return bad(format!(
                "`topics` is {}; at least 2 are needed",
                self.topics
            ));
        }
        if self.depth == 0 || self.depth > self.candidates_per_topic {
            return bad(format!(
                "`depth` is {}; expected 1 ≤ depth ≤ candidates_per_topic ({})",
                self.depth, self.candidates_per_topic
            ));
        }
        for (name, i) in [
            ("l1_share", self.l1_share),
            ("l2_share", self.l2_share),
            ("within_team_drop", self.within_team_drop),
        ] {
            if !(i.min.is_finite() && i.max.is_finite() && 0.0 <= i.min && i.min <= i.max) {
                return bad(format!(
                    "`{name}` is [{}, {}]; expected finite 0 ≤ min ≤ max",
                    i.min, i.max
                ));
            }
        }
        if self.l1_share.max + self.l2_share.max > 1.0 {
            return bad(format!(
                "`l1_share.max` + `l2_share.max` = {} exceeds 1",
                self.l1_share.max + self.l2_share.max
            ));
        }
        if self.level_signal.iter().any(|v| !v.is_finite()) {
            return bad("`level_signal` must hold three finite numbers".to_string());
        }
        if !(self.topic_run_sd.is_finite() && self.topic_run_sd >= 0.0) {
            return bad(format!(
                "`topic_run_sd` is {}; expected a finite number ≥ 0",
                self.topic_run_sd
            ));
        }
        Ok(())
    }

    /// At least two teams, with unique names without spaces and a best run among their runs.
    fn validate_teams(&self) -> Result<(), StandinError> {
        let bad = |m: String| Err(StandinError(m));
        if self.teams.len() < 2 {
            return bad(format!(
                "{} team(s); at least 2 are needed",
                self.teams.len()
            ));
        }
        let mut names = std::collections::BTreeSet::new();
        for team in &self.teams {
            if team.name.is_empty() || team.name.chars().any(char::is_whitespace) {
                return bad(format!(
                    "team name `{}` must be non-empty without spaces",
                    team.name
                ));
            }
            if !names.insert(team.name.as_str()) {
                return bad(format!("team `{}` is listed twice", team.name));
            }
            if team.runs == 0 || team.best_run == 0 || team.best_run > team.runs {
                return bad(format!(
                    "team `{}`: `best_run` {} must lie in 1..={} (its `runs`)",
                    team.name, team.best_run, team.runs
                ));
            }
            if !team.quality.is_finite() {
                return bad(format!("team `{}`: `quality` must be finite", team.name));
            }
        }
        Ok(())
    }

    /// Total number of runs (saturating: [`StandinParams::validate`] bounds it).
    pub(crate) fn runs(&self) -> usize {
        self.teams
            .iter()
            .fold(0usize, |sum, t| sum.saturating_add(t.runs))
    }
}

/// Generates the stand-in collection from validated `params` (steps 1–3 of the module documentation).
pub(crate) fn generate<R: RngCore + ?Sized>(params: &StandinParams, rng: &mut R) -> StcCollection {
    // 1. Run names, teams and qualities.
    let mut runs: Vec<(String, String, f64)> = Vec::with_capacity(params.runs());
    for team in &params.teams {
        let mut next_name = 2;
        for k in 1..=team.runs {
            let (quality, number) = if k == team.best_run {
                (team.quality, 1)
            } else {
                next_name += 1;
                (
                    team.quality - params.within_team_drop.draw(rng),
                    next_name - 1,
                )
            };
            let team_id = format!("{}-C", team.name);
            runs.push((format!("{team_id}-R{number}"), team_id, quality));
        }
    }

    // 2.–3. Candidates, ranked lists and pools, topic by topic.
    let digits = params.topics.to_string().len().max(3);
    let cdigits = params.candidates_per_topic.to_string().len().max(3);
    let mut topics = Vec::with_capacity(params.topics);
    let mut lists: Vec<Vec<Vec<Retrieved>>> = vec![Vec::with_capacity(params.topics); runs.len()];
    let mut levels = vec![0u8; params.candidates_per_topic];
    let mut scored: Vec<(f64, usize)> = Vec::with_capacity(params.candidates_per_topic);
    let mut returned: Vec<Vec<usize>> = Vec::with_capacity(runs.len());
    for t in 1..=params.topics {
        let s1 = params.l1_share.draw(rng);
        let s2 = params.l2_share.draw(rng);
        for level in &mut levels {
            let u = uniform_f64(rng);
            *level = if u < s2 {
                2
            } else if u < s2 + s1 {
                1
            } else {
                0
            };
        }
        returned.clear();
        for &(_, _, quality) in &runs {
            let skill = (quality + params.topic_run_sd * standard_normal(rng)).max(0.0);
            scored.clear();
            for (c, &level) in levels.iter().enumerate() {
                let score = skill * params.level_signal[usize::from(level)] + standard_normal(rng);
                scored.push((score, c));
            }
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            returned.push(scored.iter().take(params.depth).map(|&(_, c)| c).collect());
        }
        let mut pooled: Vec<usize> = returned.iter().flatten().copied().collect();
        pooled.sort_unstable();
        pooled.dedup();
        let topic_id = format!("stc-{t:0digits$}");
        topics.push(StcTopic {
            docs: pooled
                .iter()
                .map(|c| format!("{topic_id}-c{c:0cdigits$}"))
                .collect(),
            levels: pooled.iter().map(|&c| levels[c]).collect(),
            id: topic_id,
        });
        for (run_lists, list) in lists.iter_mut().zip(&returned) {
            run_lists.push(
                list.iter()
                    .map(|c| match pooled.binary_search(c) {
                        Ok(i) => Retrieved::Judged(i),
                        Err(_) => Retrieved::Unjudged,
                    })
                    .collect(),
            );
        }
    }
    StcCollection {
        topics,
        runs: runs
            .into_iter()
            .zip(lists)
            .map(|((name, team, _), lists)| StcRun { name, team, lists })
            .collect(),
    }
}

/// The gains of every judged item of every topic under one (Dmax, N) condition, indexed like the
/// collection's topics and their `docs`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ConditionGains {
    /// `RawG_i`, the sum of the N ratings.
    pub(crate) raw: Vec<Vec<f64>>,
    /// `UG_i` by Eq. 2 from the same ratings.
    pub(crate) unanimity_aware: Vec<Vec<f64>>,
}

/// Paper A's rating simulation for one condition (module documentation): N ratings per judged item,
/// zeros for L0, uniform on {0, …, Dmax} for L1 and L2; RawG and UG (Eq. 2 with `setting.p`) from the
/// same ratings. `setting.dmax` must be at least 1 (callers check it).
pub(crate) fn simulate_gains<R: RngCore + ?Sized>(
    collection: &StcCollection,
    setting: GainSetting,
    n: usize,
    rng: &mut R,
) -> ConditionGains {
    let mut raw = Vec::with_capacity(collection.topics.len());
    let mut ug = Vec::with_capacity(collection.topics.len());
    let mut ratings = vec![0u32; n];
    let choices = setting.dmax as usize + 1;
    for topic in &collection.topics {
        let mut topic_raw = Vec::with_capacity(topic.levels.len());
        let mut topic_ug = Vec::with_capacity(topic.levels.len());
        for &level in &topic.levels {
            if level == 0 {
                ratings.fill(0);
            } else {
                for r in &mut ratings {
                    // `below` returns a value < Dmax + 1, which fits in u32 because Dmax does.
                    *r = u32::try_from(below(rng, choices)).unwrap_or(setting.dmax);
                }
            }
            let g = raw_gain(&ratings);
            topic_raw.push(f64::from(g));
            topic_ug.push(unanimity_aware_gain(g, spread(&ratings), n, setting));
        }
        raw.push(topic_raw);
        ug.push(topic_ug);
    }
    ConditionGains {
        raw,
        unanimity_aware: ug,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::papers::unanimity::collection::MAX_LEVEL;
    use evia_engine::rng::stream;

    fn params() -> StandinParams {
        StandinParams {
            topics: 5,
            candidates_per_topic: 40,
            depth: 10,
            l1_share: Interval { min: 0.1, max: 0.3 },
            l2_share: Interval {
                min: 0.05,
                max: 0.1,
            },
            level_signal: [0.0, 1.0, 1.5],
            topic_run_sd: 0.3,
            within_team_drop: Interval { min: 0.1, max: 0.2 },
            teams: vec![
                TeamParams {
                    name: "A".into(),
                    runs: 2,
                    best_run: 2,
                    quality: 1.0,
                },
                TeamParams {
                    name: "B".into(),
                    runs: 1,
                    best_run: 1,
                    quality: 0.5,
                },
            ],
            builds_in: Vec::new(),
            plausible: None,
        }
    }

    #[test]
    fn generates_pooled_topics_and_named_runs() {
        let p = params();
        p.validate().unwrap();
        let c = generate(&p, &mut stream(1, "test", "stc"));
        assert_eq!(c.topics.len(), 5);
        let names: Vec<_> = c.runs.iter().map(|r| r.name.as_str()).collect();
        // Team A's best run is its second draw, named R1; the other is R2.
        assert_eq!(names, ["A-C-R2", "A-C-R1", "B-C-R1"]);
        assert_eq!(c.teams(), ["A-C", "B-C"]);
        for (t, topic) in c.topics.iter().enumerate() {
            // The pool is exactly the union of the runs' lists: every listed item is judged, and
            // every judged item is listed by some run.
            let mut listed = vec![false; topic.docs.len()];
            for run in &c.runs {
                assert_eq!(run.lists[t].len(), 10);
                for r in &run.lists[t] {
                    let Retrieved::Judged(i) = *r else {
                        panic!("unjudged item in a stand-in run")
                    };
                    listed[i] = true;
                }
            }
            assert!(listed.iter().all(|&l| l));
            assert!(topic.levels.iter().all(|&l| l <= MAX_LEVEL));
        }
        // Same seed, same collection; another seed, another one.
        assert_eq!(c, generate(&p, &mut stream(1, "test", "stc")));
        assert_ne!(c, generate(&p, &mut stream(2, "test", "stc")));
    }

    #[test]
    fn rating_simulation_follows_paper_a() {
        let c = generate(&params(), &mut stream(1, "test", "stc"));
        let setting = GainSetting { dmax: 2, p: 0.2 };
        let n = 5;
        let g = simulate_gains(&c, setting, n, &mut stream(1, "test", "ratings"));
        for (t, topic) in c.topics.iter().enumerate() {
            for (i, &level) in topic.levels.iter().enumerate() {
                let (raw, ug) = (g.raw[t][i], g.unanimity_aware[t][i]);
                if level == 0 {
                    assert_eq!((raw, ug), (0.0, 0.0));
                } else {
                    assert!((0.0..=10.0).contains(&raw));
                    // Eq. 2: UG − RawG = pN(Dmax − D) ∈ [0, pN·Dmax] for RawG > 0; UG = 0 otherwise.
                    let bonus = ug - raw;
                    if raw == 0.0 {
                        assert_eq!(ug, 0.0);
                    } else {
                        assert!((-1e-12..=0.2 * 5.0 * 2.0 + 1e-12).contains(&bonus));
                        let steps = bonus / (0.2 * 5.0);
                        assert!((steps - steps.round()).abs() < 1e-9);
                    }
                }
            }
        }
    }

    #[test]
    fn ratings_are_uniform_on_the_scale() {
        // One relevant item rated by many assessors: RawG/N estimates the mean Dmax/2 of the uniform
        // distribution on {0, …, Dmax}, and with many ratings D = Dmax (so UG = RawG).
        let c = StcCollection {
            topics: vec![StcTopic {
                id: "t".into(),
                docs: vec!["d".into()],
                levels: vec![1],
            }],
            runs: vec![],
        };
        let setting = GainSetting { dmax: 8, p: 0.2 };
        let n = 20_000;
        let g = simulate_gains(&c, setting, n, &mut stream(3, "test", "uniform"));
        let mean = g.raw[0][0] / n as f64;
        // Standard error of the mean: sqrt(((Dmax+1)^2 − 1)/12 / n) ≈ 0.018.
        assert!((mean - 4.0).abs() < 0.08, "mean rating {mean}");
        assert_eq!(g.unanimity_aware[0][0], g.raw[0][0]);
    }

    #[test]
    fn rejects_knobs_whose_cost_would_explode() {
        // A size is bounded before anything is allocated.
        let mut p = params();
        p.topics = 1_000_000_000;
        assert!(p.validate().unwrap_err().0.contains("at most 10000"));
        let mut p = params();
        p.teams[0].runs = usize::MAX;
        assert!(p.validate().unwrap_err().0.contains("at most 1000 are"));
        let mut p = params();
        p.topics = MAX_TOPICS;
        p.candidates_per_topic = MAX_CANDIDATES;
        assert!(p.validate().unwrap_err().0.contains("scores to draw"));
        let mut p = params();
        p.level_signal[2] = 1e300;
        assert!(p.validate().unwrap_err().0.contains("magnitude"));
    }

    #[test]
    fn rejects_bad_knobs() {
        let mut p = params();
        p.teams[0].best_run = 3;
        assert!(p.validate().unwrap_err().0.contains("best_run"));
        let mut p = params();
        p.l1_share.max = 0.95;
        assert!(p.validate().unwrap_err().0.contains("exceeds 1"));
        let mut p = params();
        p.teams[1].name = "A".into();
        assert!(p.validate().unwrap_err().0.contains("twice"));
    }
}
