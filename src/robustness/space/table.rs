//! A knob-space study as a [`ResultTable`], the form the renderers, the ledger and the account
//! consume.
//!
//! Claims, a panel per class ([`SpaceClass::id`]: `decided_by`, `depends_on`, `robust`), each in
//! claim-id order: row id the claim's id, label its statement with its class's words (and what its
//! `builds_in` declaration says, or that none names the knob deciding it); columns `rate` (part
//! `estimate` = its rate over the design, `ci_lo`/`ci_hi` = the Wilson 95% interval, `held`,
//! `checked` = the counts), `lowest` and `highest` (the lowest and highest rate over the bins of
//! every knob's range, with their intervals; parts `knob` and `bin` say where, the knob as its
//! position in panel [`KNOBS_PANEL`]).
//! Panel [`INDICES_PANEL`]: a row per claim (the class panels' order; label the claim's id and its
//! class's words), a column per ranged knob (its name): the first-order index (part `value`, bold
//! when the knob moves the claim), parts `raw` (η²), `p` and `p_holm` (the permutation test), and
//! `class` (2 the knob decides the claim, 1 it moves its rate, 0 neither).
//! Panel [`BINS_PANEL`] (JSON only): a row per claim, a column `<knob>#<b>` per bin b of each knob,
//! parts `estimate`, `ci_lo`, `ci_hi`, `held`, `checked`.
//! Panel [`KNOBS_PANEL`] (JSON only): a row per ranged knob, columns `lo`, `hi`, `shipped`, `scale`
//! (1 for a scale) and `position`.
//! Panel [`DECLARED_PANEL`] (JSON only): a row per claim, column `declaration` (its position in
//! [`Declaration::ALL`]) and, per knob that decides it undeclared, column `<knob>` = 1.
//! Panel [`SPACE_PANEL`] (JSON only): row `knobs`, columns `ranged` and `fixed` (how many knobs of
//! the knob files are ranged and fixed).

use crate::manifest::KnobSpace;
use crate::manifest::plausible::Setting;
use crate::model::{Declaration, SpaceClass, UNDECLARED_WORDS, VALUE};
use crate::results::ResultTable;

use super::classify::{ClaimSpace, Rate};
use super::declared::Checked;

pub(crate) use crate::render::figure_sensitivity::{INDICES_PANEL, KNOBS_PANEL};
/// The panel of every claim's rate in every bin of every knob (JSON only).
pub(crate) const BINS_PANEL: &str = "bins";
/// The panel of the declarations checked (JSON only).
pub(crate) const DECLARED_PANEL: &str = "declared";
/// The panel of the space's size: row `knobs`, columns `ranged` and `fixed` (JSON only).
pub(crate) const SPACE_PANEL: &str = "space";

/// The part of a cell holding the estimate itself.
pub(crate) const ESTIMATE: &str = "estimate";

/// The panel of the claims of `class`.
pub(crate) fn class_panel(class: SpaceClass) -> &'static str {
    class.id()
}

/// One claim with its declaration checked.
#[derive(Debug, Clone)]
pub(crate) struct Row<'a> {
    pub(crate) claim: &'a ClaimSpace,
    pub(crate) checked: Checked,
    /// What builds the claim in, in words (`designed in by runs.assessor_weights in …`), if any.
    pub(crate) built_in: Option<String>,
}

/// The class words of `claim` with the space's knob names.
fn class_words(claim: &ClaimSpace, names: &[String]) -> String {
    let knobs: Vec<String> = claim.knobs.iter().map(|&k| names[k].clone()).collect();
    claim.class.words(&knobs)
}

