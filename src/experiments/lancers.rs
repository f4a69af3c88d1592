//! Paper B ("The Effect of Inter-Assessor Disagreement on IR System Evaluation: A Case Study with
//! Lancers and Students") experiments.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::engine::agreement::{
    StandardError, binary_kappa, binary_raw_agreement, linear_weighted_kappa,
};
use crate::experiments::{Context, ExperimentError, display_relative, required};
use crate::io::confusion::{AssessorPair, read_confusion_matrices};
use crate::io::read_yaml;
use crate::manifest::{Artefact, KappaSe};
use crate::results::{ResultTable, VALUE};
use crate::sim::SimError;
use crate::sim::www::joint::{JointTargets, fit_joint};
use crate::sim::www::labels::LabelParams;
use crate::sim::www::{ASSESSORS, LabelledTopic, PAIRS};

/// Table 1 of paper B, pooled rows: the three confusion matrices, the linear weighted kappa with its 95%
/// CI, the binary kappa with its 95% CI and the binary raw agreement of every assessor pair
/// (`reference/statistics.md` §1). Parameters: `data` (the matrices), `pairs` (which pairs, in order),
/// `kappa_se` (`cohen`, the default, or `fce`). The per-topic rows need per-topic labels and come from the
/// WWW stand-in collection.
pub fn agreement(artefact: &Artefact, context: &Context) -> Result<ResultTable, ExperimentError> {
    let (pairs, path) = load_pairs(artefact, context)?;
    let se = match artefact.parameters.kappa_se.unwrap_or(KappaSe::Cohen) {
        KappaSe::Cohen => StandardError::CohenSimple,
        KappaSe::Fce => StandardError::FleissCohenEveritt,
    };
    let wanted = required(artefact, "pairs", |p| p.pairs.as_ref())?;
    let mut table = ResultTable::new(&artefact.id);
    for id in wanted {
        let pair = pairs.iter().find(|p| &p.id == id).ok_or_else(|| {
            ExperimentError::invalid(
                artefact,
                format!("pair `{id}` is not in {}", display_relative(context, &path)),
            )
        })?;
        let m = &pair.matrix;
        for (i, row) in m.rows().iter().enumerate() {
            for (j, &count) in row.iter().enumerate() {
                table.set(
                    &pair.id,
                    &i.to_string(),
                    &j.to_string(),
                    VALUE,
                    count as f64,
                );
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
        "Pooled confusion matrices from {}; 95% CIs are kappa ± 1.96·SE with {se} (reference/statistics.md §1.1).",
        display_relative(context, &path)
    ));
    Ok(table)
}

/// Table 2 of paper B, the rows implied by the pairwise matrices. A qrels version sums its assessors'
/// labels (`data/lancers/qrels-versions.yaml`): a single assessor's level counts are a matrix margin (which
/// must agree across the matrices sharing the assessor), and two assessors' are the anti-diagonal sums of
/// their matrix. Three assessors need the joint label table, which the paper does not print; such rows are
/// left out and named in the notes. Parameters: `data` (the matrices), `qrels` (the rows, in order).
pub fn level_counts(
    artefact: &Artefact,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let (pairs, path) = load_pairs(artefact, context)?;
    let margins = assessor_margins(artefact, &pairs, &path, context)?;
    let versions_path = context.data_path(QRELS_VERSIONS);
    let versions: QrelsVersions = read_yaml(&versions_path)?;
    let wanted = required(artefact, "qrels", |p| p.qrels.as_ref())?;
    let mut table = ResultTable::new(&artefact.id);
    let mut not_derivable = Vec::new();
    for qrels in wanted {
        let version = versions
            .versions
            .iter()
            .find(|v| &v.id == qrels)
            .ok_or_else(|| {
                ExperimentError::invalid(
                    artefact,
                    format!(
                        "qrels `{qrels}` is not defined in {}",
                        display_relative(context, &versions_path)
                    ),
                )
            })?;
        let counts = match version.assessors.as_slice() {
            [one] => margins.get(one).cloned(),
            [a, b] => pairs
                .iter()
                .find(|p| (&p.first, &p.second) == (a, b) || (&p.first, &p.second) == (b, a))
                .map(|p| p.matrix.summed_level_counts()),
            _ => None,
        };
        let Some(counts) = counts else {
            // The levels need the joint table, but the number judged is every matrix's total.
            not_derivable.push(qrels.as_str());
            table.mark_pending_row("main", qrels);
            if let Some(total) = common_total(&pairs) {
                table.set("main", qrels, "total", VALUE, total as f64);
            }
            continue;
        };
        for (level, &count) in counts.iter().enumerate() {
            table.set("main", qrels, &format!("L{level}"), VALUE, count as f64);
        }
        table.set(
            "main",
            qrels,
            "total",
            VALUE,
            counts.iter().sum::<u64>() as f64,
        );
    }
    table.note(format!(
        "Single-assessor rows are margins of the matrices in {}; a two-assessor row sums the pair's labels.",
        display_relative(context, &path)
    ));
    if !not_derivable.is_empty() {
        table.note(format!(
            "Levels not derivable from pairwise matrices (they need the joint label table), total judged only: {}.",
            not_derivable.join(", ")
        ));
    }
    Ok(table)
}

/// The number of items every matrix counts, if they all count the same number.
fn common_total(pairs: &[AssessorPair]) -> Option<u64> {
    let first = pairs.first()?.matrix.total();
    pairs
        .iter()
        .all(|p| p.matrix.total() == first)
        .then_some(first)
}

/// The qrels versions of paper B and the assessors each one sums.
pub const QRELS_VERSIONS: &str = "data/lancers/qrels-versions.yaml";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct QrelsVersions {
    versions: Vec<QrelsVersion>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct QrelsVersion {
    id: String,
    assessors: Vec<String>,
}

fn load_pairs(
    artefact: &Artefact,
    context: &Context,
) -> Result<(Vec<AssessorPair>, std::path::PathBuf), ExperimentError> {
    let data = required(artefact, "data", |p| p.data.as_ref())?;
    let path = context.data_path(data);
    Ok((read_confusion_matrices(&path)?, path))
}

/// Every assessor's label counts, from the rows (first assessor) and columns (second) of the matrices,
/// checked to agree wherever an assessor appears in more than one matrix.
fn assessor_margins(
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

/// The `labels:` section of the stand-in's knob file (`parameters.standin`); other sections (the runs)
/// belong to other generators and are ignored here.
#[derive(Debug, Deserialize)]
struct StandinFile {
    labels: LabelParams,
}

/// The seed of an artefact: its own `seed` parameter, else the global one.
fn seed_of(artefact: &Artefact, context: &Context) -> u64 {
    artefact.parameters.seed.unwrap_or(context.seed)
}

/// The fit targets of the joint label table: the three pairwise matrices of `parameters.data` (in the
/// order of [`crate::sim::www::PAIRS`], oriented first assessor = rows) and the all3 level counts of
/// the stand-in's knob file.
fn joint_targets(
    artefact: &Artefact,
    context: &Context,
    params: &LabelParams,
) -> Result<JointTargets, ExperimentError> {
    let (pairs, path) = load_pairs(artefact, context)?;
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

/// Paper B's seeded stand-in topics for `artefact`: reads the knob file `parameters.standin` (its
/// `labels:` section) and the confusion matrices `parameters.data`, fits the joint label table
/// ([`crate::sim::www::joint::fit_joint`]) and spreads its documents over topics
/// ([`crate::sim::www::labels::standin_topics`]), seeded by the artefact's `seed` parameter or the
/// global seed. Every paper-B artefact names the same files, so they all see the same collection.
pub fn standin_topics(
    context: &Context,
    artefact: &Artefact,
) -> Result<Vec<LabelledTopic>, ExperimentError> {
    let standin = required(artefact, "standin", |p| p.standin.as_ref())?;
    let standin_path = context.data_path(standin);
    let file: StandinFile = read_yaml(&standin_path)?;
    let targets = joint_targets(artefact, context, &file.labels)?;
    let sim_error = |e: SimError| {
        ExperimentError::invalid(
            artefact,
            format!(
                "stand-in from {}: {e}",
                display_relative(context, &standin_path)
            ),
        )
    };
    let joint = fit_joint(&targets).map_err(sim_error)?;
    crate::sim::www::labels::standin_topics(&file.labels, &joint, seed_of(artefact, context))
        .map_err(sim_error)
}

/// The labelled topics every paper-B experiment works on, and whether they are real.
///
/// **The single dispatch point between the stand-in and a user's real collection**: without
/// `--data` (`context.data_dir` is `None`) it is [`standin_topics`]; with `--data` it must read the
/// real per-assessor label file (`topic doc lancer1 lancer2 student`), whose reader is not written yet,
/// so it says so instead of silently falling back to the stand-in. Extend the `Some` arm.
pub fn topics(
    context: &Context,
    artefact: &Artefact,
) -> Result<(Vec<LabelledTopic>, bool), ExperimentError> {
    match &context.data_dir {
        None => Ok((standin_topics(context, artefact)?, false)),
        Some(dir) => Err(ExperimentError::invalid(
            artefact,
            format!(
                "reading paper B's real per-assessor labels from {} is not supported yet",
                dir.display()
            ),
        )),
    }
}
