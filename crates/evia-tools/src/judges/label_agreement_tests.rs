//! Label agreement against scikit-learn's Cohen's kappa and the `krippendorff` package
//! (`scripts/gen_judges_golden.py` wrote the fixture).

use std::collections::BTreeMap;

use super::*;

const GOLDEN: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/judges/labels_golden.json"
));

fn judges(golden: &serde_json::Value) -> BTreeMap<String, JudgeLabels> {
    let labels = golden["labels"].as_object().unwrap();
    labels
        .iter()
        .map(|(name, topics)| {
            let topics = topics
                .as_object()
                .unwrap()
                .iter()
                .map(|(t, docs)| {
                    let docs = docs
                        .as_object()
                        .unwrap()
                        .iter()
                        .map(|(d, v)| (d.clone(), v.as_f64().unwrap()))
                        .collect();
                    (t.clone(), docs)
                })
                .collect();
            let judge = JudgeLabels {
                name: name.clone(),
                topics,
            };
            (name.clone(), judge)
        })
        .collect()
}

fn close(got: Option<f64>, want: &serde_json::Value, what: &str) {
    let want = want.as_f64().unwrap();
    let got = got.unwrap_or_else(|| panic!("{what} undefined"));
    assert!((got - want).abs() < 1e-12, "{what}: {got} against {want}");
}

#[test]
fn pair_statistics_equal_scikit_learn_and_krippendorff() {
    let golden: serde_json::Value = serde_json::from_str(GOLDEN).unwrap();
    let judges = judges(&golden);
    let all: Vec<&JudgeLabels> = judges.values().collect();
    let categories = Categories::of(&all);
    assert_eq!(categories.values(), &[0.0, 1.0, 2.0]);
    for want in golden["pairs"].as_array().unwrap() {
        let (r, j) = (
            want["reference"].as_str().unwrap(),
            want["judge"].as_str().unwrap(),
        );
        let options = LabelOptions {
            se: StandardError::CohenSimple,
            relevant_from: want["relevant_from"].as_f64().unwrap(),
            min_topic_documents: 2,
        };
        let got = label_agreement(&judges[r], &judges[j], &categories, options);
        let what = |s: &str| format!("{r}/{j}@{}: {s}", options.relevant_from);
        assert_eq!(
            got.shared_documents,
            want["shared_documents"].as_u64().unwrap()
        );
        assert_eq!(got.only_reference, want["only_reference"].as_u64().unwrap());
        assert_eq!(got.only_judge, want["only_judge"].as_u64().unwrap());
        let s = got.shared().unwrap();
        close(Some(s.raw_agreement), &want["raw_agreement"], &what("raw"));
        close(
            s.kappa.unweighted.value,
            &want["kappa_unweighted"],
            &what("unweighted"),
        );
        close(s.kappa.linear.value, &want["kappa_linear"], &what("linear"));
        close(
            s.kappa.quadratic.value,
            &want["kappa_quadratic"],
            &what("quadratic"),
        );
        close(s.kappa.binary.value, &want["kappa_binary"], &what("binary"));
        let alpha = &s.krippendorff_alpha;
        close(
            alpha.nominal.value,
            &want["alpha_nominal"],
            &what("alpha nominal"),
        );
        close(
            alpha.ordinal.value,
            &want["alpha_ordinal"],
            &what("alpha ordinal"),
        );
        close(
            alpha.interval.value,
            &want["alpha_interval"],
            &what("alpha interval"),
        );
        let l = &s.leniency;
        close(
            Some(l.mean_difference),
            &want["mean_difference"],
            &what("mean diff"),
        );
        close(
            Some(l.judged_higher),
            &want["judged_higher"],
            &what("higher"),
        );
        close(Some(l.judged_lower), &want["judged_lower"], &what("lower"));
        for t in &s.per_topic {
            let w = &want["per_topic"][&t.topic];
            assert_eq!(t.shared_documents, w["shared_documents"].as_u64().unwrap());
            close(t.kappa_linear.value, &w["kappa_linear"], &what(&t.topic));
            let [lo, hi] = t.kappa_linear.ci.unwrap();
            assert!(lo <= t.kappa_linear.value.unwrap() && t.kappa_linear.value.unwrap() <= hi);
        }
        let cells: u64 = s.confusion.as_ref().unwrap().rows.iter().flatten().sum();
        assert_eq!(cells, got.shared_documents);
    }
    let many = all_judges_alpha(&all, &categories);
    close(
        many.nominal.value,
        &golden["all_judges"]["nominal"],
        "all nominal",
    );
    close(
        many.ordinal.value,
        &golden["all_judges"]["ordinal"],
        "all ordinal",
    );
    close(
        many.interval.value,
        &golden["all_judges"]["interval"],
        "all interval",
    );
}

#[test]
fn judges_sharing_no_document_are_not_low_agreement() {
    let one = |name: &str, doc: &str| JudgeLabels {
        name: name.into(),
        topics: BTreeMap::from([("1".into(), BTreeMap::from([(doc.into(), 1.0)]))]),
    };
    let (a, b) = (one("a", "d1"), one("b", "d2"));
    let categories = Categories::of(&[&a, &b]);
    let options = LabelOptions {
        se: StandardError::CohenSimple,
        relevant_from: 1.0,
        min_topic_documents: 2,
    };
    let got = label_agreement(&a, &b, &categories, options);
    assert_eq!(got.outcome, LabelOutcome::NoSharedDocuments);
    assert_eq!(
        (got.shared_documents, got.only_reference, got.only_judge),
        (0, 1, 1)
    );
    let json = serde_json::to_value(&got).unwrap();
    assert_eq!(json["outcome"], "no_shared_documents");
}
