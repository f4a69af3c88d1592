//! The headline of a judges analysis as plain-text lines (names unescaped; [`mod@super::render`]
//! escapes them): per judge against the reference, label agreement, the first measure's ranking
//! agreement and significance agreement. Four lines per judge with one or two judges, one line per
//! judge with more, so that the headline stays within about ten lines.

use super::tables::{estimate, num, num_label, tau, value};
use crate::judges::headline::{Headline, HeadlineJudge};
use crate::judges::significance::SignificanceOutcome;

fn significance(j: &HeadlineJudge) -> Option<String> {
    match j.significance.as_ref()? {
        SignificanceOutcome::Tested(c) => Some(format!(
            "{} of {} run pairs significant under both, {} under {} only, {} under {} only",
            c.both, c.pairs, c.only_reference, j.reference, c.only_judge, j.judge
        )),
        SignificanceOutcome::Pending { reason } => Some(format!("pending ({reason})")),
    }
}

fn full(j: &HeadlineJudge, relevant_from: f64, lines: &mut Vec<String>) {
    let (Some(linear), Some(unweighted), Some(binary), Some(alpha)) = (
        &j.kappa_linear,
        &j.kappa_unweighted,
        &j.kappa_binary,
        &j.alpha_ordinal,
    ) else {
        lines.push(format!(
            "{} against {}: no shared documents, so label agreement is not measured",
            j.judge, j.reference
        ));
        return;
    };
    lines.push(format!(
        "{} against {} on {} shared documents:",
        j.judge, j.reference, j.shared_documents
    ));
    lines.push(format!(
        "  labels: linear kappa {}, kappa {}, binary kappa (relevant from {}) {}, ordinal alpha {}",
        estimate(linear),
        estimate(unweighted),
        num_label(relevant_from),
        estimate(binary),
        estimate(alpha)
    ));
    if let (Some(m), Some(t), Some(ap), Some(top)) =
        (&j.measure, &j.kendall_tau_b, &j.tau_ap, j.same_top_run)
    {
        lines.push(format!(
            "  {m} rankings: Kendall's tau_b {}, tau_AP {}, same top run: {}",
            tau(t),
            value(ap),
            if top { "yes" } else { "no" }
        ));
    }
    if let (Some(m), Some(s)) = (&j.measure, significance(j)) {
        lines.push(format!("  {m} significance: {s}"));
    }
}

fn short(j: &HeadlineJudge) -> String {
    let kappa = j.kappa_linear.as_ref().map_or_else(
        || "no shared documents".into(),
        |k| format!("linear kappa {}", estimate(k)),
    );
    let ranking = match (&j.measure, &j.kendall_tau_b) {
        (Some(m), Some(t)) => format!(
            ", {m} tau_b {}",
            t.value.map_or_else(|| "undefined".into(), num)
        ),
        _ => String::new(),
    };
    let sig = match &j.significance {
        Some(SignificanceOutcome::Tested(c)) => {
            format!(
                ", significant pairs {}/{}/{} (both/reference/judge)",
                c.both, c.only_reference, c.only_judge
            )
        }
        _ => String::new(),
    };
    format!("{} against {}: {kappa}{ranking}{sig}", j.judge, j.reference)
}

/// The headline's lines.
pub(crate) fn lines(h: &Headline) -> Vec<String> {
    let mut lines = Vec::new();
    if h.judges.len() <= 2 {
        for j in &h.judges {
            full(j, h.relevant_from, &mut lines);
        }
    } else {
        lines.extend(h.judges.iter().map(short));
    }
    lines
}
