//! The manifest `evia-repro study` runs: paper B's ten artefacts (B.T1–B.T8,
//! B.F1–B.F2) on a user's collection, generated in memory as typed [`Manifest`] values, not YAML
//! text, and run through [`crate::papers::run`] by the same pipeline, templates and renderers as
//! the papers.
//!
//! What the user's collection decides, and how (paper B §3–§4 generalised to any assessors):
//!
//! - B.T1 compares every pair of assessors (one confusion-matrix panel per pair, its rows and columns
//!   the scale's labels `0..MAX`; the statistics panel one column per pair);
//! - the qrels versions are the `--version NAME=a,b,c` list, else [`default_versions`] (each
//!   assessor alone, all of them, each leave-one-out set); B.T2's columns run from `L0` to the
//!   highest level of any version (its assessors × the scale's top label, as paper B's sums);
//! - B.T3 and B.T4 show the upper triangle over the versions, B.T5 and B.F1 every version;
//! - the topic sets of B.T6–B.T8 and B.F2 are paper B's (§4.2): every topic, the high-agreement and
//!   the low-agreement topics ([`crate::papers::lancers::standin::high_agreement_split`], the experiments' own
//!   split), on the version of all assessors (the first listed one without it); an empty subset is
//!   left out, and with fewer than two sets B.T6 and B.T7 are pending, saying why;
//! - measures, trials B and the seed come from the user, else from paper B's entries in the
//!   project's manifest, which also give every cell format, stub and statistic row label;
//! - the runs are read once here, before anything is written: a run file that is not a run, or
//!   runs that rank documents for fewer than two of the labelled topics (no ranking of runs can be
//!   compared then), is an error naming the files.

use crate::io::SourceError;
use crate::manifest::{Artefact, Header, Label, Manifest, Paper, Parameters, Status};
use crate::papers::Context;
use crate::papers::experiment::Experiment;
use crate::papers::lancers::collection::{LabelledTopic, TopicAgreement};
use crate::papers::lancers::params::{
    AgreementParams, Evaluation, LevelCountsParams, ListedTopicSets, QrelsEvalParams,
    QrelsOverlapParams, QrelsVersionDef, QrelsVersions, TauInterval, TopicSetDef, TopicSubset,
    TopicsetEvalParams, TopicsetOverlapParams, UserCollection,
};
use crate::papers::lancers::study_layout::{
    agreement_layout, conditions_layout, header, is_main_panel, level_layout, pairs, series_layout,
};
use crate::papers::lancers::study_versions::{
    VersionSpecError, all_version_id, default_versions, parse_versions,
};

/// A user's labels and runs, as the study reads them.
pub(crate) use crate::papers::lancers::params::UserCollection as StudyCollection;
use crate::papers::lancers::standin::scores::Measure;
use crate::papers::lancers::user_collection::{
    read_collection_labels, read_collection_runs, shown_name,
};
use crate::papers::lancers::{
    AGREEMENT, LEVEL_COUNTS, QRELS_MEANS_FIGURE, QRELS_OVERLAP, QRELS_RANK_CORRELATION,
    TOPICSET_MEANS_FIGURE, TOPICSET_OVERLAP, TOPICSET_RANK_CORRELATION,
};

/// The artefacts of the study, in paper B's order (their ids, experiments and templates are paper
/// B's; `paper/study.report.*.j2` places them by these ids).
pub(crate) const STUDY_ARTEFACTS: [&str; 10] = [
    "B.T1", "B.T2", "B.T3", "B.T4", "B.T5", "B.T6", "B.T7", "B.T8", "B.F1", "B.F2",
];

/// The fewest runs the study compares: Kendall's tau's interval needs 3.
pub(crate) const MIN_RUNS: usize = 3;

/// The fewest topics a topic set of B.T6–B.T8 and B.F2 may hold: a score matrix needs 2.
pub(crate) const MIN_SET_TOPICS: usize = 2;

/// The study's output directory name under `--out` (`<out>/study/…`).
pub(crate) const STUDY_SLUG: &str = "study";

