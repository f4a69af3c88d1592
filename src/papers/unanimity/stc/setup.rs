//! What both STC tables share: the collection (the seeded stand-in, generated once per
//! [`StandinKey`], or a user's real one), the conditions (Dmax, N) and the measures, and the score
//! columns of every run under each condition's simulated ratings, computed once per [`ScoresKey`].

use std::sync::Arc;

use super::STREAM;
use crate::manifest::Artefact;
use crate::papers::shared::FileKey;
use crate::papers::unanimity::params::StcInputs;
use crate::papers::unanimity::standin::{
    ConditionGains, Retrieved, StandinParams, StcCollection, generate, simulate_gains,
};
use crate::papers::unanimity::stc_files::read_stc_collection;
use crate::papers::unanimity::stc_measure::StcMeasure;
use crate::papers::{Context, ExperimentError, display_relative};
use evia_engine::gain::GainSetting;
use evia_engine::measures::{Evaluation, Evaluator, Label, MeasureError, Params, TopicIdeal};

/// The value of `measure` in an evaluation (whose cutoffs include `l` for `nERR@l`).
fn measure_value(measure: StcMeasure, e: &Evaluation) -> f64 {
    match measure {
        StcMeasure::NG1 => e.ng1,
        StcMeasure::PPlus => e.p_plus,
        StcMeasure::NErr(l) => e.at_cutoff(l).map_or(0.0, |a| a.nerr),
    }
}

/// Score columns `[measure][run][topic]`.
type Columns = Vec<Vec<Vec<f64>>>;

/// Scores of every run on every topic, per measure, and how many topics had no positive gain.
#[derive(Debug)]
pub(super) struct Scores {
    pub(super) columns: Columns,
    /// Topics without any item of positive gain: every run scores 0 there.
    without_relevant: usize,
}

/// Where the collection came from.
#[derive(Debug)]
enum Source {
    Standin {
        knobs: String,
    },
    Real {
        dir: String,
        missing: usize,
        unjudged: usize,
    },
}

/// Everything both tables share: the collection, the conditions and the measures.
#[derive(Debug)]
pub(super) struct Setup {
    pub(super) collection: Arc<StcCollection>,
    /// The stand-in's key in [`crate::papers::shared`] (`None` for a real collection: its scores
    /// are not shared).
    key: Option<StandinKey>,
    source: Source,
    /// (Dmax, N), Dmax outer, N inner.
    pub(super) conditions: Vec<(u32, u32)>,
    p: f64,
    pub(super) measures: Vec<StcMeasure>,
    depth: usize,
    evaluator: Evaluator,
    pub(super) seed: u64,
}

/// An evaluator computing `measures`: `nERR` at each measure's own cutoff, else at the evaluation
/// depth.
fn evaluator_for(
    artefact: &Artefact,
    measures: &[StcMeasure],
    depth: usize,
) -> Result<Evaluator, ExperimentError> {
    let mut cutoffs: Vec<usize> = measures
        .iter()
        .filter_map(|m| match m {
            StcMeasure::NErr(l) => Some(*l),
            _ => None,
        })
        .collect();
    cutoffs.sort_unstable();
    cutoffs.dedup();
    if cutoffs.is_empty() {
        cutoffs.push(depth);
    }
    let evaluator = Evaluator::new(Params {
        cutoffs,
        ..Params::default()
    })
    .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
    Ok(evaluator)
}

/// What paper A's STC stand-in is made of: the seed and its knob file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct StandinKey {
    seed: u64,
    standin: FileKey,
}

/// Paper A's generated STC stand-in collection, as [`crate::papers::shared`] keeps it.
pub(crate) type StcStandin = StcCollection;

/// What one condition's scores ([`Setup::condition_scores`]) are made of: the stand-in, the
/// condition (Dmax, N), UG's p (as its bits), the measures and the evaluation depth.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct ScoresKey {
    standin: StandinKey,
    dmax: u32,
    n: u32,
    p: u64,
    measures: Vec<StcMeasure>,
    depth: usize,
}

/// One condition's RawG and UG score columns `[measure][run][topic]`, and the number of topics
/// without any positive gain.
#[derive(Debug)]
pub(crate) struct ConditionScores {
    pub(super) raw: Columns,
    pub(super) ug: Columns,
    pub(super) without_relevant: usize,
}

