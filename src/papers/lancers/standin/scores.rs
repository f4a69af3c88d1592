//! Per-topic effectiveness of runs under paper B's qrels versions: the topic-by-run score matrices
//! that Kendall's tau (on their run means) and the randomised Tukey HSD work on. Shared by the stand-in
//! and a user's real collection.
//!
//! - A qrels version sums the labels of some of the three assessors (paper B §3: "We summed the raw
//!   scores of lancer1, lancer2, and student to form a qrels set which we call all3", and likewise
//!   2lancers), so with k assessors its levels are L0…L(2k) (Table 2: all3 L0–L6, 2lancers L0–L4, a
//!   single assessor L0–L2).
//! - Gains are linear, `-g 1:2:…:2k` in NTCIREVAL terms (gain of Lx = x), with gmax = 2k, the highest
//!   declared level, for nERR's stop probabilities (tests/fixtures/measures.md §1, §5.12).
//! - Measures (paper B §2: "nDCG@10, Q@10, and nERR@10 [...] the official measures of the WWW task"):
//!   MSnDCG@l (the Microsoft nDCG that NTCIREVAL prints as `MSnDCG@l`, discount 1/log(r+1), §5.8; the
//!   paper prints it as nDCG@l), Q@l (blended ratio with β = 1, divided by min(l, R), §5.6) and nERR@l
//!   (§5.12), computed by `evia_engine::measures`. Documents a run lists that are not in the topic's pool
//!   are unjudged and count as nonrelevant.
//! - A topic with no relevant document under a qrels version (R = 0) has every measure undefined;
//!   NTCIREVAL prints nothing for it. Every run then scores 0 on that topic (so the matrix keeps the
//!   topic set's size) and the topic is reported in [`Scores::no_relevant`].

use super::runs::Run;
use super::{AssessorSet, LabelledTopic};
use evia_engine::measures::lines::{LineName, each_line};
use evia_engine::measures::names::{MeasureName, Origin};
use evia_engine::measures::{
    Evaluation, Evaluator, LevelGains, MeasureError, Params, TopicJudgements,
};
use evia_engine::significance::{MatrixError, ScoreMatrix};

/// Why scores cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum ScoreError {
    #[error("qrels version `{version}`: unknown assessor `{assessor}`; expected one of: {known}")]
    UnknownAssessor {
        version: String,
        assessor: String,
        known: String,
    },
    #[error("qrels version `{0}` names no assessor or the same assessor twice")]
    BadVersion(String),
    #[error("{0}")]
    UnknownMeasure(String),
    #[error("run `{run}` has {lists} ranked lists for {topics} topics")]
    ListCount {
        run: String,
        lists: usize,
        topics: usize,
    },
    #[error("topic {topic}, qrels `{version}`: {source}")]
    Measure {
        topic: String,
        version: String,
        #[source]
        source: MeasureError,
    },
    #[error(transparent)]
    Matrix(#[from] MatrixError),
}

/// A qrels version: the sum of the labels of the listed assessors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QrelsVersion {
    pub(crate) id: String,
    /// Indices into the collection's [`AssessorSet`].
    pub(crate) assessors: Vec<usize>,
    /// The top of the assessors' label scale (2 for paper B).
    pub(crate) max_label: u8,
}

impl QrelsVersion {
    /// The version `id` summing the labels of the assessors named `names` (each one of `known`, no
    /// repeats).
    pub(crate) fn new(id: &str, names: &[String], known: &AssessorSet) -> Result<Self, ScoreError> {
        let mut assessors = Vec::with_capacity(names.len());
        for name in names {
            let index = known
                .index_of(name)
                .ok_or_else(|| ScoreError::UnknownAssessor {
                    version: id.to_string(),
                    assessor: name.clone(),
                    known: known.names().join(", "),
                })?;
            if assessors.contains(&index) {
                return Err(ScoreError::BadVersion(id.to_string()));
            }
            assessors.push(index);
        }
        if assessors.is_empty() {
            return Err(ScoreError::BadVersion(id.to_string()));
        }
        Ok(QrelsVersion {
            id: id.to_string(),
            assessors,
            max_label: known.max_label(),
        })
    }

    /// The highest level: the number of assessors × the top label (paper B: 2 × the number of
    /// assessors).
    pub(crate) fn max_level(&self) -> u32 {
        self.assessors.len() as u32 * u32::from(self.max_label)
    }

