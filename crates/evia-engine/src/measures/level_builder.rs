//! A topic's per-level judgements built document by document, before the gains are known.
//!
//! NTCIREVAL's default gains are linear up to H, the highest level *in the file*
//! (tests/fixtures/measures.md §1, §3): a reader that builds each topic's table while it reads the
//! file learns H only at its end. [`LevelJudgementsBuilder`] keeps each document's level (as
//! its label's grade) and the count `X_l` of each level; [`LevelJudgementsBuilder::finish`] then
//! gives every entry its gain `gv[level]` and builds the ideal list from the counts
//! ([`TopicIdeal::from_level_counts`]), so the result is the [`TopicJudgements::from_levels`] of
//! the same documents.

use super::MeasureError;
use super::doc_table::DocTable;
use super::ideal::{Label, LevelGains, Relevance, TopicIdeal};
use super::judgements::TopicJudgements;

/// One topic's judged documents and level counts, gains not yet applied (see the module).
#[derive(Debug, Clone)]
pub struct LevelJudgementsBuilder {
    docs: DocTable,
    /// `counts[l]` = X_l so far; as long as the highest level added + 1.
    counts: Vec<usize>,
    /// The highest level [`Self::insert`] accepts.
    max_level: u32,
}

impl LevelJudgementsBuilder {
    /// An empty topic with room for `n` documents and `id_bytes` bytes of their ids before it
    /// grows (capacities only: the result is the same for any values), accepting levels up to
    /// `max_level` (the level counts grow to at most `max_level + 1` entries).
    pub fn with_capacity(n: usize, id_bytes: usize, max_level: u32) -> Self {
        LevelJudgementsBuilder {
            docs: DocTable::with_capacity(n, id_bytes),
            counts: Vec::new(),
            max_level,
        }
    }

    /// Adds `doc` with its [`Relevance`]: [`Self::insert`] for a level, [`Self::insert_unjudged`]
    /// for a document listed without a judgement.
    pub fn insert_relevance(
        &mut self,
        doc: &str,
        relevance: Relevance,
    ) -> Result<(), MeasureError> {
        match relevance {
            Relevance::Level(level) => self.insert(doc, level),
            Relevance::Unjudged => self.insert_unjudged(doc),
        }
    }

    /// Adds `doc`, listed without a judgement ([`Relevance::Unjudged`]): kept only so that
    /// listing it again is an error, and labelled as an unjudged document; not counted at any
    /// level. A document already added is an error ([`MeasureError::DuplicateJudgement`]).
    pub fn insert_unjudged(&mut self, doc: &str) -> Result<(), MeasureError> {
        self.docs.insert_new(doc, Label::LISTED_UNJUDGED)
    }

    /// Adds `doc`, judged at `level`. A level above the builder's `max_level` is an error
    /// ([`MeasureError::LevelAboveMax`]), and so is a document already added
    /// ([`MeasureError::DuplicateJudgement`]); neither changes the builder.
    pub fn insert(&mut self, doc: &str, level: u32) -> Result<(), MeasureError> {
        if level > self.max_level {
            return Err(MeasureError::LevelAboveMax {
                level,
                max: self.max_level,
            });
        }
        // The gain is set by `finish`; the grade is the level, as `LevelGains::label` gives it.
        let label = Label {
            gain: 0.0,
            grade: f64::from(level),
        };
        self.docs.insert_new(doc, label)?;
        let l = level as usize;
        if l >= self.counts.len() {
            self.counts.resize(l + 1, 0);
        }
        self.counts[l] += 1;
        Ok(())
    }

