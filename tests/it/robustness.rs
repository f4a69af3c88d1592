//! Issue 18, robustness of the stand-in claims over replicates: thread-count and run-to-run
//! independence of the holding rates, and replicate 0 equal to the shipped draw.

#![allow(clippy::unwrap_used)]

use evia_repro::manifest::{Artefact, Manifest};
use evia_repro::papers::{self, Context};
use evia_repro::pipeline::reproduce::manifest_path;
use evia_repro::published::{PublishedFile, load};
use evia_repro::robustness::{replicate_seed, run_replicate, run_study, study_table};

use crate::common;

fn manifest() -> Manifest {
    Manifest::load(&manifest_path(&common::project_root())).unwrap()
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
    let table = study_table("A.R1", &one);
    for claim in &one.claims {
        let rate = table.get("claims", &claim.id, "rate", "value").unwrap();
        assert_eq!(rate, f64::from(claim.held) / 4.0, "{}", claim.id);
        let lo = table.get("claims", &claim.id, "rate", "ci_lo").unwrap();
        let hi = table.get("claims", &claim.id, "rate", "ci_hi").unwrap();
        assert!(lo <= rate && rate <= hi, "{}: {lo} {rate} {hi}", claim.id);
    }
    assert_eq!(table.rows_of("claims").len(), one.claims.len());
    assert_eq!(table.rows_of("counts").len(), one.counts.len());
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
