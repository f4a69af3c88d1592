//! The parameters of paper B's experiments (`lancers.*`).
//!
//! Every paper-B experiment reads the confusion matrices (`data`) and the stand-in's knob file
//! (`standin`), from which the seeded stand-in labels are fitted ([`LabelInputs`]); the evaluation
//! experiments also read the runs and topic sets (`evaluation`), the qrels versions
//! (`qrels_versions`) and their measures ([`EvalInputs`]), and the overlap experiments the randomised
//! Tukey HSD's settings ([`Significance`]).

use serde::{Deserialize, Serialize};

pub(crate) use crate::assessors::kappa_se::KappaSe;
use crate::io::labels::{Duplicates, LabelLayout, ReadOptions, Scale};
use crate::manifest::parameter_rules::{self as rules, MAX_COUNT, Violation};
use crate::manifest::params::{Params, StandinSizes};
use crate::papers::lancers::collection::TopicAgreement;
use crate::papers::lancers::standin::scores::Measure;

/// Where paper B's labelled topics come from: the files the stand-in labels are fitted to, or a
/// user's collection.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LabelInputs<'a> {
    /// The pooled confusion matrices of paper B's Table 1.
    /// Absent only with a `collection`.
    pub(crate) data: Option<&'a str>,
    /// The stand-in's knob file (its `labels:` section). Absent only with a `collection`.
    pub(crate) standin: Option<&'a str>,
    /// A user's per-assessor labels and runs, which replace the stand-in (and the printed matrices)
    /// when given.
    pub(crate) collection: Option<&'a UserCollection>,
}

impl<'a> LabelInputs<'a> {
    /// Without a user's `collection`, the stand-in needs both `data` and `standin`.
    pub(crate) fn validate(&self) -> Result<(), Violation> {
        if self.collection.is_some() {
            return Ok(());
        }
        for (key, value) in [("data", self.data), ("standin", self.standin)] {
            if value.is_none() {
                return Err(rules::violation(
                    key,
                    format!("`{key}` is missing; it is needed unless `collection:` is given"),
                ));
            }
        }
        Ok(())
    }

    /// The stand-in's input files that are given (`data`, `standin`).
    fn files(&self) -> Vec<(&'static str, &'a str)> {
        [("data", self.data), ("standin", self.standin)]
            .into_iter()
            .filter_map(|(key, value)| value.map(|v| (key, v)))
            .collect()
    }
}

/// A user's collection for paper B's analysis (the `collection:` parameter, written by
/// `evia-repro study`): per-assessor labels read by [`crate::io::labels`] (any assessors, every
/// assessor labelling every judged document, a scale starting at 0) and a directory of TREC runs
/// (one file per run, read as `reproduce --data` reads `runs/`). Paths are absolute or relative to
/// the project root. With it, every table is computed from these labels and runs (class
/// `real-data`): B.T1's pooled matrices and B.T2's level counts from the labels, not the print.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct UserCollection {
    /// The label file.
    pub(crate) labels: String,
    /// Its layout (`long`, `wide`, `wide-unnamed`).
    pub(crate) layout: LabelLayout,
    /// Its label scale `0..MAX`.
    pub(crate) scale: Scale,
    /// The directory of run files.
    pub(crate) runs: String,
    /// How the label file is read besides its layout and scale (`study --header`, `--columns`,
    /// `--duplicates`); left out when it is the default.
    #[serde(default, skip_serializing_if = "LabelReading::is_default")]
    pub(crate) reading: LabelReading,
}

/// A label file's header, chosen columns and rule for repeated labels ([`ReadOptions`]), as the
/// manifest spells them.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LabelReading {
    /// The first line that is not a comment names the columns.
    #[serde(default)]
    pub(crate) header: bool,
    /// `topic=C,doc=C,assessor=C,label=C` or `C,C,C,C` ([`crate::io::label_columns`]).
    #[serde(default)]
    pub(crate) columns: Option<String>,
    /// The rule for repeated labels.
    #[serde(default)]
    pub(crate) duplicates: Duplicates,
}

impl LabelReading {
    fn is_default(&self) -> bool {
        *self == LabelReading::default()
    }

    /// The reader's options, or why the columns cannot be read.
    pub(crate) fn options(&self) -> Result<ReadOptions, String> {
        let columns = match &self.columns {
            Some(text) => Some(text.parse().map_err(|e| format!("columns: {e}"))?),
            None => None,
        };
        Ok(ReadOptions {
            header: self.header,
            columns,
            duplicates: self.duplicates,
        })
    }
}

