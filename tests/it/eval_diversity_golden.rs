//! Differential test of the diversity measures against NTCIREVAL 20200527 (`glabel`, `dinlabel`,
//! `gcompute`, `irec`, `label`/`compute`) on seeded random diversity topics: golden file generated
//! by `scripts/gen_ntcireval_diversity_golden.py` (its docstring says how).
//!
//! Every `value` line (NTCIREVAL's `%.4f` output: D-measures, DIN-measures, I-rec) must agree at
//! 4 decimals; a differing `%.4f` is only tolerated when the value lies within 1e-9 of a rounding
//! boundary (counted). `derived` lines (D♯-measures and P+Q, computed from NTCIREVAL's printed
//! 4-decimal components) must agree within 5e-5.

use std::collections::BTreeMap;

use evia_engine::diversity::lines::lines;
use evia_engine::diversity::{
    DiversityEvaluator, DiversityParams, DiversityTopic, Intent, IntentJudgement, IntentKind,
    IntentSet,
};
use evia_engine::measures::lines::format_4f;
use evia_engine::measures::{LevelGains, Params};

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/golden/ntcireval_diversity/cases.txt"
);

#[derive(Default)]
struct Case {
    id: String,
    gains: Vec<f64>,
    cutoffs: Vec<usize>,
    intents: Vec<Intent>,
    qrels: Vec<(u32, String, u32)>,
    run: Vec<String>,
    values: Vec<(String, String)>,
    derived: Vec<(String, f64)>,
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut c = Case::default();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let f: Vec<&str> = rest.split_whitespace().collect();
        match key {
            "case" => c.id = rest.to_string(),
            "params" => {
                for kv in &f {
                    let (k, v) = kv.split_once('=').unwrap();
                    match k {
                        "gains" => c.gains = v.split(':').map(|x| x.parse().unwrap()).collect(),
                        "cutoffs" => c.cutoffs = v.split(',').map(|x| x.parse().unwrap()).collect(),
                        _ => panic!("unknown param {k}"),
                    }
                }
            }
            "intent" => c.intents.push(Intent {
                id: f[0].parse().unwrap(),
                probability: f[1].parse().unwrap(),
                kind: match f[2] {
                    "inf" => IntentKind::Informational,
                    "nav" => IntentKind::Navigational,
                    k => panic!("bad kind {k}"),
                },
            }),
            "qrel" => c.qrels.push((
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].parse().unwrap(),
            )),
            "run" => c.run = f.iter().map(|s| s.to_string()).collect(),
            "value" => c.values.push((f[0].to_string(), f[1].to_string())),
            "derived" => c.derived.push((f[0].to_string(), f[1].parse().unwrap())),
            "end" => cases.push(std::mem::take(&mut c)),
            _ => panic!("unknown golden line {line}"),
        }
    }
    cases
}

#[test]
fn diversity_measures_match_ntcireval_on_random_topics() {
    let text = std::fs::read_to_string(GOLDEN).unwrap();
    let cases = parse_cases(&text);
    assert!(cases.len() >= 200, "only {} cases", cases.len());
    let (mut compared, mut boundary, mut derived) = (0usize, 0usize, 0usize);
    let mut navigational = 0;
    for case in &cases {
        let set = IntentSet::new(case.intents.clone()).unwrap();
        navigational += set
            .intents()
            .iter()
            .filter(|i| i.kind == IntentKind::Navigational)
            .count();
        let judged = case.qrels.iter().map(|(i, d, l)| IntentJudgement {
            intent: set.index_of(*i).unwrap(),
            doc: d.as_str(),
            level: *l,
        });
        let gains = LevelGains::new(&case.gains).unwrap();
        let topic = DiversityTopic::new(set.clone(), judged, &gains).unwrap();
        let ev = DiversityEvaluator::new(DiversityParams {
            measures: Params {
                cutoffs: case.cutoffs.clone(),
                gap: true,
                ..Params::default()
            },
            ..DiversityParams::default()
        })
        .unwrap();
        let ranked: Vec<&str> = case.run.iter().map(String::as_str).collect();
        let result = ev.evaluate(&topic, &ranked).unwrap();
        let mine: BTreeMap<String, f64> = lines(&result, false)
            .into_iter()
            .map(|l| (l.name, l.value))
            .collect();
        for (name, theirs) in &case.values {
            let context = format!("case {} {name}", case.id);
            let Some(&v) = mine.get(name) else {
                panic!("{context}: no such line in evia-repro's output");
            };
            compared += 1;
            if format_4f(v) != *theirs {
                let scaled = v * 1e4;
                let near = ((scaled - scaled.floor()) - 0.5).abs() < 1e-5;
                assert!(
                    near,
                    "{context}: evia-repro {} vs NTCIREVAL {theirs}",
                    format_4f(v)
                );
                boundary += 1;
            }
        }
        for (name, theirs) in &case.derived {
            let v = mine[name];
            assert!(
                (v - theirs).abs() <= 5e-5 + 1e-12,
                "case {} {name}: evia-repro {v} vs derived from NTCIREVAL {theirs}",
                case.id
            );
            derived += 1;
        }
    }
    assert!(navigational > 0);
    eprintln!(
        "diversity golden: {} cases, {compared} values compared at 4 decimals ({boundary} at a rounding boundary), {derived} derived values within 5e-5",
        cases.len()
    );
    assert!(compared > 20_000);
}
