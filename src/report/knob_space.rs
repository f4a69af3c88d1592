//! The "What we do not know about the data" section of a report: the paper's knob-space study as
//! the account words it ([`KnobSpaceSection`]), escaped for the report's format.

use serde::Serialize;

use crate::account::KnobSpaceSection;
use crate::account::knob_space::ClaimLine;

use super::Format;

/// The section as a template receives it (every string escaped but the study's artefact id, which
/// `artefact()` reads and which has nothing to escape).
#[derive(Debug, Clone, Serialize)]
pub(super) struct KnobSpaceView {
    study: String,
    points: u32,
    classes: Vec<String>,
    ranged: Vec<String>,
    fixed: usize,
    decided: Vec<LineView>,
    depends: Vec<LineView>,
    robust: Vec<LineView>,
    undeclared: Vec<LineView>,
    confirmed: Vec<LineView>,
    not_confirmed: Vec<LineView>,
}

/// One claim of the section, escaped.
#[derive(Debug, Clone, Serialize)]
struct LineView {
    id: String,
    class: String,
    rate: String,
    note: String,
}

/// `section` escaped for `format`.
pub(super) fn view(section: &KnobSpaceSection, format: Format) -> KnobSpaceView {
    let lines = |lines: &[ClaimLine]| -> Vec<LineView> {
        lines
            .iter()
            .map(|l| LineView {
                id: format.escape(&l.id),
                class: format.escape(&l.class),
                rate: format.escape(&l.rate),
                note: format.escape(&l.note),
            })
            .collect()
    };
    KnobSpaceView {
        study: section.study.clone(),
        points: section.points,
        classes: section.classes.iter().map(|c| format.escape(c)).collect(),
        ranged: section.ranged.iter().map(|r| format.escape(r)).collect(),
        fixed: section.fixed,
        decided: lines(&section.decided),
        depends: lines(&section.depends),
        robust: lines(&section.robust),
        undeclared: lines(&section.undeclared),
        confirmed: lines(&section.confirmed),
        not_confirmed: lines(&section.not_confirmed),
    }
}