/// The input files of `collection` (its label file; the run directory is read whole, not hashed).
fn collection_files(collection: Option<&UserCollection>) -> Vec<(&'static str, &str)> {
    collection
        .map(|c| vec![("collection.labels", c.labels.as_str())])
        .unwrap_or_default()
}

/// A qrels version: an id and the assessors whose labels it sums (paper B §3: all3, 2lancers, …).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct QrelsVersionDef {
    pub(crate) id: String,
    pub(crate) assessors: Vec<String>,
}

/// A qrels-versions file (`data/lancers/qrels-versions.yaml`): its `versions:`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct QrelsVersionsFile {
    pub(crate) versions: Vec<QrelsVersionDef>,
}

/// The `qrels_versions` parameter: a file under `data/` (paper B's manifest) or the versions
/// themselves (the manifest `evia-repro study` generates for a user's assessors).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub(crate) enum QrelsVersions {
    File(String),
    Listed(Vec<QrelsVersionDef>),
}

impl QrelsVersions {
    /// The file, when the versions are in one (an input file of the artefact).
    pub(crate) fn file(&self) -> Option<&str> {
        match self {
            QrelsVersions::File(path) => Some(path),
            QrelsVersions::Listed(_) => None,
        }
    }
}

/// The topics a condition is evaluated on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum TopicSubset {
    All,
    HighAgreement,
    LowAgreement,
}

impl TopicSubset {
    /// The subset's name in random-stream units.
    pub(crate) fn id(self) -> &'static str {
        match self {
            TopicSubset::All => "all",
            TopicSubset::HighAgreement => "high_agreement",
            TopicSubset::LowAgreement => "low_agreement",
        }
    }

    /// Whether a topic of this agreement class belongs to the subset (a perfect-agreement topic is
    /// in the full set only).
    pub(crate) fn keeps(self, agreement: TopicAgreement) -> bool {
        match self {
            TopicSubset::All => true,
            TopicSubset::HighAgreement => agreement == TopicAgreement::High,
            TopicSubset::LowAgreement => agreement == TopicAgreement::Low,
        }
    }
}

/// A topic set of Tables 6–8: a qrels version on a subset of the topics.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TopicSetDef {
    pub(crate) id: String,
    pub(crate) qrels: String,
    pub(crate) topics: TopicSubset,
}

/// Topic sets listed in the manifest entry instead of an evaluation file.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ListedTopicSets {
    pub(crate) topic_sets: Vec<TopicSetDef>,
}

/// The `evaluation` parameter: the evaluation file under `data/` (the stand-in runs' knobs and the
/// topic sets, paper B's manifest), or, for a user's `collection:`, only the topic sets.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub(crate) enum Evaluation {
    File(String),
    Listed(ListedTopicSets),
}

impl Evaluation {
    /// The file, when the evaluation is in one (an input file of the artefact).
    pub(crate) fn file(&self) -> Option<&str> {
        match self {
            Evaluation::File(path) => Some(path),
            Evaluation::Listed(_) => None,
        }
    }
}

/// `lancers.agreement` (B.T1): confusion matrices, kappas and raw agreement of assessor pairs.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AgreementParams {
    /// The stand-in's knob file under `data/` (not needed with `collection:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) standin: Option<String>,
    /// The confusion matrices under `data/` (not needed with `collection:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) data: Option<String>,
    /// The assessor pairs (`lancer1-lancer2`, …), in the table's order.
    pub(crate) pairs: Vec<String>,
    /// The kappa interval's standard error (`cohen`, the default, or `fce`).
    #[serde(default)]
    pub(crate) kappa_se: Option<KappaSe>,
    /// A user's collection replacing the stand-in ([`UserCollection`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) collection: Option<UserCollection>,
    /// This artefact's seed, overriding the manifest's.
    #[serde(default)]
    pub(crate) seed: Option<u64>,
}

impl AgreementParams {
    pub(crate) fn labels(&self) -> LabelInputs<'_> {
        LabelInputs {
            data: self.data.as_deref(),
            standin: self.standin.as_deref(),
            collection: self.collection.as_ref(),
        }
    }
}

