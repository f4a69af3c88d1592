//! The rule-4 audit ([`super::claims_on_rejected_numbers_cannot_be_judged`]) fails when the rule
//! is broken on purpose, on small accounts and on the shipped one.

use serde_json::Value;

use super::{built, claims_on_rejected_numbers_cannot_be_judged, s};

/// The rule fails when it is broken on purpose: a claim judged "borne out" on a number a
/// finding rejects, without saying that it holds under every reading, is caught; so are a claim
/// that does not name the rejecting finding and one that cannot be judged without saying why.
#[test]
fn rule_claims_on_rejected_numbers_fails_on_a_broken_account() {
    let account = |claim: Value| {
        serde_json::json!({
            "papers": [{"paper": "B", "findings": [{"number": 5}]}],
            "items": [
                {"paper": "B", "table": "B.T5", "cell": "lancer1/Q@10/count",
                 "term": "inconsistent", "words": "inconsistent (finding 5)", "findings": [5]},
                claim,
            ],
        })
    };
    let broken = |account: &Value| {
        std::panic::catch_unwind(|| claims_on_rejected_numbers_cannot_be_judged(account)).is_err()
    };
    let claim = |term: &str, words: &str, findings: Vec<u64>, on_rejected: Value, detail: &str| {
        serde_json::json!({
            "paper": "B", "table": "B.T5", "cell": "B.stmt.t5_combined_at_least_single",
            "term": term, "words": words, "findings": findings,
            "rests_on": ["B.T5/lancer1/Q@10/count"], "on_rejected": on_rejected, "detail": detail,
        })
    };
    // Kept: judged under every reading, or cannot be judged with the repair it waits for.
    let kept = [
        claim(
            "borne-out",
            "borne out (under every reading of the numbers finding 5 rejects)",
            vec![5],
            serde_json::json!("every-reading"),
            "holds under every reading",
        ),
        claim(
            "cannot-be-judged",
            "cannot be judged (finding 5): borne out only if its repair holds",
            vec![5],
            serde_json::json!({"only-if-repaired": {"holds": true}}),
            "",
        ),
    ];
    for item in kept {
        assert!(!broken(&account(item.clone())), "{item}");
    }
    // Broken: borne out on the rejected number as printed (the rule's own case), the finding not
    // named, and "cannot be judged" with no reason.
    let broken_claims = [
        claim(
            "borne-out",
            "borne out",
            vec![],
            Value::Null,
            "holds as printed",
        ),
        claim(
            "borne-out",
            "borne out (finding 5)",
            vec![5],
            Value::Null,
            "holds as printed",
        ),
        claim(
            "cannot-be-judged",
            "cannot be judged",
            vec![],
            Value::Null,
            "",
        ),
        claim(
            "cannot-be-judged",
            "cannot be judged (finding 5)",
            vec![5],
            Value::Null,
            "",
        ),
    ];
    for item in broken_claims {
        assert!(
            broken(&account(item.clone())),
            "the rule let through {item}"
        );
    }
    // The shipped account with paper B's Table 5 claim judged as printed: the rule fails.
    let mut shipped = built().account.clone();
    let combined = shipped["items"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|i| s(i, "cell").starts_with("B.stmt.t5_combined_at_least_single"))
        .unwrap();
    combined["term"] = serde_json::json!("borne-out");
    combined["words"] = serde_json::json!("borne out (finding 5)");
    combined["on_rejected"] = Value::Null;
    assert!(
        broken(&shipped),
        "the rule let the shipped account's claim through judged as printed"
    );
}
