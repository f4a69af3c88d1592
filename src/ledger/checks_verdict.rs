//! The verdict of the consistency checks that apply to one entry.

use super::Verdict;
use crate::consistency::repair::Repair;
use crate::consistency::{CheckResult, Hint};

/// What the failed checks of an entry point to: the hint of highest precedence among them.
pub(super) fn checks_hint(results: &[CheckResult]) -> Option<Hint> {
    results
        .iter()
        .filter(|r| !r.ok)
        .fold(None, |hint, r| Hint::first(hint, r.hint))
}

/// The arithmetic of the failed checks of an entry, without their checks' names, each once.
pub(super) fn checks_evidence(results: &[CheckResult]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in results.iter().filter(|r| !r.ok) {
        if !out.contains(&r.detail) {
            out.push(r.detail.clone());
        }
    }
    out
}

/// The single change that repairs every failed check of an entry, when all of them name the same one.
pub(super) fn checks_repair(results: &[CheckResult]) -> Option<Repair> {
    let mut failed = results.iter().filter(|r| !r.ok);
    let first = failed.next()?.repair.clone()?;
    failed
        .all(|r| r.repair.as_ref() == Some(&first))
        .then_some(first)
}

/// The verdict and detail of the consistency checks on one entry (`None` when none applies).
pub(super) fn checked(results: &[CheckResult]) -> Option<(Verdict, String)> {
    if results.is_empty() {
        return None;
    }
    let ok = results.iter().all(|r| r.ok);
    let mut seen = Vec::new();
    let shown: Vec<String> = results
        .iter()
        .filter(|r| !ok || r.ok)
        .filter(|r| !r.ok || ok)
        .filter(|r| {
            let new = !seen.contains(&r.detail);
            seen.push(r.detail.clone());
            new
        })
        .map(|r| format!("{}: {}", capitalised(r.check.words()), r.detail))
        .collect();
    let verdict = if ok {
        Verdict::Consistent
    } else {
        Verdict::Inconsistent
    };
    Some((verdict, shown.join("; ")))
}

/// `text` with its first letter upper-case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