impl Params for AgreementParams {
    fn input_files(&self) -> Vec<(&'static str, &str)> {
        let mut files = self.labels().files();
        files.extend(collection_files(self.collection.as_ref()));
        files
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn validate(&self) -> Result<(), Violation> {
        self.labels().validate()?;
        rules::non_empty("pairs", &self.pairs)
    }
}

/// `lancers.level_counts` (B.T2): relevance-level counts of each qrels version.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelCountsParams {
    /// The stand-in's knob file under `data/` (not needed with `collection:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) standin: Option<String>,
    /// The confusion matrices under `data/` (not needed with `collection:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) data: Option<String>,
    /// Which assessors each qrels version sums: a file under `data/`, or listed.
    pub(crate) qrels_versions: QrelsVersions,
    /// The qrels versions, in the table's order.
    pub(crate) qrels: Vec<String>,
    /// A user's collection replacing the stand-in ([`UserCollection`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) collection: Option<UserCollection>,
    #[serde(default)]
    pub(crate) seed: Option<u64>,
}

impl LevelCountsParams {
    pub(crate) fn labels(&self) -> LabelInputs<'_> {
        LabelInputs {
            data: self.data.as_deref(),
            standin: self.standin.as_deref(),
            collection: self.collection.as_ref(),
        }
    }
}

impl Params for LevelCountsParams {
    fn input_files(&self) -> Vec<(&'static str, &str)> {
        let mut files = self.labels().files();
        files.extend(self.qrels_versions.file().map(|f| ("qrels_versions", f)));
        files.extend(collection_files(self.collection.as_ref()));
        files
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn validate(&self) -> Result<(), Violation> {
        self.labels().validate()?;
        rules::non_empty("qrels", &self.qrels)
    }
}

/// How a rank-correlation table gives Kendall's tau's 95% interval.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum TauInterval {
    /// τ ± 1.959964·σ as paper B computes and prints it: a limit may lie beyond [−1, 1].
    #[default]
    Paper,
    /// τ ± 1.959964·σ clipped to [−1, 1], the range tau can take (a user's collection, `study`).
    Clipped,
}

impl TauInterval {
    fn is_paper(&self) -> bool {
        *self == TauInterval::Paper
    }
}

/// The conditions an evaluation experiment compares.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Conditions<'a> {
    /// Qrels versions, each on all topics (Tables 3–5, Figure 1).
    Qrels(&'a [String]),
    /// Topic sets defined in the evaluation file (Tables 6–8, Figure 2).
    TopicSets(&'a [String]),
}

/// What every evaluation experiment of paper B reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EvalInputs<'a> {
    pub(crate) labels: LabelInputs<'a>,
    /// The stand-in runs' knobs and the topic-set definitions.
    pub(crate) evaluation: &'a Evaluation,
    /// Which assessors each qrels version sums.
    pub(crate) qrels_versions: &'a QrelsVersions,
    pub(crate) measures: &'a [String],
    /// The measure cutoffs, when the manifest lists them (each measure's cutoff must be among them).
    pub(crate) cutoffs: Option<&'a [u32]>,
    pub(crate) kappa_se: KappaSe,
    pub(crate) conditions: Conditions<'a>,
    /// The stand-in sizes the manifest states (checked against the generated stand-in).
    pub(crate) sizes: StandinSizes,
    /// The pool depth the manifest states (the stand-in runs list that many documents per topic).
    pub(crate) pool_depth: Option<u32>,
}

/// The randomised Tukey HSD's settings of an overlap experiment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Significance {
    /// Trials B.
    pub(crate) trials: u32,
    /// Significance level.
    pub(crate) alpha: f64,
}

/// The value rules of the keys every evaluation experiment shares.
fn validate_eval(inputs: &EvalInputs<'_>) -> Result<(), Violation> {
    inputs.labels.validate()?;
    if let Some(cutoffs) = inputs.cutoffs {
        rules::counts("cutoffs", cutoffs, MAX_COUNT)?;
    }
    inputs.sizes.validate()?;
    rules::size("pool_depth", inputs.pool_depth)?;
    if let Some(cutoffs) = inputs.cutoffs {
        rules::non_empty("cutoffs", cutoffs)?;
    }
    rules::non_empty("measures", inputs.measures)?;
    validate_measures(inputs.measures, inputs.cutoffs)?;
    match inputs.conditions {
        Conditions::Qrels(qrels) => rules::non_empty("qrels", qrels),
        Conditions::TopicSets(sets) => rules::non_empty("topic_sets", sets),
    }
}

/// Every measure is one of paper B's ([`Measure::parse`]), at one of the `cutoffs` when they are
/// listed.
fn validate_measures(names: &[String], cutoffs: Option<&[u32]>) -> Result<(), Violation> {
    for name in names {
        let measure = Measure::parse(name).map_err(|e| Violation {
            key: "measures",
            message: e.to_string(),
        })?;
        if let (Some(cutoffs), Some(cutoff)) = (cutoffs, measure.cutoff())
            && !cutoffs.iter().any(|&c| c as usize == cutoff)
        {
            return Err(Violation {
                key: "measures",
                message: format!(
                    "measure `{name}` has cutoff {cutoff}, which is not among `cutoffs` {cutoffs:?}"
                ),
            });
        }
    }
    Ok(())
}