/// What the user asked for.
#[derive(Debug, Clone)]
pub(crate) struct StudyRequest {
    /// The label file, its layout and scale, and the run directory (absolute paths).
    pub(crate) collection: UserCollection,
    /// `--version NAME=a,b,c` specifications; empty for [`default_versions`].
    pub(crate) versions: Vec<String>,
    /// `--measures`; `None` for paper B's.
    pub(crate) measures: Option<Vec<String>>,
    /// `--trials`; `None` for paper B's B.
    pub(crate) trials: Option<u32>,
    /// `--seed`; `None` for the project manifest's.
    pub(crate) seed: Option<u64>,
    /// The label file and the run directory as the user named them, for the report's title
    /// (`collection` holds them resolved).
    pub(crate) shown_as: (String, String),
}

/// Why no study manifest could be generated.
#[derive(Debug, thiserror::Error)]
pub(crate) enum StudyError {
    #[error(transparent)]
    Labels(#[from] SourceError),
    #[error(transparent)]
    Versions(#[from] VersionSpecError),
    #[error("{labels}: the high/low-agreement split: {message}")]
    Split { labels: String, message: String },
    #[error(
        "the project manifest has no paper-B artefact `{0}` (with its layout) to take the study's defaults from"
    )]
    PaperB(String),
    #[error("--measures: {0}")]
    Measure(String),
    #[error("study artefact `{id}`: {message}")]
    Parameters { id: String, message: String },
    #[error(
        "{labels}: the assessor names {names} give two pairs the same id (`a-b`); rename an assessor so that no pair id repeats"
    )]
    AmbiguousPairs { labels: String, names: String },
    #[error(
        "{runs} holds {count} run(s); the study compares rankings of runs (Kendall's tau with its interval) and needs at least {MIN_RUNS}"
    )]
    TooFewRuns { runs: String, count: usize },
    #[error(
        "the runs in {runs} rank documents for {covered} of the {labelled} topics labelled in {labels}; the study compares runs by their scores over topics and needs at least 2 topics that both have, and at least {MIN_RUNS} runs (labelled topics: {labelled_ids}; the runs' topics: {run_ids})"
    )]
    RunsMissTopics {
        runs: String,
        labels: String,
        covered: usize,
        labelled: usize,
        labelled_ids: String,
        run_ids: String,
    },
}

/// The collection-dependent choices shared by every artefact.
struct Plan {
    collection: UserCollection,
    assessors: Vec<String>,
    max_label: u8,
    versions: Vec<QrelsVersionDef>,
    /// The topic sets with their row labels (empty subsets left out).
    topic_sets: Vec<(TopicSetDef, String)>,
    /// The version the topic sets evaluate with: all assessors' labels summed, whether or not the
    /// user's versions list it (paper B's all3).
    all_version: QrelsVersionDef,
    /// Why the topics do not split into two non-empty sets, when they do not.
    degenerate_split: Option<String>,
    /// What the topic sets leave out and why (small subsets, perfect-agreement topics).
    split_remarks: Option<String>,
    measures: Vec<Measure>,
    trials: Option<u32>,
}

