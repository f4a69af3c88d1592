//! Rule 4 of the vocabulary (docs/vocabulary.md): a statement of the paper that reads a printed
//! number some check finds inconsistent is judged only when its verdict is the same under every
//! reading of that number (as printed, and as the paper's other numbers imply it:
//! [`crate::consistency::readings`]); it then says so. Otherwise it cannot be judged, and is no
//! finding of its own; the account names the findings it rests on. When the numbers it reads are
//! ones a typesetting slip elsewhere makes inconsistent (the single change that repairs the slip is
//! to another number), it says which verdict it takes if that repair holds.

use std::collections::BTreeSet;

use serde::Serialize;

use super::{Entry, Verdict, cell_name};
use crate::consistency::readings::Readings;

/// How a statement's verdict stands on the inconsistent numbers it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum OnRejected {
    /// The same verdict under every reading of them: judged.
    EveryReading,
    /// It cannot be judged; with the repair of the slip that makes them inconsistent, it would be
    /// borne out (`holds`) or contradicted.
    OnlyIfRepaired { holds: bool },
    /// It cannot be judged: its verdict depends on which reading is right, or one of them has no
    /// reading the paper's other numbers imply.
    DependsOnReading,
}

/// Sets the verdict of every statement that reads a number another entry of the ledger finds
/// inconsistent, from how its verdict stands under the readings of those numbers.
pub(super) fn judge_on_rejected_numbers(entries: &mut [Entry]) {
    let inconsistent: BTreeSet<(String, String)> = entries
        .iter()
        .filter(|e| e.verdict == Verdict::Inconsistent)
        .map(|e| (e.table.clone(), e.cell.clone()))
        .collect();
    // The numbers a slip elsewhere makes inconsistent: its repair changes another number.
    let repaired_elsewhere: BTreeSet<(String, String)> = entries
        .iter()
        .filter(|e| e.verdict == Verdict::Inconsistent)
        .filter(|e| {
            e.repair
                .as_ref()
                .is_some_and(|r| !r.changes(&e.table, &e.cell))
        })
        .map(|e| (e.table.clone(), e.cell.clone()))
        .collect();
    for e in entries.iter_mut() {
        if e.rests_on.is_empty() || !matches!(e.verdict, Verdict::Holds | Verdict::Fails) {
            continue;
        }
        let read: Vec<(String, String)> = e
            .rests_on
            .iter()
            .map(|k| (k.table.clone(), cell_name(k)))
            .filter(|k| inconsistent.contains(k))
            .collect();
        if read.is_empty() {
            continue;
        }
        let counted = format!(
            "{} of the {} printed numbers it reads {} inconsistent with the paper's other numbers",
            read.len(),
            e.rests_on.len(),
            if read.len() == 1 { "is" } else { "are" }
        );
        let on_rejected = match e.readings {
            Some(Readings::Same) => OnRejected::EveryReading,
            Some(Readings::Differ { as_printed_holds })
                if read.iter().all(|k| repaired_elsewhere.contains(k)) =>
            {
                OnRejected::OnlyIfRepaired {
                    holds: as_printed_holds,
                }
            }
            _ => OnRejected::DependsOnReading,
        };
        e.on_rejected = Some(on_rejected);
        match on_rejected {
            OnRejected::EveryReading => e.detail.push_str(&format!(
                "; {counted}, but it {} under every reading of {} (as printed, and as those other numbers imply {}), so it is judged",
                if e.verdict == Verdict::Holds { "holds" } else { "fails" },
                them(read.len()),
                them(read.len()),
            )),
            OnRejected::OnlyIfRepaired { holds } => {
                e.verdict = Verdict::Undecided;
                e.hint = None;
                e.evidence.clear();
                e.detail.push_str(&format!(
                    "; cannot be judged: {counted}; as printed, which the repair of the slip elsewhere makes consistent, it {}, and as those other numbers imply {} it {}",
                    if holds { "holds" } else { "fails" },
                    them(read.len()),
                    if holds { "fails" } else { "holds" },
                ));
            }
            OnRejected::DependsOnReading => {
                e.verdict = Verdict::Undecided;
                e.hint = None;
                e.evidence.clear();
                e.detail.push_str(&format!(
                    "; cannot be judged: {counted}, and its verdict depends on which reading of {} is right",
                    them(read.len())
                ));
            }
        }
    }
}

/// `it` or `them`, for `n` numbers.
fn them(n: usize) -> &'static str {
    if n == 1 { "it" } else { "them" }
}
