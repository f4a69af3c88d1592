//! Equivalence classes: NTCIREVAL 20200527's `label -ec` and `compute -ec` (T. Sakai's
//! `ntcir_eval`; the mode was added for evaluating items that are interchangeable, such as
//! near-duplicate documents or the nuggets of one answer: retrieving a second item of a class
//! earns nothing).
//!
//! Each judged document carries a class number besides its level (`doc Lx class`). Semantics,
//! as in the C source:
//!
//! * **Ideal list** (`compute -ec`, `count_ECjudged`): a class's level is the highest level of
//!   its documents; R is the number of classes of level ≥ 1 and the ideal list holds one entry
//!   per such class, by decreasing level. N, the number of judged nonrelevant items, is 0 in this
//!   mode (C never counts nonrelevant classes), so the bpref family is undefined.
//! * **Labelling** (`label -ec`): in rank order, a judged document whose class has not been seen
//!   yet gets *its own* level (not its class's) and marks the class as seen; a judged document of
//!   a class already seen is nonrelevant (C prints it without a label, which `compute` reads as
//!   unjudged) and keeps its rank even in a condensed list (`label -j -ec` prints it too). A
//!   document judged L0 also marks its class as seen. Unjudged documents are nonrelevant, or
//!   dropped from a condensed list.
//!
//! Deviation: C accepts class numbers 1 … 1023 only (`EC_NUMMAX`); any number ≥ 1 is accepted
//! here.

use std::collections::{HashMap, HashSet};

use super::MeasureError;
use super::doc_table::DocTable;
use super::ideal::{Label, LevelGains, TopicIdeal};
use rustc_hash::FxBuildHasher;

/// The document table, ideal list and class map of `(doc, level, class)` triples (see
/// [`TopicJudgements::from_classes`](super::TopicJudgements::from_classes)).
pub(super) fn class_table<S: Into<String>>(
    judged: impl IntoIterator<Item = (S, u32, u32)>,
    gains: &LevelGains,
) -> Result<ClassTable, MeasureError> {
    let judged = judged.into_iter();
    let mut docs = DocTable::with_capacity(judged.size_hint().0, 0);
    let mut classes: HashMap<String, u32, FxBuildHasher> = HashMap::default();
    // The highest level of each class.
    let mut highest: HashMap<u32, u32, FxBuildHasher> = HashMap::default();
    for (doc, level, class) in judged {
        let doc: String = doc.into();
        let label = gains.label(level)?;
        docs.insert_new(&doc, label)?;
        classes.insert(doc, class);
        let h = highest.entry(class).or_insert(0);
        *h = (*h).max(level);
    }
    let mut counts = vec![0usize; gains.max_level() as usize + 1];
    for &level in highest.values().filter(|&&l| l > 0) {
        counts[level as usize] += 1;
    }
    let ideal = TopicIdeal::from_level_counts(&counts, gains)?;
    Ok((docs, ideal, classes))
}

/// What [`class_table`] returns: the documents' labels, the ideal list of the classes, and each
/// document's class.
pub(super) type ClassTable = (DocTable, TopicIdeal, HashMap<String, u32, FxBuildHasher>);

/// `label -ec`: the labels of `ranked`, with only the first document of each class labelled.
pub(super) fn label_first_of_class<'a>(
    docs: &DocTable,
    classes: &HashMap<String, u32, FxBuildHasher>,
    ranked: impl IntoIterator<Item = &'a str>,
    condensed: bool,
    truncate: Option<usize>,
    out: &mut Vec<Label>,
) {
    out.clear();
    let limit = truncate.unwrap_or(usize::MAX);
    let mut seen: HashSet<u32, FxBuildHasher> = HashSet::default();
    for doc in ranked {
        if out.len() >= limit {
            break;
        }
        match (docs.get(doc), classes.get(doc)) {
            (Some(label), Some(&class)) => {
                if seen.insert(class) {
                    out.push(label);
                } else {
                    out.push(Label::NONRELEVANT);
                }
            }
            _ if condensed => {}
            _ => out.push(Label::NONRELEVANT),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::TopicJudgements;

    /// Class 1 = {a L3, b L1}, class 2 = {c L2}, class 3 = {d L0}: R = 2 (classes 1 and 2, levels
    /// 3 and 2), N = 0. Run b, a, x, c, d: b is the first of class 1 and keeps its own level L1;
    /// a is redundant; x is unjudged.
    #[test]
    fn first_of_class_keeps_its_own_level() {
        let gains = LevelGains::new(&[1.0, 2.0, 3.0]).unwrap();
        let t = TopicJudgements::from_classes(
            [("a", 3, 1), ("b", 1, 1), ("c", 2, 2), ("d", 0, 3)],
            &gains,
        )
        .unwrap();
        assert_eq!(t.ideal().ideal_gains(), &[3.0, 2.0]);
        assert_eq!(t.ideal().jnonrel(), 0);
        let mut out = Vec::new();
        t.label_into(["b", "a", "x", "c", "d"], false, None, &mut out);
        let gains: Vec<f64> = out.iter().map(|l| l.gain).collect();
        assert_eq!(gains, [1.0, 0.0, 0.0, 2.0, 0.0]);
        // Condensed: the unjudged x is dropped, the redundant a keeps its rank.
        t.label_into(["b", "a", "x", "c"], true, None, &mut out);
        assert_eq!(out.len(), 3);
        assert!(!out[1].is_relevant());
    }
}