/// The study manifest for `request`: paper B's ten artefacts of `paper_b` (the project's manifest)
/// rewritten for the user's collection, whose label file is read (and checked) here.
pub(crate) fn study_manifest(
    context: &Context,
    paper_b: &Manifest,
    request: &StudyRequest,
) -> Result<Manifest, StudyError> {
    let labelled = read_collection_labels(context, &request.collection)?;
    check_run_coverage(context, &request.collection, &labelled.topics)?;
    let assessors = labelled.assessors.names().to_vec();
    check_pair_ids(&assessors, &request.collection.labels)?;
    let versions = if request.versions.is_empty() {
        default_versions(&assessors)?
    } else {
        parse_versions(&request.versions, &assessors)?
    };
    let template = |id: &str| {
        paper_b
            .artefact(id)
            .filter(|a| a.layout.is_some())
            .ok_or_else(|| StudyError::PaperB(id.to_string()))
    };
    let t1 = template("B.T1")?;
    let se = match t1.parameters.get::<AgreementParams>() {
        Some(p) => p.kappa_se.unwrap_or_default(),
        None => return Err(StudyError::PaperB("B.T1".into())),
    };
    let high = crate::papers::lancers::standin::high_agreement_split(
        &labelled.topics,
        &labelled.assessors,
        se.standard_error(),
    )
    .map_err(|e| StudyError::Split {
        labels: request.collection.labels.clone(),
        message: e.to_string(),
    })?;
    // The topic sets use the version of every assessor (paper B's all3), the user's own when they
    // list one, else one made for them.
    let all_version = versions
        .iter()
        .find(|v| v.assessors.len() == assessors.len())
        .cloned()
        .unwrap_or_else(|| QrelsVersionDef {
            id: all_version_id(&assessors),
            assessors: assessors.clone(),
        });
    let measures = match &request.measures {
        Some(names) => user_measures(names)?,
        None => paper_b_measures(template("B.T3")?)?,
    };
    let plan = Plan {
        collection: request.collection.clone(),
        assessors,
        max_label: labelled.assessors.max_label(),
        topic_sets: topic_sets(&all_version.id, &high),
        degenerate_split: degenerate_split(&high),
        split_remarks: split_remarks(&labelled.topics, &high),
        all_version,
        versions,
        measures,
        trials: request.trials,
    };
    let mut artefacts = Vec::new();
    for id in STUDY_ARTEFACTS {
        let artefact = study_artefact(template(id)?, &plan)?;
        artefact
            .parameters
            .validate()
            .map_err(|v| StudyError::Parameters {
                id: id.to_string(),
                message: format!("`{}`: {}", v.key, v.message),
            })?;
        artefacts.push(artefact);
    }
    Ok(Manifest {
        seed: request.seed.unwrap_or(paper_b.seed),
        papers: vec![study_paper(&request.shown_as)],
        artefacts,
    })
}

/// The measures of `--measures`, printed as written; two that print alike are an error.
fn user_measures(names: &[String]) -> Result<Vec<Measure>, StudyError> {
    let mut measures: Vec<Measure> = Vec::with_capacity(names.len());
    for n in names {
        let m = Measure::parse(n)
            .map_err(|e| StudyError::Measure(e.to_string()))?
            .as_written();
        if let Some(other) = measures
            .iter()
            .find(|o| o.printed_name() == m.printed_name())
        {
            return Err(StudyError::Measure(format!(
                "`{n}` is `{}` again",
                other.printed_name()
            )));
        }
        measures.push(m);
    }
    Ok(measures)
}

/// Reads the runs and checks that they rank documents for at least two labelled topics: with fewer,
/// every run scores the same on every measure and the study's rankings of runs cannot be compared.
fn check_run_coverage(
    context: &Context,
    collection: &UserCollection,
    topics: &[LabelledTopic],
) -> Result<(), StudyError> {
    let runs = read_collection_runs(context, collection, topics)?;
    let covered = (0..topics.len())
        .filter(|&t| runs.iter().any(|r| !r.lists[t].is_empty()))
        .count();
    if covered >= 2 && runs.len() >= MIN_RUNS {
        return Ok(());
    }
    if covered >= 2 {
        return Err(StudyError::TooFewRuns {
            runs: collection.runs.clone(),
            count: runs.len(),
        });
    }
    let run_topics = crate::papers::lancers::collection_files::run_topic_ids(
        &context.data_path(&collection.runs),
    )?;
    Err(StudyError::RunsMissTopics {
        runs: collection.runs.clone(),
        labels: collection.labels.clone(),
        covered,
        labelled: topics.len(),
        labelled_ids: first_few(topics.iter().map(|t| t.id.as_str())),
        run_ids: first_few(run_topics.iter().map(String::as_str)),
    })
}

/// Up to five items joined by ", ", with how many more there are.
fn first_few<'a>(items: impl ExactSizeIterator<Item = &'a str>) -> String {
    let total = items.len();
    let shown: Vec<String> = items.take(5).map(|s| format!("`{s}`")).collect();
    match total {
        0 => "none".to_string(),
        t if t > shown.len() => format!("{} and {} more", shown.join(", "), t - shown.len()),
        _ => shown.join(", "),
    }
}

