//! A run given as Python values evaluated against [`Qrels`]: each topic ranked as trec_eval ranks
//! it (`evia_tools::io::run::rank_by_score`), evaluated by `evia_tools::evaluate::evaluate_topic`
//! (the evaluation `eval` uses) and reduced to the requested [`Output`]s. Topics are evaluated on
//! two threads (`evia_tools::parallel`); the values are the same whatever the thread count.

use evia_engine::measures::lines::{LineName, each_line};
use evia_engine::measures::{Evaluation, Evaluator, Params};
use evia_tools::evaluate::{ListRules, Scratch, TopicEvaluation, evaluate_topic};
use evia_tools::io::run::rank_by_score;
use evia_tools::io::run_doc::RunDoc;
use evia_tools::parallel::map_in_halves;

use crate::convert::IdSpan;
use crate::judged::{Judged, Qrels};
use crate::measures::{Output, Value};

/// One topic of a run: its id and (document, score) pairs in any order, the documents' ids
/// spans of the run's arena `ids`.
#[derive(Debug)]
pub struct RunTopic<'a> {
    pub topic: String,
    pub ids: &'a str,
    pub docs: &'a [(IdSpan, f64)],
}

/// The values of one evaluated topic: its index in the run and one value per output.
pub type TopicValues = (usize, Vec<f64>);

/// Whether a line of the engine belongs to the bpref/rpref family, computed on condensed lists.
fn is_bpref_line(name: &LineName) -> bool {
    name.base.starts_with("bpref") || name.base.starts_with("rpref")
}

/// The evaluators one call needs.
struct Plan<'o> {
    outputs: &'o [Output],
    /// Every list, with the cutoffs of the outputs (and `big`).
    main: Evaluator,
    /// Condensed lists with the bpref family, when an output needs it.
    condensed: Option<(Evaluator, Evaluator)>,
    /// A cutoff at least every list's length and every topic's R.
    big: usize,
}

impl<'o> Plan<'o> {
    fn new(outputs: &'o [Output], qrels: &Qrels, run: &[RunTopic<'_>]) -> Result<Self, String> {
        let big = run
            .iter()
            .map(|t| t.docs.len())
            .max()
            .unwrap_or(0)
            .max(qrels.most_judged)
            .max(1);
        let mut cutoffs: Vec<usize> = Vec::new();
        let mut gap = false;
        let mut condensed = false;
        for o in outputs {
            let cutoff = match o.value {
                Value::Line(name) => {
                    gap |= name.base == "GAP";
                    condensed |= is_bpref_line(&name);
                    name.cutoff
                }
                Value::MapCut(l) | Value::Recall(l) => Some(l),
                Value::Ndcg | Value::NumRelRet => Some(big),
                Value::Bpref => {
                    condensed = true;
                    Some(big)
                }
                Value::NumRet | Value::NumRel => None,
            };
            if let Some(l) = cutoff
                && !cutoffs.contains(&l)
            {
                cutoffs.push(l);
            }
        }
        if cutoffs.is_empty() {
            cutoffs.push(1);
        }
        let main = Evaluator::new(Params {
            cutoffs,
            gap,
            ..Params::default()
        })
        .map_err(|e| e.to_string())?;
        let condensed = if condensed {
            let with = |bpref| {
                Evaluator::new(Params {
                    cutoffs: vec![1],
                    bpref,
                    ..Params::default()
                })
                .map_err(|e| e.to_string())
            };
            Some((with(true)?, with(false)?))
        } else {
            None
        };
        Ok(Plan {
            outputs,
            main,
            condensed,
            big,
        })
    }

    /// The outputs of a topic without a relevant document: trec_eval's zeros, and the counts.
    fn no_relevant(&self, retrieved: usize) -> Vec<f64> {
        self.outputs
            .iter()
            .map(|o| match o.value {
                Value::NumRet => retrieved as f64,
                _ => 0.0,
            })
            .collect()
    }

    /// The outputs of an evaluated topic.
    fn values(&self, main: &Evaluation, condensed: Option<&TopicEvaluation>) -> Vec<f64> {
        let r = main.jrel as f64;
        let at = |l: usize| main.at_cutoff(l);
        let num_rel_ret = at(self.big).map_or(0.0, |a| (a.prec * self.big as f64).round());
        self.outputs
            .iter()
            .map(|o| match o.value {
                Value::Line(name) => {
                    let ev = if is_bpref_line(&name) {
                        match condensed {
                            Some(c) if !c.without_bpref => &c.ev,
                            _ => return f64::NAN,
                        }
                    } else {
                        main
                    };
                    line_value(ev, name)
                }
                Value::Ndcg => at(self.big).map_or(f64::NAN, |a| a.msndcg),
                Value::MapCut(l) => {
                    at(l).map_or(f64::NAN, |a| a.ap * (l.min(main.jrel) as f64) / r)
                }
                Value::Recall(l) => at(l).map_or(f64::NAN, |a| a.prec * l as f64 / r),
                Value::NumRet => main.syslen as f64,
                Value::NumRel => r,
                Value::NumRelRet => num_rel_ret,
                Value::Bpref => match condensed.and_then(|c| c.ev.bpref.as_ref()) {
                    Some(b) => b.bpref,
                    // trec_eval's bpref without a judged nonrelevant document: every relevant
                    // document retrieved counts 1 (src/cli/eval_conventions.rs).
                    None => num_rel_ret / r,
                },
            })
            .collect()
    }
}

