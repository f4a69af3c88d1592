//! A.X1 (paper A beyond the paper): the real NTCIR-12 STC Japanese ratings, shipped in
//! `data/external/ntcir12-stc-japanese/` (Apache-2.0, see its `SOURCE.md`).
//!
//! The experiment's numbers are checked against an independent parse of the label file written here
//! (plain `split('\t')` and integer arithmetic, not the project's reader or engine): label counts,
//! unanimous items, relevant items, posts, item pairs, the D_i distribution and the order flips of
//! every post; then the simulated columns against their models, the claims against the cells, and
//! the label file's absence. The skip and error paths through the binary:
//! `tests/it/unanimity_real.rs`.

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::manifest::{Artefact, Manifest};
use crate::papers::unanimity::params::RealRatingsParams;
use crate::papers::{self, Context, ExperimentError};
use crate::pipeline::reproduce::manifest_path;
use crate::results::ResultTable;

use super::common;

const ID: &str = "A.X1";

fn manifest() -> Manifest {
    crate::papers::load_manifest(&manifest_path(&common::project_root())).unwrap()
}

fn artefact(manifest: &Manifest) -> Artefact {
    manifest.artefact(ID).unwrap().clone()
}

/// A.X1's typed parameters.
fn params(artefact: &Artefact) -> &RealRatingsParams {
    (artefact.parameters.get::<RealRatingsParams>()).unwrap_or_else(|| {
        panic!(
            "{ID} is unanimity.real_ratings, not {}",
            artefact.experiment
        )
    })
}

fn label_file(artefact: &Artefact) -> PathBuf {
    let path = common::project_root().join(&params(artefact).data);
    assert!(
        path.is_file(),
        "{} is missing: A.X1's tests need the vendored labels in data/external/",
        path.display()
    );
    path
}

fn rebuild(threads: usize) -> ResultTable {
    let manifest = manifest();
    let context = Context {
        threads,
        ..Context::new(common::project_root(), manifest.seed)
    };
    papers::run(&artefact(&manifest), &context).unwrap()
}

fn cell(table: &ResultTable, panel: &str, row: &str, column: &str) -> f64 {
    table
        .get(panel, row, column, "value")
        .unwrap_or_else(|| panic!("no cell {panel}/{row}/{column}"))
}

/// The independent parse: (post, labels) per line, in file order.
fn independent_parse(path: &Path) -> Vec<(String, Vec<i64>)> {
    let mut text = String::new();
    flate2::read::GzDecoder::new(fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let labels = fields[2..].iter().map(|f| f.parse().unwrap()).collect();
            (fields[0].to_string(), labels)
        })
        .collect()
}

#[test]
fn real_column_matches_an_independent_count_of_the_label_file() {
    let manifest = manifest();
    let artefact = artefact(&manifest);
    let lines = independent_parse(&label_file(&artefact));
    let params = params(&artefact);
    let (n, dmax, p) = (
        params.n.get() as usize,
        i64::from(params.dmax.get()),
        params.p.get(),
    );
    // p·N is a whole number for the manifest's p = 0.2 and N = 10, so UG can be compared in integers.
    let unit = (p * n as f64).round() as i64;
    assert!((p * n as f64 - unit as f64).abs() < 1e-9);

    let mut labels = BTreeMap::<i64, u64>::new();
    let (mut unanimous, mut relevant) = (0u64, 0u64);
    let mut spread_relevant = BTreeMap::<i64, u64>::new();
    let mut posts = BTreeMap::<&str, Vec<(i64, i64)>>::new();
    for (post, ls) in &lines {
        assert_eq!(ls.len(), n);
        for &l in ls {
            *labels.entry(l).or_default() += 1;
        }
        let (max, min) = (*ls.iter().max().unwrap(), *ls.iter().min().unwrap());
        let raw: i64 = ls.iter().sum();
        unanimous += u64::from(max == min);
        let ug = if raw > 0 {
            relevant += 1;
            *spread_relevant.entry(max - min).or_default() += 1;
            raw + unit * (dmax - (max - min))
        } else {
            0
        };
        posts.entry(post).or_default().push((raw, ug));
    }
    let (mut pairs, mut flipped) = (0u64, 0u64);
    for items in posts.values() {
        for (i, a) in items.iter().enumerate() {
            for b in &items[i + 1..] {
                pairs += 1;
                flipped += u64::from((a.0 - b.0) * (a.1 - b.1) < 0);
            }
        }
    }

    let table = rebuild(1);
    assert!(table.real_data);
    let real = |panel: &str, row: &str| cell(&table, panel, row, "real");
    assert_eq!(real("items", "items"), lines.len() as f64);
    assert_eq!(real("items", "relevant"), relevant as f64);
    for (l, count) in &labels {
        assert_eq!(
            real("items", &format!("labels={l}")),
            *count as f64,
            "label {l}"
        );
    }
    assert_eq!(real("items", "unanimous"), unanimous as f64);
    for (d, count) in &spread_relevant {
        let share = 100.0 * *count as f64 / relevant as f64;
        assert!((real("items", &format!("relevant_d={d}")) - share).abs() < 1e-9);
    }
    assert_eq!(real("order", "posts"), posts.len() as f64);
    assert_eq!(real("order", "pairs"), pairs as f64);
    let flipped_pct = 100.0 * flipped as f64 / pairs as f64;
    assert!((real("order", "flipped_pct") - flipped_pct).abs() < 1e-9);
}

