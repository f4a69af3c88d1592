//! A qrels given as Python values, turned into the engine's per-topic judgements.
//!
//! Relevance values are integers (trec_eval's levels) or real numbers (gains). With integers only,
//! each topic is judged in levels with the linear gains 1:2:…:H (H the highest level of the whole
//! qrels: trec_eval's gain is the level), a document is relevant at level ≥ `relevance_level`
//! (levels below it count as 0), and a negative level is a document in the pool but unjudged
//! (trec_eval's reading). As soon as one value is not a whole number, every topic is judged in
//! direct gains (NTCIREVAL `gcompute`): the gain is the value, a document is relevant when its
//! gain is above 0, and a negative value is an error.

use std::collections::{HashMap, HashSet};

use evia_engine::measures::{FxBuildHasher, LevelGains, MeasureError, Relevance, TopicJudgements};

/// One topic's judgements, or only its judged documents when it has no relevant one (trec_eval
/// then gives every measure 0; the engine has no ideal list to divide by).
#[derive(Debug)]
pub enum Judged {
    Topic(Box<TopicJudgements>),
    NoRelevant(HashSet<String, FxBuildHasher>),
}

/// The qrels: topic id → judgements.
#[derive(Debug, Default)]
pub struct Qrels {
    pub topics: HashMap<String, Judged, FxBuildHasher>,
    /// The largest number of judged documents of a topic.
    pub most_judged: usize,
}

/// A qrels as given: each topic id with its (document id, relevance) pairs.
pub type GivenQrels = Vec<(String, Vec<(String, Given)>)>;

/// A relevance value as given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Given {
    Level(i64),
    Real(f64),
}

/// Builds the judgements of `topics` (topic id, its (document, value) pairs).
pub fn build(topics: GivenQrels, relevance_level: i64) -> Result<Qrels, String> {
    // As pytrec_eval: a level of 0 or below would make every judged document relevant.
    if relevance_level < 1 {
        return Err(format!(
            "relevance_level must be at least 1 (got {relevance_level}): it is the lowest level that counts as relevant"
        ));
    }
    let real = topics
        .iter()
        .flat_map(|(_, docs)| docs)
        .any(|(_, g)| matches!(g, Given::Real(_)));
    let as_level = |level: i64| -> Relevance {
        if level < 0 {
            Relevance::Unjudged
        } else if level < relevance_level {
            Relevance::Level(0)
        } else {
            Relevance::Level(u32::try_from(level).unwrap_or(u32::MAX))
        }
    };
    let highest = topics
        .iter()
        .flat_map(|(_, docs)| docs)
        .filter_map(|(_, g)| match *g {
            Given::Level(l) => Some(l),
            Given::Real(_) => None,
        })
        .max()
        .unwrap_or(1)
        .clamp(1, i64::from(u16::MAX));
    let gains =
        LevelGains::linear(u32::try_from(highest).unwrap_or(1)).map_err(|e| e.to_string())?;
    let mut qrels = Qrels::default();
    for (topic, docs) in topics {
        // A topic without any judgement is not in the qrels (pytrec_eval leaves it out).
        if docs.is_empty() {
            continue;
        }
        qrels.most_judged = qrels.most_judged.max(docs.len());
        let judged = if real {
            TopicJudgements::from_direct_gains(docs.iter().map(|(d, g)| {
                (
                    d.as_str(),
                    match *g {
                        Given::Level(l) => l as f64,
                        Given::Real(v) => v,
                    },
                )
            }))
        } else {
            TopicJudgements::from_levels_sized(
                docs.iter().map(|(d, g)| {
                    let level = match *g {
                        Given::Level(l) => l,
                        Given::Real(v) => v as i64,
                    };
                    (d.as_str(), as_level(level))
                }),
                &gains,
                docs.iter().map(|(d, _)| d.len()).sum(),
            )
        };
        let judged = match judged {
            Ok(j) if j.ideal().jrel() > 0 => Judged::Topic(Box::new(j)),
            Ok(_) | Err(MeasureError::NoRelevant) => Judged::NoRelevant(
                docs.into_iter()
                    .filter(|(_, g)| match *g {
                        Given::Level(l) => l >= 0,
                        Given::Real(v) => v >= 0.0,
                    })
                    .map(|(d, _)| d)
                    .collect(),
            ),
            Err(e) => return Err(format!("qrels topic {topic}: {e}")),
        };
        qrels.topics.insert(topic, judged);
    }
    Ok(qrels)
}