/// The value of the engine's line `name` in `ev` (NaN if the evaluation has no such line).
fn line_value(ev: &Evaluation, name: LineName) -> f64 {
    let mut found = f64::NAN;
    each_line(ev, true, |n, v, _| {
        if n == name {
            found = v;
        }
    });
    found
}

/// Evaluates every topic of `run` that the qrels judge (the others are left out, as trec_eval
/// does), in the run's order. An error names the topic and the cause.
pub fn evaluate(
    qrels: &Qrels,
    outputs: &[Output],
    run: &[RunTopic<'_>],
    judged_only: bool,
) -> Result<Vec<TopicValues>, String> {
    let plan = Plan::new(outputs, qrels, run)?;
    let items: Vec<(usize, &RunTopic<'_>, &Judged)> = run
        .iter()
        .enumerate()
        .filter_map(|(i, t)| qrels.topics.get(&t.topic).map(|j| (i, t, j)))
        .collect();
    // Dictionary keys are unique, so no document is retrieved twice.
    // With `judged_only` (trec_eval -J), unjudged documents are dropped (condensed lists).
    let rules = ListRules {
        allow_duplicates: true,
        condensed: judged_only,
        ..ListRules::plain("run")
    };
    let condensed_rules = ListRules {
        condensed: true,
        ..rules.clone()
    };
    let outcomes = map_in_halves(&items, |&(i, t, judged), scratch: &mut Scratch| {
        let judgements = match judged {
            Judged::NoRelevant(judged) => {
                let retrieved = if judged_only {
                    t.docs
                        .iter()
                        .filter(|(d, _)| judged.contains(d.get(t.ids)))
                        .count()
                } else {
                    t.docs.len()
                };
                return Ok((i, plan.no_relevant(retrieved)));
            }
            Judged::Topic(j) => j,
        };
        let mut docs: Vec<RunDoc<'_>> = t
            .docs
            .iter()
            .enumerate()
            .map(|(k, (doc, score))| RunDoc {
                doc: doc.get(t.ids),
                score: *score,
                line: k + 1,
            })
            .collect();
        rank_by_score(&mut docs);
        let main = evaluate_topic(
            &rules,
            [&plan.main, &plan.main],
            &t.topic,
            judgements,
            &docs,
            scratch,
        )
        .map_err(|e| e.to_string())?;
        let condensed = match &plan.condensed {
            Some((with, without)) => Some(
                evaluate_topic(
                    &condensed_rules,
                    [with, without],
                    &t.topic,
                    judgements,
                    &docs,
                    scratch,
                )
                .map_err(|e| e.to_string())?,
            ),
            None => None,
        };
        Ok((i, plan.values(&main.ev, condensed.as_ref())))
    });
    outcomes.into_iter().collect()
}
