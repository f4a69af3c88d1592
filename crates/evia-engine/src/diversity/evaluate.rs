//! Evaluating one ranked list of a diversity topic with every diversity measure.

use super::{DiversityError, DiversityTopic, alpha_ndcg, err_ia, irec, pplusq};
use crate::measures::{Evaluation, Evaluator, Label, Params};

/// Parameters: the NTCIREVAL parameters of the D- and DIN-measures (cutoffs, β, log base, …),
/// γ of the D♯-measures (survey Eq. 6, default 0.5) and α of α-nDCG (default 0.5).
#[derive(Debug, Clone, PartialEq)]
pub struct DiversityParams {
    pub measures: Params,
    pub sharp_gamma: f64,
    pub alpha: f64,
}

impl Default for DiversityParams {
    fn default() -> Self {
        DiversityParams {
            measures: Params::default(),
            sharp_gamma: 0.5,
            alpha: 0.5,
        }
    }
}

/// D♯-measures at one cutoff (survey Eq. 6): `γ·I-rec@l + (1 − γ)·D-measure@l`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SharpAtCutoff {
    pub cutoff: usize,
    /// I-rec@l.
    pub irec: f64,
    /// D♯-nDCG@l, D♯-Q@l, D♯-nERR@l.
    pub ndcg: f64,
    pub q: f64,
    pub nerr: f64,
    /// P+Q@l (Eq. 9).
    pub pplusq: f64,
    /// α-nDCG@l and ERR-IA@l.
    pub alpha_ndcg: f64,
    pub err_ia: f64,
}

/// Every diversity value of one ranked list.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DiversityEvaluation {
    /// The D-measures: NTCIREVAL `gcompute` on global gains (Eq. 7).
    pub d: Evaluation,
    /// The DIN-measures: `gcompute` on DIN global gains (Eq. 8), same ideal list.
    pub din: Evaluation,
    /// I-rec at rank n = the number of intents.
    pub irec_n: f64,
    /// Per cutoff, in the order of the parameters' cutoffs.
    pub at: Vec<SharpAtCutoff>,
}

/// Evaluates ranked lists of diversity topics for fixed [`DiversityParams`].
#[derive(Debug, Clone)]
pub struct DiversityEvaluator {
    evaluator: Evaluator,
    sharp_gamma: f64,
    alpha: f64,
}

impl DiversityEvaluator {
    pub fn new(params: DiversityParams) -> Result<Self, DiversityError> {
        if !(0.0..=1.0).contains(&params.sharp_gamma) {
            return Err(DiversityError::BadParam(format!(
                "D♯ gamma {} is not in [0, 1]",
                params.sharp_gamma
            )));
        }
        if !(0.0..=1.0).contains(&params.alpha) {
            return Err(DiversityError::BadParam(format!(
                "alpha {} is not in [0, 1]",
                params.alpha
            )));
        }
        Ok(DiversityEvaluator {
            evaluator: Evaluator::new(params.measures)?,
            sharp_gamma: params.sharp_gamma,
            alpha: params.alpha,
        })
    }

    pub fn params(&self) -> &Params {
        self.evaluator.params()
    }

