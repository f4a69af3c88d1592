//! P+Q@l (Sakai, "Evaluation with informational and navigational intents", WWW 2012; Sakai's
//! survey §2.2.2, Eq. 9):
//!
//! `P+Q@l = Σ_{i informational} Pr(i|q)·Q_i@l + Σ_{j navigational} Pr(j|q)·P+_j`,
//!
//! where `Q_i@l` (survey Eq. 3) and `P+_j` (Eq. 4) are the intentwise Q@l and P+ computed with
//! only the documents relevant to that intent treated as relevant, each intent with its own ideal
//! list (NTCIREVAL `compute` on the intent's own judgements). An intent without any relevant
//! document contributes 0 (NTCIREVAL prints no value for it).

use super::{DiversityTopic, IntentKind};
use crate::measures::{Evaluation, Evaluator, Label};

/// P+Q@l for each cutoff of `evaluator`'s parameters, in their order.
pub fn pplusq(
    topic: &DiversityTopic,
    ranked: &[&str],
    evaluator: &Evaluator,
) -> Result<Vec<f64>, crate::measures::MeasureError> {
    let cutoffs = &evaluator.params().cutoffs;
    let mut out = vec![0.0; cutoffs.len()];
    let mut labels: Vec<Label> = Vec::with_capacity(ranked.len());
    let mut ev = Evaluation::default();
    for (i, intent) in topic.intents().intents().iter().enumerate() {
        let Some(ideal) = topic.intent_ideal(i) else {
            continue;
        };
        labels.clear();
        for doc in ranked {
            let level = topic
                .judged(doc)
                .and_then(|j| j.levels.iter().find(|&&(k, _)| k == i))
                .map_or(0, |&(_, l)| l);
            labels.push(topic.gains().label(level)?);
        }
        evaluator.evaluate_into(ideal, &labels, &mut ev)?;
        for (o, at) in out.iter_mut().zip(&ev.at) {
            *o += intent.probability
                * match intent.kind {
                    IntentKind::Informational => at.q,
                    IntentKind::Navigational => ev.p_plus,
                };
        }
    }
    Ok(out)
}
