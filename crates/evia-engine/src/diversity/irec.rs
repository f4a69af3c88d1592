//! I-rec@l, intent recall (a.k.a. subtopic recall, Zhai, Cohen and Lafferty, SIGIR 2003), the
//! diversity component of D♯-measures (Sakai's survey §2.2.1, Eq. 6).
//!
//! `I-rec@l = |{i : some document in the top l is relevant (level ≥ 1) to i}| / n`, with n the
//! number of the topic's intents (intents without any relevant document included, as NTCIREVAL
//! `irec` counts every reldoc list it is given). A cutoff beyond the list's length takes the value
//! at its end. `I-rec@n` is I-rec at rank n = the number of intents (NTCIREVAL `irec` prints it).

use super::topic::JudgedDoc;

/// The number of intents covered by each prefix of `ranked` (looked up in the topic): `covered[r]` for ranks 1 … L
/// (`covered[0] = 0`).
pub(crate) fn coverage(ranked: &[Option<&JudgedDoc>]) -> Vec<usize> {
    let mut seen = [false; super::MAX_INTENTS];
    let mut covered = 0;
    let mut out = Vec::with_capacity(ranked.len() + 1);
    out.push(0);
    for j in ranked {
        if let Some(j) = j {
            for &(i, level) in &j.levels {
                if level > 0 && !seen[i] {
                    seen[i] = true;
                    covered += 1;
                }
            }
        }
        out.push(covered);
    }
    out
}

/// I-rec at rank `l` from the coverage counts of a ranked list (`covered[r]` for ranks 0 … L; `l`
/// beyond the list: the value at its end).
pub fn irec_at(coverage: &[usize], n_intents: usize, l: usize) -> f64 {
    let last = coverage.len().saturating_sub(1);
    let covered = coverage.get(l.min(last)).copied().unwrap_or(0);
    covered as f64 / n_intents as f64
}
