//! Paper A on STC (A.T2, A.T3): the claims on the stand-in in the project's ledger, A.T3's rows and
//! their rendering, and real-data mode on a small collection. Determinism across thread counts,
//! real-data mode through the binary and its errors: `tests/it/stc.rs`.

use crate::ledger::Verdict;
use crate::manifest::Manifest;
use crate::papers::unanimity::params::StcSignificanceParams;
use crate::papers::unanimity::stc_files::read_stc_collection;
use crate::papers::{self, Context};
use crate::pipeline::reproduce::manifest_path;
use crate::published::{PUBLISHED_FILES, ProvenanceClass, load};
use crate::render::grid::{Target, layout};
use crate::results::ResultTable;

use super::common;

fn manifest() -> Manifest {
    crate::papers::load_manifest(&manifest_path(&common::project_root())).unwrap()
}

/// The stand-in's claims reach the ledger as class `simulated` with a holds/fails verdict, their printed
/// side computed from `paper/published/unanimity.yaml` (§5: three nG@1 discrepancies at Dmax = 2,
/// N = 5; Table 2's 45 upper limits all at or above 1).
#[test]
fn stand_in_claims_are_in_the_ledger_as_simulated() {
    let ledger = common::ledger();
    let entry = |cell: &str| {
        ledger
            .entries
            .iter()
            .find(|e| e.cell == cell)
            .unwrap_or_else(|| panic!("no ledger entry {cell}"))
    };
    for cell in [
        "A.T2.ci_upper_at_least_one",
        "A.T2.tau_approaches_one",
        "A.T2.rankings_differ_at_small_n",
        "A.T3.discrepancies_at_small_n",
        "A.T3.none_at_large_n",
        "A.T3.fewer_with_larger_n",
        "A.T3.count.nG@1.dmax=2.n=5",
        "A.T3.count.nERR.dmax=8.n=80",
    ] {
        let e = entry(cell);
        assert_eq!(e.class, ProvenanceClass::Simulated, "{e:?}");
        assert!(
            matches!(e.verdict, Verdict::Holds | Verdict::Fails),
            "{e:?}"
        );
    }
    // The count of paper A Table 3's rows at nG@1, Dmax = 2, N = 5, as an integer beside the
    // rebuilt count and how many of its rows lie within Monte Carlo error of alpha.
    let count = entry("A.T3.count.nG@1.dmax=2.n=5");
    assert_eq!(count.printed, "3");
    assert!(
        count
            .stand_in
            .as_deref()
            .is_some_and(|r| r.contains("near α")),
        "{count:?}"
    );
    assert!(
        count.rebuilt.is_none(),
        "a stand-in's count is no recomputation"
    );
    assert!(
        entry("A.T2.ci_upper_at_least_one")
            .printed
            .starts_with("45 of 45 upper limits")
    );
    // 3 claims about Table 2; 3 + 45 (measure × Dmax × N) about Table 3.
    let claims = |prefix: &str| {
        ledger
            .entries
            .iter()
            .filter(|e| e.cell.starts_with(prefix) && e.class == ProvenanceClass::Simulated)
            .filter(|e| matches!(e.verdict, Verdict::Holds | Verdict::Fails))
            .count()
    };
    assert_eq!(claims("A.T2."), 3);
    assert_eq!(claims("A.T3."), 48);
    // The rows whose labels the extractions read differently (r11, r13 and r19 of P+, r23 of nERR)
    // are transcription notes, never claims: row 13 of P+ is N = 10 in the one-line extraction and
    // N = 5 in the MD extraction, which moves a printed count and the stand-in's verdict on it.
    assert_eq!(ledger.notes.len(), 4, "{:?}", ledger.notes);
    let note = ledger
        .notes
        .iter()
        .find(|n| {
            n.readings
                .iter()
                .any(|r| r == "one-line extraction: Dmax = 2, N = 10")
        })
        .expect("the note on row 13 of P+");
    assert!(
        note.readings
            .iter()
            .any(|r| r == "MD extraction: Dmax = 2, N = 5"),
        "{note:?}"
    );
    assert_eq!(note.adopted, "one-line extraction");
    assert!(
        note.depends
            .iter()
            .any(|d| d.starts_with("the printed count of P+ discrepancies at Dmax = 2, N = 10")),
        "{note:?}"
    );
    // The printed rows of Table 3 are not the stand-in's rows: they are never matched against it, only
    // checked against the paper's own numbers (reviewer mode's consistency checks).
    let printed_row = ledger
        .entries
        .iter()
        .find(|e| e.table == "A.T3" && e.cell == "nG@1/r01/rawg/p")
        .unwrap();
    assert!(
        matches!(
            printed_row.verdict,
            Verdict::Consistent | Verdict::Inconsistent | Verdict::Pending
        ),
        "{printed_row:?}"
    );
    assert!(printed_row.rebuilt.is_none(), "{printed_row:?}");
}

