//! A statement of the paper that reads a printed number some check finds inconsistent cannot be
//! judged on the print: whether it holds depends on which of the contradicting numbers is right.
//! Its verdict becomes `undecided`, and it is no finding of its own; the account names the findings
//! it rests on. A number that one typesetting slip elsewhere makes inconsistent (the single change
//! that repairs it is to another number) is not rejected: only the number the repair changes is.

use std::collections::BTreeSet;

use super::{Entry, Verdict, cell_name};

/// Marks every entry whose statement reads a number that another entry of the ledger finds
/// inconsistent as `undecided`, saying how many of the numbers it reads are rejected.
pub(super) fn judge_on_rejected_numbers(entries: &mut [Entry]) {
    let rejected: BTreeSet<(String, String)> = entries
        .iter()
        .filter(|e| e.verdict == Verdict::Inconsistent)
        .filter(|e| {
            e.repair
                .as_ref()
                .is_none_or(|r| r.changes(&e.table, &e.cell))
        })
        .map(|e| (e.table.clone(), e.cell.clone()))
        .collect();
    for e in entries.iter_mut() {
        if e.rests_on.is_empty() || !matches!(e.verdict, Verdict::Holds | Verdict::Fails) {
            continue;
        }
        let rejected_here = e
            .rests_on
            .iter()
            .filter(|k| rejected.contains(&(k.table.clone(), cell_name(k))))
            .count();
        if rejected_here == 0 {
            continue;
        }
        e.verdict = Verdict::Undecided;
        e.hint = None;
        e.evidence.clear();
        e.detail.push_str(&format!(
            "; cannot be judged: {rejected_here} of the {} printed numbers it reads are inconsistent with the paper's other numbers",
            e.rests_on.len()
        ));
    }
}