    pub fn sharp_gamma(&self) -> f64 {
        self.sharp_gamma
    }

    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// Evaluates `ranked` (document ids in rank order; unjudged documents are nonrelevant).
    pub fn evaluate(
        &self,
        topic: &DiversityTopic,
        ranked: &[&str],
    ) -> Result<DiversityEvaluation, DiversityError> {
        // One lookup per retrieved document; every measure reads the looked-up list.
        let judged = topic.look_up(ranked);
        let mut labels: Vec<Label> = Vec::with_capacity(ranked.len());
        topic.label_global(&judged, &mut labels);
        let d = self.evaluator.evaluate(topic.global_ideal(), &labels)?;
        topic.label_din(&judged, &mut labels);
        let din = self.evaluator.evaluate(topic.global_ideal(), &labels)?;

        let n = topic.intents().len();
        let coverage = irec::coverage(&judged);
        let cutoffs = &self.params().cutoffs;
        let pplusq = pplusq::pplusq(topic, &judged, self.params())?;
        let alpha = alpha_ndcg::alpha_ndcg(topic, &judged, self.alpha, cutoffs);
        let err_ia = err_ia::err_ia(topic, &judged, cutoffs);
        let g = self.sharp_gamma;
        let at =
            d.at.iter()
                .enumerate()
                .map(|(k, a)| {
                    let ir = irec::irec_at(&coverage, n, a.cutoff);
                    SharpAtCutoff {
                        cutoff: a.cutoff,
                        irec: ir,
                        ndcg: g * ir + (1.0 - g) * a.ndcg,
                        q: g * ir + (1.0 - g) * a.q,
                        nerr: g * ir + (1.0 - g) * a.nerr,
                        pplusq: pplusq[k],
                        alpha_ndcg: alpha[k],
                        err_ia: err_ia[k],
                    }
                })
                .collect();
        Ok(DiversityEvaluation {
            d,
            din,
            irec_n: irec::irec_at(&coverage, n, n),
            at,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diversity::{Intent, IntentJudgement, IntentKind, IntentSet};
    use crate::measures::LevelGains;

    /// Two intents (0.5 inf, 0.5 nav), binary levels with gain 1: d1 relevant to both, d2 to
    /// intent 1, d3 to intent 2. Run: d3, d1, d2.
    fn topic() -> DiversityTopic {
        let intents = IntentSet::new(vec![
            Intent {
                id: 1,
                probability: 0.5,
                kind: IntentKind::Informational,
            },
            Intent {
                id: 2,
                probability: 0.5,
                kind: IntentKind::Navigational,
            },
        ])
        .unwrap();
        let judged = [(0, "d1", 1), (1, "d1", 1), (0, "d2", 1), (1, "d3", 1)]
            .map(|(intent, doc, level)| IntentJudgement { intent, doc, level });
        DiversityTopic::new(intents, judged, &LevelGains::new(&[1.0]).unwrap()).unwrap()
    }

    #[test]
    fn hand_computed_alpha_ndcg_err_ia_and_sharp() {
        let ev = DiversityEvaluator::new(DiversityParams {
            measures: Params {
                cutoffs: vec![2, 3],
                ..Params::default()
            },
            ..DiversityParams::default()
        })
        .unwrap();
        let e = ev.evaluate(&topic(), &["d3", "d1", "d2"]).unwrap();
        // α-nDCG (α = 0.5): system gains 1, 1 + 0.5, 0.5; greedy ideal d1 (2), then d2 or d3
        // (0.5 each, d2 first by id), then the other (0.5).
        let d = |r: f64| (r + 1.0).log2();
        let sys3 = 1.0 + 1.5 / d(2.0) + 0.5 / d(3.0);
        let ideal3 = 2.0 + 0.5 / d(2.0) + 0.5 / d(3.0);
        assert!((e.at[1].alpha_ndcg - sys3 / ideal3).abs() < 1e-12);
        // ERR-IA (H = 1, stop prob 1/2): intent 1 first relevant at rank 2 (d1), then rank 3 (d2):
        // ERR_1 = 0.5/2 + 0.25/3; intent 2 at ranks 1, 2: ERR_2 = 0.5 + 0.25/2.
        let err1 = 0.5 / 2.0 + 0.25 / 3.0;
        let err2 = 0.5 + 0.25 / 2.0;
        assert!((e.at[1].err_ia - 0.5 * (err1 + err2)).abs() < 1e-12);
        // I-rec@2 = 1, so D♯-nDCG@2 = 0.5 + 0.5·D-nDCG@2.
        assert_eq!(e.at[0].irec, 1.0);
        assert!((e.at[0].ndcg - (0.5 + 0.5 * e.d.at[0].ndcg)).abs() < 1e-15);
        // DIN: d1 at rank 2 is redundant for navigational intent 2 (d3 came first), so its DIN
        // gain is 0.5 (intent 1 only) against a global gain of 1.
        assert!(e.din.at[0].ndcg < e.d.at[0].ndcg);
    }
}