/// The simulated columns keep the real pool's items and L0/relevant split (paper A §4 gives L0 items
/// N zeros), and the uniform model spreads the relevant items' ratings evenly over 0..Dmax.
#[test]
fn simulated_columns_keep_the_items_and_follow_their_models() {
    let table = rebuild(2);
    let get = |row: &str, column: &str| cell(&table, "items", row, column);
    for column in ["uniform", "independent_marginal"] {
        assert_eq!(get("items", column), get("items", "real"));
        assert_eq!(
            cell(&table, "order", "pairs", column),
            cell(&table, "order", "pairs", "real")
        );
    }
    let real_l0 = get("items", "real") - get("relevant", "real");
    let relevant_labels = 10.0 * get("relevant", "real");
    for l in 0..=2 {
        let mut uniform = get(&format!("labels={l}"), "uniform");
        if l == 0 {
            uniform -= 10.0 * real_l0; // the L0 items' zeros
        }
        // 10 replicates of ~134,000 uniform draws: the mean share is 1/3 to well within 0.5%.
        assert!(
            (uniform / relevant_labels - 1.0 / 3.0).abs() < 0.005,
            "label {l}: {uniform} of {relevant_labels}"
        );
    }
}

#[test]
fn claims_follow_the_cells_and_the_rebuild_is_deterministic() {
    let table = rebuild(1);
    assert_eq!(table.cells, rebuild(2).cells);
    let mean_d = |column: &str| cell(&table, "items", "mean_d_relevant", column);
    let flips = |column: &str| cell(&table, "order", "flipped_pct", column);
    let claim = |name: &str| {
        table
            .claims
            .iter()
            .find(|c| c.id == format!("{ID}.{name}"))
            .unwrap_or_else(|| panic!("no claim {name}"))
    };
    assert_eq!(
        claim("more_unanimous_than_uniform").holds,
        mean_d("real") < mean_d("uniform")
    );
    assert_eq!(
        claim("more_unanimous_than_independent").holds,
        mean_d("real") < mean_d("independent_marginal")
    );
    // The impact on rankings is measured through proxies, each with its own verdict: flipped item
    // pairs and posts whose ideal top-1 set changes.
    let reordering = claim("more_reordering_than_uniform");
    let top1 = |column: &str| cell(&table, "order", "top1_changed_pct", column);
    let proxies: Vec<bool> = reordering.proxies.iter().map(|p| p.holds).collect();
    assert_eq!(
        proxies,
        [
            flips("real") > flips("uniform"),
            top1("real") > top1("uniform")
        ]
    );
    assert_eq!(reordering.holds, proxies.iter().all(|&h| h));
}

/// In a copy of the project whose vendored label file was deleted (a user may do that), A.X1's
/// experiment says its data are unavailable, which `reproduce` takes for a skip (not an error).
#[test]
fn a_missing_label_file_is_data_unavailable() {
    let dir = common::scratch_project();
    let root = dir.path();
    let labels = root.join(&params(&artefact(&manifest())).data);
    assert!(
        labels.starts_with(root.join("data/external")),
        "{}",
        labels.display()
    );
    fs::remove_file(&labels).unwrap();
    let manifest = crate::papers::load_manifest(&manifest_path(root)).unwrap();
    let context = Context::new(root, manifest.seed);
    assert!(matches!(
        papers::run(&artefact(&manifest), &context),
        Err(ExperimentError::DataUnavailable { .. })
    ));
}
