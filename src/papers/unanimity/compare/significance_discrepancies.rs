//! Paper A §5's claims about Table 3 (team-best run pairs significant under one gain only), checked
//! on the rebuilt discrepancies and shown next to the printed ones: discrepancies at the smallest N,
//! none at N = 40 and 80, no more as N grows, and the count of every (measure, Dmax, N) group.

use std::collections::{BTreeMap, BTreeSet};

use super::stc_setting::{Group, StcSetting};
use crate::manifest::Artefact;
use crate::model::{ClaimGroup, counted, has_or_have};
use crate::papers::unanimity::stc::condition_row_prefix;
use crate::published::PublishedFile;
use crate::results::TranscriptionNote;
use crate::results::{ClaimCheck, ResultTable, VALUE};

/// The discrepancies of every group: printed, rebuilt, and rebuilt with a p-value within two Monte
/// Carlo standard errors of alpha.
struct Counts {
    /// Every group of the artefact's measures and conditions.
    groups: BTreeSet<Group>,
    printed: BTreeMap<Group, usize>,
    rebuilt: BTreeMap<Group, usize>,
    near: BTreeMap<Group, usize>,
}

impl Counts {
    fn new(setting: &StcSetting, table: &ResultTable, published: &PublishedFile) -> Self {
        let mut counts = Counts {
            groups: BTreeSet::new(),
            printed: printed_counts(table, published, None),
            rebuilt: BTreeMap::new(),
            near: BTreeMap::new(),
        };
        for &panel in &setting.panels {
            for &(dmax, n) in &setting.conditions {
                let prefix = condition_row_prefix(dmax, n);
                let rows: Vec<&str> = table
                    .rows_of(panel)
                    .iter()
                    .map(|r| r.id.as_str())
                    .filter(|id| id.starts_with(&prefix))
                    .collect();
                let near = rows
                    .iter()
                    .filter(|row| {
                        table
                            .get(panel, row, "near_alpha", VALUE)
                            .is_some_and(|v| v > 0.0)
                    })
                    .count();
                let group = (panel.to_string(), dmax, n);
                counts.groups.insert(group.clone());
                counts.rebuilt.insert(group.clone(), rows.len());
                counts.near.insert(group, near);
            }
        }
        counts
    }

    fn of(map: &BTreeMap<Group, usize>, group: &Group) -> usize {
        map.get(group).copied().unwrap_or(0)
    }

    /// A count summed over every group of each N of `ns`.
    fn by_n(&self, map: &BTreeMap<Group, usize>, ns: &[u32]) -> Vec<usize> {
        ns.iter()
            .map(|&n| {
                self.groups
                    .iter()
                    .filter(|g| g.2 == n)
                    .map(|g| Self::of(map, g))
                    .sum()
            })
            .collect()
    }
}

/// The printed count of every (panel, Dmax, N) group: the distinct rows of the published table in
/// it, each row placed by its `meta`, or by the reading of extraction `reading` where the cell has one.
fn printed_counts(
    table: &ResultTable,
    published: &PublishedFile,
    reading: Option<&str>,
) -> BTreeMap<Group, usize> {
    let mut rows: BTreeMap<Group, BTreeSet<&str>> = BTreeMap::new();
    for cell in published.cells().filter(|c| c.table == table.id) {
        let chosen = reading.and_then(|src| cell.readings.iter().find(|r| r.source == src));
        let meta = match chosen {
            Some(r) => cell.meta_under(r),
            None => cell.meta.clone(),
        };
        let parse = |key: &str| meta.get(key).and_then(|v| v.parse::<u32>().ok());
        if let (Some(d), Some(n)) = (parse("dmax"), parse("n")) {
            rows.entry((cell.panel.clone(), d, n))
                .or_default()
                .insert(&cell.row);
        }
    }
    rows.into_iter().map(|(k, r)| (k, r.len())).collect()
}

/// The claims of A.T3 (or a variant of it).
pub(crate) fn claims(
    artefact: &Artefact,
    table: &ResultTable,
    published: &PublishedFile,
) -> Vec<ClaimCheck> {
    let Some(setting) = StcSetting::of(artefact) else {
        return Vec::new();
    };
    let counts = Counts::new(&setting, table, published);
    let ns = &setting.ns;
    let by_n = ByN {
        printed: counts.by_n(&counts.printed, ns),
        rebuilt: counts.by_n(&counts.rebuilt, ns),
        near: counts.by_n(&counts.near, ns),
    };
    let id = table.id.as_str();
    let mut claims = Vec::new();
    claims.extend(at_small_n(&setting, id, &by_n));
    claims.extend(none_at_large_n(&setting, id, &by_n));
    claims.push(fewer_with_larger_n(&setting, id, &by_n));
    for (rank, &panel) in (0..).zip(&setting.panels) {
        for &(dmax, n) in &setting.conditions {
            let group = (panel.to_string(), dmax, n);
            claims.push(group_count(id, &counts, &group, rank));
        }
    }
    claims
}

/// The transcription notes of A.T3 (or a variant of it): its rows whose labels the extractions
/// read differently ([`super::extraction_readings`]).
pub(crate) fn notes(
    artefact: &Artefact,
    table: &ResultTable,
    published: &PublishedFile,
) -> Vec<TranscriptionNote> {
    let Some(setting) = StcSetting::of(artefact) else {
        return Vec::new();
    };
    let counts = Counts::new(&setting, table, published);
    super::extraction_readings::notes(
        &artefact.paper,
        &table.id,
        published,
        &counts.rebuilt,
        &|source| printed_counts(table, published, Some(source)),
    )
}