/// B.T1 names a pair `a-b`: assessor names with dashes could give two pairs one id (`a-b` + `c`
/// and `a` + `b-c`), and a table would then show one pair's numbers under the other's name.
fn check_pair_ids(assessors: &[String], labels: &str) -> Result<(), StudyError> {
    let ids: std::collections::BTreeSet<String> =
        pairs(assessors).into_iter().map(|(id, _)| id).collect();
    if ids.len() == assessors.len() * (assessors.len() - 1) / 2 {
        return Ok(());
    }
    Err(StudyError::AmbiguousPairs {
        labels: labels.to_string(),
        names: assessors.join(", "),
    })
}

/// The study's paper entry: paper B's experiments (id `B`), its own slug and no published values.
fn study_paper((labels, runs): &(String, String)) -> Paper {
    Paper {
        id: "B".into(),
        title: format!(
            "Paper B's disagreement analysis of {} with the runs in {}",
            shown_name(labels),
            shown_name(runs)
        ),
        slug: STUDY_SLUG.into(),
        venue: "evia-repro study: paper B's analysis (Sakai, EVIA 2017, pp. 31-38) on a user's collection"
            .into(),
        published: None,
    }
}

/// Paper B's measures, as its B.T3 entry lists them.
fn paper_b_measures(t3: &Artefact) -> Result<Vec<Measure>, StudyError> {
    let Some(p) = t3
        .parameters
        .get::<QrelsEvalParams>()
        .filter(|_| is(t3, &QRELS_RANK_CORRELATION))
    else {
        return Err(StudyError::PaperB("B.T3".into()));
    };
    p.measures
        .iter()
        .map(|n| Measure::parse(n).map_err(|e| StudyError::Measure(e.to_string())))
        .collect()
}

/// Paper B's topic sets (§4.2) on `version`: every topic, then the high- and the low-agreement
/// topics of `classes` (one per topic). A subset of fewer than [`MIN_SET_TOPICS`] topics is left out
/// (no score matrix, so nothing to compare), and so is one that holds every topic (it is the full
/// set again, and comparing a set with itself says nothing); perfect-agreement topics are in the
/// full set only. Ids and labels follow paper B's (`all3-high27`, "all3 (27 high-agreement topics)").
fn topic_sets(version: &str, classes: &[TopicAgreement]) -> Vec<(TopicSetDef, String)> {
    let count = |c: TopicAgreement| classes.iter().filter(|&&x| x == c).count();
    let sets = [
        (TopicSubset::All, "", "topics", classes.len()),
        (
            TopicSubset::HighAgreement,
            "high",
            "high-agreement topics",
            count(TopicAgreement::High),
        ),
        (
            TopicSubset::LowAgreement,
            "low",
            "low-agreement topics",
            count(TopicAgreement::Low),
        ),
    ];
    sets.into_iter()
        .filter(|&(topics, _, _, n)| {
            topics == TopicSubset::All || (n >= MIN_SET_TOPICS && n < classes.len())
        })
        .map(|(topics, tag, words, n)| {
            let def = TopicSetDef {
                id: format!("{version}-{tag}{n}"),
                qrels: version.to_string(),
                topics,
            };
            (def, format!("{version} ({n} {words})"))
        })
        .collect()
}

/// What the topic sets leave out and why: the subsets too small to compare, and the
/// perfect-agreement topics (in the full set only), naming the topics; `None` when nothing is.
fn split_remarks(topics: &[LabelledTopic], classes: &[TopicAgreement]) -> Option<String> {
    let ids = |c: TopicAgreement| -> Vec<&str> {
        topics
            .iter()
            .zip(classes)
            .filter(|&(_, &x)| x == c)
            .map(|(t, _)| t.id.as_str())
            .collect()
    };
    let mut remarks = Vec::new();
    for (class, words) in [
        (TopicAgreement::High, "high-agreement"),
        (TopicAgreement::Low, "low-agreement"),
    ] {
        let ids = ids(class);
        if !ids.is_empty() && ids.len() < MIN_SET_TOPICS && ids.len() < topics.len() {
            remarks.push(format!(
                "the {words} set holds {} topic ({}), fewer than the {MIN_SET_TOPICS} a topic set needs, so it is left out",
                ids.len(),
                ids.join(", ")
            ));
        }
    }
    let perfect = ids(TopicAgreement::Perfect);
    if !perfect.is_empty() {
        remarks.push(format!(
            "{} perfect-agreement topic(s) ({}: every label the same, kappa undefined) are in the full set only",
            perfect.len(),
            listed(&perfect)
        ));
    }
    (!remarks.is_empty()).then(|| remarks.join("; "))
}

