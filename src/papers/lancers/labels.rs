//! Paper B ("The Effect of Inter-Assessor Disagreement on IR System Evaluation: A Case Study with
//! Lancers and Students") experiments.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::io::confusion::{AssessorPair, read_confusion_matrices};
use crate::manifest::Artefact;
use crate::model::ProvenanceClass;
use crate::papers::lancers::params::{AgreementParams, LabelInputs};
use crate::papers::lancers::standin::joint::{JointTargets, fit_joint};
use crate::papers::lancers::standin::labels::{LabelParams, summarise};
use crate::papers::lancers::standin::{
    ASSESSORS, AssessorSet, LabelledCollection, LabelledTopic, PAIR_IDS, PAIRS, topic_kappas,
};
use crate::papers::standin_error::SimError;
use crate::papers::{Context, ExperimentError, display_relative};
use crate::results::{ClaimCheck, ResultTable, VALUE};
use evia_engine::agreement::{
    Kappa, StandardError, binary_kappa, binary_raw_agreement, linear_weighted_kappa,
};

/// Table 1 of paper B, pooled rows: the three confusion matrices, the linear weighted kappa with its 95%
/// CI, the binary kappa with its 95% CI and the binary raw agreement of every assessor pair
/// (`tests/fixtures/statistics.md` §1). The matrices are the printed ones, or with real labels (a
/// user's collection or `reproduce --data`) pooled from them. Parameters: [`AgreementParams`]
/// (`pairs`: which pairs, in order; `kappa_se`: `cohen`, the default, or `fce`).
///
/// The per-topic rows (mean, min and max per-topic kappa; topics whose kappa is not significantly
/// positive) need per-topic labels: they come from [`topics`] (the stand-in, or real labels), as does
/// the high/low-agreement split (§3), listed in the notes. The paper's claims that the lancers agree
/// with each other significantly more than with the student are checked on the pooled matrices
/// (class `exact`) and per topic (class `simulated` or `real-data`).
pub(crate) fn agreement(
    artefact: &Artefact,
    params: &AgreementParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let (pairs, source) = pooled_pairs(artefact, params.labels(), context)?;
    let se = params.kappa_se.unwrap_or_default().standard_error();
    let wanted = &params.pairs;
    let mut table = ResultTable::new(&artefact.id);
    // The printed matrices are the experiment's inputs (echoed); matrices pooled from a collection's
    // labels are results.
    let printed_matrices = real_labels_file(context, params.labels()).is_none();
    let mut pooled = BTreeMap::new();
    for id in wanted {
        let pair = pairs.iter().find(|p| &p.id == id).ok_or_else(|| {
            ExperimentError::invalid(artefact, format!("pair `{id}` is not in {source}"))
        })?;
        let m = &pair.matrix;
        for (i, row) in m.rows().iter().enumerate() {
            for (j, &count) in row.iter().enumerate() {
                let (panel, row, column) = (&pair.id, &i.to_string(), &j.to_string());
                if printed_matrices {
                    table.set_input(panel, row, column, VALUE, count as f64);
                } else {
                    table.set(panel, row, column, VALUE, count as f64);
                }
            }
        }
        let err = |e| ExperimentError::invalid(artefact, format!("pair `{}`: {e}", pair.id));
        let weighted = linear_weighted_kappa(m, se).map_err(err)?;
        let binary = binary_kappa(m, se).map_err(err)?;
        for (row, k) in [("kappa_w", weighted), ("kappa_binary", binary)] {
            table.set("statistics", row, &pair.id, "estimate", k.kappa);
            table.set("statistics", row, &pair.id, "ci_lo", k.ci_lo);
            table.set("statistics", row, &pair.id, "ci_hi", k.ci_hi);
        }
        pooled.insert(pair.id.clone(), (weighted, binary));
        let raw = binary_raw_agreement(m).map_err(err)?;
        table.set(
            "statistics",
            "raw_agreement_binary",
            &pair.id,
            "estimate",
            raw,
        );
    }
    table.note(format!(
        "Pooled confusion matrices from {source}; 95% CIs are kappa ± 1.959964·SE (1.959964: the 0.975 quantile of the standard normal) with {se} (tests/fixtures/statistics.md §1.1).",
    ));
    if !printed_matrices {
        pooled_claim(&mut table, &pooled);
    }
    per_topic_rows(&mut table, artefact, params.labels(), context, se, wanted)?;
    Ok(table)
}