/// A.T3's rows are the discrepancies: exactly one of the two p-values is below alpha, and it is bold.
#[test]
fn a_t3_rows_are_discrepancies_with_one_bold_p_value() {
    let manifest = manifest();
    let artefact = manifest.artefact("A.T3").unwrap();
    let table = papers::run(
        artefact,
        &Context::new(common::project_root(), manifest.seed),
    )
    .unwrap();
    let params = (artefact.parameters.get::<StcSignificanceParams>())
        .expect("A.T3 is unanimity.significance_discrepancies");
    let alpha = params.alpha;
    let mut rows = 0;
    for panel in ["nG@1", "P+", "nERR"] {
        for row in table.rows_of(panel) {
            rows += 1;
            let p = |c: &str| table.get(panel, &row.id, c, "p").unwrap();
            assert!((p("rawg") < alpha) != (p("ug") < alpha), "{row:?}");
            for c in ["rawg", "ug"] {
                assert_eq!(table.is_bold(panel, &row.id, c, "p"), p(c) < alpha);
                let se = table.get(panel, &row.id, c, "p_se").unwrap();
                // Monte Carlo SE of a randomised p-value with B trials (tests/fixtures/statistics.md §3).
                assert!((se - (p(c) * (1.0 - p(c)) / 5000.0).sqrt()).abs() < 1e-15);
            }
            assert!(row.label.starts_with("Dmax = "), "{row:?}");
        }
    }
    assert!(rows > 0, "the stand-in has no discrepancy at all");
    assert!(!table.real_data);
}

/// Layout extension: a panel with `rows: []` shows the rows the table supplies, in order, and bold
/// cells are bold in Markdown and LaTeX.
#[test]
fn grid_shows_rows_supplied_at_run_time_and_bold_cells() {
    let manifest = manifest();
    let artefact = manifest.artefact("A.T3").unwrap();
    let mut table = ResultTable::new("A.T3");
    table.add_row("P+", "r-b", "Second & last");
    table.add_row("P+", "r-a", "First_row *x*");
    table.set("P+", "r-a", "rawg", "p", 0.034);
    table.mark_bold("P+", "r-a", "rawg", "p");
    table.set("P+", "r-a", "ug", "p", 0.051);
    let md = layout(artefact, &table, Target::Markdown).unwrap();
    // P+ is the one panel with rows, so the one panel shown, lettered (a).
    let panel = md.panels.iter().find(|p| p.label == "(a) P+").unwrap();
    let labels: Vec<&str> = panel.rows.iter().map(|r| r.label.as_str()).collect();
    // Rows supplied at run time carry names from the data: markup characters are escaped.
    assert_eq!(labels, ["Second \\& last", "First_row \\*x\\*"]);
    assert_eq!(panel.rows[1].cells[0], "**.034**");
    assert_eq!(panel.rows[1].cells[3], ".051");
    assert_eq!(panel.rows[0].cells[0], "pending");
    let tex = layout(artefact, &table, Target::Latex).unwrap();
    let panel = tex.panels.iter().find(|p| p.label == "(a) P+").unwrap();
    assert_eq!(panel.rows[0].label, "Second \\& last");
    assert_eq!(panel.rows[1].label, "First\\_row *x*");
    assert_eq!(panel.rows[1].cells[0], "\\textbf{.034}");
    // Panels without supplied rows are omitted, not printed as a bare header.
    assert!(md.panels.iter().all(|p| !p.label.ends_with(" nG@1")));
}

/// Real-data mode on a small STC collection in the layout `docs/stand-ins.md` documents
/// (`tests/fixtures/stc-collection/`: `qrels.txt`, and 6 runs of 3 teams in `runs/`, TREC and NTCIR
/// res files): each run is named after its file and its team taken from the name, only the top 10
/// are kept (the unjudged 11th document never enters a list), and A.T2 and A.T3 are real data whose
/// claims compare with the print (in the ledger stage). Through the binary: `tests/it/stc.rs`.
#[test]
fn a_real_stc_collection_names_runs_and_teams_after_the_files() {
    let data = common::project_root().join("tests/fixtures/stc-collection");
    let collection = read_stc_collection(&data, 10).unwrap().collection;
    let runs: Vec<(&str, &str)> = collection
        .runs
        .iter()
        .map(|r| (r.name.as_str(), r.team.as_str()))
        .collect();
    assert_eq!(
        runs,
        [
            ("alpha-C-R1", "alpha-C"),
            ("alpha-C-R2", "alpha-C"),
            ("beta-team-C-R1", "beta-team-C"),
            ("beta-team-C-R2", "beta-team-C"),
            ("gamma-C-R1", "gamma-C"),
            ("gamma-C-R3", "gamma-C"),
        ]
    );
    assert!(
        collection
            .runs
            .iter()
            .all(|r| r.lists.iter().all(|l| l.len() == 10))
    );

    let manifest = manifest();
    let context = Context {
        data_dir: Some(data.clone()),
        ..Context::new(common::project_root(), manifest.seed)
    };
    let published = load(&common::project_root().join(PUBLISHED_FILES[0])).unwrap();
    for id in ["A.T2", "A.T3"] {
        let artefact = manifest.artefact(id).unwrap();
        let table = papers::run(artefact, &context).unwrap();
        assert!(table.real_data, "{id}");
        assert!(
            !(papers::experiment(artefact.experiment).compare)(artefact, &table, &published)
                .is_empty(),
            "{id}"
        );
    }
    let t2 = papers::run(manifest.artefact("A.T2").unwrap(), &context).unwrap();
    assert_eq!(t2.cells.len(), 3 * 15 * 3);
}