/// Up to five of `ids` joined by ", ", with how many more there are (plain text for a caption).
fn listed(ids: &[&str]) -> String {
    match ids.len() {
        n if n > 5 => format!("{} and {} more", ids[..5].join(", "), n - 5),
        _ => ids.join(", "),
    }
}

/// Why `classes` (one per topic) do not give two topic sets to compare, when they do not.
fn degenerate_split(classes: &[TopicAgreement]) -> Option<String> {
    if topic_sets("", classes).len() >= 2 {
        return None;
    }
    let high = classes
        .iter()
        .filter(|&&c| c == TopicAgreement::High)
        .count();
    let low = classes
        .iter()
        .filter(|&&c| c == TopicAgreement::Low)
        .count();
    Some(if high == 0 && low == 0 {
        "every topic is a perfect-agreement topic (every label the same), in neither the high- nor the low-agreement set".to_string()
    } else if high == 0 {
        "no topic is high-agreement (every assessor pair's per-topic kappa significantly positive), so the low-agreement set is every topic: the full set again".to_string()
    } else if high == classes.len() {
        "every topic is high-agreement (every assessor pair's per-topic kappa significantly positive), so the high-agreement set is every topic and the low-agreement set is empty".to_string()
    } else {
        format!(
            "the high-agreement set holds {high} topic(s) and the low-agreement set {low}; a topic set needs at least {MIN_SET_TOPICS} topics and is not the full set again"
        )
    })
}

/// Paper B's artefact `b` rewritten for the plan's collection: its parameters, caption and layout.
fn study_artefact(b: &Artefact, plan: &Plan) -> Result<Artefact, StudyError> {
    let missing = || StudyError::PaperB(b.id.to_string());
    let b_layout = b.layout.as_ref().ok_or_else(missing)?;
    let mut artefact = b.clone();
    artefact.parameters = study_parameters(b, plan).ok_or_else(missing)?;
    artefact.caption = Label::Plain(caption(b, plan));
    artefact.status = Status::Built;
    artefact.pending_reason = None;
    let sets: Vec<Header> = plan
        .topic_sets
        .iter()
        .map(|(def, label)| header(&def.id, label))
        .collect();
    let versions: Vec<Header> = plan.versions.iter().map(|v| header(&v.id, &v.id)).collect();
    let layout = match () {
        () if is(b, &AGREEMENT) => agreement_layout(b_layout, &plan.assessors, plan.max_label),
        () if is(b, &LEVEL_COUNTS) => {
            level_layout(b_layout, &plan.versions, plan.max_label, versions)
        }
        () if is(b, &QRELS_MEANS_FIGURE) => series_layout(b_layout, &plan.measures, versions),
        () if is(b, &TOPICSET_MEANS_FIGURE) => series_layout(b_layout, &plan.measures, sets),
        () if is(b, &QRELS_RANK_CORRELATION) || is(b, &QRELS_OVERLAP) => {
            conditions_layout(b_layout, &plan.measures, versions)
        }
        () => {
            if sets.len() < 2 && !is_main_panel(b_layout) {
                artefact.status = Status::Pending;
                let remarks = plan
                    .split_remarks
                    .as_deref()
                    .map_or_else(String::new, |r| format!(" ({r})"));
                artefact.pending_reason = Some(format!(
                    "only {} topic set: {}, so no two topic sets can be compared{remarks}",
                    sets.len(),
                    plan.degenerate_split
                        .as_deref()
                        .unwrap_or("the topics do not split")
                ));
            }
            conditions_layout(b_layout, &plan.measures, sets)
        }
    };
    artefact.layout = Some(layout.ok_or_else(missing)?);
    Ok(artefact)
}