/// The seeded STC stand-in of the knob file `params.standin`, from the stream (`seed`, [`STREAM`],
/// `collection`), generated once per [`StandinKey`] ([`crate::papers::shared`]) and checked against
/// the sizes the manifest states; and its key (`None` when the knob file cannot be read).
fn standin_collection(
    artefact: &Artefact,
    params: &StcInputs<'_>,
    context: &Context,
    seed: u64,
) -> Result<(Arc<StcCollection>, Option<StandinKey>, Source), ExperimentError> {
    let path = context.data_path(params.standin);
    let generate_standin = || -> Result<StcCollection, ExperimentError> {
        let knobs: StandinParams = context.read_yaml_input(params.standin)?;
        knobs
            .validate()
            .map_err(|e| ExperimentError::Source(crate::io::SourceError::whole_file(&path, e.0)))?;
        Ok(generate(&knobs, &mut STREAM.stream(seed, "collection")))
    };
    let key = context
        .input_key(params.standin)
        .map(|standin| StandinKey { seed, standin });
    let collection = match &key {
        Some(key) => context
            .shared
            .memo::<StandinKey, StcStandin>()
            .get_or_try(key.clone(), generate_standin)?,
        None => Arc::new(generate_standin()?),
    };
    let sizes = params.sizes;
    for (name, expected, got) in [
        ("topics", sizes.topics, collection.topics.len()),
        ("runs", sizes.runs, collection.runs.len()),
        ("teams", sizes.teams, collection.teams().len()),
    ] {
        if let Some(expected) = expected.filter(|&e| e as usize != got) {
            return Err(ExperimentError::invalid(
                artefact,
                format!(
                    "the manifest says {name}: {expected}, but the stand-in of {} has {got}",
                    display_relative(context, &path)
                ),
            ));
        }
    }
    let source = Source::Standin {
        knobs: display_relative(context, &path),
    };
    Ok((collection, key, source))
}

impl Setup {
    /// The collection, conditions and measures of `params` (validated when the manifest loaded: N,
    /// Dmax and the depth are at least 1, p lies in [0, 1]).
    pub(super) fn new(
        artefact: &Artefact,
        params: StcInputs<'_>,
        context: &Context,
    ) -> Result<Self, ExperimentError> {
        let seed = context.seed_for(artefact);
        let depth = params.depth as usize;
        let measures = params.measures.to_vec();
        let evaluator = evaluator_for(artefact, &measures, depth)?;
        let (collection, key, source) = match &context.data_dir {
            Some(dir) => {
                let data = read_stc_collection(dir, depth)?;
                let source = Source::Real {
                    dir: dir.display().to_string(),
                    missing: data.missing_lists,
                    unjudged: data.unjudged_topics,
                };
                (Arc::new(data.collection), None, source)
            }
            None => standin_collection(artefact, &params, context, seed)?,
        };
        if collection.runs.len() < 3 {
            return Err(ExperimentError::invalid(
                artefact,
                format!(
                    "{} run(s); Kendall's tau and the HSD test need at least 3",
                    collection.runs.len()
                ),
            ));
        }
        if collection.topics.len() < 2 {
            return Err(ExperimentError::invalid(
                artefact,
                format!(
                    "{} topic(s); at least 2 are needed",
                    collection.topics.len()
                ),
            ));
        }
        let conditions = params
            .dmax
            .iter()
            .flat_map(|&d| params.n.iter().map(move |&n| (d, n)))
            .collect();
        Ok(Setup {
            collection,
            key,
            source,
            conditions,
            p: params.p,
            measures,
            depth,
            evaluator,
            seed,
        })
    }

    pub(super) fn real_data(&self) -> bool {
        matches!(self.source, Source::Real { .. })
    }

    /// The paper's rating simulation for one condition.
    fn gains(&self, dmax: u32, n: u32) -> ConditionGains {
        let unit = format!("ratings/dmax={dmax}/n={n}");
        simulate_gains(
            &self.collection,
            GainSetting { dmax, p: self.p },
            n as usize,
            &mut STREAM.stream(self.seed, &unit),
        )
    }

    /// One condition's RawG and UG score columns `[measure][run][topic]` (Tables 2 and 3 compare the
    /// two), and the number of topics without any positive gain: UG_i = 0 exactly when RawG_i = 0
    /// (paper A, Eq. 2), so both gains leave the same topics empty. On the stand-in, computed once
    /// per [`ScoresKey`] ([`crate::papers::shared`]): both tables see the same ratings.
    pub(super) fn condition_scores(
        &self,
        artefact: &Artefact,
        context: &Context,
        (dmax, n): (u32, u32),
    ) -> Result<Arc<ConditionScores>, ExperimentError> {
        let compute = || {
            let gains = self.gains(dmax, n);
            let raw = self.direct_scores(artefact, &gains.raw)?;
            let ug = self.direct_scores(artefact, &gains.unanimity_aware)?;
            Ok(ConditionScores {
                raw: raw.columns,
                ug: ug.columns,
                without_relevant: raw.without_relevant,
            })
        };
        let Some(standin) = &self.key else {
            return compute().map(Arc::new);
        };
        let key = ScoresKey {
            standin: standin.clone(),
            dmax,
            n,
            p: self.p.to_bits(),
            measures: self.measures.clone(),
            depth: self.depth,
        };
        context
            .shared
            .memo::<ScoresKey, ConditionScores>()
            .get_or_try(key, compute)
    }

