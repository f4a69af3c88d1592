//! A topic's judgements: each judged document's label and the topic's ideal list, built from
//! levels ([`super::level_builder`]), classes ([`super::classes`]) or direct gains, and the labelling
//! of ranked lists.

use std::collections::HashMap;

use super::MeasureError;
use super::doc_table::{DocTable, doc_hash};
use super::ideal::{Label, LevelGains, TopicIdeal};
use rustc_hash::FxBuildHasher;

/// A topic's judgements: document id → [`Label`], plus its [`TopicIdeal`].
///
/// Build it once per topic and label ranked lists with [`TopicJudgements::label_into`].
#[derive(Debug, Clone)]
pub struct TopicJudgements {
    pub(super) docs: DocTable,
    pub(super) ideal: TopicIdeal,
    /// Each judged document's equivalence class, in equivalence-class mode (`super::classes`).
    pub(super) classes: Option<HashMap<String, u32, FxBuildHasher>>,
}

impl TopicJudgements {
    /// Equivalence-class mode: `(doc, level, class)` triples. Errors: a level above the highest
    /// declared level, a document judged twice, no class of level ≥ 1 (R = 0).
    pub fn from_classes<S: Into<String>>(
        judged: impl IntoIterator<Item = (S, u32, u32)>,
        gains: &LevelGains,
    ) -> Result<Self, MeasureError> {
        let (docs, ideal, classes) = super::classes::class_table(judged, gains)?;
        Ok(TopicJudgements {
            docs,
            ideal,
            classes: Some(classes),
        })
    }

    /// Direct-gain mode: `(doc, gain)` pairs (gain ≥ 0; 0 = judged nonrelevant).
    pub fn from_direct_gains<S: AsRef<str>>(
        judged: impl IntoIterator<Item = (S, f64)>,
    ) -> Result<Self, MeasureError> {
        let judged = judged.into_iter();
        let mut docs = DocTable::with_capacity(judged.size_hint().0, 0);
        let mut gains = Vec::new();
        for (doc, gain) in judged {
            if !gain.is_finite() || gain < 0.0 {
                return Err(MeasureError::BadDirectGain(gain));
            }
            docs.insert_new(doc.as_ref(), Label::direct(gain))?;
            gains.push(gain);
        }
        let ideal = TopicIdeal::from_direct_gains(&gains)?;
        Ok(TopicJudgements {
            docs,
            ideal,
            classes: None,
        })
    }

    /// The label of a judged document, `None` if unjudged (or listed without a judgement,
    /// [`Relevance::Unjudged`](super::Relevance::Unjudged)).
    pub fn get(&self, doc: &str) -> Option<Label> {
        self.docs.get(doc).filter(|l| !l.is_listed_unjudged())
    }

    pub fn ideal(&self) -> &TopicIdeal {
        &self.ideal
    }

    /// Labels a ranked list of document ids into `out` (cleared first), as NTCIREVAL `label`
    /// does: unjudged documents (and documents listed without a judgement,
    /// [`Relevance::Unjudged`](super::Relevance::Unjudged)) get [`Label::NONRELEVANT`], or are dropped when `condensed`
    /// (`label -j`); `truncate` keeps at most that many *output* documents (top N after
    /// condensing; C `label -j -truncate` counts original ranks instead, §6). In
    /// equivalence-class mode, only the first document of each class is labelled
    /// (`super::classes`).
    pub fn label_into<'a>(
        &self,
        ranked: impl IntoIterator<Item = &'a str>,
        condensed: bool,
        truncate: Option<usize>,
        out: &mut Vec<Label>,
    ) {
        let hashed = ranked.into_iter().map(|doc| (doc, doc_hash(doc)));
        self.label_hashed_into(hashed, condensed, truncate, out);
    }

    /// [`Self::label_into`] of a ranked list given with each id's [`doc_hash`], for a caller that
    /// has hashed the ids already (`eval` checks every list for duplicates with the same hash).
    pub fn label_hashed_into<'a>(
        &self,
        ranked: impl IntoIterator<Item = (&'a str, u64)>,
        condensed: bool,
        truncate: Option<usize>,
        out: &mut Vec<Label>,
    ) {
        if let Some(classes) = &self.classes {
            let ranked = ranked.into_iter().map(|(doc, _)| doc);
            super::classes::label_first_of_class(
                &self.docs, classes, ranked, condensed, truncate, out,
            );
            return;
        }
        out.clear();
        let limit = truncate.unwrap_or(usize::MAX);
        for (doc, h) in ranked {
            if out.len() >= limit {
                break;
            }
            match self.docs.get_hashed(doc, h) {
                Some(label) if !label.is_listed_unjudged() => out.push(label),
                _ if condensed => {}
                _ => out.push(Label::NONRELEVANT),
            }
        }
    }
}
