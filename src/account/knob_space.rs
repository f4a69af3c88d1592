//! What a paper's knob-space study (`A.M1`, `B.M1`) adds to its account, for the reports' "What we
//! do not know about the data" sections: the design, the claims by class with the knobs that move
//! or decide them, the `builds_in` declarations the study confirms and those it does not, and the
//! claims decided by a knob no declaration names (findings about the stand-in). The claims are
//! taken from the account's items, so the section and every other view word them alike.

use std::collections::BTreeMap;

use serde::Serialize;

use super::item::Item;
use crate::ledger::Across;
use crate::manifest::Artefact;
use crate::model::{Declaration, SPACE_CLASSES, SpaceClass};
use crate::results::ResultTable;
use crate::robustness::space::read::{design_points, knobs};

/// The section's numbers and words (plain text; the report escapes them for its format).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct KnobSpaceSection {
    /// The study's artefact id.
    pub(crate) study: String,
    pub(crate) points: u32,
    /// Each class's words and meaning, as the vocabulary states them (`decided by K: within K's
    /// plausible range …`), from the most dependent on the knobs to the least.
    pub(crate) classes: Vec<String>,
    /// The ranged knobs with their ranges (`runs.run_topic_sd 0.1 to 0.55`), and how many are fixed.
    pub(crate) ranged: Vec<String>,
    pub(crate) fixed: usize,
    /// The claims re-tested across the space, by class.
    pub(crate) decided: Vec<ClaimLine>,
    pub(crate) depends: Vec<ClaimLine>,
    pub(crate) robust: Vec<ClaimLine>,
    /// Claims decided by a knob no `builds_in` declaration names: findings about the stand-in.
    pub(crate) undeclared: Vec<ClaimLine>,
    /// Claims declared built in, by what the study finds of the declaration.
    pub(crate) confirmed: Vec<ClaimLine>,
    pub(crate) not_confirmed: Vec<ClaimLine>,
}

/// One claim as the section lists it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClaimLine {
    pub(crate) id: String,
    /// Its class with its knobs (`decided by runs.assessor_weights[2]`).
    pub(crate) class: String,
    /// Its rate over the space with its Wilson interval (`0.62 [0.56, 0.68]`).
    pub(crate) rate: String,
    /// What its declaration check says, or the undeclared knobs' words; empty otherwise.
    pub(crate) note: String,
}

impl ClaimLine {
    fn of(id: &str, a: &Across) -> ClaimLine {
        let rate = f64::from(a.held) / f64::from(a.checked.max(1));
        ClaimLine {
            id: id.to_string(),
            class: a.class_words(),
            rate: crate::model::rate_word::interval_words(rate, a.lo, a.hi),
            note: if a.is_finding() {
                format!("{}: not declared in builds_in", a.undeclared.join(", "))
            } else {
                a.declaration.words().to_string()
            },
        }
    }
}

/// The section of the paper whose `artefacts` and `items` these are, when its knob-space study is
/// among `results`.
pub(super) fn section(
    artefacts: &[&Artefact],
    items: &[Item],
    results: &BTreeMap<String, ResultTable>,
) -> Option<KnobSpaceSection> {
    let study = artefacts
        .iter()
        .find(|a| a.experiment.is_knob_space_study())?;
    let table = results.get(study.id.as_str())?;
    let mut section = KnobSpaceSection {
        study: study.id.to_string(),
        points: design_points(table),
        classes: SPACE_CLASSES
            .iter()
            .rev()
            .map(|c| format!("{}: {}", c.words(&["K".to_string()]), c.meaning()))
            .collect(),
        ranged: knobs(table)
            .into_iter()
            .map(|(name, range)| format!("{name} {range}"))
            .collect(),
        fixed: crate::robustness::space::read::fixed_knobs(table),
        decided: Vec::new(),
        depends: Vec::new(),
        robust: Vec::new(),
        undeclared: Vec::new(),
        confirmed: Vec::new(),
        not_confirmed: Vec::new(),
    };
    let mut retested: Vec<(&str, &Across)> = items
        .iter()
        .filter_map(|i| {
            let a = i.entry.across.as_ref()?;
            (a.study == study.id.as_str()).then_some((i.entry.cell.as_str(), a))
        })
        .collect();
    retested.sort_by(|x, y| {
        (std::cmp::Reverse(x.1.class), x.0).cmp(&(std::cmp::Reverse(y.1.class), y.0))
    });
    for (id, a) in retested {
        let line = ClaimLine::of(id, a);
        match a.class {
            SpaceClass::DecidedBy => section.decided.push(line.clone()),
            SpaceClass::DependsOn => section.depends.push(line.clone()),
            SpaceClass::Robust => section.robust.push(line.clone()),
        }
        if a.is_finding() {
            section.undeclared.push(line.clone());
        }
        match a.declaration {
            Declaration::Undeclared => {}
            Declaration::Confirmed => section.confirmed.push(line),
            _ => section.not_confirmed.push(line),
        }
    }
    Some(section)
}
