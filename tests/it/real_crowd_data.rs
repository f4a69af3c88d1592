//! `agree`, `qrels` and `study` end to end, through the binary, on real crowd labels with more
//! than 100 workers: the TREC 2011 Crowdsourcing track labels of
//! `data/external/trec2011-crowdsourcing-vuurens/` (445 workers in `votes.gz`, 511 in
//! `otherparticipantsvotes.gz`). Every expected value comes from independent implementations
//! (krippendorff, statsmodels, scikit-learn) run by `reference_values.py` beside the data; its
//! output, `reference_values.json`, is committed (CI does not run the script). The cuts of the
//! data are the script's: `votes.gz` as it comes; the first five labels of each question as five
//! label slots (a wide file, topic and document split at the first `_` of the question id); and
//! `otherparticipantsvotes.gz` with each `--duplicates` rule. The study's runs are synthetic (no
//! run of the track is public): seeded random rankings of each topic's documents, so only what
//! depends on the labels alone (B.T1, B.T2) is compared with the reference.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{TestCommand, project_root};

fn data(name: &str) -> PathBuf {
    project_root()
        .join("data/external/trec2011-crowdsourcing-vuurens")
        .join(name)
}

fn reference() -> Value {
    serde_json::from_str(&std::fs::read_to_string(data("reference_values.json")).unwrap()).unwrap()
}

fn json_of(args: &[&str]) -> Value {
    let out = TestCommand::new().args(args).run();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn close(ours: &Value, theirs: &Value, what: &str) {
    let (a, b) = (ours.as_f64().unwrap(), theirs.as_f64().unwrap());
    assert!(
        (a - b).abs() < 1e-12,
        "{what}: ours {a:.15e}, reference {b:.15e}"
    );
}

fn gunzip(path: &Path) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    text
}

/// `votes.gz` read as it comes (gzip, extra column, the question id as the document): the
/// counts, Krippendorff's alpha, Fleiss' kappa refused (5 to 16 labels a question) and the mean
/// pairwise kappas over the 6,404 worker pairs that share a question.
#[test]
fn agree_on_votes_as_they_come() {
    let r = &reference()["votes"];
    let file = data("votes.gz");
    let json = json_of(&[
        "agree",
        "--labels",
        file.to_str().unwrap(),
        "--columns",
        "doc=2,assessor=3,label=4",
        "--scale",
        "0..1",
        "--format",
        "json",
    ]);
    let h = &json["headline"];
    assert_eq!(h["assessors"], r["assessors"]);
    assert_eq!(h["items"], r["documents"]);
    assert_eq!(h["labels"], r["labels"]);
    assert_eq!(h["pairs"], r["pairwise"]["pairs"]);
    assert_eq!(h["mean_pairwise"]["defined"][0], r["pairwise"]["defined"]);
    for kind in ["unweighted", "linear", "quadratic"] {
        close(
            &h["mean_pairwise"][kind],
            &r["pairwise"][format!("mean_{kind}")],
            kind,
        );
    }
    let m = &json["many_raters"];
    for level in ["nominal", "ordinal", "interval", "ratio"] {
        close(&m[format!("alpha_{level}")], &r["alpha"][level], level);
    }
    assert!(
        m["fleiss_kappa"]["undefined"]
            .as_str()
            .unwrap()
            .contains("items have 5 to 16"),
        "{m}"
    );
}

/// The first five labels of every question as a wide file of five slots.
fn first_five(dir: &Path) -> PathBuf {
    let mut slots: BTreeMap<String, [Option<String>; 5]> = BTreeMap::new();
    for line in gunzip(&data("votes.gz")).lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let seq: usize = f[0].parse().unwrap();
        if seq <= 5 {
            slots.entry(f[1].to_string()).or_default()[seq - 1] = Some(f[3].to_string());
        }
    }
    let mut text = String::from("topic\tdoc\ts1\ts2\ts3\ts4\ts5\n");
    for (question, labels) in &slots {
        let (topic, doc) = question.split_once('_').unwrap();
        let labels: Vec<&str> = labels.iter().map(|l| l.as_deref().unwrap()).collect();
        text.push_str(&format!("{topic}\t{doc}\t{}\n", labels.join("\t")));
    }
    let path = dir.join("first5.tsv");
    std::fs::write(&path, text).unwrap();
    path
}

