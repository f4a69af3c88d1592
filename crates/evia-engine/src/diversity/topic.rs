//! A diversity topic's judgements: intentwise levels, global gains (survey Eq. 7), the global ideal
//! list and the per-intent ideal lists.

use std::collections::HashMap;

use super::{DiversityError, IntentKind, IntentSet};
use crate::measures::{FxBuildHasher, Label, LevelGains, TopicIdeal};

/// Rounds a sum of `Pr(i|q)·g_i` terms to 12 decimal places, so that mathematically equal global
/// gains are equal numbers whatever the order of summation (ties decide the preferred rank rp of
/// P-measure and P+). NTCIREVAL's `glabel`/`dinlabel` round labelled gains to 4 decimals instead.
fn settle(gain: f64) -> f64 {
    (gain * 1e12).round() / 1e12
}

/// One intentwise judgement: document `doc` has level `level` for the intent at `intent`
/// (its position in the topic's [`IntentSet`]).
#[derive(Debug, Clone, PartialEq)]
pub struct IntentJudgement<S> {
    pub intent: usize,
    pub doc: S,
    pub level: u32,
}

/// What is known of one judged document.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct JudgedDoc {
    /// `GG(d) = Σ_i Pr(i|q)·g_i(d)` (Eq. 7), settled to 12 decimals.
    pub global_gain: f64,
    /// `(intent position, level)` for every intent the document is judged for (levels ≥ 0).
    pub levels: Vec<(usize, u32)>,
}

/// Everything about a topic's intentwise judgements that does not depend on the run.
#[derive(Debug, Clone)]
pub struct DiversityTopic {
    intents: IntentSet,
    gains: LevelGains,
    docs: HashMap<String, JudgedDoc, FxBuildHasher>,
    /// The global ideal list: every judged document's global gain, by decreasing gain (the
    /// ideal list of D- and DIN-measures, survey §2.2.1).
    global_ideal: TopicIdeal,
    /// Per intent: its ideal list from its own levels (`None` when the intent has no relevant
    /// document), for the intentwise measures of P+Q.
    intent_ideals: Vec<Option<TopicIdeal>>,
}

