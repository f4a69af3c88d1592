//! `evia-repro agree` on many assessors through the binary: the work is bounded before it starts
//! (a file whose documents form too many assessor pairs is refused, naming the count and the
//! limit), the JSON summarises the pairs beyond 20 assessors unless `--pairs full` asks for every
//! one, and a topic where every label is the same is its own group, not a low-agreement topic.

use crate::common::TestCommand;

/// A wide label file: `docs` documents of topic T1, each labelled `label(doc, assessor)` by every
/// one of `assessors` assessors.
fn wide(
    dir: &std::path::Path,
    assessors: usize,
    docs: usize,
    label: impl Fn(usize, usize) -> u8,
) -> String {
    let mut text = String::from("topic\tdoc");
    for a in 0..assessors {
        text.push_str(&format!("\ta{a:04}"));
    }
    text.push('\n');
    for d in 0..docs {
        text.push_str(&format!("T1\td{d:04}"));
        for a in 0..assessors {
            text.push_str(&format!("\t{}", label(d, a)));
        }
        text.push('\n');
    }
    let path = dir.join("wide.tsv");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// 802 documents labelled by all of 1,000 assessors form 802 × 499,500 = 400,599,000 (pair,
/// document) counts, beyond the 400,000,000 analysed: refused at once, naming both numbers.
#[test]
fn agree_refuses_more_assessor_pairs_than_it_analyses_before_starting() {
    let dir = tempfile::tempdir().unwrap();
    let file = wide(dir.path(), 1000, 802, |d, a| ((d + a) % 2) as u8);
    let started = std::time::Instant::now();
    let out = TestCommand::new()
        .args([
            "agree", "--labels", &file, "--layout", "wide", "--scale", "0..1",
        ])
        .assert_failure_with(2, "400599000 assessor pairs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("at most 400000000"), "{stderr}");
    assert!(stderr.contains("wide.tsv"), "{stderr}");
    // Refused before the counting: far less than the seconds the counts would take.
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

/// Beyond 20 assessors the JSON holds the distribution over the pairs in place of every pair
/// (a thousand assessors would write hundreds of megabytes); `--pairs full` lists every pair, and
/// up to 20 assessors every pair is listed.
#[test]
fn agree_json_summarises_the_pairs_beyond_twenty_assessors_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    for (assessors, pairs) in [(21, 210), (20, 190)] {
        let file = wide(dir.path(), assessors, 12, |d, a| {
            ((d * 7 + a) % 3 % 2) as u8
        });
        let json = |extra: &[&str]| -> serde_json::Value {
            let mut args = vec![
                "agree", "--labels", &file, "--layout", "wide", "--scale", "0..1",
            ];
            args.extend(["--format", "json"]);
            args.extend(extra);
            serde_json::from_slice(&TestCommand::new().args(&args).assert_success().stdout).unwrap()
        };
        let auto = json(&[]);
        let full = json(&["--pairs", "full"]);
        assert_eq!(full["pairs"].as_array().unwrap().len(), pairs);
        assert!(full.get("pair_distribution").is_none());
        if assessors > 20 {
            assert!(
                auto.get("pairs").is_none(),
                "{assessors} assessors: pairs listed"
            );
            let d = &auto["pair_distribution"];
            assert_eq!(d["pairs"], pairs);
            assert_eq!(d["statistics"][0]["statistic"], "documents shared");
            assert_eq!(d["statistics"][0]["pairs"], pairs);
            assert_eq!(d["statistics"][0]["median"], 12.0);
            assert_eq!(d["per_topic"]["cells"], pairs);
            let summary = json(&["--pairs", "summary"]);
            assert_eq!(summary["pair_distribution"], *d);
        } else {
            assert_eq!(auto["pairs"], full["pairs"]);
        }
        assert_eq!(auto["headline"]["pairs"], pairs);
    }
}

/// A topic where every assessor gives every document the same label agrees perfectly, and its
/// kappa is undefined (chance agreement is 1): it is listed as a perfect-agreement topic, in
/// neither the high- nor the low-agreement set, in the JSON and in the text.
#[test]
fn agree_lists_a_topic_of_one_label_as_perfect_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("topic\tdoc\ta\tb\tc\n");
    for d in 0..10 {
        text.push_str(&format!("T0\td{d}\t0\t0\t0\n"));
        let (x, y) = (d % 2, (d / 2) % 2);
        text.push_str(&format!("T1\te{d}\t{x}\t{y}\t{x}\n"));
    }
    let path = dir.path().join("labels.tsv");
    std::fs::write(&path, text).unwrap();
    let file = path.display().to_string();
    let args = [
        "agree", "--labels", &file, "--layout", "wide", "--scale", "0..1",
    ];
    let out = TestCommand::new()
        .args(args)
        .args(["--format", "json"])
        .assert_success();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["perfect_agreement_topics"], serde_json::json!(["T0"]));
    assert_eq!(json["low_agreement_topics"], serde_json::json!(["T1"]));
    assert_eq!(json["high_agreement_topics"], serde_json::json!([]));
    let text = TestCommand::new().args(args).arg("--detail").stdout();
    assert!(
        text.contains("perfect agreement (every label the same, κ undefined): 1; low-agreement: 1"),
        "{text}"
    );
    assert!(
        text.contains("\nPerfect agreement: T0\nLow: T1\n"),
        "{text}"
    );
}