/// Whether `b` is an artefact of paper B's experiment `experiment`.
fn is(b: &Artefact, experiment: &'static Experiment) -> bool {
    b.experiment == experiment.id()
}

/// `b`'s parameters with the user's collection, versions, topic sets, measures and trials, and
/// without the stand-in's files and sizes; `None` for an experiment that is not paper B's.
fn study_parameters(b: &Artefact, plan: &Plan) -> Option<Parameters> {
    let collection = Some(plan.collection.clone());
    let ids: Vec<String> = plan.versions.iter().map(|v| v.id.clone()).collect();
    let set_ids: Vec<String> = plan.topic_sets.iter().map(|(d, _)| d.id.clone()).collect();
    let listed = QrelsVersions::Listed(plan.versions.clone());
    // The topic sets' tables evaluate with the version of every assessor, listed or not.
    let mut all_listed = plan.versions.clone();
    if !all_listed.iter().any(|v| v.id == plan.all_version.id) {
        all_listed.push(plan.all_version.clone());
    }
    let with_all = QrelsVersions::Listed(all_listed);
    let evaluation = Evaluation::Listed(ListedTopicSets {
        topic_sets: plan.topic_sets.iter().map(|(d, _)| d.clone()).collect(),
    });
    let measures: Vec<String> = plan.measures.iter().map(Measure::name).collect();
    let mut cutoffs: Vec<u32> = plan
        .measures
        .iter()
        .filter_map(|m| m.cutoff().map(|c| c as u32))
        .collect();
    cutoffs.sort_unstable();
    cutoffs.dedup();
    // Measures without a cutoff (RR, AP) list none.
    let cutoffs = (!cutoffs.is_empty()).then_some(cutoffs);
    let params = &b.parameters;
    if is(b, &AGREEMENT) {
        let mut p = params.get::<AgreementParams>()?.clone();
        p.pairs = pairs(&plan.assessors)
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        (p.data, p.standin, p.collection, p.seed) = (None, None, collection, None);
        Some(Parameters::new(p))
    } else if is(b, &LEVEL_COUNTS) {
        let mut p = params.get::<LevelCountsParams>()?.clone();
        (p.qrels, p.qrels_versions) = (ids, listed);
        (p.data, p.standin, p.collection, p.seed) = (None, None, collection, None);
        Some(Parameters::new(p))
    } else if is(b, &QRELS_RANK_CORRELATION) || is(b, &QRELS_MEANS_FIGURE) {
        let mut p = params.get::<QrelsEvalParams>()?.clone();
        (p.qrels, p.qrels_versions, p.evaluation) = (ids, listed, evaluation);
        p.tau_interval = TauInterval::Clipped;
        (p.measures, p.cutoffs) = (measures, cutoffs);
        (p.topics, p.runs, p.teams, p.pool_depth) = (None, None, None, None);
        (p.data, p.standin, p.collection, p.seed) = (None, None, collection, None);
        Some(Parameters::new(p))
    } else if is(b, &QRELS_OVERLAP) {
        let mut p = params.get::<QrelsOverlapParams>()?.clone();
        (p.qrels, p.qrels_versions, p.evaluation) = (ids, listed, evaluation);
        (p.measures, p.cutoffs) = (measures, cutoffs);
        (p.topics, p.runs, p.teams, p.pool_depth) = (None, None, None, None);
        (p.data, p.standin, p.collection, p.seed) = (None, None, collection, None);
        p.trials = plan.trials.unwrap_or(p.trials);
        Some(Parameters::new(p))
    } else if is(b, &TOPICSET_RANK_CORRELATION) || is(b, &TOPICSET_MEANS_FIGURE) {
        let mut p = params.get::<TopicsetEvalParams>()?.clone();
        (p.topic_sets, p.qrels_versions, p.evaluation) = (set_ids, with_all, evaluation);
        p.tau_interval = TauInterval::Clipped;
        p.qrels = Some(vec![plan.all_version.id.clone()]);
        (p.measures, p.cutoffs) = (measures, cutoffs);
        (p.topics, p.runs, p.teams, p.pool_depth) = (None, None, None, None);
        (p.data, p.standin, p.collection, p.seed) = (None, None, collection, None);
        Some(Parameters::new(p))
    } else if is(b, &TOPICSET_OVERLAP) {
        let mut p = params.get::<TopicsetOverlapParams>()?.clone();
        (p.topic_sets, p.qrels_versions, p.evaluation) = (set_ids, with_all, evaluation);
        p.qrels = Some(vec![plan.all_version.id.clone()]);
        (p.measures, p.cutoffs) = (measures, cutoffs);
        (p.topics, p.runs, p.teams, p.pool_depth) = (None, None, None, None);
        (p.data, p.standin, p.collection, p.seed) = (None, None, collection, None);
        p.trials = plan.trials.unwrap_or(p.trials);
        Some(Parameters::new(p))
    } else {
        None
    }
}

