//! Reviewer mode: every published number has a ledger entry, and the findings come from the checks
//! (their hints, places and wording), on the project's ledger. `check`'s JSON, filters and exit
//! codes: `tests/it/claims_ledger.rs`.

use std::collections::BTreeSet;

use crate::consistency::Hint;
use crate::consistency::tukey::EffectSizeReading;
use crate::ledger::{cell_name, findings};
use crate::pipeline::reproduce::{load_published, manifest_path};

use super::common;

#[test]
fn no_published_cell_or_text_claim_is_missing_from_the_ledger() {
    let ledger = common::ledger();
    let entries: BTreeSet<(&str, &str)> = ledger
        .entries
        .iter()
        .map(|e| (e.table.as_str(), e.cell.as_str()))
        .collect();
    let mut walked = 0;
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).expect("manifest loads");
    for published in load_published(&manifest, &root).expect("published files load") {
        for cell in published.cells() {
            let key = cell.key();
            assert!(
                entries.contains(&(key.table.as_str(), cell_name(&key).as_str())),
                "no ledger entry for {key}"
            );
            walked += 1;
        }
        for claim in &published.text {
            assert!(
                ledger.entries.iter().any(|e| e.cell.starts_with(&claim.id)),
                "no ledger entry for {}",
                claim.id
            );
            walked += 1;
        }
    }
    assert!(walked > 700, "walked only {walked} published numbers");
}

/// The findings are produced by the checks: B.T4(b) all3 vs lancer1 (6/23/7 printed 71.9%, while
/// 23/36 = 63.9% and Table 5 gives lancer1 26 = b + c only with c = 3), the off-centre intervals
/// of B.T3 (e.g. 0.974 [0.696, 1.048], centred on 0.872), and A.T3's effect sizes.
#[test]
fn findings_come_from_the_checks() {
    let ledger = common::ledger();
    let b = findings(ledger, "B");
    // The Table 4/5 slip is one finding: the SSO and both pair counts it breaks (B.T4's b, c and
    // sso_pct, B.T5's lancer1 Q@10 count), named by the one change that repairs them.
    let slips: Vec<_> = b
        .iter()
        .filter(|f| f.hint == Some(Hint::TypesettingSlip))
        .collect();
    assert_eq!(slips.len(), 1, "{slips:#?}");
    let slip = slips[0];
    assert_eq!(slip.table, "B.T4 and B.T5");
    assert_eq!(slip.place, "Tables 4 and 5 — 4 numbers");
    // Every affected cell by its label (what the cells share named once), never by its id; the
    // ids stay in `cell`, for the JSON.
    assert_eq!(
        slip.cells,
        "Table 4, Mean Q@10, all3, lancer1: b, c, SSO; Table 5, lancer1, Mean Q@10: count"
    );
    assert_eq!(
        slip.cell,
        "Q@10/all3/lancer1/b, Q@10/all3/lancer1/c, Q@10/all3/lancer1/sso_pct, lancer1/Q@10/count"
    );
    assert!(
        slip.text
            .contains("Table 4, Q@10, all3 vs lancer1: c = 3 instead of 7"),
        "{}",
        slip.text
    );
    assert!(
        b.iter()
            .all(|f| f.table == "B.T4 and B.T5" || !f.table.starts_with("B.T4")),
        "no other B.T4 finding"
    );
    assert!(
        b.iter().all(|f| f.table != "B.T5"),
        "no separate B.T5 finding"
    );
    // The place is said once: the text does not repeat the cell labels; no raw id reaches a person.
    assert!(
        b.iter()
            .all(|f| f.cells.is_empty() || !f.text.contains(&f.cells))
    );
    for f in b.iter().chain(findings(ledger, "A").iter()) {
        for words in [&f.place, &f.cells, &f.text, &f.headline] {
            assert!(
                !words.contains("/r0") && !words.contains("/all3/") && !words.contains("B.T5 "),
                "{words}"
            );
        }
    }
    assert!(b.iter().any(|f| f.table == "B.T3"
        && f.cell.contains("nDCG@10/all3/2lancers")
        && f.text.contains("0.8720")));
    assert!(
        b.iter()
            .any(|f| f.cell.contains("t6_full_low_not_equivalent"))
    );
    // One finding per root cause: B.T3's shifted intervals are one finding, however many cells.
    assert_eq!(
        b.iter()
            .filter(|f| f.table == "B.T3" && f.hint == Some(Hint::ShiftedInterval))
            .count(),
        1
    );
    let a = findings(ledger, "A");
    // Paper A's ES_HSD cause (|d|/V_E fits, |d|/√V_E does not) is one finding listing its 24 rows.
    let es_hsd: Vec<_> = a.iter().filter(|f| f.table == "A.T3").collect();
    assert_eq!(es_hsd.len(), 1);
    let Some(Hint::DefinitionMismatch {
        fits: Some(candidate),
    }) = es_hsd[0].hint
    else {
        panic!("{:?}", es_hsd[0].hint);
    };
    assert_eq!(candidate.reading, EffectSizeReading::Variance);
    // What speaks against the candidate: every p of these rows would be below α.
    assert_eq!(candidate.below_alpha, candidate.p_values, "{candidate:?}");
    assert!(
        es_hsd[0].cell.starts_with("24 rows: nG@1/r01, nG@1/r02"),
        "{}",
        es_hsd[0].cell
    );
    assert_eq!(es_hsd[0].place, "Table 3 — 24 rows");
    assert!(
        es_hsd[0].cells.starts_with(
            "nG@1, Dmax = 2, N = 5: MSRSC-C-R1 vs. Grad1-C-R1, ICL00-C-R1 vs. Grad1-C-R1"
        ),
        "{}",
        es_hsd[0].cells
    );
    assert_eq!(es_hsd[0].cells.matches(" vs. ").count(), 24);
    assert!(
        es_hsd[0].text.contains(
            "The arithmetic, for the first of them (nG@1, Dmax = 2, N = 5: MSRSC-C-R1 vs. Grad1-C-R1)"
        ),
        "{}",
        es_hsd[0].text
    );
    assert!(a.iter().all(|f| !f.text.is_empty()));
    // Consistent tables produce no finding.
    assert!(
        b.iter()
            .all(|f| f.table != "B.T6" || f.cell.contains(".stmt."))
    );
    assert!(b.iter().all(|f| f.table != "B.T8"));
}