/// The study's table `id` (module documentation), with `notes`.
pub(crate) fn space_table(
    id: &str,
    space: &KnobSpace,
    rows: &[Row<'_>],
    notes: &[String],
) -> ResultTable {
    let names: Vec<String> = space.ranged.iter().map(|k| k.name()).collect();
    let mut table = ResultTable::new(id);
    let mut ordered: Vec<&Row<'_>> = rows.iter().collect();
    ordered.sort_by(|a, b| {
        (std::cmp::Reverse(a.claim.class), &a.claim.id)
            .cmp(&(std::cmp::Reverse(b.claim.class), &b.claim.id))
    });
    for row in &ordered {
        add_claim(&mut table, row, &names);
    }
    for row in &ordered {
        add_indices(&mut table, row, &names);
    }
    for (position, knob) in space.ranged.iter().enumerate() {
        let name = knob.name();
        table.add_row(KNOBS_PANEL, &name, &name);
        let mut set =
            |column: &str, value: f64| table.set(KNOBS_PANEL, &name, column, VALUE, value);
        set("lo", knob.lo);
        set("hi", knob.hi);
        set("shipped", knob.shipped);
        set("scale", f64::from(u8::from(knob.setting == Setting::Scale)));
        set("position", position as f64);
    }
    table.add_row(SPACE_PANEL, "knobs", "knobs");
    table.set(
        SPACE_PANEL,
        "knobs",
        "ranged",
        VALUE,
        space.ranged.len() as f64,
    );
    table.set(
        SPACE_PANEL,
        "knobs",
        "fixed",
        VALUE,
        space.fixed.len() as f64,
    );
    for note in notes {
        table.note(note.clone());
    }
    table
}

/// The claim's row in its class's panel, its bins and its declaration.
fn add_claim(table: &mut ResultTable, row: &Row<'_>, names: &[String]) {
    let claim = row.claim;
    let panel = class_panel(claim.class);
    let mut words = vec![class_words(claim, names)];
    if let Some(how) = &row.built_in {
        words.push(format!(
            "built in: {how}; {}",
            row.checked.declaration.words()
        ));
    }
    if !row.checked.undeclared.is_empty() {
        let knobs: Vec<&str> = row
            .checked
            .undeclared
            .iter()
            .map(|&k| names[k].as_str())
            .collect();
        words.push(format!("{}: {UNDECLARED_WORDS}", knobs.join(", ")));
    }
    let label = format!("{} ({})", claim.statement, words.join("; "));
    table.add_row(panel, &claim.id, &label);
    set_rate(table, panel, &claim.id, "rate", &claim.overall);
    if let Some(((lk, lb, low), (hk, hb, high))) = claim.extremes() {
        set_rate(table, panel, &claim.id, "lowest", &low);
        table.set(panel, &claim.id, "lowest", "knob", lk as f64);
        table.set(panel, &claim.id, "lowest", "bin", lb as f64);
        set_rate(table, panel, &claim.id, "highest", &high);
        table.set(panel, &claim.id, "highest", "knob", hk as f64);
        table.set(panel, &claim.id, "highest", "bin", hb as f64);
    }
    table.add_row(BINS_PANEL, &claim.id, &claim.id);
    for (k, effect) in claim.effects.iter().enumerate() {
        for (b, rate) in effect.bins.iter().enumerate() {
            set_rate(
                table,
                BINS_PANEL,
                &claim.id,
                &format!("{}#{b}", names[k]),
                rate,
            );
        }
    }
    table.add_row(DECLARED_PANEL, &claim.id, &claim.id);
    let position = Declaration::ALL
        .iter()
        .position(|d| *d == row.checked.declaration)
        .unwrap_or(0);
    table.set(
        DECLARED_PANEL,
        &claim.id,
        "declaration",
        VALUE,
        position as f64,
    );
    for &k in &row.checked.undeclared {
        table.set(DECLARED_PANEL, &claim.id, &names[k], VALUE, 1.0);
    }
}

/// The claim's row of indices.
fn add_indices(table: &mut ResultTable, row: &Row<'_>, names: &[String]) {
    let claim = row.claim;
    let label = format!("{} ({})", claim.id, class_words(claim, names));
    table.add_row(INDICES_PANEL, &claim.id, &label);
    for (k, effect) in claim.effects.iter().enumerate() {
        let column = &names[k];
        let mut set =
            |part: &str, value: f64| table.set(INDICES_PANEL, &claim.id, column, part, value);
        set(VALUE, effect.index.corrected);
        set("raw", effect.index.raw);
        set("p", effect.p);
        set("p_holm", effect.p_holm);
        set(
            "class",
            if effect.decides() {
                2.0
            } else if effect.moves() {
                1.0
            } else {
                0.0
            },
        );
        if effect.moves() {
            table.mark_bold(INDICES_PANEL, &claim.id, column, VALUE);
        }
    }
}

/// A rate's cell: `estimate`, `ci_lo`, `ci_hi`, `held`, `checked`.
fn set_rate(table: &mut ResultTable, panel: &str, row: &str, column: &str, rate: &Rate) {
    table.set(panel, row, column, ESTIMATE, rate.rate());
    table.set(panel, row, column, "ci_lo", rate.interval.lo);
    table.set(panel, row, column, "ci_hi", rate.interval.hi);
    table.set(panel, row, column, "held", f64::from(rate.held));
    table.set(panel, row, column, "checked", f64::from(rate.checked));
}
