//! Paper A §5's claims about Table 2 (Kendall's tau between the RawG and UG rankings), checked on the
//! rebuilt taus and shown next to the printed ones: every CI upper limit at or above 1, tau
//! approaching 1 as N grows, and rankings that differ at the smallest N.

use std::collections::BTreeMap;

use super::stc_setting::StcSetting;
use crate::manifest::Artefact;
use crate::published::PublishedFile;
use crate::published::cell_label::id_words;
use crate::results::{ClaimCheck, ResultTable};

/// One part of every (panel, row, column) of the table.
type Part = BTreeMap<(String, String, String), f64>;

/// The claims of A.T2 (or a variant of it).
pub(crate) fn claims(
    artefact: &Artefact,
    table: &ResultTable,
    published: &PublishedFile,
) -> Vec<ClaimCheck> {
    let Some(setting) = StcSetting::of(artefact) else {
        return Vec::new();
    };
    let printed = |part: &str| -> Part {
        published
            .cells()
            .filter(|c| c.table == table.id && c.part == part)
            .map(|c| ((c.panel.clone(), c.row.clone(), c.column.clone()), c.value))
            .collect()
    };
    // The rebuilt values as the table prints them: claims are judged at the printed precision.
    let rebuilt = |part: &str| -> Part {
        table
            .cells
            .iter()
            .filter(|(k, _)| k.part == part)
            .map(|(k, &v)| {
                let shown = artefact.as_printed(&k.panel, &k.row, &k.column, v);
                ((k.panel.clone(), k.row.clone(), k.column.clone()), shown)
            })
            .collect()
    };
    let mut claims = vec![
        ci_upper_at_least_one(&table.id, &printed("ci_hi"), &rebuilt("ci_hi")),
        tau_approaches_one(&setting, &table.id, &printed("tau"), &rebuilt("tau")),
    ];
    claims.extend(rankings_differ_at_small_n(
        &setting,
        &table.id,
        &printed("tau"),
        &rebuilt("tau"),
    ));
    claims
}

/// All upper confidence limits at or above 1 (statistically equivalent rankings).
fn ci_upper_at_least_one(id: &str, printed: &Part, rebuilt: &Part) -> ClaimCheck {
    let count_at_least_one = |m: &Part| (m.values().filter(|&&v| v >= 1.0 - 1e-9).count(), m.len());
    let (p_ok, p_all) = count_at_least_one(printed);
    let (r_ok, r_all) = count_at_least_one(rebuilt);
    let lowest = rebuilt.iter().min_by(|a, b| a.1.total_cmp(b.1));
    ClaimCheck {
        id: format!("{id}.ci_upper_at_least_one"),
        section: id.to_string(),
        statement: "every 95% CI upper limit of tau is at or above 1, so the RawG and UG rankings are statistically equivalent".to_string(),
        printed: format!("{p_ok} of {p_all} upper limits ≥ 1"),
        rebuilt: format!("{r_ok} of {r_all} upper limits ≥ 1"),
        holds: r_all > 0 && r_ok == r_all,
        detail: lowest.map_or_else(
            || "no interval rebuilt".to_string(),
            |((panel, row, column), v)| {
                format!(
                    "lowest rebuilt upper limit as printed {v} ({panel}, {}, {}); judged at the table's printed precision",
                    id_words(row, "row"),
                    id_words(column, "column")
                )
            },
        ),
        group: None,
        ..ClaimCheck::default()
    }
}

/// Tau approaches 1 as N grows.
fn tau_approaches_one(
    setting: &StcSetting,
    id: &str,
    printed: &Part,
    rebuilt: &Part,
) -> ClaimCheck {
    let ns: Vec<String> = setting.ns.iter().map(|n| format!("n={n}")).collect();
    let mean_by_n = |m: &Part| -> Vec<f64> {
        ns.iter()
            .map(|n| {
                let v: Vec<f64> = m
                    .iter()
                    .filter(|(k, _)| &k.2 == n)
                    .map(|(_, &v)| v)
                    .collect();
                if v.is_empty() {
                    f64::NAN
                } else {
                    v.iter().sum::<f64>() / v.len() as f64
                }
            })
            .collect()
    };
    let show = |v: &[f64]| {
        ns.iter()
            .zip(v)
            .map(|(n, x)| format!("{}: {x:.4}", id_words(n, "N")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let p_means = mean_by_n(printed);
    let r_means = mean_by_n(rebuilt);
    let k = ns.len().min(2);
    let avg = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let approaches = |v: &[f64]| {
        let last = v.last().copied().unwrap_or(f64::NAN);
        v.iter().all(|&x| x <= last + 1e-12) && avg(&v[v.len() - k..]) > avg(&v[..k])
    };
    ClaimCheck {
        id: format!("{id}.tau_approaches_one"),
        section: id.to_string(),
        statement: "tau approaches 1 as N grows (with more ratings D_i tends to Dmax and UG reduces to RawG): the mean tau over measures and Dmax is highest at the largest N, and higher over the two largest N than over the two smallest".to_string(),
        printed: format!("mean tau by N: {} ({})", show(&p_means), if approaches(&p_means) { "pattern present" } else { "pattern absent" }),
        rebuilt: format!("mean tau by N: {}", show(&r_means)),
        holds: approaches(&r_means),
        detail: format!(
            "largest-N mean {:.4} vs the others; mean of the two largest N {:.4} vs the two smallest {:.4}",
            r_means.last().copied().unwrap_or(f64::NAN),
            avg(&r_means[r_means.len() - k..]),
            avg(&r_means[..k])
        ),
        group: None,
        ..ClaimCheck::default()
    }
}

/// The rankings are not identical at the smallest N, even with p = 0.2.
fn rankings_differ_at_small_n(
    setting: &StcSetting,
    id: &str,
    printed: &Part,
    rebuilt: &Part,
) -> Option<ClaimCheck> {
    let first = format!("n={}", setting.ns.first()?);
    let below_one_at = |m: &Part| {
        let cells: Vec<f64> = m
            .iter()
            .filter(|(k, _)| k.2 == first)
            .map(|(_, &v)| v)
            .collect();
        (cells.iter().filter(|&&v| v < 1.0).count(), cells.len())
    };
    let (p_below, p_all) = below_one_at(printed);
    let (r_below, r_all) = below_one_at(rebuilt);
    Some(ClaimCheck {
        id: format!("{id}.rankings_differ_at_small_n"),
        section: id.to_string(),
        statement: format!(
            "even with p = {}, the RawG and UG rankings are not identical at the smallest N (tau < 1)",
            setting.p
        ),
        printed: format!("{p_below} of {p_all} taus < 1 at {}", id_words(&first, "N")),
        rebuilt: format!("{r_below} of {r_all} taus < 1 at {}", id_words(&first, "N")),
        holds: r_below > 0,
        detail: "holds when at least one (measure, Dmax) cell at the smallest N has tau < 1"
            .to_string(),
        group: None,
        ..ClaimCheck::default()
    })
}
