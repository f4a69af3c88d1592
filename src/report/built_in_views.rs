//! What the stand-in was built to produce, one view per `builds_in:` declaration, with the claims
//! and printed numbers of the paper it names: the report's section that is never counted as support.

use serde::Serialize;

use crate::account::Account;
use crate::ledger::EntryKind;

use super::Format;

/// One knob declaration of what the stand-in builds in, with the claims and printed numbers of the
/// paper it names (escaped).
#[derive(Debug, Clone, Serialize)]
pub(super) struct BuiltInView {
    /// `runs.assessor_weights in data/lancers/www-runs.yaml`.
    pub(super) knobs: String,
    /// `designed in`, `fitted to the print`, `calibrated to the print`.
    pub(super) kind: &'static str,
    pub(super) why: String,
    /// The claims it builds in, by their words (their rates are listed with their artefact).
    pub(super) claims: Vec<String>,
    /// The printed numbers, by their place (`Table 2, all3: L0 2,603, L1 1,897`).
    pub(super) cells: Vec<String>,
    /// How many printed numbers it was fitted or calibrated to, and the tables that print them
    /// (the reports name these; the numbers themselves are in the ledger and on the page).
    pub(super) numbers: usize,
    pub(super) tables: Vec<String>,
    /// The printed numbers as (place, part and printed value), before grouping.
    #[serde(skip)]
    pub(super) cell_units: Vec<(String, String)>,
}

/// The knob declarations behind the items of `paper` in `account`, in ledger order.
pub(super) fn built_in_views(account: &Account, paper: &str, format: Format) -> Vec<BuiltInView> {
    let mut views: Vec<(crate::model::BuiltInRef, BuiltInView)> = Vec::new();
    for item in account.items_of(paper) {
        let e = &item.entry;
        let Some(b) = &e.built_in else { continue };
        let at = match views.iter().position(|(r, _)| r == b) {
            Some(at) => at,
            None => {
                views.push((
                    b.clone(),
                    BuiltInView {
                        knobs: format.escape(&b.knobs_in_file()),
                        kind: b.kind.words(),
                        why: format.escape(&b.why),
                        claims: Vec::new(),
                        cells: Vec::new(),
                        numbers: 0,
                        tables: Vec::new(),
                        cell_units: Vec::new(),
                    },
                ));
                views.len() - 1
            }
        };
        let label = e.label.as_deref().unwrap_or(&e.cell);
        let view = &mut views[at].1;
        if e.kind == EntryKind::Claim {
            // Each claim's verdict and rate are where the claim is listed, under its artefact.
            view.claims.push(format.escape(label));
        } else {
            // The printed numbers a knob was fitted or calibrated to; the stand-in's values are in
            // the rebuilt tables.
            let value = e.printed.clone();
            view.numbers += 1;
            let table = e.words.as_ref().map_or_else(
                || crate::model::artefact_words::artefact_words(&e.table),
                |w| w.table.clone(),
            );
            if !view.tables.contains(&table) {
                view.tables.push(format.escape(&table));
            }
            let unit = match &e.words {
                Some(words) if words.part.is_none() => {
                    let (group, column) = words.cell_in_table();
                    (
                        format!("{}, {group}", words.table),
                        format!("{column} {value}"),
                    )
                }
                Some(words) => (words.place(), format!("{} {value}", words.short_part())),
                None => (String::new(), format!("{label}: {value}")),
            };
            view.cell_units.push(unit);
        }
    }
    views
        .into_iter()
        .map(|(_, mut v)| {
            v.cells = crate::ledger::grouped(&v.cell_units)
                .iter()
                .map(|(place, items)| {
                    format.escape(&if place.is_empty() {
                        items.join("; ")
                    } else {
                        format!("{place}: {}", items.join(", "))
                    })
                })
                .collect();
            v
        })
        .collect()
}
