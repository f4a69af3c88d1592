//! Paper B's qualitative claims about Tables 3–8 and Figure 1, checked on the rebuilt numbers (the
//! stand-in's, class `simulated`, or a user's real collection, class `real-data`).
//!
//! Readings (each cites the paper's words):
//! - "statistically equivalent" rankings: the 95% CI of Kendall's tau reaches 1 (upper limit ≥ 1),
//!   i.e. identical rankings cannot be ruled out. §4.1.1: "while the CI upper limits show that all the
//!   rankings are statistically equivalent"; Table 6's bold marks "the cases where the two rankings are
//!   statistically not equivalent" (upper limit < 1).
//! - "more discriminative": more run pairs with p < alpha (§1, [14, 15]).
//! - "almost a subset" (§4.2.2): at most one pair significant with the low-agreement set but not with
//!   the high-agreement set, per measure ("there is only one system pair ...").

use std::cmp::Ordering;

use evia_engine::ranking::ties::compare;

use super::{Evaluated, TopicSubset};
use crate::manifest::Artefact;
use crate::results::{ClaimCheck, ResultTable};

/// Joins per-measure findings into one line.
fn join(parts: &[String]) -> String {
    parts.join("; ")
}

/// A CI upper limit of cell (`panel`, `a`, `b`) as the table prints it, and in its printed
/// digits: claims about the limits are judged at the printed precision.
fn upper_limit(artefact: &Artefact, panel: &str, a: &str, b: &str, hi: f64) -> (f64, String) {
    let shown = artefact.as_printed(panel, a, b, hi);
    let words = match artefact.printed_decimals(panel, a, b) {
        Some(d) => format!("{shown:.*}", usize::from(d)),
        None => shown.to_string(),
    };
    (shown, words)
}

fn count(table: &ResultTable, condition: &str, panel: &str) -> Option<f64> {
    table.get("main", condition, panel, "count")
}