/// The pooled confusion matrix of every assessor pair, and where they come from (for notes): the
/// printed matrices `labels.data`, or, for a user's collection, the sums of its topics' matrices
/// ([`crate::papers::lancers::standin::topic_matrix`]) for every pair of its assessors.
fn pooled_pairs(
    artefact: &Artefact,
    labels: LabelInputs<'_>,
    context: &Context,
) -> Result<(Vec<AssessorPair>, String), ExperimentError> {
    let Some(labels_file) = real_labels_file(context, labels) else {
        let (pairs, path) = load_pairs(artefact, labels, context)?;
        return Ok((pairs, display_relative(context, &path)));
    };
    let (collection, _) = topics(context, artefact, labels)?;
    let assessors = &collection.assessors;
    let levels = assessors.levels();
    let mut pooled = Vec::new();
    for pair in assessors.pairs() {
        let mut rows = vec![vec![0u64; levels]; levels];
        for topic in &collection.topics {
            let m = crate::papers::lancers::standin::topic_matrix(topic, assessors, &pair)
                .map_err(|e| {
                    ExperimentError::invalid(artefact, format!("topic {}: {e}", topic.id))
                })?;
            for (i, row) in rows.iter_mut().enumerate() {
                for (j, cell) in row.iter_mut().enumerate() {
                    *cell += m.count(i, j);
                }
            }
        }
        let matrix = evia_engine::agreement::ConfusionMatrix::from_rows(&rows)
            .map_err(|e| ExperimentError::invalid(artefact, format!("pair `{}`: {e}", pair.id)))?;
        pooled.push(AssessorPair {
            id: pair.id,
            first: assessors.names()[pair.first].clone(),
            second: assessors.names()[pair.second].clone(),
            matrix,
        });
    }
    Ok((pooled, format!("the labels of {labels_file}")))
}

/// The real per-assessor label file that replaces the printed matrices and the stand-in, shown for
/// notes: a user's `collection`, or `labels.tsv` of `reproduce --data DIR`; `None` on the stand-in.
/// With real labels every number of Tables 1 and 2 is computed from them, none is a printed input.
pub(super) fn real_labels_file(context: &Context, labels: LabelInputs<'_>) -> Option<String> {
    match (labels.collection, &context.data_dir) {
        (Some(user), _) => Some(super::user_collection::shown_name(&user.labels)),
        (None, Some(dir)) => Some(
            dir.join(crate::papers::lancers::collection_files::LABELS_FILE)
                .display()
                .to_string(),
        ),
        (None, None) => None,
    }
}

/// The pair ids of paper B's Table 1 split into the lancer–lancer pair and the lancer–student pairs.
const LANCER_PAIR: &str = PAIR_IDS[0];
const STUDENT_PAIRS: [&str; 2] = [PAIR_IDS[1], PAIR_IDS[2]];

/// Paper B §3: "the lancer-lancer κ is statistically significantly higher than the lancer-student
/// κ's" (weighted), and "Again, the lancer-lancer κ is statistically significantly higher than the
/// lancer-student κ's" (binary), re-tested on a collection's own labels as one claim over both
/// statistics. The paper names no test; its Table 1 shows 95% CIs, so the claim is judged as the CIs
/// show it: for each statistic, the lancer–lancer CI's lower limit lies above each lancer–student
/// CI's upper limit (non-overlapping 95% CIs imply a difference significant at 5%, conservatively).
/// On the printed matrices the published statement `B.stmt.t1_lancers_agree_more` (paper/consistency.yaml) already judges
/// the printed CIs, so the claim is counted there once and not repeated here.
fn pooled_claim(table: &mut ResultTable, pooled: &BTreeMap<String, (Kappa, Kappa)>) {
    let mut holds = true;
    let mut rebuilt = Vec::new();
    for (pick, label) in [
        (
            (|k: &(Kappa, Kappa)| k.0) as fn(&(Kappa, Kappa)) -> Kappa,
            "linear weighted",
        ),
        (|k| k.1, "binary"),
    ] {
        let Some(lancers) = pooled.get(LANCER_PAIR).map(pick) else {
            return;
        };
        for id in STUDENT_PAIRS {
            let Some(student) = pooled.get(id).map(pick) else {
                return;
            };
            let above = lancers.ci_lo > student.ci_hi;
            holds &= above;
            rebuilt.push(format!(
                "{label}: {LANCER_PAIR} CI lower {:.3} {} {id} CI upper {:.3}",
                lancers.ci_lo,
                if above { ">" } else { "<=" },
                student.ci_hi
            ));
        }
    }
    let rebuilt = rebuilt.join("; ");
    table.claim_with_class(
        ClaimCheck {
            id: "B.T1.kappa_lancers_above_students".to_string(),
            section: "B.§3".to_string(),
            statement: "the lancer-lancer κ (linear weighted and binary) is significantly higher than both lancer-student κ's: each lancer-lancer 95% CI lies wholly above both lancer-student CIs".to_string(),
            printed: "lancer-lancer κ significantly higher than the lancer-student κ's".to_string(),
            detail: format!("non-overlapping pooled 95% CIs, per statistic: {rebuilt}"),
            rebuilt,
            holds,
            group: None,
            ..ClaimCheck::default()
        },
        ProvenanceClass::RealData,
    );
}