/// The value rules of an overlap experiment's test settings.
fn validate_significance(significance: Significance) -> Result<(), Violation> {
    rules::trials(significance.trials)?;
    rules::alpha(significance.alpha)
}

// The evaluation experiments' parameter types repeat the keys they share (`data` … `seed`), each
// declared with the experiment's own conditions and test settings, rather than flattening a common
// part: `deny_unknown_fields` and the reader's line numbers hold only without `flatten`.

/// Declares one parameter type of paper B's evaluation experiments: the keys every one of them reads
/// (the label inputs, measures, stand-in sizes, evaluation and qrels-version definitions, kappa SE,
/// user collection and seed), with the experiment's own condition keys (`qrels` or `topic_sets`) and
/// extra keys (`trials`, `alpha`) in their place. Each type stays `deny_unknown_fields`, so a key its
/// experiment does not read is an error at its line; the key order is the one written back in stamps.
macro_rules! eval_params {
    (
        $(#[$meta:meta])*
        $name:ident {
            conditions: { $($conditions:tt)* }
            extra: { $($extra:tt)* }
        }
        conditions: |$this:ident| $condition_ids:expr;
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
        #[serde(deny_unknown_fields)]
        pub(crate) struct $name {
            /// The confusion matrices under `data/` (not needed with `collection:`).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub(crate) data: Option<String>,
            /// The stand-in's knob file under `data/` (not needed with `collection:`).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub(crate) standin: Option<String>,
            $($conditions)*
            /// The measures, by their NTCIREVAL names (`MSnDCG@10`, `Q@10`, `nERR@10`).
            pub(crate) measures: Vec<String>,
            /// The measure cutoffs (each measure's cutoff must be among them).
            #[serde(default)]
            pub(crate) cutoffs: Option<Vec<u32>>,
            /// The stand-in's number of topics, checked against the stand-in and quoted by the reports.
            #[serde(default)]
            pub(crate) topics: Option<u32>,
            /// The stand-in's number of runs, checked against the stand-in and quoted by the reports.
            #[serde(default)]
            pub(crate) runs: Option<u32>,
            /// The stand-in's number of teams, checked against the stand-in and quoted by the reports.
            #[serde(default)]
            pub(crate) teams: Option<u32>,
            /// The stand-in runs' pool depth (paper B §2: "depth-30 pools"), checked against the depth
            /// the stand-in runs are built to (`evaluation`'s `runs: depth:`).
            #[serde(default)]
            pub(crate) pool_depth: Option<u32>,
            $($extra)*
            /// The stand-in runs' knobs and the topic-set definitions: a file under `data/`, or the
            /// topic sets listed (with `collection:`).
            pub(crate) evaluation: Evaluation,
            /// Which assessors each qrels version sums: a file under `data/`, or listed.
            pub(crate) qrels_versions: QrelsVersions,
            /// The kappa interval's standard error of the high/low-agreement split.
            #[serde(default)]
            pub(crate) kappa_se: Option<KappaSe>,
            /// A user's collection replacing the stand-in ([`UserCollection`]).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub(crate) collection: Option<UserCollection>,
            /// This artefact's seed, overriding the manifest's.
            #[serde(default)]
            pub(crate) seed: Option<u64>,
        }

        impl $name {
            pub(crate) fn inputs(&self) -> EvalInputs<'_> {
                let $this = self;
                EvalInputs {
                    labels: LabelInputs {
                        data: self.data.as_deref(),
                        standin: self.standin.as_deref(),
                        collection: self.collection.as_ref(),
                    },
                    evaluation: &self.evaluation,
                    qrels_versions: &self.qrels_versions,
                    measures: &self.measures,
                    cutoffs: self.cutoffs.as_deref(),
                    kappa_se: self.kappa_se.unwrap_or_default(),
                    conditions: $condition_ids,
                    sizes: StandinSizes {
                        topics: self.topics,
                        runs: self.runs,
                        teams: self.teams,
                    },
                    pool_depth: self.pool_depth,
                }
            }

            /// The files every evaluation experiment reads.
            fn eval_files(&self) -> Vec<(&'static str, &str)> {
                let mut files = self.inputs().labels.files();
                files.extend(self.evaluation.file().map(|f| ("evaluation", f)));
                files.extend(self.qrels_versions.file().map(|f| ("qrels_versions", f)));
                files.extend(collection_files(self.collection.as_ref()));
                files
            }
        }
    };
}