    /// Per-measure score columns `[measure][run][topic]` with direct gains, and the number of topics
    /// without any positive gain (every run scores 0 there).
    fn direct_scores(
        &self,
        artefact: &Artefact,
        gains: &[Vec<f64>],
    ) -> Result<Scores, ExperimentError> {
        self.scores(
            artefact,
            &self.measures,
            |t| TopicIdeal::from_direct_gains(&gains[t]),
            |t, i| Label::direct(gains[t][i]),
        )
    }

    /// Scores of every run on every topic for `measures`, from a topic's ideal and the label of its
    /// judged item `i`.
    pub(super) fn scores(
        &self,
        artefact: &Artefact,
        measures: &[StcMeasure],
        ideal_of: impl Fn(usize) -> Result<TopicIdeal, MeasureError>,
        label_of: impl Fn(usize, usize) -> Label,
    ) -> Result<Scores, ExperimentError> {
        let c = &self.collection;
        let mut scores = vec![vec![vec![0.0; c.topics.len()]; c.runs.len()]; measures.len()];
        let mut without_relevant = 0;
        let mut labels = Vec::with_capacity(self.depth);
        let mut e = Evaluation::default();
        for (t, topic) in c.topics.iter().enumerate() {
            let ideal = match ideal_of(t) {
                Ok(ideal) => ideal,
                Err(MeasureError::NoRelevant) => {
                    without_relevant += 1;
                    continue;
                }
                Err(err) => {
                    return Err(ExperimentError::invalid(
                        artefact,
                        format!("topic {}: {err}", topic.id),
                    ));
                }
            };
            for (j, run) in c.runs.iter().enumerate() {
                labels.clear();
                labels.extend(run.lists[t].iter().take(self.depth).map(|r| match *r {
                    Retrieved::Judged(i) => label_of(t, i),
                    Retrieved::Unjudged => Label::NONRELEVANT,
                }));
                self.evaluator
                    .evaluate_into(&ideal, &labels, &mut e)
                    .map_err(|err| {
                        ExperimentError::invalid(
                            artefact,
                            format!("run {} on topic {}: {err}", run.name, topic.id),
                        )
                    })?;
                for (m, measure) in measures.iter().enumerate() {
                    scores[m][j][t] = measure_value(*measure, &e);
                }
            }
        }
        Ok(Scores {
            columns: scores,
            without_relevant,
        })
    }

    /// The note saying where the collection came from.
    pub(super) fn source_note(&self) -> String {
        let c = &self.collection;
        let shape = format!(
            "{} topics, {} judged items, {} runs of {} teams",
            c.topics.len(),
            c.topics.iter().map(|t| t.docs.len()).sum::<usize>(),
            c.runs.len(),
            c.teams().len()
        );
        match &self.source {
            Source::Standin { knobs } => format!(
                "STAND-IN collection (class simulated, not the NTCIR-12 STC data): {shape}, generated from {knobs} with seed {}.",
                self.seed
            ),
            Source::Real {
                dir,
                missing,
                unjudged,
            } => format!(
                "Real collection from {dir} (class real-data): {shape}; {missing} (run, topic) list(s) missing (scored 0), {unjudged} run list(s) for topics without judgements ignored."
            ),
        }
    }

    pub(super) fn method_note(&self) -> String {
        format!(
            "Ratings simulated as in paper A §4 (L0: N zeros; L1, L2: N ratings uniform on 0..Dmax); RawG = sum, UG by Eq. 2 with p = {}; measures on the top {} with direct gains.",
            self.p, self.depth
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_read_the_direct_gain_evaluation() {
        // Direct gains 4, 0, 2 (tests/fixtures/measures.md §7); the run lists the gain-2 item first.
        let ideal =
            TopicIdeal::from_direct_gains(&[4.0, 0.0, 2.0]).unwrap_or_else(|e| panic!("{e}"));
        let ev = Evaluator::new(Params {
            cutoffs: vec![10],
            ..Params::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let e = ev
            .evaluate(&ideal, &[Label::direct(2.0), Label::direct(4.0)])
            .unwrap_or_else(|e| panic!("{e}"));
        // nG@1 = g(1)/g*(1) = 2/4.
        assert_eq!(measure_value(StcMeasure::NG1, &e), 0.5);
        // nERR@10 with stop probabilities g/(gmax + 1), gmax = 4:
        // ERR = 2/5 + (1 − 2/5)·(1/2)·(4/5); ideal ERR = 4/5 + (1 − 4/5)·(1/2)·(2/5).
        let err = 0.4 + 0.6 * 0.5 * 0.8;
        let ideal_err = 0.8 + 0.2 * 0.5 * 0.4;
        assert!((measure_value(StcMeasure::NErr(10), &e) - err / ideal_err).abs() < 1e-12);
        // P+: rp = 2 (the highest gain in the list); BR(1) = (1 + 2)/(1 + 4), BR(2) = (2 + 6)/(2 + 6).
        let p_plus = (3.0 / 5.0 + 1.0) / 2.0;
        assert!((measure_value(StcMeasure::PPlus, &e) - p_plus).abs() < 1e-12);
    }
}