/// B.T3: every pair of qrels versions gives statistically equivalent rankings.
pub(super) fn all_rankings_equivalent(e: &Evaluated, artefact: &Artefact, table: &mut ResultTable) {
    let mut upper = Vec::new();
    for m in &e.measures {
        let panel = m.printed_name();
        for (i, a) in e.conditions.iter().enumerate() {
            for b in e.conditions.iter().skip(i + 1) {
                if let Some(hi) = table.get(&panel, &a.id, &b.id, "ci_hi") {
                    let shown = upper_limit(artefact, &panel, &a.id, &b.id, hi);
                    upper.push((format!("{panel} {} vs {}", a.id, b.id), shown));
                }
            }
        }
    }
    let below: Vec<&(String, (f64, String))> =
        upper.iter().filter(|(_, (hi, _))| *hi < 1.0).collect();
    let lowest = upper
        .iter()
        .min_by(|x, y| x.1.0.total_cmp(&y.1.0))
        .map_or_else(String::new, |(name, (_, words))| {
            format!("; lowest {words} ({name})")
        });
    table.claim(ClaimCheck {
        id: "B.T3.all_rankings_equivalent".into(),
        section: "B.T3".into(),
        statement: "every pair of qrels versions gives statistically equivalent run rankings: each tau CI's upper limit is at least 1 (§4.1.1)".into(),
        printed: "all CI upper limits ≥ 1".into(),
        rebuilt: format!("{} of {} CI upper limits ≥ 1", upper.len() - below.len(), upper.len()),
        holds: !upper.is_empty() && below.is_empty(),
        detail: format!(
            "upper limits below 1 as printed: {}{lowest}",
            if below.is_empty() {
                "none".to_string()
            } else {
                below
                    .iter()
                    .map(|(n, (_, words))| format!("{n} {words}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ),
        group: None,
        ..ClaimCheck::default()
    });
}

/// B.T4: the pair with the lowest SSO involves the student qrels, for every measure.
pub(super) fn student_disagrees_most(e: &Evaluated, table: &mut ResultTable) {
    let student = student_only(e);
    let mut parts = Vec::new();
    let mut holds = student.is_some();
    for m in &e.measures {
        let panel = m.printed_name();
        let mut lowest: Option<(f64, &str, &str)> = None;
        for (i, a) in e.conditions.iter().enumerate() {
            for b in e.conditions.iter().skip(i + 1) {
                if let Some(sso) = table.get(&panel, &a.id, &b.id, "sso_pct")
                    && lowest.is_none_or(|l| sso < l.0)
                {
                    lowest = Some((sso, &a.id, &b.id));
                }
            }
        }
        match lowest {
            Some((sso, a, b)) => {
                let involves = student.is_some_and(|s| s == a || s == b);
                holds &= involves;
                parts.push(format!("{panel}: lowest SSO {sso:.1}% ({a} vs {b})"));
            }
            None => {
                holds = false;
                parts.push(format!("{panel}: no SSO defined"));
            }
        }
    }
    table.claim(ClaimCheck {
        id: "B.T4.student_disagrees_most".into(),
        section: "B.T4".into(),
        statement: "the student results disagree with the others most often: for every measure the lowest SSO is a pair involving the student qrels (§4.1.2)".into(),
        printed: "student results disagree relatively often with the others".into(),
        rebuilt: join(&parts),
        holds,
        detail: format!(
            "student-only qrels: {}",
            student.unwrap_or("(none among the conditions)")
        ),
        group: None,
        not_applicable: no_student(student),
        ..ClaimCheck::default()
    });
}

/// Why a claim about paper B's student does not apply: no qrels version is the labels of an
/// assessor called `student` alone.
fn no_student(student: Option<&str>) -> Option<String> {
    student.is_none().then(|| {
        "no qrels version is the labels of an assessor named `student` alone (paper B's student, the least experienced assessor)".to_string()
    })
}

/// The id of the condition whose qrels is the student's labels alone.
fn student_only(e: &Evaluated) -> Option<&str> {
    let student = e.collection.assessors.index_of("student")?;
    e.conditions
        .iter()
        .find(|c| c.qrels.assessors == [student])
        .map(|c| c.id.as_str())
}

/// B.T5: combined qrels are at least as discriminative as single-assessor qrels, and student is the
/// least discriminative.
pub(super) fn combined_qrels_discriminative(e: &Evaluated, table: &mut ResultTable) {
    let combined: Vec<&str> = e
        .conditions
        .iter()
        .filter(|c| c.qrels.assessors.len() > 1)
        .map(|c| c.id.as_str())
        .collect();
    let single: Vec<&str> = e
        .conditions
        .iter()
        .filter(|c| c.qrels.assessors.len() == 1)
        .map(|c| c.id.as_str())
        .collect();
    let student = student_only(e);
    let (mut combined_holds, mut student_holds) = (
        !combined.is_empty() && !single.is_empty(),
        student.is_some(),
    );
    let mut parts = Vec::new();
    for m in &e.measures {
        let panel = m.printed_name();
        let counts = |ids: &[&str]| -> Vec<f64> {
            ids.iter()
                .map(|id| count(table, id, &panel).unwrap_or(f64::NAN))
                .collect()
        };
        let (c, s) = (counts(&combined), counts(&single));
        let min_combined = c.iter().copied().fold(f64::INFINITY, f64::min);
        let max_single = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        combined_holds &= min_combined >= max_single;
        if let Some(student) = student {
            let own = count(table, student, &panel).unwrap_or(f64::NAN);
            let others_min = e
                .conditions
                .iter()
                .filter(|x| x.id != student)
                .map(|x| count(table, &x.id, &panel).unwrap_or(f64::NAN))
                .fold(f64::INFINITY, f64::min);
            student_holds &= own < others_min;
        }
        let show = |ids: &[&str], v: &[f64]| {
            ids.iter()
                .zip(v)
                .map(|(id, n)| format!("{id} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        parts.push(format!(
            "{panel}: {} | {}",
            show(&combined, &c),
            show(&single, &s)
        ));
    }
    table.claim(ClaimCheck {
        id: "B.T5.combined_at_least_single".into(),
        section: "B.T5".into(),
        statement: "qrels combining several assessors' labels are at least as discriminative as every single-assessor qrels, for every measure (§4.1.2: combining multiple assessors' labels can result in high discriminative power)".into(),
        printed: "combined qrels ≥ single-assessor qrels in every column".into(),
        rebuilt: join(&parts),
        holds: combined_holds,
        detail: format!(
            "significant pairs (p < alpha): min over {} ≥ max over {} in every column",
            combined.join(", "),
            single.join(", ")
        ),
        group: None,
        ..ClaimCheck::default()
    });
    table.claim(ClaimCheck {
        id: "B.T5.student_least_discriminative".into(),
        section: "B.T5".into(),
        statement: "the student qrels is the least discriminative, for every measure (§4.1.2: student underperforms the others in terms of discriminative power)".into(),
        printed: "student < every other qrels in every column".into(),
        rebuilt: join(&parts),
        holds: student_holds,
        detail: "student's count is below every other qrels version's, per measure".into(),
        group: None,
        not_applicable: no_student(student),
        ..ClaimCheck::default()
    });
}

/// The first condition of each topic subset.
fn subset_ids(e: &Evaluated) -> (Option<&str>, Option<&str>, Option<&str>) {
    let find = |s: TopicSubset| {
        e.conditions
            .iter()
            .find(|c| c.subset == s)
            .map(|c| c.id.as_str())
    };
    (
        find(TopicSubset::All),
        find(TopicSubset::HighAgreement),
        find(TopicSubset::LowAgreement),
    )
}

/// B.T6: full vs high-agreement rankings equivalent; high vs low not; full vs low not (§4.2.1).
pub(super) fn topicset_equivalence(e: &Evaluated, artefact: &Artefact, table: &mut ResultTable) {
    let (full, high, low) = subset_ids(e);
    let mut check = |id: &str,
                     statement: &str,
                     printed: &str,
                     a: Option<&str>,
                     b: Option<&str>,
                     equivalent: bool| {
        let mut holds = a.is_some() && b.is_some();
        let mut parts = Vec::new();
        for m in &e.measures {
            let panel = m.printed_name();
            let cell = a.zip(b).and_then(|(a, b)| {
                Some((
                    table.get(&panel, a, b, "tau")?,
                    table.get(&panel, a, b, "ci_lo")?,
                    table.get(&panel, a, b, "ci_hi")?,
                ))
            });
            match (cell, a.zip(b)) {
                (Some((tau, lo, hi)), Some((a, b))) => {
                    let (hi, words) = upper_limit(artefact, &panel, a, b, hi);
                    holds &= (hi >= 1.0) == equivalent;
                    parts.push(format!("{panel}: {tau:.3} [{lo:.3}, {words}]"));
                }
                _ => {
                    holds = false;
                    parts.push(format!("{panel}: no tau"));
                }
            }
        }
        table.claim(ClaimCheck {
            id: id.into(),
            section: "B.T6".into(),
            statement: statement.into(),
            printed: printed.into(),
            rebuilt: join(&parts),
            holds,
            detail: format!(
                "{} vs {}: CI upper limit, as printed, {} 1 for every measure",
                a.unwrap_or("?"),
                b.unwrap_or("?"),
                if equivalent { "≥" } else { "<" }
            ),
            group: None,
            ..ClaimCheck::default()
        });
    };
    check(
        "B.T6.full_high_equivalent",
        "the rankings by the full topic set and by the high-agreement set are statistically equivalent (abstract; §4.2.1)",
        "equivalent (CI reaches 1)",
        full,
        high,
        true,
    );
    check(
        "B.T6.high_low_not_equivalent",
        "the rankings by the high-agreement set and by the low-agreement set are not statistically equivalent (abstract; §5)",
        "not equivalent (CI below 1)",
        high,
        low,
        false,
    );
    check(
        "B.T6.full_low_not_equivalent",
        "the rankings by the full topic set and by the low-agreement set are not statistically equivalent (§4.2.1's wording; the abstract states it for high vs low)",
        "not equivalent (CI below 1)",
        full,
        low,
        false,
    );
}

/// B.T7: each subset's significant pairs are a subset of the full set's; the low-agreement set's are
/// almost a subset of the high-agreement set's.
pub(super) fn subsets_of_full_set(e: &Evaluated, table: &mut ResultTable) {
    let (full, high, low) = subset_ids(e);
    // Pairs significant only with the column condition of cell (row, column).
    let only_column =
        |table: &ResultTable, panel: &str, row: Option<&str>, column: Option<&str>| {
            row.zip(column)
                .and_then(|(r, c)| table.get(panel, r, c, "c"))
        };
    let (mut subset_holds, mut almost_holds) = (full.is_some(), high.is_some() && low.is_some());
    let (mut subset_parts, mut almost_parts) = (Vec::new(), Vec::new());
    for m in &e.measures {
        let panel = m.printed_name();
        let with_high = only_column(table, &panel, full, high);
        let with_low = only_column(table, &panel, full, low);
        subset_holds &= with_high == Some(0.0) && with_low == Some(0.0);
        subset_parts.push(format!(
            "{panel}: {} (high only), {} (low only)",
            with_high.map_or("?".into(), |v| v.to_string()),
            with_low.map_or("?".into(), |v| v.to_string())
        ));
        let low_not_high = only_column(table, &panel, high, low);
        almost_holds &= low_not_high.is_some_and(|v| v <= 1.0);
        almost_parts.push(format!(
            "{panel}: {}",
            low_not_high.map_or("?".into(), |v| v.to_string())
        ));
    }
    table.claim(ClaimCheck {
        id: "B.T7.subsets_of_full_set".into(),
        section: "B.T7".into(),
        statement: "the pairs significant with the high-agreement (low-agreement) set are always a subset of those significant with the full topic set (§4.2.2)".into(),
        printed: "no pair significant with a subset but not with the full set".into(),
        rebuilt: join(&subset_parts),
        holds: subset_holds,
        detail: "c = 0 in the full set's row, for both subsets and every measure".into(),
        group: None,
        ..ClaimCheck::default()
    });
    table.claim(ClaimCheck {
        id: "B.T7.low_almost_subset_of_high".into(),
        section: "B.T7".into(),
        statement: "the pairs significant with the low-agreement set are almost a subset of those significant with the high-agreement set (§4.2.2: only one pair in Table 7(b))".into(),
        printed: "at most one such pair per measure".into(),
        rebuilt: join(&almost_parts),
        holds: almost_holds,
        detail: "pairs significant with low but not with high (c of the high-agreement row) ≤ 1 for every measure".into(),
        group: None,
        ..ClaimCheck::default()
    });
}

/// B.T8: the high-agreement set is more discriminative than the low-agreement set, and the full set
/// at least as discriminative as either subset.
pub(super) fn high_agreement_more_discriminative(e: &Evaluated, table: &mut ResultTable) {
    let (full, high, low) = subset_ids(e);
    let (mut high_low, mut full_high) = (high.is_some() && low.is_some(), full.is_some());
    let mut parts = Vec::new();
    for m in &e.measures {
        let panel = m.printed_name();
        let get = |id: Option<&str>| id.and_then(|id| count(table, id, &panel));
        let (f, h, l) = (get(full), get(high), get(low));
        high_low &= matches!((h, l), (Some(h), Some(l)) if h > l);
        full_high &= matches!((f, h, l), (Some(f), Some(h), Some(l)) if f >= h && f >= l);
        let show = |v: Option<f64>| v.map_or("?".into(), |v| v.to_string());
        parts.push(format!(
            "{panel}: full {}, high {}, low {}",
            show(f),
            show(h),
            show(l)
        ));
    }
    table.claim(ClaimCheck {
        id: "B.T8.high_more_than_low".into(),
        section: "B.T8".into(),
        statement: "the high-agreement set is more discriminative than the low-agreement set, for every measure, despite similar sample sizes (§4.2.2)".into(),
        printed: "high-agreement > low-agreement in every column".into(),
        rebuilt: join(&parts),
        holds: high_low,
        detail: "significant pairs (p < alpha) per topic set".into(),
        group: None,
        not_applicable: no_split(high, low),
        ..ClaimCheck::default()
    });
    table.claim(ClaimCheck {
        id: "B.T8.full_at_least_subsets".into(),
        section: "B.T8".into(),
        statement: "the two subsets are less discriminative than the full topic set (§4.2.2: about half the sample size)".into(),
        printed: "full ≥ high-agreement and full ≥ low-agreement in every column".into(),
        rebuilt: join(&parts),
        holds: full_high,
        detail: "significant pairs (p < alpha) per topic set".into(),
        group: None,
        not_applicable: no_split(high, low),
        ..ClaimCheck::default()
    });
}

/// Why a claim about the high- and low-agreement topic sets does not apply: the topics do not split
/// into two non-empty sets (paper B §3's split).
fn no_split(high: Option<&str>, low: Option<&str>) -> Option<String> {
    (high.is_none() || low.is_none()).then(|| {
        format!(
            "the topics do not split into a high- and a low-agreement set (no {} topic)",
            if high.is_none() {
                "high-agreement"
            } else {
                "low-agreement"
            }
        )
    })
}

/// B.F1: the qrels versions' rankings are not all identical to the first version's (§4.1.1).
pub(super) fn rankings_differ(e: &Evaluated, table: &mut ResultTable) {
    let mut parts = Vec::new();
    let mut differs = false;
    for (k, m) in e.measures.iter().enumerate() {
        let reference = e.matrices[0][k].run_means_compensated();
        let mut swapped = Vec::new();
        for (c, condition) in e.conditions.iter().enumerate().skip(1) {
            let means = e.matrices[c][k].run_means_compensated();
            // Means within the tie tolerance are ties, never a swap.
            let discordant = (0..reference.len())
                .flat_map(|i| (i + 1..reference.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| {
                    let r = compare(reference[i], reference[j]);
                    r != Ordering::Equal && r == compare(means[j], means[i])
                })
                .count();
            if discordant > 0 {
                differs = true;
                swapped.push(format!("{} {discordant}", condition.id));
            }
        }
        parts.push(format!(
            "{}: {}",
            m.printed_name(),
            if swapped.is_empty() {
                "none".to_string()
            } else {
                swapped.join(", ")
            }
        ));
    }
    table.claim(ClaimCheck {
        id: "B.F1.rankings_not_identical".into(),
        section: "B.F1".into(),
        statement: format!(
            "the system rankings of the qrels versions are not identical to {}'s: some curve is not monotonically decreasing (§4.1.1)",
            e.conditions.first().map_or("the first version", |c| c.id.as_str())
        ),
        printed: "rankings not identical".into(),
        rebuilt: format!("discordant run pairs vs {}: {}", e.conditions.first().map_or("", |c| c.id.as_str()), join(&parts)),
        holds: differs,
        detail: "a discordant pair is a pair of runs ordered differently by the two versions' means".into(),
        group: None,
        ..ClaimCheck::default()
    });
}
