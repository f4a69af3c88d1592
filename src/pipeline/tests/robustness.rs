//! Robustness of the stand-in claims over replicates: thread-count and run-to-run
//! independence of the holding rates, and replicate 0 equal to the shipped draw.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};

use crate::manifest::{Artefact, Manifest};
use crate::model::GridPlace;
use crate::model::RateWord;
use crate::papers::{self, Context};
use crate::pipeline::reproduce::{manifest_path, rebuild};
use crate::published::{PublishedFile, load};
use crate::results::{ResultTable, VALUE};
use crate::robustness::headline::Headline;
use crate::robustness::replicate::{replicate_seed, run_replicate};
use crate::robustness::table::{
    INSIDE_PANEL, OUTSIDE_PANEL, RATE_PART, SPANS_PANEL, claims_panel, headline_panel,
};
use crate::robustness::{run_study, study_table};

use super::common;

fn manifest() -> Manifest {
    crate::papers::load_manifest(&manifest_path(&common::project_root())).unwrap()
}

fn unanimity_published() -> PublishedFile {
    load(&common::project_root().join("paper/published/unanimity.yaml")).unwrap()
}

fn artefacts<'m>(manifest: &'m Manifest, ids: &[&str]) -> Vec<&'m Artefact> {
    ids.iter()
        .map(|id| {
            manifest
                .artefacts
                .iter()
                .find(|a| a.id.as_str() == *id)
                .unwrap()
        })
        .collect()
}

fn context(manifest: &Manifest, threads: usize) -> Context {
    Context {
        threads,
        ..Context::new(common::project_root(), manifest.seed)
    }
}

/// Acceptance: the holding rates (and bands) of A.T2's claims are identical for 1 and 2 threads and
/// across two runs, on R = 4 replicates; the replicates do redraw the stand-in (their taus differ).
#[test]
fn a_t2_study_is_identical_for_one_and_two_threads_and_two_runs() {
    let manifest = manifest();
    let published = unanimity_published();
    let chosen = artefacts(&manifest, &["A.T2"]);
    let study = |threads| {
        run_study(
            &chosen,
            &published,
            &context(&manifest, threads),
            4,
            &|_, _| {},
        )
        .unwrap()
    };
    let one = study(1);
    let two = study(2);
    let again = study(2);
    assert_eq!(one, two);
    assert_eq!(two, again);
    assert_eq!(one.replicates, 4);
    assert!(!one.claims.is_empty());
    for claim in &one.claims {
        assert_eq!(claim.checked, 4, "{}", claim.id);
        assert!(claim.interval.lo <= claim.interval.hi, "{}", claim.id);
    }
    assert!(!one.counts.is_empty());
    assert!(
        one.counts.iter().any(|c| c.band.p05 < c.band.p95),
        "replicates should redraw the stand-in"
    );
    let table = study_table("A.R1", &one, "note", &std::collections::BTreeMap::new());
    for claim in &one.claims {
        let word = RateWord::of(claim.interval.lo, claim.interval.hi);
        let panel = word.band().map_or(SPANS_PANEL, claims_panel);
        let rate = table.get(panel, &claim.id, "rate", RATE_PART).unwrap();
        assert_eq!(rate, f64::from(claim.held) / 4.0, "{}", claim.id);
        let lo = table.get(panel, &claim.id, "rate", "ci_lo").unwrap();
        let hi = table.get(panel, &claim.id, "rate", "ci_hi").unwrap();
        assert!(lo <= rate && rate <= hi, "{}: {lo} {rate} {hi}", claim.id);
    }
    let claim_rows: usize = crate::model::rate_word::RATE_BANDS
        .into_iter()
        .map(|v| table.rows_of(claims_panel(v)).len())
        .sum::<usize>()
        + table.rows_of(SPANS_PANEL).len();
    assert_eq!(claim_rows, one.claims.len());
    let count_rows = table.rows_of(INSIDE_PANEL).len() + table.rows_of(OUTSIDE_PANEL).len();
    assert_eq!(count_rows, one.counts.len());
}

