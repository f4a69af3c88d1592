//! P+Q@l (Sakai, "Evaluation with informational and navigational intents", WWW 2012; Sakai's
//! survey §2.2.2, Eq. 9):
//!
//! `P+Q@l = Σ_{i informational} Pr(i|q)·Q_i@l + Σ_{j navigational} Pr(j|q)·P+_j`,
//!
//! where `Q_i@l` (survey Eq. 3) and `P+_j` (Eq. 4) are the intentwise Q@l and P+ computed with
//! only the documents relevant to that intent treated as relevant, each intent with its own ideal
//! list (NTCIREVAL `compute` on the intent's own judgements). An intent without any relevant
//! document contributes 0 (NTCIREVAL prints no value for it).
//!
//! Only Q@l and P+ are needed per intent, and both change only at the ranks of the intent's
//! relevant documents, so they are computed in one pass over the list for all intents (cost: the
//! list length plus the number of intentwise relevant judgements retrieved), with the formulas and
//! the operation order of [`Evaluator`](crate::measures::Evaluator) (NTCIREVAL `compute`): with
//! `C(r)` the relevant documents and `cg(r)` the gain up to rank r, `cg*(r)` the intent's ideal
//! cumulative gain and β the blended-ratio parameter, `BR(r) = (β·cg(r) + C(r))/(β·cg*(r) + r)`;
//! `Q@l = Σ_{r≤l, g(r)>0} BR(r) / min(l, R)`; `P+ = Σ_{r≤rp, g(r)>0} BR(r) / C(rp)`, rp the first
//! rank of the highest level retrieved. A unit test checks both against the full evaluator.

use super::topic::JudgedDoc;
use super::{DiversityTopic, IntentKind};
use crate::measures::{MeasureError, Params};

/// One intent's running values.
#[derive(Debug, Clone, Copy, Default)]
struct Running {
    /// C(r), cg(r), the sum of BR over relevant ranks with gain > 0, the highest level so far.
    count: usize,
    cg: f64,
    q_sum: f64,
    best_level: u32,
    /// P+ as of the last new highest level (0 if no relevant document yet).
    p_plus: f64,
}

/// P+Q@l for each cutoff of `params`, in their order, for a ranked list looked up in `topic`.
pub(crate) fn pplusq(
    topic: &DiversityTopic,
    ranked: &[Option<&JudgedDoc>],
    params: &Params,
) -> Result<Vec<f64>, MeasureError> {
    let n = topic.intents().len();
    let beta = params.beta;
    let cutoffs = &params.cutoffs;
    let mut sorted: Vec<(usize, usize)> =
        cutoffs.iter().enumerate().map(|(k, &l)| (l, k)).collect();
    sorted.sort_unstable();
    let mut state = vec![Running::default(); n];
    // q_sum of every intent at each cutoff (index: cutoff position * n + intent).
    let mut q_sum_at = vec![0.0; cutoffs.len() * n];
    let mut next = 0;
    for (k, j) in ranked.iter().enumerate() {
        let r = k + 1;
        if let Some(j) = j {
            for &(i, level) in &j.levels {
                if level == 0 {
                    continue;
                }
                let Some(ideal) = topic.intent_ideal(i) else {
                    continue;
                };
                let g = topic.gains().gain(level)?;
                let s = &mut state[i];
                s.count += 1;
                s.cg += g;
                let br = (beta * s.cg + s.count as f64) / (beta * ideal.ideal_cg(r) + r as f64);
                if g > 0.0 {
                    s.q_sum += br;
                }
                if level > s.best_level {
                    s.best_level = level;
                    s.p_plus = s.q_sum / s.count as f64;
                }
            }
        }
        while next < sorted.len() && sorted[next].0 == r {
            let c = sorted[next].1;
            for (i, s) in state.iter().enumerate() {
                q_sum_at[c * n + i] = s.q_sum;
            }
            next += 1;
        }
    }
    // Cutoffs beyond the list: the sums at its end.
    for &(_, c) in &sorted[next..] {
        for (i, s) in state.iter().enumerate() {
            q_sum_at[c * n + i] = s.q_sum;
        }
    }
    let mut out = vec![0.0; cutoffs.len()];
    for (i, intent) in topic.intents().intents().iter().enumerate() {
        let Some(ideal) = topic.intent_ideal(i) else {
            continue;
        };
        let big_r = ideal.jrel();
        for (c, (o, &l)) in out.iter_mut().zip(cutoffs).enumerate() {
            let value = match intent.kind {
                IntentKind::Informational => q_sum_at[c * n + i] / l.min(big_r) as f64,
                IntentKind::Navigational => state[i].p_plus,
            };
            *o += intent.probability * value;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diversity::{Intent, IntentJudgement, IntentSet};
    use crate::measures::{Evaluator, LevelGains};

    /// The one-pass Q@l and P+ equal, bit for bit, those of the full evaluator run on each
    /// intent's own labels (three intents, levels L0-L3 with gains 0:1:3, a nav intent, a run
    /// with a repeated and unjudged documents, cutoffs inside and beyond the list).
    #[test]
    fn one_pass_matches_the_full_evaluator() {
        let intents = IntentSet::new(vec![
            Intent {
                id: 1,
                probability: 0.5,
                kind: IntentKind::Informational,
            },
            Intent {
                id: 2,
                probability: 0.3,
                kind: IntentKind::Navigational,
            },
            Intent {
                id: 3,
                probability: 0.2,
                kind: IntentKind::Informational,
            },
        ])
        .unwrap();
        let gains = LevelGains::new(&[0.0, 1.0, 3.0]).unwrap();
        let judged = [
            (0, "a", 3),
            (0, "b", 1),
            (0, "c", 2),
            (1, "a", 2),
            (1, "d", 3),
            (1, "e", 0),
            (2, "b", 2),
            (2, "f", 1),
            (0, "g", 2),
            (2, "g", 3),
        ]
        .map(|(intent, doc, level)| IntentJudgement { intent, doc, level });
        let topic = DiversityTopic::new(intents, judged, &gains).unwrap();
        let ranked = ["x", "b", "d", "a", "b", "e", "y", "c", "g"];
        let looked_up = topic.look_up(&ranked);
        for beta in [1.0, 0.3] {
            let params = Params {
                cutoffs: vec![3, 1, 20, 8],
                beta,
                ..Params::default()
            };
            let ev = Evaluator::new(params.clone()).unwrap();
            let mut expected = vec![0.0; params.cutoffs.len()];
            for (i, intent) in topic.intents().intents().iter().enumerate() {
                let labels: Vec<_> = looked_up
                    .iter()
                    .map(|j| {
                        let level = j.and_then(|j| j.levels.iter().find(|&&(k, _)| k == i));
                        gains.label(level.map_or(0, |&(_, l)| l)).unwrap()
                    })
                    .collect();
                let e = ev
                    .evaluate(topic.intent_ideal(i).unwrap(), &labels)
                    .unwrap();
                for (x, at) in expected.iter_mut().zip(&e.at) {
                    *x += intent.probability
                        * match intent.kind {
                            IntentKind::Informational => at.q,
                            IntentKind::Navigational => e.p_plus,
                        };
                }
            }
            assert_eq!(pplusq(&topic, &looked_up, &params).unwrap(), expected);
        }
    }
}
