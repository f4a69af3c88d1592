//! Output lines of a [`DiversityEvaluation`], in NTCIREVAL's naming.
//!
//! Order: per cutoff `I-rec@l`, then `I-rec@n` (as NTCIREVAL `irec`); the D-measures (every
//! `gcompute` line prefixed `D-`, e.g. `D-nDCG@0010`); the DIN-measures (prefixed `DIN-`); then per
//! cutoff `D#-nDCG@l`, `D#-Q@l`, `D#-nERR@l`, `P+Q@l`, `alpha-nDCG@l`, `ERR-IA@l`.

use super::DiversityEvaluation;
use crate::measures::lines::{Line, lines as adhoc_lines};

/// The named values of `ev` (with `extensions`, the adhoc extension lines nG@1 and nCG@l too).
pub fn lines(ev: &DiversityEvaluation, extensions: bool) -> Vec<Line> {
    let mut out = Vec::new();
    let mut push = |name: String, value: f64| {
        out.push(Line {
            name,
            value,
            extension: false,
        })
    };
    for a in &ev.at {
        push(format!("I-rec@{:04}", a.cutoff), a.irec);
    }
    push("I-rec@n".to_string(), ev.irec_n);
    for l in adhoc_lines(&ev.d, extensions) {
        push(format!("D-{}", l.name), l.value);
    }
    for l in adhoc_lines(&ev.din, extensions) {
        push(format!("DIN-{}", l.name), l.value);
    }
    for a in &ev.at {
        let c = a.cutoff;
        push(format!("D#-nDCG@{c:04}"), a.ndcg);
        push(format!("D#-Q@{c:04}"), a.q);
        push(format!("D#-nERR@{c:04}"), a.nerr);
        push(format!("P+Q@{c:04}"), a.pplusq);
        push(format!("alpha-nDCG@{c:04}"), a.alpha_ndcg);
        push(format!("ERR-IA@{c:04}"), a.err_ia);
    }
    out
}