/// Replicate 0 is the shipped draw: its claims and numbers are those of A.T2 and A.T3 run on the
/// global seed, as `reproduce` runs them; replicate 1 has another seed and other numbers.
#[test]
fn replicate_zero_is_the_shipped_draw() {
    let manifest = manifest();
    let published = unanimity_published();
    let chosen = artefacts(&manifest, &["A.T2", "A.T3"]);
    let context = context(&manifest, 2);
    let replicate = run_replicate(&chosen, &published, &context, 0).unwrap();
    for artefact in &chosen {
        let shipped = papers::run(artefact, &context).unwrap();
        for (key, value) in &shipped.cells {
            assert_eq!(replicate.cells.get(key), Some(value), "{key:?}");
        }
        for claim in &shipped.claims {
            assert_eq!(
                replicate.claims[&claim.id].holds, claim.holds,
                "{}",
                claim.id
            );
        }
    }
    assert_ne!(replicate_seed(manifest.seed, 1), manifest.seed);
    let other = run_replicate(&chosen[..1], &published, &context, 1).unwrap();
    assert_ne!(
        other.cells,
        run_replicate(&chosen[..1], &published, &context, 0)
            .unwrap()
            .cells
    );
}

/// The manifest's study artefacts at `replicates`, and a context on `threads` workers.
fn study_setup(replicates: u32) -> Manifest {
    manifest().with_replicates(replicates)
}

/// Acceptance: A.R1 and B.R1, run as the pipeline runs them (`rebuild`), give identical
/// tables (holding rates, verdict panels, bands, note) for 1 and 2 threads and across two runs, at
/// R = 3; every claim was checked on every replicate.
#[test]
fn studies_are_identical_for_one_and_two_threads_and_two_runs() {
    let manifest = study_setup(3);
    let chosen = artefacts(&manifest, &["A.R1", "B.R1"]);
    let run = |threads| rebuild(&manifest, &chosen, &context(&manifest, threads)).unwrap();
    let one = run(1);
    let two = run(2);
    let again = run(2);
    for id in ["A.R1", "B.R1"] {
        let (a, b, c) = (&one[id], &two[id], &again[id]);
        assert_eq!(a.cells, b.cells, "{id}");
        assert_eq!(a.dynamic_rows, b.dynamic_rows, "{id}");
        assert_eq!(a.notes, b.notes, "{id}");
        assert_eq!(b.cells, c.cells, "{id}");
        let checked: Vec<f64> = a
            .cells
            .iter()
            .filter(|(k, _)| k.column == "checked")
            .map(|(_, v)| *v)
            .collect();
        assert!(!checked.is_empty(), "{id} has no claims");
        assert!(checked.iter().all(|&c| c == 3.0), "{id}: {checked:?}");
        assert!(a.notes.iter().any(|n| n.contains("3 independent")), "{id}");
    }
    headlines_are_the_typed_roles(&one["A.R1"], &one["B.R1"]);
}

/// The row ids (`<table>/<panel>/<row>/<column>/<part>`) of headline panel `role` of `table`.
fn headline_rows(table: &ResultTable, role: Headline) -> Vec<String> {
    table
        .rows_of(headline_panel(role))
        .iter()
        .map(|r| r.id.clone())
        .collect()
}

/// The studies' tables show the headline numbers only, by their typed role: the
/// tau point values of A.T2, B.T3, B.T6 (never a CI limit), the significant pairs of B.T5 and B.T8,
/// the SSO percentages of B.T4 and B.T7, and A.T3's discrepancy count of every (measure, Dmax, N)
/// group, whose printed counts add up to the rows of the published Table 3.
fn headlines_are_the_typed_roles(a: &ResultTable, b: &ResultTable) {
    let taus = headline_rows(a, Headline::Point);
    assert_eq!(taus.len(), 45, "3 measures x 3 Dmax x 5 N");
    let b_taus = headline_rows(b, Headline::Point);
    assert!(b_taus.iter().any(|t| t.starts_with("B.T6/")), "{b_taus:?}");
    for tau in taus.iter().chain(&b_taus) {
        assert!(tau.ends_with("/tau"), "{tau}");
    }
    for count in headline_rows(b, Headline::Count) {
        assert!(
            count.starts_with("B.T5/") || count.starts_with("B.T8/"),
            "{count}"
        );
    }
    assert_eq!(headline_rows(b, Headline::Count).len(), 15 + 9);
    for sso in headline_rows(b, Headline::Percentage) {
        assert!(sso.ends_with("/sso_pct"), "{sso}");
    }
    let groups = headline_rows(a, Headline::Discrepancies);
    assert_eq!(groups.len(), 45);
    let panel = headline_panel(Headline::Discrepancies);
    let printed: f64 = groups
        .iter()
        .map(|g| a.get(panel, g, "printed", VALUE).unwrap())
        .sum();
    let published = unanimity_published();
    let rows: std::collections::BTreeSet<(&str, &str)> = published
        .cells()
        .filter(|c| c.table == "A.T3")
        .map(|c| (c.panel.as_str(), c.row.as_str()))
        .collect();
    assert_eq!(printed, rows.len() as f64);
    assert!(headline_rows(b, Headline::Discrepancies).is_empty());
    b_headlines_sit_in_their_tables_grids(b);
}