    /// The level of a document with these labels (in the collection's assessor order): the sum of
    /// this version's assessors' labels.
    pub(crate) fn level(&self, labels: &[u8]) -> u32 {
        self.assessors
            .iter()
            .map(|&a| labels.get(a).map_or(0, |&l| u32::from(l)))
            .sum()
    }
}

/// What a measure name written in study's manifest starts with when it is printed as written
/// (a user's `--measures`), rather than as paper B prints it.
pub(crate) const AS_WRITTEN: &str = "=";

/// A measure of `eval` (`evia_engine::measures::names`): paper B's three (MSnDCG@l, Q@l, nERR@l)
/// or any other, at a cutoff or over the whole list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Measure {
    pub(crate) name: MeasureName,
    /// Printed as the user wrote it (`--measures`), not as paper B prints it.
    as_written: bool,
}

impl Measure {
    /// Parses a measure name: an NTCIREVAL name or a trec_eval or ir_measures alias
    /// ([`MeasureName::parse`]), preceded by [`AS_WRITTEN`] to print it as written. Measures
    /// that need `eval --gap` or `--condensed` (GAP, bpref, rpref) are refused: the studies
    /// evaluate full ranked lists.
    pub(crate) fn parse(text: &str) -> Result<Self, ScoreError> {
        let (name, as_written) = match text.strip_prefix(AS_WRITTEN) {
            Some(rest) => (rest, true),
            None => (text, false),
        };
        let name =
            MeasureName::parse(name).map_err(|e| ScoreError::UnknownMeasure(e.to_string()))?;
        let base = name.line.base;
        if base == "GAP" || base.starts_with("bpref") || base.starts_with("rpref") {
            return Err(ScoreError::UnknownMeasure(format!(
                "measure `{text}` needs eval --gap or --condensed; the study evaluates full ranked lists with eval's default parameters"
            )));
        }
        Ok(Measure { name, as_written })
    }

    /// The measure printed as written (a user's `--measures`).
    pub(crate) fn as_written(self) -> Self {
        Measure {
            as_written: true,
            ..self
        }
    }

    /// The cutoff l of an `@l` measure.
    pub(crate) fn cutoff(&self) -> Option<usize> {
        self.name.line.cutoff
    }

    /// The name in a table's notes: paper B's measures as its manifest names them, a user's as
    /// written (without the manifest's [`AS_WRITTEN`] mark).
    pub(crate) fn noted_name(&self) -> String {
        if self.as_written {
            self.printed_name()
        } else {
            self.name()
        }
    }

    /// The name that parses back to this measure (`MSnDCG@10`, `=ndcg_cut_10`).
    pub(crate) fn name(&self) -> String {
        let written = self.name.written();
        if self.as_written {
            format!("{AS_WRITTEN}{written}")
        } else {
            written
        }
    }

    /// The name the tables print: as written, except that paper B prints NTCIREVAL's
    /// `MSnDCG@l` as `nDCG@l` (used as the panel id of its tables).
    pub(crate) fn printed_name(&self) -> String {
        match self.name.line {
            LineName {
                base: "MSnDCG",
                cutoff: Some(c),
            } if !self.as_written && self.name.origin == Origin::Ntcireval => format!("nDCG@{c}"),
            _ => self.name.written(),
        }
    }

    /// The measure's value in `e` (0 when `e` lacks the line).
    fn value(&self, e: &Evaluation) -> f64 {
        let mut value = 0.0;
        each_line(e, true, |line, v, _| {
            if line == self.name.line {
                value = v;
            }
        });
        value
    }
}

/// The topic-by-run score matrices of one qrels version.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Scores {
    /// One matrix per measure, in the order asked for; rows = topics, columns = runs.
    pub(crate) matrices: Vec<ScoreMatrix>,
    /// Ids of the topics without a relevant document under this version (every run scored 0).
    pub(crate) no_relevant: Vec<String>,
}