/// The per-topic rows of Table 1, the high/low-agreement split of §3 (in the notes) and the per-topic
/// form of the lancers' higher agreement (§3: significantly positive for 50 − 8 = 42 topics between the
/// lancers but "only 35 (31)" between a lancer and the student), from [`topics`].
fn per_topic_rows(
    table: &mut ResultTable,
    artefact: &Artefact,
    labels: LabelInputs<'_>,
    context: &Context,
    se: StandardError,
    wanted: &[String],
) -> Result<(), ExperimentError> {
    let (collection, real) = topics(context, artefact, labels)?;
    let (assessors, topics) = (&collection.assessors, &collection.topics);
    table.real_data = real;
    // On the stand-in these rows are the fit's targets (`targets` of the knob file), not a rebuild.
    let fit_tolerance = if real {
        None
    } else {
        Some(
            standin_file(artefact, context, labels)?
                .labels
                .targets
                .tolerance,
        )
    };
    let per_topic = topics
        .iter()
        .map(|t| {
            topic_kappas(t, assessors, se)
                .map_err(|e| ExperimentError::invalid(artefact, format!("topic {}: {e}", t.id)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let summary = summarise(&per_topic);
    let pairs = assessors.pairs();
    for id in wanted {
        let Some(p) = pairs.iter().position(|pair| &pair.id == id) else {
            let known: Vec<&str> = pairs.iter().map(|p| p.id.as_str()).collect();
            return Err(ExperimentError::invalid(
                artefact,
                format!("pair `{id}` is not one of the assessor pairs {known:?}"),
            ));
        };
        for (part, value) in [
            ("mean", summary.mean[p]),
            ("min", summary.min[p]),
            ("max", summary.max[p]),
        ] {
            table.set("statistics", "per_topic_kappa_w", id, part, value);
            if let Some(tolerance) = fit_tolerance {
                table.fitted_to_print("statistics", "per_topic_kappa_w", id, part, tolerance);
            }
        }
        table.set(
            "statistics",
            "topics_not_significant",
            id,
            "count",
            summary.not_significant[p] as f64,
        );
        if fit_tolerance.is_some() {
            table.fitted_to_print("statistics", "topics_not_significant", id, "count", 0.0);
        }
    }
    let high: Vec<&str> = topics
        .iter()
        .zip(&per_topic)
        .filter(|(_, k)| {
            k.iter()
                .all(|k| k.as_ref().is_some_and(Kappa::significantly_positive))
        })
        .map(|(t, _)| t.id.as_str())
        .collect();
    // Per pair, the topics where its kappa is undefined (both assessors used one label throughout).
    let undefined: Vec<String> = pairs
        .iter()
        .enumerate()
        .filter_map(|(p, pair)| {
            let topics: Vec<&str> = topics
                .iter()
                .zip(&per_topic)
                .filter(|(_, k)| k[p].is_none())
                .map(|(t, _)| t.id.as_str())
                .collect();
            (!topics.is_empty()).then(|| format!("{} on {}", pair.id, topics.join(", ")))
        })
        .collect();
    let source = if real {
        "the real per-assessor labels".to_string()
    } else {
        format!(
            "the seeded stand-in collection ({}, seed {}), not the real WWW labels",
            standin_input(artefact, "standin", labels.standin)?,
            context.seed_for(artefact)
        )
    };
    table.note(format!(
        "Per-topic rows: linear weighted kappa of each of {} topics' own matrices, from {source}; \"not significantly positive\" means the 95% CI's lower limit is not above 0.",
        topics.len()
    ));
    table.note(format!(
        "High-agreement topics (all {} per-topic kappas significantly positive, §3): {} of {}: {}.",
        number_word(pairs.len()),
        high.len(),
        topics.len(),
        high.join(", ")
    ));
    if !undefined.is_empty() {
        table.note(format!(
            "Per-topic kappa undefined (both assessors gave one label throughout the topic, so chance agreement is 1; counted as not significantly positive, left out of the mean, minimum and maximum): {}.",
            undefined.join("; ")
        ));
    }
    if let (true, Ok(not_significant)) = (
        *assessors == AssessorSet::paper_b(),
        <[usize; 3]>::try_from(summary.not_significant),
    ) {
        per_topic_agreement_claim(table, topics.len(), not_significant);
    }
    Ok(())
}

/// `n` in words for the small counts of a note (`three`), digits beyond ten.
fn number_word(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// Paper B §3's per-topic form of the lancers' higher agreement: of `topics` topics, the per-topic
/// weighted kappa is significantly positive on more for the lancer–lancer pair than for either
/// lancer–student pair (`not_significant[p]`: topics where pair p's is not, in [`PAIR_IDS`] order).
fn per_topic_agreement_claim(table: &mut ResultTable, topics: usize, not_significant: [usize; 3]) {
    let positive = |p: usize| topics - not_significant[p];
    let holds = positive(0) > positive(1) && positive(0) > positive(2);
    table.claim(ClaimCheck {
        id: "B.T1.per_topic_lancers_agree_more".to_string(),
        section: "B.§3".to_string(),
        statement: "per-topic κ is significantly positive on more topics for lancer-lancer than for either lancer-student pair".to_string(),
        printed: "lancer-lancer on more topics than lancer-student (\"only 35 (31) topics\")".to_string(),
        rebuilt: format!(
            "{} vs {} and {} of {} topics",
            positive(0),
            positive(1),
            positive(2),
            topics
        ),
        holds,
        detail: format!(
            "topics with a significantly positive per-topic κ: {LANCER_PAIR} {}, {} {}, {} {}",
            positive(0),
            PAIR_IDS[1],
            positive(1),
            PAIR_IDS[2],
            positive(2)
        ),
        group: None,
        ..ClaimCheck::default()
    });
}

/// The confusion matrices `labels.data`, and their path.
pub(super) fn load_pairs(
    artefact: &Artefact,
    labels: LabelInputs<'_>,
    context: &Context,
) -> Result<(Vec<AssessorPair>, std::path::PathBuf), ExperimentError> {
    let path = context.data_path(standin_input(artefact, "data", labels.data)?);
    Ok((read_confusion_matrices(&path)?, path))
}

/// Every assessor's label counts, from the rows (first assessor) and columns (second) of the matrices,
/// checked to agree wherever an assessor appears in more than one matrix.
pub(super) fn assessor_margins(
    artefact: &Artefact,
    pairs: &[AssessorPair],
    path: &Path,
    context: &Context,
) -> Result<BTreeMap<String, Vec<u64>>, ExperimentError> {
    let mut margins: BTreeMap<String, (Vec<u64>, String)> = BTreeMap::new();
    for pair in pairs {
        for (assessor, counts) in [
            (&pair.first, pair.matrix.row_totals()),
            (&pair.second, pair.matrix.column_totals()),
        ] {
            match margins.get(assessor) {
                Some((seen, from)) if *seen != counts => {
                    return Err(ExperimentError::invalid(
                        artefact,
                        format!(
                            "{}: assessor `{assessor}` has label counts {seen:?} in pair `{from}` but {counts:?} in pair `{}`",
                            display_relative(context, path),
                            pair.id
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    margins.insert(assessor.clone(), (counts, pair.id.clone()));
                }
            }
        }
    }
    Ok(margins.into_iter().map(|(k, (v, _))| (k, v)).collect())
}

/// The `labels:` section of the stand-in's knob file (`labels.standin`); other sections (the runs)
/// belong to other generators and are ignored here.
#[derive(Debug, Deserialize)]
struct StandinFile {
    labels: LabelParams,
}

/// The fit targets of the joint label table: the three pairwise matrices of `labels.data` (in the
/// order of [`crate::papers::lancers::standin::PAIRS`], oriented first assessor = rows) and the all3 level counts of
/// the stand-in's knob file.
fn joint_targets(
    artefact: &Artefact,
    labels: LabelInputs<'_>,
    context: &Context,
    params: &LabelParams,
) -> Result<JointTargets, ExperimentError> {
    let (pairs, path) = load_pairs(artefact, labels, context)?;
    let matrix = |first: usize, second: usize| {
        let (a, b) = (ASSESSORS[first], ASSESSORS[second]);
        pairs
            .iter()
            .find_map(|p| {
                if (p.first.as_str(), p.second.as_str()) == (a, b) {
                    Some(p.matrix.clone())
                } else if (p.first.as_str(), p.second.as_str()) == (b, a) {
                    Some(p.matrix.transposed())
                } else {
                    None
                }
            })
            .ok_or_else(|| {
                ExperimentError::invalid(
                    artefact,
                    format!(
                        "{} has no confusion matrix of `{a}` and `{b}`",
                        display_relative(context, &path)
                    ),
                )
            })
    };
    let [(a0, b0), (a1, b1), (a2, b2)] = PAIRS;
    Ok(JointTargets {
        pairs: [matrix(a0, b0)?, matrix(a1, b1)?, matrix(a2, b2)?],
        all3_levels: params.all3_levels,
    })
}

/// The stand-in's knob file, `labels.standin`.
fn standin_file(
    artefact: &Artefact,
    context: &Context,
    labels: LabelInputs<'_>,
) -> Result<StandinFile, ExperimentError> {
    let path = standin_input(artefact, "standin", labels.standin)?;
    Ok(context.read_yaml_input(path)?)
}

/// The stand-in's input file `key` (`data` or `standin`): the manifest names both unless the entry
/// has a user's `collection:` (which never reads them), so its absence here is an error.
pub(super) fn standin_input<'a>(
    artefact: &Artefact,
    key: &str,
    value: Option<&'a str>,
) -> Result<&'a str, ExperimentError> {
    value.ok_or_else(|| {
        ExperimentError::invalid(
            artefact,
            format!("the stand-in needs the `{key}` parameter (or a `collection:`)"),
        )
    })
}

/// Paper B's seeded stand-in topics for `artefact`: reads the knob file `labels.standin` (its
/// `labels:` section) and the confusion matrices `labels.data`, fits the joint label table
/// ([`crate::papers::lancers::standin::joint::fit_joint`]) and spreads its documents over topics
/// ([`crate::papers::lancers::standin::labels::standin_topics`]), seeded by the artefact's `seed` parameter or the
/// global seed. Every paper-B artefact names the same files, so they all see the same collection.
pub(crate) fn standin_topics(
    context: &Context,
    artefact: &Artefact,
    labels: LabelInputs<'_>,
) -> Result<Vec<LabelledTopic>, ExperimentError> {
    let standin_path = context.data_path(standin_input(artefact, "standin", labels.standin)?);
    let file = standin_file(artefact, context, labels)?;
    let targets = joint_targets(artefact, labels, context, &file.labels)?;
    // A knob's error names its line in the knob file.
    let sim_error = |e: SimError| {
        let line = match &e {
            SimError::InvalidParameter { name, .. } => crate::io::read_text(&standin_path)
                .ok()
                .and_then(|text| crate::io::yaml_key_line(&text, name))
                .map_or_else(String::new, |l| format!(":{l}")),
            _ => String::new(),
        };
        ExperimentError::invalid(
            artefact,
            format!(
                "stand-in from {}{line}: {e}",
                display_relative(context, &standin_path)
            ),
        )
    };
    let joint = fit_joint(&targets).map_err(sim_error)?;
    crate::papers::lancers::standin::labels::standin_topics(
        &file.labels,
        &joint,
        context.seed_for(artefact),
    )
    .map_err(sim_error)
}

/// The labelled topics every paper-B experiment works on, and whether they are real.
///
/// **The single dispatch point between the stand-in and a user's real collection**: with a
/// `collection:` parameter ([`crate::papers::lancers::params::UserCollection`], any assessors) it reads that
/// label file ([`super::user_collection::read_collection_labels`]); otherwise, without
/// `--data` (`context.data_dir` is `None`) it is [`standin_topics`]; with `--data DIR` it reads the
/// real per-assessor labels `DIR/labels.tsv` (`topic doc lancer1 lancer2 student`, format in
/// [`crate::papers::lancers::collection_files`]) and never falls back to the stand-in: a missing or malformed file is an
/// error naming the file and line.
pub(crate) fn topics(
    context: &Context,
    artefact: &Artefact,
    labels: LabelInputs<'_>,
) -> Result<(LabelledCollection, bool), ExperimentError> {
    if let Some(user) = labels.collection {
        let collection = super::user_collection::read_collection_labels(context, user)?;
        return Ok((collection, true));
    }
    let (topics, real) = match &context.data_dir {
        None => (standin_topics(context, artefact, labels)?, false),
        Some(dir) => {
            let path = dir.join(crate::papers::lancers::collection_files::LABELS_FILE);
            (
                crate::papers::lancers::collection_files::read_labels(&path)?,
                true,
            )
        }
    };
    let assessors = AssessorSet::paper_b();
    Ok((LabelledCollection { assessors, topics }, real))
}