    /// The documents judged at a level so far (a capacity hint for the next topic).
    pub fn len(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Whether no document has been judged at a level.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The highest level added (0 if none).
    pub fn highest_level(&self) -> u32 {
        // At most `max_level`, a u32.
        u32::try_from(self.counts.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    /// The topic's judgements with `gains`: each document's label is `gains.label(level)`
    /// (`g = gv[level]`, grade = level) and the ideal list is built from the level counts. A
    /// level above H is an error ([`MeasureError::LevelAboveMax`]), as are a topic without
    /// relevant documents ([`MeasureError::NoRelevant`], C: "no rel doc") and an empty one.
    pub fn finish(mut self, gains: &LevelGains) -> Result<TopicJudgements, MeasureError> {
        let highest = self.highest_level();
        if highest > gains.max_level() {
            return Err(MeasureError::LevelAboveMax {
                level: highest,
                max: gains.max_level(),
            });
        }
        // Levels are at most H, so every `gain` below succeeds; an entry listed without a
        // judgement keeps its label.
        self.docs.relabel(|label| {
            if label.is_listed_unjudged() {
                return label;
            }
            let level = label.grade as u32;
            gains.label(level).unwrap_or(label)
        });
        self.counts.resize(gains.max_level() as usize + 1, 0);
        let ideal = TopicIdeal::from_level_counts(&self.counts, gains)?;
        Ok(TopicJudgements {
            docs: self.docs,
            ideal,
            classes: None,
        })
    }
}

impl TopicJudgements {
    /// Per-level mode: `(doc, level)` pairs. Duplicate document ids are an error.
    pub fn from_levels<S: AsRef<str>>(
        judged: impl IntoIterator<Item = (S, u32)>,
        gains: &LevelGains,
    ) -> Result<Self, MeasureError> {
        let judged = judged
            .into_iter()
            .map(|(doc, level)| (doc, Relevance::Level(level)));
        Self::from_levels_sized(judged, gains, 0)
    }

    /// [`Self::from_levels`] with room for `id_bytes` bytes of document ids reserved before the
    /// first is copied: a caller that holds the ids (the qrels reader) passes the sum of their
    /// lengths, so that they are copied into one buffer of that size instead of one grown by
    /// doubling (each growth a new allocation, a copy and new pages: about a fifth of the page
    /// faults of reading a 600,000-judgement qrels file). Only a capacity: the table is the same
    /// for any value, and the caller bounds it by the ids it already holds.
    ///
    /// Each document has a [`Relevance`]: a level, or none (listed without a judgement).
    pub fn from_levels_sized<S: AsRef<str>>(
        judged: impl IntoIterator<Item = (S, Relevance)>,
        gains: &LevelGains,
        id_bytes: usize,
    ) -> Result<Self, MeasureError> {
        let judged = judged.into_iter();
        let mut builder = LevelJudgementsBuilder::with_capacity(
            judged.size_hint().0,
            id_bytes,
            gains.max_level(),
        );
        for (doc, relevance) in judged {
            builder.insert_relevance(doc.as_ref(), relevance)?;
        }
        builder.finish(gains)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Built document by document and finished with the gains, a topic is `from_levels` of the
    /// same documents (labels, ideal list, level counts), whichever gains come later; errors are
    /// `from_levels`'s.
    #[test]
    fn finished_builder_is_from_levels() {
        let judged = [("d1", 2u32), ("d2", 0), ("d3", 1), ("d4", 2), ("d5", 0)];
        for gains in [
            LevelGains::new(&[1.0, 2.0]).unwrap(),
            LevelGains::new(&[1.0, 2.5, 7.0]).unwrap(),
            LevelGains::linear(5).unwrap(),
        ] {
            let mut b = LevelJudgementsBuilder::with_capacity(1, 0, 1000);
            for (doc, level) in judged {
                b.insert(doc, level).unwrap();
            }
            assert_eq!((b.len(), b.highest_level()), (5, 2));
            let built = b.finish(&gains).unwrap();
            let direct = TopicJudgements::from_levels(judged, &gains).unwrap();
            assert_eq!(built.ideal(), direct.ideal());
            for doc in ["d1", "d2", "d3", "d4", "d5", "d6"] {
                assert_eq!(built.get(doc), direct.get(doc), "{doc}");
            }
        }
        let mut b = LevelJudgementsBuilder::with_capacity(0, 0, 3);
        assert!(b.is_empty());
        assert_eq!(
            b.insert("d", 4),
            Err(MeasureError::LevelAboveMax { level: 4, max: 3 })
        );
        b.insert("d", 3).unwrap();
        assert_eq!(
            b.insert("d", 1),
            Err(MeasureError::DuplicateJudgement("d".to_string()))
        );
        assert_eq!(
            b.clone()
                .finish(&LevelGains::linear(2).unwrap())
                .unwrap_err(),
            MeasureError::LevelAboveMax { level: 3, max: 2 }
        );
        assert_eq!(
            b.insert_unjudged("d"),
            Err(MeasureError::DuplicateJudgement("d".to_string()))
        );
        let mut nonrelevant = LevelJudgementsBuilder::with_capacity(0, 0, 3);
        nonrelevant.insert("x", 0).unwrap();
        assert_eq!(
            nonrelevant
                .finish(&LevelGains::linear(3).unwrap())
                .unwrap_err(),
            MeasureError::NoRelevant
        );
    }

    /// A document listed without a judgement (TREC relevance below 0) is labelled as an unjudged
    /// one: nonrelevant in a full list, dropped from a condensed one, not counted in N; listing
    /// it again is an error. A topic of such documents and L0 only has no relevant document.
    #[test]
    fn listed_unjudged_documents_are_unjudged() {
        use super::super::ideal::Label;
        let gains = LevelGains::linear(2).unwrap();
        let mut b = LevelJudgementsBuilder::with_capacity(0, 0, 2);
        b.insert("rel", 2).unwrap();
        b.insert("non", 0).unwrap();
        b.insert_relevance("pool", Relevance::Unjudged).unwrap();
        assert!(b.insert("pool", 1).is_err());
        let t = b.finish(&gains).unwrap();
        assert_eq!((t.ideal().jrel(), t.ideal().jnonrel()), (1, 1));
        assert_eq!(t.get("pool"), None);
        let mut out = Vec::new();
        t.label_into(["pool", "rel", "x", "non"], false, None, &mut out);
        let rel = gains.label(2).unwrap();
        assert_eq!(
            out,
            [
                Label::NONRELEVANT,
                rel,
                Label::NONRELEVANT,
                Label::NONRELEVANT
            ]
        );
        t.label_into(["pool", "rel", "x", "non"], true, None, &mut out);
        assert_eq!(out, [rel, Label::NONRELEVANT]);
        let only = [("a", Relevance::Unjudged), ("b", Relevance::Level(0))];
        assert_eq!(
            TopicJudgements::from_levels_sized(only, &gains, 0).unwrap_err(),
            MeasureError::NoRelevant
        );
    }
}