/// Evaluates every run on every topic under `version` with each of `measures`.
pub(crate) fn score_matrices(
    topics: &[LabelledTopic],
    runs: &[Run],
    version: &QrelsVersion,
    measures: &[Measure],
) -> Result<Scores, ScoreError> {
    if let Some(run) = runs.iter().find(|r| r.lists.len() != topics.len()) {
        return Err(ScoreError::ListCount {
            run: run.name.clone(),
            lists: run.lists.len(),
            topics: topics.len(),
        });
    }
    let measure_err = |topic: &LabelledTopic| {
        let topic = topic.id.clone();
        let version = version.id.clone();
        move |source| ScoreError::Measure {
            topic,
            version,
            source,
        }
    };
    let mut cutoffs: Vec<usize> = measures.iter().filter_map(Measure::cutoff).collect();
    cutoffs.sort_unstable();
    cutoffs.dedup();
    let evaluator = Evaluator::new(Params {
        cutoffs,
        ..Params::default()
    })
    .map_err(|source| ScoreError::Measure {
        topic: "(all)".to_string(),
        version: version.id.clone(),
        source,
    })?;
    let gains = LevelGains::linear(version.max_level()).map_err(|source| ScoreError::Measure {
        topic: "(all)".to_string(),
        version: version.id.clone(),
        source,
    })?;
    let m = runs.len();
    let mut values = vec![vec![0.0; topics.len() * m]; measures.len()];
    let mut no_relevant = Vec::new();
    let mut labels = Vec::new();
    let mut evaluation = Evaluation::default();
    for (t, topic) in topics.iter().enumerate() {
        let judged = topic
            .docs
            .iter()
            .map(|j| (j.doc.as_str(), version.level(&j.labels)));
        let judgements = match TopicJudgements::from_levels(judged, &gains) {
            Ok(j) => j,
            Err(MeasureError::NoRelevant) => {
                no_relevant.push(topic.id.clone());
                continue;
            }
            Err(e) => return Err(measure_err(topic)(e)),
        };
        for (j, run) in runs.iter().enumerate() {
            judgements.label_into(
                run.lists[t].iter().map(String::as_str),
                false,
                None,
                &mut labels,
            );
            evaluator
                .evaluate_into(judgements.ideal(), &labels, &mut evaluation)
                .map_err(measure_err(topic))?;
            for (k, measure) in measures.iter().enumerate() {
                values[k][t * m + j] = measure.value(&evaluation);
            }
        }
    }
    let matrices = values
        .into_iter()
        .map(|v| ScoreMatrix::new(topics.len(), m, v))
        .collect::<Result<_, _>>()?;
    Ok(Scores {
        matrices,
        no_relevant,
    })
}