/// Counts summed by N (ascending).
struct ByN {
    printed: Vec<usize>,
    rebuilt: Vec<usize>,
    near: Vec<usize>,
}

/// `n discrepancies`, with the noun agreeing with `n`.
fn discrepancies(n: usize) -> String {
    counted(n, "discrepancy", "discrepancies")
}

fn show(ns: &[u32], v: &[usize]) -> String {
    ns.iter()
        .zip(v)
        .map(|(n, c)| format!("N = {n}: {c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Discrepancies at the smallest N.
fn at_small_n(setting: &StcSetting, id: &str, by_n: &ByN) -> Option<ClaimCheck> {
    let smallest = *setting.ns.first()?;
    Some(ClaimCheck {
        id: format!("{id}.discrepancies_at_small_n"),
        section: id.to_string(),
        statement: format!(
            "with p = {} the unanimity-aware gain changes significance results at the smallest N: some team-best pairs are significant under one gain and not the other",
            setting.p
        ),
        printed: format!("{} at N = {smallest}", discrepancies(by_n.printed[0])),
        rebuilt: format!("{} at N = {smallest}", discrepancies(by_n.rebuilt[0])),
        holds: by_n.rebuilt[0] > 0,
        detail: format!(
            "{} of the {} rebuilt at N = {smallest} {} a p-value within 2 Monte Carlo SEs of alpha",
            by_n.near[0],
            discrepancies(by_n.rebuilt[0]),
            has_or_have(by_n.near[0])
        ),
        group: None,
        ..ClaimCheck::default()
    })
}

/// No discrepancy at N ≥ 40.
fn none_at_large_n(setting: &StcSetting, id: &str, by_n: &ByN) -> Option<ClaimCheck> {
    let ns = &setting.ns;
    let large: Vec<u32> = ns.iter().copied().filter(|&n| n >= 40).collect();
    if large.is_empty() {
        return None;
    }
    let sum = |v: &[usize]| -> usize {
        ns.iter()
            .zip(v)
            .filter(|(n, _)| large.contains(n))
            .map(|(_, c)| c)
            .sum()
    };
    let list = large
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" and ");
    Some(ClaimCheck {
        id: format!("{id}.none_at_large_n"),
        section: id.to_string(),
        statement: format!(
            "no discrepancy at N = {list}: with many ratings D_i = Dmax almost surely and UG reduces to RawG"
        ),
        printed: format!("{} at N = {list}", discrepancies(sum(&by_n.printed))),
        rebuilt: format!("{} at N = {list}", discrepancies(sum(&by_n.rebuilt))),
        holds: sum(&by_n.rebuilt) == 0,
        detail: format!(
            "holds when no row of the rebuilt table has one of these N; {} of the rebuilt ones {} a p-value within 2 Monte Carlo SEs of alpha",
            sum(&by_n.near),
            has_or_have(sum(&by_n.near))
        ),
        group: None,
        ..ClaimCheck::default()
    })
}

/// The number of discrepancies does not grow with N.
fn fewer_with_larger_n(setting: &StcSetting, id: &str, by_n: &ByN) -> ClaimCheck {
    let ns = &setting.ns;
    let non_increasing = |v: &[usize]| v.windows(2).all(|w| w[1] <= w[0]);
    ClaimCheck {
        id: format!("{id}.fewer_with_larger_n"),
        section: id.to_string(),
        statement: "the number of discrepancies (all measures and Dmax) does not grow with N"
            .to_string(),
        printed: format!(
            "{} ({})",
            show(ns, &by_n.printed),
            if non_increasing(&by_n.printed) {
                "non-increasing"
            } else {
                "not monotone"
            }
        ),
        rebuilt: show(ns, &by_n.rebuilt),
        holds: non_increasing(&by_n.rebuilt),
        detail: format!(
            "rebuilt discrepancies within 2 Monte Carlo SEs of alpha by N: {}",
            show(ns, &by_n.near)
        ),
        group: None,
        ..ClaimCheck::default()
    }
}

/// The count of one (measure, Dmax, N) group next to the printed count; its typed
/// [`ClaimGroup`] places it in its measure's Dmax × N grid (`measure_rank`: the measure's position
/// in the artefact's measure list).
fn group_count(id: &str, counts: &Counts, group: &Group, measure_rank: u32) -> ClaimCheck {
    let (panel, dmax, n) = group;
    let p = Counts::of(&counts.printed, group);
    let r = Counts::of(&counts.rebuilt, group);
    let near = Counts::of(&counts.near, group);
    ClaimCheck {
        id: format!("{id}.count.{panel}.dmax={dmax}.n={n}"),
        section: id.to_string(),
        statement: format!("discrepancies for {panel} at Dmax = {dmax}, N = {n}"),
        printed: p.to_string(),
        rebuilt: format!("{r} ({near} near α)"),
        holds: (p > 0) == (r > 0),
        detail: "holds when both are zero or both positive".to_string(),
        group: Some(ClaimGroup {
            measure_rank,
            measure: panel.clone(),
            dmax: *dmax,
            n: *n,
        }),
        ..ClaimCheck::default()
    }
}