/// Every headline number of paper B carries its typed place in its table's items
/// × measures grid, so the study's table lays it out as the table prints it: B.T5's counts are its
/// 5 qrels × 3 measures, B.T8's its 3 topic sets × 3 measures, B.T3's taus and B.T4's SSO
/// percentages its 10 qrels pairs × 3 measures, B.T6's and B.T7's their 3 topic-set pairs × 3
/// measures; each (table, item, measure) holds one number, and the place names the row's table.
fn b_headlines_sit_in_their_tables_grids(b: &ResultTable) {
    let mut places: BTreeMap<String, (BTreeSet<String>, BTreeSet<u32>)> = BTreeMap::new();
    let mut cells = BTreeSet::new();
    for role in [Headline::Count, Headline::Point, Headline::Percentage] {
        for row in b.rows_of(headline_panel(role)) {
            let Some(GridPlace::ItemByMeasure(place)) = &row.group else {
                panic!("{} has no items x measures place: {:?}", row.id, row.group);
            };
            assert!(
                row.id.starts_with(&format!("{}/", place.table)),
                "{}",
                row.id
            );
            assert!(cells.insert((place.table.clone(), place.item.clone(), place.measure_rank)));
            let entry = places.entry(place.table.clone()).or_default();
            entry.0.insert(place.item.clone());
            entry.1.insert(place.measure_rank);
        }
    }
    let shape: Vec<(&str, usize, usize)> = places
        .iter()
        .map(|(t, (items, measures))| (t.as_str(), items.len(), measures.len()))
        .collect();
    assert_eq!(
        shape,
        [
            ("B.T3", 10, 3),
            ("B.T4", 10, 3),
            ("B.T5", 5, 3),
            ("B.T6", 3, 3),
            ("B.T7", 3, 3),
            ("B.T8", 3, 3)
        ]
    );
}

/// Changing R (`--replicates`) rebuilds the study and nothing else: the replicated tables stay up to
/// date and their files are untouched; the study's table says the new R.
#[test]
fn changing_r_rebuilds_only_the_study() {
    use crate::io::output::OutputDir;
    use crate::pipeline::done::Action;
    use crate::pipeline::reproduce::{Options, reproduce};

    let root = common::project_root();
    let out = tempfile::tempdir().unwrap();
    let options = Options {
        only: vec!["A.T2".into(), "A.T3".into(), "A.R1".into()],
        threads: 2,
        svg_converter: None,
        commit: "0".repeat(40),
        ..Options::new(&root, manifest().seed)
    };
    let run = |replicates| {
        let manifest = study_setup(replicates);
        reproduce(&manifest, &options, &OutputDir::new(out.path())).unwrap()
    };
    let action = |summary: &crate::pipeline::reproduce::Summary, id: &str| {
        summary
            .artefacts
            .iter()
            .find(|d| d.name == id)
            .map(|d| d.action.clone())
            .unwrap()
    };
    let first = run(2);
    assert_eq!(action(&first, "A.R1"), Action::Rebuilt);
    let t3 = std::fs::read(out.path().join("unanimity/A.T3.md")).unwrap();
    let second = run(3);
    assert_eq!(action(&second, "A.T2"), Action::UpToDate);
    assert_eq!(action(&second, "A.T3"), Action::UpToDate);
    assert_eq!(action(&second, "A.R1"), Action::Rebuilt);
    assert_eq!(
        std::fs::read(out.path().join("unanimity/A.T3.md")).unwrap(),
        t3
    );
    let json = std::fs::read_to_string(out.path().join("unanimity/A.R1.json")).unwrap();
    assert!(
        json.contains("3 independent stand-in collections"),
        "{json}"
    );
    let third = run(3);
    assert_eq!(action(&third, "A.R1"), Action::UpToDate);
}