/// The `Params` of an evaluation type without a significance test.
macro_rules! eval_params_impl {
    ($name:ident) => {
        impl Params for $name {
            fn input_files(&self) -> Vec<(&'static str, &str)> {
                self.eval_files()
            }

            fn seed(&self) -> Option<u64> {
                self.seed
            }

            fn validate(&self) -> Result<(), Violation> {
                validate_eval(&self.inputs())
            }
        }
    };
}

/// The `Params` of an evaluation type that runs the randomised Tukey HSD (`trials`, `alpha`).
macro_rules! overlap_params_impl {
    ($name:ident) => {
        impl $name {
            pub(crate) fn significance(&self) -> Significance {
                Significance {
                    trials: self.trials,
                    alpha: self.alpha,
                }
            }
        }

        impl Params for $name {
            fn with_trials(&self, trials: u32) -> Option<crate::manifest::Parameters> {
                Some(crate::manifest::Parameters::new(Self {
                    trials,
                    ..self.clone()
                }))
            }

            fn input_files(&self) -> Vec<(&'static str, &str)> {
                self.eval_files()
            }

            fn seed(&self) -> Option<u64> {
                self.seed
            }

            fn validate(&self) -> Result<(), Violation> {
                validate_significance(self.significance())?;
                validate_eval(&self.inputs())
            }

            fn trials(&self) -> Option<u32> {
                Some(self.trials)
            }

            fn alpha(&self) -> Option<f64> {
                Some(self.alpha)
            }
        }
    };
}

eval_params! {
    /// `lancers.qrels_rank_correlation` (B.T3) and `lancers.qrels_means_figure` (B.F1): run rankings
    /// under every qrels version.
    QrelsEvalParams {
        conditions: {
            /// The qrels versions compared, in the table's order.
            pub(crate) qrels: Vec<String>,
        }
        extra: {
            /// Kendall's tau interval of the table ([`TauInterval`]; the means figure has none).
            #[serde(default, skip_serializing_if = "TauInterval::is_paper")]
            pub(crate) tau_interval: TauInterval,
        }
    }
    conditions: |p| Conditions::Qrels(&p.qrels);
}
eval_params_impl!(QrelsEvalParams);

eval_params! {
    /// `lancers.qrels_overlap` (B.T4, B.T5): significance overlap between qrels versions.
    QrelsOverlapParams {
        conditions: {
            /// The qrels versions compared, in the table's order.
            pub(crate) qrels: Vec<String>,
        }
        extra: {
            /// Randomised Tukey HSD trials B.
            pub(crate) trials: u32,
            /// Significance level alpha.
            pub(crate) alpha: f64,
        }
    }
    conditions: |p| Conditions::Qrels(&p.qrels);
}
overlap_params_impl!(QrelsOverlapParams);

eval_params! {
    /// `lancers.topicset_rank_correlation` (B.T6) and `lancers.topicset_means_figure` (B.F2): run
    /// rankings on the full, high- and low-agreement topic sets.
    TopicsetEvalParams {
        conditions: {
            /// The qrels version of the topic sets, repeated for readers (the evaluation file defines
            /// it).
            #[serde(default)]
            pub(crate) qrels: Option<Vec<String>>,
            /// The topic sets compared (defined in the evaluation file), in the table's order.
            pub(crate) topic_sets: Vec<String>,
        }
        extra: {
            /// Kendall's tau interval of the table ([`TauInterval`]; the means figure has none).
            #[serde(default, skip_serializing_if = "TauInterval::is_paper")]
            pub(crate) tau_interval: TauInterval,
        }
    }
    conditions: |p| Conditions::TopicSets(&p.topic_sets);
}
eval_params_impl!(TopicsetEvalParams);

eval_params! {
    /// `lancers.topicset_overlap` (B.T7, B.T8): significance overlap between topic sets.
    TopicsetOverlapParams {
        conditions: {
            /// The qrels version of the topic sets, repeated for readers (the evaluation file defines
            /// it).
            #[serde(default)]
            pub(crate) qrels: Option<Vec<String>>,
            /// The topic sets compared (defined in the evaluation file), in the table's order.
            pub(crate) topic_sets: Vec<String>,
        }
        extra: {
            /// Randomised Tukey HSD trials B.
            pub(crate) trials: u32,
            /// Significance level alpha.
            pub(crate) alpha: f64,
        }
    }
    conditions: |p| Conditions::TopicSets(&p.topic_sets);
}
overlap_params_impl!(TopicsetOverlapParams);