impl DiversityTopic {
    /// Builds a topic from its intents, intentwise judgements and the gain of each level.
    ///
    /// Errors: a judgement for an intent position outside the set, a document judged twice for
    /// one intent, a level above the highest level with a gain, or no document with a positive
    /// global gain (R = 0: every D-measure's normaliser is 0).
    pub fn new<S: AsRef<str>>(
        intents: IntentSet,
        judged: impl IntoIterator<Item = IntentJudgement<S>>,
        gains: &LevelGains,
    ) -> Result<Self, DiversityError> {
        let n = intents.len();
        let judged = judged.into_iter();
        let mut docs: HashMap<String, JudgedDoc, FxBuildHasher> = HashMap::default();
        // At least one document per intent's worth of judgements (no rehashing when every
        // document is judged for every intent).
        docs.reserve(judged.size_hint().0 / n.max(1));
        let mut counts = vec![vec![0usize; gains.max_level() as usize + 1]; n];
        for j in judged {
            let Some(intent) = intents.intents().get(j.intent) else {
                return Err(DiversityError::BadParam(format!(
                    "intent position {} outside the topic's {n} intents",
                    j.intent
                )));
            };
            let gain = gains.gain(j.level)?;
            let doc = j.doc.as_ref();
            // One String per judged document, not per judgement line.
            match docs.get_mut(doc) {
                Some(entry) => {
                    if entry.levels.iter().any(|&(i, _)| i == j.intent) {
                        return Err(DiversityError::DuplicateJudgement {
                            intent: intent.id,
                            doc: doc.to_string(),
                        });
                    }
                    entry.levels.push((j.intent, j.level));
                    entry.global_gain += intent.probability * gain;
                }
                None => {
                    let first = JudgedDoc {
                        global_gain: 0.0 + intent.probability * gain,
                        levels: vec![(j.intent, j.level)],
                    };
                    docs.insert(doc.to_string(), first);
                }
            }
            counts[j.intent][j.level as usize] += 1;
        }
        for d in docs.values_mut() {
            d.global_gain = settle(d.global_gain);
        }
        let global: Vec<f64> = docs.values().map(|d| d.global_gain).collect();
        let global_ideal = TopicIdeal::from_direct_gains(&global)?;
        let intent_ideals = counts
            .iter()
            .map(|c| {
                if c[1..].iter().all(|&k| k == 0) {
                    Ok(None)
                } else {
                    TopicIdeal::from_level_counts(c, gains).map(Some)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(DiversityTopic {
            intents,
            gains: gains.clone(),
            docs,
            global_ideal,
            intent_ideals,
        })
    }

    pub fn intents(&self) -> &IntentSet {
        &self.intents
    }

    pub fn gains(&self) -> &LevelGains {
        &self.gains
    }

    /// The global ideal list (D- and DIN-measures).
    pub fn global_ideal(&self) -> &TopicIdeal {
        &self.global_ideal
    }

    /// Intent `i`'s own ideal list (`None` if it has no relevant document).
    pub fn intent_ideal(&self, i: usize) -> Option<&TopicIdeal> {
        self.intent_ideals.get(i).and_then(Option::as_ref)
    }

    /// Every document relevant to at least one intent, with its `(intent position, level)`
    /// pairs, sorted by document id.
    pub(crate) fn relevant_docs_sorted(&self) -> Vec<(&str, &[(usize, u32)])> {
        let mut v: Vec<(&str, &[(usize, u32)])> = self
            .docs
            .iter()
            .filter(|(_, j)| j.levels.iter().any(|&(_, l)| l > 0))
            .map(|(d, j)| (d.as_str(), j.levels.as_slice()))
            .collect();
        v.sort_unstable_by(|a, b| a.0.cmp(b.0));
        v
    }

    /// The global gain of a document (`None` if unjudged for every intent).
    pub fn global_gain(&self, doc: &str) -> Option<f64> {
        self.docs.get(doc).map(|d| d.global_gain)
    }

    /// Looks up each document of `ranked` once: its judgements, `None` if unjudged. Every
    /// measure of a ranked list then reads this list instead of looking documents up again.
    pub(crate) fn look_up<'t>(&'t self, ranked: &[&str]) -> Vec<Option<&'t JudgedDoc>> {
        ranked.iter().map(|d| self.docs.get(*d)).collect()
    }

    /// D-measure labels (NTCIREVAL `glabel`): each document's global gain, unjudged documents
    /// [`Label::NONRELEVANT`].
    pub(crate) fn label_global(&self, ranked: &[Option<&JudgedDoc>], out: &mut Vec<Label>) {
        out.clear();
        out.extend(ranked.iter().map(|j| match j {
            Some(j) => Label::direct(j.global_gain),
            None => Label::NONRELEVANT,
        }));
    }

    /// DIN-measure labels (survey Eq. 8, NTCIREVAL `dinlabel`):
    /// `GG_DIN(r) = Σ_inf Pr(i|q)·g_i(r) + Σ_nav isnew_j(r)·Pr(j|q)·g_j(r)`, where `isnew_j(r) = 1`
    /// iff no document relevant to navigational intent j appears at ranks 1 … r−1.
    pub(crate) fn label_din(&self, ranked: &[Option<&JudgedDoc>], out: &mut Vec<Label>) {
        out.clear();
        let intents = self.intents.intents();
        let mut seen = [false; super::MAX_INTENTS];
        for j in ranked {
            let Some(j) = j else {
                out.push(Label::NONRELEVANT);
                continue;
            };
            let mut gg = 0.0;
            for &(i, level) in &j.levels {
                if level == 0 {
                    continue;
                }
                let intent = intents[i];
                let counts = match intent.kind {
                    IntentKind::Informational => true,
                    IntentKind::Navigational => !seen[i],
                };
                if counts {
                    // Levels were checked against the gains when the topic was built.
                    gg += intent.probability * self.gains.gain(level).unwrap_or(0.0);
                }
            }
            for &(i, level) in &j.levels {
                if level > 0 {
                    seen[i] = true;
                }
            }
            out.push(Label::direct(settle(gg)));
        }
    }
}
