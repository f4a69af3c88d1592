//! Paper A on STC (A.T2, A.T3): the claims on the stand-in in the project's ledger.

use crate::ledger::Verdict;
use crate::published::ProvenanceClass;

use super::common;

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