/// The caption of the study's version of `b`: paper B's words, with what depends on the
/// collection (the assessors, the number of runs, alpha) taken from the plan; the topic-set
/// artefacts say what their sets leave out.
fn caption(b: &Artefact, plan: &Plan) -> String {
    let words = paper_b_caption(b, plan);
    let topic_sets = is(b, &TOPICSET_RANK_CORRELATION)
        || is(b, &TOPICSET_OVERLAP)
        || is(b, &TOPICSET_MEANS_FIGURE);
    match &plan.split_remarks {
        Some(remarks) if topic_sets => format!("{words} ({remarks})"),
        _ => words,
    }
}

/// [`caption`]'s words before the remarks on the topic sets.
fn paper_b_caption(b: &Artefact, plan: &Plan) -> String {
    let alpha = b.parameters.alpha().unwrap_or(f64::NAN);
    let main = b.layout.as_ref().is_some_and(is_main_panel);
    if is(b, &AGREEMENT) {
        format!(
            "Pairwise inter-assessor agreement: {}",
            plan.assessors.join(", ")
        )
    } else if is(b, &LEVEL_COUNTS) {
        "Number of Lx-relevant documents in each qrels version".into()
    } else if is(b, &QRELS_RANK_CORRELATION) {
        "System ranking consistency in terms of Kendall's tau, with 95%CIs, for every pair of qrels versions".into()
    } else if is(b, &QRELS_OVERLAP) && !main {
        format!("Statistical Significance Overlap between two qrels versions (alpha = {alpha})")
    } else if is(b, &QRELS_OVERLAP) {
        format!(
            "Number of significantly different run pairs under each qrels version (alpha = {alpha})"
        )
    } else if is(b, &TOPICSET_RANK_CORRELATION) {
        format!(
            "System ranking consistency in terms of Kendall's tau, with 95%CIs, for every pair of topic sets (qrels version {}: every assessor)",
            plan.all_version.id
        )
    } else if is(b, &TOPICSET_OVERLAP) && !main {
        format!(
            "Statistical Significance Overlap between two topic sets (alpha = {alpha}; qrels version {}: every assessor)",
            plan.all_version.id
        )
    } else if is(b, &TOPICSET_OVERLAP) {
        format!(
            "Number of significantly different run pairs with each topic set (alpha = {alpha}; qrels version {}: every assessor)",
            plan.all_version.id
        )
    } else if is(b, &QRELS_MEANS_FIGURE) {
        format!(
            "Mean effectiveness scores according to different qrels versions; runs sorted by the {} scores",
            plan.versions[0].id
        )
    } else if is(b, &TOPICSET_MEANS_FIGURE) {
        format!(
            "Mean effectiveness scores according to different topic sets; runs sorted by the {} scores",
            plan.topic_sets
                .first()
                .map_or(plan.all_version.id.as_str(), |(_, l)| l.as_str())
        )
    } else {
        b.caption.text().to_string()
    }
}