/// Five label slots: Fleiss' kappa, alpha, each pair's kappa and its per-topic kappas (20
/// topics of 90 or more documents, all above the minimum topic size), and `qrels --combine sum`'s
/// level counts.
#[test]
fn agree_and_qrels_on_the_first_five_labels() {
    let r = &reference()["first5"];
    let dir = tempfile::tempdir().unwrap();
    let file = first_five(dir.path());
    let file = file.to_str().unwrap();
    let json = json_of(&[
        "agree", "--labels", file, "--layout", "wide", "--scale", "0..1", "--format", "json",
    ]);
    assert_eq!(json["headline"]["items"], r["documents"]);
    assert_eq!(json["headline"]["topics"], r["topics"]);
    let m = &json["many_raters"];
    close(&m["fleiss_kappa"], &r["fleiss_kappa"], "Fleiss");
    for level in ["nominal", "ordinal", "interval", "ratio"] {
        close(&m[format!("alpha_{level}")], &r["alpha"][level], level);
    }
    let pairs = json["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 10);
    for p in pairs {
        let id = format!(
            "{}-{}",
            p["first"].as_str().unwrap(),
            p["second"].as_str().unwrap()
        );
        let e = &r["pairs"][&id];
        close(&p["kappa_unweighted"]["kappa"], &e["kappa"], &id);
        close(&p["kappa_quadratic"]["kappa"], &e["kappa_quadratic"], &id);
        let t = &p["per_topic"];
        let defined = t["significantly_positive"].as_u64().unwrap()
            + t["not_significantly_positive"].as_u64().unwrap();
        assert_eq!(defined, e["per_topic_defined"].as_u64().unwrap(), "{id}");
        assert_eq!(t["too_small"], 0, "{id}");
        for part in ["mean", "min", "max"] {
            close(
                &t[part],
                &e[format!("per_topic_{part}")],
                &format!("{id} {part}"),
            );
        }
    }

    let out = TestCommand::new()
        .args([
            "qrels",
            "--labels",
            file,
            "--layout",
            "wide",
            "--scale",
            "0..1",
            "--combine",
            "sum",
        ])
        .assert_success();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut levels = [0u64; 6];
    for line in text.lines() {
        let level = line.split_whitespace().nth(2).unwrap();
        levels[level.trim_start_matches('L').parse::<usize>().unwrap()] += 1;
    }
    let expected: Vec<u64> = r["sum_levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(levels.to_vec(), expected);
}

/// `study` on the five slots with four synthetic runs: B.T1's kappas are the reference's and
/// B.T2's all-slots version has the reference's level counts.
#[test]
fn study_on_the_first_five_labels() {
    let r = &reference()["first5"];
    let dir = tempfile::tempdir().unwrap();
    let file = first_five(dir.path());
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    let mut docs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in std::fs::read_to_string(&file).unwrap().lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        docs.entry(f[0].to_string())
            .or_default()
            .push(f[1].to_string());
    }
    for k in 0..4u64 {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64 ^ (k + 1);
        let mut text = String::new();
        for (topic, list) in &docs {
            let mut scored: Vec<(u64, &String)> = list
                .iter()
                .map(|d| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x, d)
                })
                .collect();
            scored.sort();
            for (rank, (_, d)) in scored.iter().take(30).enumerate() {
                text.push_str(&format!(
                    "{topic} Q0 {d} {} {} run{k}\n",
                    rank + 1,
                    30 - rank
                ));
            }
        }
        std::fs::write(runs.join(format!("run{k}")), text).unwrap();
    }
    let out = dir.path().join("out");
    TestCommand::new()
        .args([
            "study",
            "--labels",
            file.to_str().unwrap(),
            "--layout",
            "wide",
            "--scale",
            "0..1",
            "--runs",
            runs.to_str().unwrap(),
            "--trials",
            "100",
            "--out",
            out.to_str().unwrap(),
        ])
        .assert_success();
    let cells = |id: &str| -> Vec<Value> {
        let text = std::fs::read_to_string(out.join(format!("study/{id}.json"))).unwrap();
        let json: Value = serde_json::from_str(&text).unwrap();
        json["cells"].as_array().unwrap().clone()
    };
    let mut checked = 0;
    for c in cells("B.T1") {
        if c["panel"] == "statistics" && c["row"] == "kappa_w" && c["part"] == "estimate" {
            let id = c["column"].as_str().unwrap();
            close(&c["value"], &r["pairs"][id]["kappa"], id);
            checked += 1;
        }
    }
    assert_eq!(checked, 10);
    let levels: Vec<Value> = cells("B.T2")
        .into_iter()
        .filter(|c| c["row"] == "all5" && c["column"].as_str().unwrap().starts_with('L'))
        .map(|c| c["value"].clone())
        .collect();
    let expected: Vec<f64> = r["sum_levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let ours: Vec<f64> = levels.iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(ours, expected);
}

/// The other teams' labels (511 workers) hold 972 repeated labels: an error by default, naming
/// the line, and with each `--duplicates` rule the count dropped and the reference's alpha.
#[test]
fn repeated_labels_follow_the_duplicates_rule() {
    let r = &reference()["others"];
    let file = data("otherparticipantsvotes.gz");
    let file = file.to_str().unwrap();
    let base = [
        "agree",
        "--labels",
        file,
        "--columns",
        "doc=1,assessor=2,label=3",
        "--scale",
        "0..1",
    ];
    let out = TestCommand::new().args(base).run();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{file}:")) && err.contains("already labelled document"),
        "{err}"
    );
    for rule in ["first", "last", "majority"] {
        let json = json_of(&[&base[..], &["--duplicates", rule, "--format", "json"]].concat());
        assert_eq!(json["repeats_dropped"], r["repeats"], "{rule}");
        assert_eq!(
            json["headline"]["assessors"], r[rule]["assessors"],
            "{rule}"
        );
        assert_eq!(json["headline"]["items"], r[rule]["documents"], "{rule}");
        close(
            &json["many_raters"]["alpha_nominal"],
            &r[rule]["alpha_nominal"],
            rule,
        );
    }
}