/// The rows of `matrix` whose topic is selected by `keep` (one flag per topic), in order.
pub(crate) fn topic_subset(
    matrix: &ScoreMatrix,
    keep: &[bool],
) -> Result<ScoreMatrix, MatrixError> {
    let rows: Vec<&[f64]> = (0..matrix.topics())
        .filter(|&i| keep.get(i).copied().unwrap_or(false))
        .map(|i| matrix.row(i))
        .collect();
    if rows.is_empty() {
        return Err(MatrixError::TooFewTopics(0));
    }
    ScoreMatrix::from_rows(&rows)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::papers::lancers::standin::Judgement;

    fn version(id: &str, names: &[&str]) -> QrelsVersion {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        QrelsVersion::new(id, &names, &AssessorSet::paper_b()).unwrap()
    }

    #[test]
    fn parses_measures_and_versions() {
        let m = Measure::parse("MSnDCG@10").unwrap();
        assert_eq!((m.name.line.base, m.cutoff()), ("MSnDCG", Some(10)));
        assert_eq!(m.name(), "MSnDCG@10");
        assert_eq!(m.printed_name(), "nDCG@10");
        assert_eq!(Measure::parse("nERR@5").unwrap().printed_name(), "nERR@5");
        // A user's measures print as written, and parse back from their manifest name.
        let user = m.as_written();
        assert_eq!(
            (user.printed_name(), user.name()),
            ("MSnDCG@10".into(), "=MSnDCG@10".into())
        );
        assert_eq!(Measure::parse(&user.name()).unwrap(), user);
        // Notes name a user's measure as written, without the manifest's mark.
        assert_eq!(
            (user.noted_name(), m.noted_name()),
            ("MSnDCG@10".into(), "MSnDCG@10".into())
        );
        let alias = Measure::parse("=ndcg_cut_10").unwrap();
        assert_eq!(
            (alias.name.line, alias.printed_name()),
            (m.name.line, "ndcg_cut_10".into())
        );
        assert_eq!(Measure::parse("RR").unwrap().cutoff(), None);
        for bad in ["Q", "Q@0", "Q@x", "P+@10", "GAP@10", "bpref", "map_cut_10"] {
            assert!(Measure::parse(bad).is_err(), "{bad}");
        }
        let all3 = version("all3", &["lancer1", "lancer2", "student"]);
        assert_eq!(all3.max_level(), 6);
        assert_eq!(all3.level(&[2, 1, 2]), 5);
        assert_eq!(version("student", &["student"]).level(&[2, 1, 0]), 0);
        let names = vec!["lancer3".to_string()];
        assert!(matches!(
            QrelsVersion::new("x", &names, &AssessorSet::paper_b()),
            Err(ScoreError::UnknownAssessor { .. })
        ));
        let names = vec!["student".to_string(), "student".to_string()];
        assert!(QrelsVersion::new("x", &names, &AssessorSet::paper_b()).is_err());
    }

    /// A two-topic collection worked by hand against tests/fixtures/measures.md §5:
    /// topic A's pool a1 (labels 2,2,2), a2 (1,0,1), a3 (0,0,0); topic B's pool b1 (0,0,1), b2 (0,0,0).
    #[test]
    fn scores_match_hand_computation() {
        let j = |doc: &str, labels: [u8; 3]| Judgement {
            doc: doc.into(),
            labels: labels.to_vec(),
        };
        let topics = vec![
            LabelledTopic {
                id: "A".into(),
                docs: vec![j("a1", [2, 2, 2]), j("a2", [1, 0, 1]), j("a3", [0, 0, 0])],
            },
            LabelledTopic {
                id: "B".into(),
                docs: vec![j("b1", [0, 0, 1]), j("b2", [0, 0, 0])],
            },
        ];
        let s = |v: &[&str]| v.iter().map(|d| d.to_string()).collect::<Vec<_>>();
        let runs = vec![
            Run {
                name: "r1".into(),
                team: None,
                lists: vec![s(&["a1", "a2", "a3"]), s(&["b1"])],
            },
            Run {
                name: "r2".into(),
                team: None,
                lists: vec![s(&["x", "a2", "a1"]), s(&["b2", "b1"])],
            },
        ];
        let measures: Vec<Measure> = ["MSnDCG@10", "Q@10", "nERR@10"]
            .iter()
            .map(|m| Measure::parse(m).unwrap())
            .collect();
        let all3 = version("all3", &["lancer1", "lancer2", "student"]);
        let scores = score_matrices(&topics, &runs, &all3, &measures).unwrap();
        assert!(scores.no_relevant.is_empty());
        let [ndcg, q, nerr] = &scores.matrices[..] else {
            panic!()
        };
        // r1 on A is the ideal order (gains 6, 2): every measure is 1.
        for m in [ndcg, q, nerr] {
            assert!((m.get(0, 0) - 1.0).abs() < 1e-15);
        }
        // r2 on A: gains 0, 2, 6 at ranks 1–3; ideal 6, 2.
        let ln = |r: f64| (r + 1.0).ln();
        let want = (2.0 / ln(2.0) + 6.0 / ln(3.0)) / (6.0 / ln(1.0) + 2.0 / ln(2.0));
        assert!((ndcg.get(0, 1) - want).abs() < 1e-12);
        // Q@10 = (BR(2) + BR(3)) / R with BR(r) = (C(r) + cg(r)) / (r + cg*(r)), cg* = 6, 8, 8.
        let want = ((1.0 + 2.0) / (2.0 + 8.0) + (2.0 + 8.0) / (3.0 + 8.0)) / 2.0;
        assert!((q.get(0, 1) - want).abs() < 1e-12);
        // nERR@10 with stop probabilities g/(gmax+1) = g/7.
        let err = |gs: &[f64]| {
            let (mut sat, mut e) = (1.0, 0.0);
            for (i, g) in gs.iter().enumerate() {
                e += sat / (i as f64 + 1.0) * (g / 7.0);
                sat *= 1.0 - g / 7.0;
            }
            e
        };
        assert!((nerr.get(0, 1) - err(&[0.0, 2.0, 6.0]) / err(&[6.0, 2.0])).abs() < 1e-12);
        // Topic B under the lancers' qrels has no relevant document: both runs score 0 there.
        let lancers = version("2lancers", &["lancer1", "lancer2"]);
        let scores = score_matrices(&topics, &runs, &lancers, &measures).unwrap();
        assert_eq!(scores.no_relevant, vec!["B".to_string()]);
        assert_eq!(scores.matrices[0].row(1), &[0.0, 0.0]);
        // A one-topic subset is not a score matrix.
        let sub = topic_subset(&scores.matrices[0], &[false, true, true]).unwrap_err();
        assert_eq!(sub, MatrixError::TooFewTopics(1));
    }
}
