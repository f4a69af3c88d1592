//! Paper B's experiments on a user's collection (the `collection:` parameter that `evia-repro study`
//! generates): paper B's stand-in labels and runs, written out as a per-assessor label
//! file and a run directory and read back through `collection:`, give every cell of B.T1–B.F2 exactly
//! as the stand-in does (computed both ways, no typed numbers), so the general path and the paper's
//! cannot drift apart; a label file with a missing label or a bad scale is an error naming the file.

use std::path::Path;

use evia_engine::agreement::StandardError;

use crate::assessors::agreement::{WeightsOver, analyse};
use crate::assessors::agreement_values::KappaOutcome;
use crate::io::labels::{LabelLayout, LabelledItem, Scale, read_labels};
use crate::manifest::{Artefact, Header, Kind};
use crate::papers::lancers::eval::collection;
use crate::papers::lancers::params::{
    AgreementParams, Evaluation, LevelCountsParams, ListedTopicSets, QrelsEvalParams,
    QrelsOverlapParams, QrelsVersionDef, QrelsVersions, TopicSetDef, TopicSubset,
    TopicsetEvalParams, TopicsetOverlapParams, UserCollection,
};
use crate::papers::lancers::standin_files::{version_specs, write_standin};
use crate::papers::lancers::study::{StudyRequest, study_manifest};
use crate::papers::{self, Context};
use crate::pipeline::reproduce::manifest_path;
use crate::results::{CellKey, ResultTable};

use super::common::{self, project_root};

const PAPER_B: [&str; 10] = [
    "B.T1", "B.T2", "B.T3", "B.T4", "B.T5", "B.T6", "B.T7", "B.T8", "B.F1", "B.F2",
];

/// `artefact` with `collection:` set to `user`.
fn with_collection(artefact: &Artefact, user: &UserCollection) -> Artefact {
    let mut artefact = artefact.clone();
    let c = || Some(user.clone());
    let p = &mut artefact.parameters;
    (p.edit(|p: &mut AgreementParams| p.collection = c()))
        .or_else(|| p.edit(|p: &mut LevelCountsParams| p.collection = c()))
        .or_else(|| p.edit(|p: &mut QrelsEvalParams| p.collection = c()))
        .or_else(|| p.edit(|p: &mut QrelsOverlapParams| p.collection = c()))
        .or_else(|| p.edit(|p: &mut TopicsetEvalParams| p.collection = c()))
        .or_else(|| p.edit(|p: &mut TopicsetOverlapParams| p.collection = c()))
        .unwrap_or_else(|| panic!("{} is not a paper-B experiment", artefact.experiment));
    artefact
}

fn user_collection(dir: &Path) -> UserCollection {
    UserCollection {
        labels: dir.join("labels.tsv").display().to_string(),
        layout: LabelLayout::Wide,
        scale: Scale::new(0, 2).unwrap(),
        runs: dir.join("runs").display().to_string(),
        reading: Default::default(),
    }
}

/// Every cell of B.T1–B.F2 computed from the written-out stand-in equals the stand-in's own: B.T1's
/// pooled matrices, kappas and per-topic rows, B.T2's level counts (summed from the labels rather
/// than read off the printed matrices), every tau and CI, every randomised Tukey HSD count and SSO,
/// every mean score.
#[test]
fn paper_b_on_the_written_out_standin_equals_the_standin_cell_for_cell() {
    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let dir = tempfile::tempdir().unwrap();
    write_standin(&manifest, &context, dir.path()).unwrap();
    let user = user_collection(dir.path());
    for id in PAPER_B {
        let artefact = manifest.artefact(id).unwrap();
        let standin = papers::run(artefact, &context).unwrap();
        let general = papers::run(&with_collection(artefact, &user), &context).unwrap();
        assert!(!standin.cells.is_empty(), "{id}");
        assert_eq!(general.cells, standin.cells, "{id}");
        assert!(general.real_data, "{id}: a user's collection is real data");
    }
}

/// A document without one assessor's label, a scale not starting at 0 and a single assessor are
/// errors naming the label file.
#[test]
fn unusable_label_files_are_errors_naming_the_file() {
    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let artefact = manifest.artefact("B.T2").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "topic doc a b\nT1 d1 1 NA\nT1 d2 0 2\n",
            "0..2",
            "has no label from assessor `b`",
        ),
        (
            "topic doc a b\nT1 d1 1 1\n",
            "-1..2",
            "the scale must be 0..MAX",
        ),
        ("topic doc a\nT1 d1 1\n", "0..2", "between 2 and"),
    ];
    for (text, scale, expected) in cases {
        let path = dir.path().join("labels.tsv");
        std::fs::write(&path, text).unwrap();
        let user = UserCollection {
            scale: scale.parse().unwrap(),
            ..user_collection(dir.path())
        };
        let err = papers::run(&with_collection(artefact, &user), &context)
            .unwrap_err()
            .to_string();
        assert!(err.contains("labels.tsv"), "{err}");
        assert!(err.contains(expected), "{err}");
    }
}

/// Four assessors (a1–a4, scale 0..3) on 12 topics of 30 documents and 5 runs
/// (`tests/fixtures/four-assessors/`), copied into `dir`: labels are a shared latent grade plus
/// per-assessor noise (the first six topics noisier), each run ranks the pool by the latent grade
/// plus its own noise.
fn write_four_assessors(dir: &Path) {
    common::copy_dir(&project_root().join("tests/fixtures/four-assessors"), dir);
}

/// `artefact` with every paper-B parameter pointed at four assessors: versions `a1`…`a4`, `all4`
/// and the four leave-one-out sets (`no-a1`…), listed in the entry; topic sets all4 on all, the
/// high- and the low-agreement topics; no stand-in sizes.
fn four_assessor_artefact(artefact: &Artefact, user: &UserCollection) -> Artefact {
    let names = ["a1", "a2", "a3", "a4"];
    let mut versions: Vec<QrelsVersionDef> = names
        .iter()
        .map(|a| QrelsVersionDef {
            id: (*a).into(),
            assessors: vec![(*a).into()],
        })
        .collect();
    versions.push(QrelsVersionDef {
        id: "all4".into(),
        assessors: names.iter().map(|a| (*a).to_string()).collect(),
    });
    for left in names {
        versions.push(QrelsVersionDef {
            id: format!("no-{left}"),
            assessors: names
                .iter()
                .filter(|a| **a != left)
                .map(|a| (*a).to_string())
                .collect(),
        });
    }
    let ids: Vec<String> = versions.iter().map(|v| v.id.clone()).collect();
    let sets = [
        ("full", TopicSubset::All),
        ("high", TopicSubset::HighAgreement),
        ("low", TopicSubset::LowAgreement),
    ];
    let evaluation = Evaluation::Listed(ListedTopicSets {
        topic_sets: sets
            .iter()
            .map(|(id, topics)| TopicSetDef {
                id: (*id).into(),
                qrels: "all4".into(),
                topics: *topics,
            })
            .collect(),
    });
    let set_ids: Vec<String> = sets.iter().map(|(id, _)| (*id).to_string()).collect();
    let listed = QrelsVersions::Listed(versions);
    let mut artefact = with_collection(artefact, user);
    let p = &mut artefact.parameters;
    (p.edit(|p: &mut AgreementParams| {
        p.pairs = vec!["a1-a2".into(), "a1-a4".into(), "a3-a4".into()];
        (p.data, p.standin) = (None, None);
    }))
    .or_else(|| {
        p.edit(|p: &mut LevelCountsParams| {
            (p.qrels, p.qrels_versions) = (ids.clone(), listed.clone());
            (p.data, p.standin) = (None, None);
        })
    })
    .or_else(|| {
        p.edit(|p: &mut QrelsEvalParams| {
            (p.qrels, p.qrels_versions) = (ids.clone(), listed.clone());
            p.evaluation = evaluation.clone();
            (p.data, p.standin) = (None, None);
            (p.topics, p.runs, p.teams) = (None, None, None);
        })
    })
    .or_else(|| {
        p.edit(|p: &mut QrelsOverlapParams| {
            (p.qrels, p.qrels_versions) = (ids.clone(), listed.clone());
            p.evaluation = evaluation.clone();
            (p.topics, p.runs, p.teams) = (None, None, None);
            (p.data, p.standin) = (None, None);
        })
    })
    .or_else(|| {
        p.edit(|p: &mut TopicsetEvalParams| {
            (p.topic_sets, p.qrels_versions) = (set_ids.clone(), listed.clone());
            p.evaluation = evaluation.clone();
            (p.topics, p.runs, p.teams) = (None, None, None);
            (p.data, p.standin) = (None, None);
        })
    })
    .or_else(|| {
        p.edit(|p: &mut TopicsetOverlapParams| {
            (p.topic_sets, p.qrels_versions) = (set_ids.clone(), listed.clone());
            p.evaluation = evaluation.clone();
            (p.topics, p.runs, p.teams) = (None, None, None);
            (p.data, p.standin) = (None, None);
        })
    })
    .unwrap_or_else(|| panic!("{} is not a paper-B experiment", artefact.experiment));
    artefact.layout = None;
    artefact
}

fn cell(table: &ResultTable, key: [&str; 4]) -> f64 {
    let [panel, row, column, part] = key;
    *table
        .cells
        .get(&CellKey::new(&table.id, panel, row, column, part))
        .unwrap_or_else(|| panic!("{} has no cell {key:?}", table.id))
}

/// Paper B's experiments on four assessors, with the qrels versions and topic sets listed in the
/// parameters (as `study` generates them), agree with independent computations: B.T1's pooled
/// kappas and intervals with `agree`'s analysis of the same file, B.T2's level counts with the
/// labels summed here, the high-agreement split with `agree`'s; and every version (each assessor,
/// all four, each leave-one-out set) gets its tau, discriminative-power and mean-score cells.
#[test]
fn paper_b_runs_on_four_assessors_with_listed_versions_and_topic_sets() {
    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let dir = tempfile::tempdir().unwrap();
    write_four_assessors(dir.path());
    let user = UserCollection {
        scale: Scale::new(0, 3).unwrap(),
        ..user_collection(dir.path())
    };
    let run = |id: &str| {
        let artefact = four_assessor_artefact(manifest.artefact(id).unwrap(), &user);
        papers::run(&artefact, &context).unwrap_or_else(|e| panic!("{id}: {e}"))
    };
    let labels = read_labels(
        &dir.path().join("labels.tsv"),
        LabelLayout::Wide,
        user.scale,
    )
    .unwrap();
    // Paper B's split tests every topic however small: no minimum topic size (1).
    let agree = analyse(
        &labels,
        "labels.tsv",
        StandardError::CohenSimple,
        WeightsOver::Declared,
        1,
    )
    .unwrap();

    let t1 = run("B.T1");
    for pair in &agree.pairs {
        let id = format!("{}-{}", pair.first, pair.second);
        if !["a1-a2", "a1-a4", "a3-a4"].contains(&id.as_str()) {
            continue;
        }
        let KappaOutcome::Defined {
            kappa,
            ci_lo,
            ci_hi,
            ..
        } = pair.kappa_linear
        else {
            panic!("{id}: kappa undefined");
        };
        assert_eq!(
            cell(&t1, ["statistics", "kappa_w", &id, "estimate"]),
            kappa,
            "{id}"
        );
        assert_eq!(
            cell(&t1, ["statistics", "kappa_w", &id, "ci_lo"]),
            ci_lo,
            "{id}"
        );
        assert_eq!(
            cell(&t1, ["statistics", "kappa_w", &id, "ci_hi"]),
            ci_hi,
            "{id}"
        );
    }

    let t2 = run("B.T2");
    let level_of = |item: &LabelledItem, who: &[usize]| -> usize {
        item.labels
            .iter()
            .filter(|(a, _)| who.contains(a))
            .map(|&(_, l)| usize::from(l))
            .sum()
    };
    for (version, who) in [
        ("a3", vec![2]),
        ("all4", vec![0, 1, 2, 3]),
        ("no-a2", vec![0, 2, 3]),
    ] {
        let mut counts = vec![0usize; 3 * who.len() + 1];
        for item in &labels.items {
            counts[level_of(item, &who)] += 1;
        }
        for (level, &n) in counts.iter().enumerate() {
            assert_eq!(
                cell(&t2, ["main", version, &format!("L{level}"), "value"]),
                n as f64
            );
        }
        assert_eq!(
            cell(&t2, ["main", version, "total", "value"]),
            labels.items.len() as f64
        );
    }

    let versions = [
        "a1", "a2", "a3", "a4", "all4", "no-a1", "no-a2", "no-a3", "no-a4",
    ];
    let (t3, t5, f1) = (run("B.T3"), run("B.T5"), run("B.F1"));
    for measure in ["nDCG@10", "Q@10", "nERR@10"] {
        for (i, a) in versions.iter().enumerate() {
            let power = cell(&t5, ["main", a, measure, "count"]);
            assert!((0.0..=10.0).contains(&power), "{a} {measure}: {power}");
            assert!(cell(&f1, [measure, "run0", a, "value"]) > 0.0);
            for b in &versions[i + 1..] {
                let tau = cell(&t3, [measure, a, b, "tau"]);
                assert!((-1.0..=1.0).contains(&tau), "{a} {b}: {tau}");
            }
        }
    }

    let t8 = run("B.T8");
    let b_t3 = four_assessor_artefact(manifest.artefact("B.T3").unwrap(), &user);
    let params =
        (b_t3.parameters.get::<QrelsEvalParams>()).expect("B.T3 is lancers.qrels_rank_correlation");
    let split = collection(&b_t3, &params.inputs(), &context, None).unwrap();
    let high = split
        .agreement
        .iter()
        .filter(|&&a| a == crate::papers::lancers::standin::TopicAgreement::High)
        .count();
    assert!(
        0 < high && high < split.topics.len(),
        "both subsets non-empty: {high}"
    );
    assert_eq!(high, agree.high_agreement_topics.len());
    assert_eq!(split.topics.len() - high, agree.low_agreement_topics.len());
    for set in ["full", "high", "low"] {
        assert!(
            t8.cells
                .contains_key(&CellKey::new("B.T8", "main", set, "nDCG@10", "count")),
            "{set}"
        );
    }
}

/// Bad input through `collection:` is an error naming the file and line: a label off the declared
/// scale, a run line with a word for a score, a missing run directory.
#[test]
fn bad_labels_and_runs_name_file_and_line() {
    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let artefact = manifest.artefact("B.T3").unwrap();
    let error = |edit: &dyn Fn(&Path)| {
        let dir = tempfile::tempdir().unwrap();
        write_four_assessors(dir.path());
        edit(dir.path());
        let user = UserCollection {
            scale: Scale::new(0, 3).unwrap(),
            ..user_collection(dir.path())
        };
        papers::run(&four_assessor_artefact(artefact, &user), &context)
            .unwrap_err()
            .to_string()
    };
    let err = error(&|dir| {
        let path = dir.join("labels.tsv");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        lines[3] = "T00 d02 1 9 1 1";
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    });
    assert!(err.contains("labels.tsv:4"), "{err}");
    let err = error(&|dir| {
        let path = dir.join("runs").join("run2");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[1] = "T00 Q0 d01 0 high run2".to_string();
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    });
    assert!(
        err.contains("run2:2: expected a score (a number) in the fifth field"),
        "{err}"
    );
    let err = error(&|dir| std::fs::remove_dir_all(dir.join("runs")).unwrap());
    assert!(
        err.contains("runs") && err.contains("cannot read the runs directory"),
        "{err}"
    );
}

/// A paper without published values (`published:` absent, as in the manifest `evia-repro study`
/// builds) goes through `reproduce`: its artefacts are written, its literate report
/// (`paper/study.report.*.j2`) is rendered, no consistency wiring applies, and the ledger holds no
/// printed number of it.
#[test]
fn a_paper_without_published_values_is_reproduced() {
    use crate::io::output::OutputDir;
    use crate::pipeline::done::Action;
    use crate::pipeline::reproduce::{Options, reproduce};

    let root = project_root();
    let mut manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    manifest.papers.retain(|p| p.id == "B");
    manifest.papers[0].slug = "study".into();
    manifest.papers[0].published = None;
    manifest.artefacts.retain(|a| a.paper == "B");
    let out = tempfile::tempdir().unwrap();
    let options = Options {
        only: vec!["B.T2".into()],
        threads: 1,
        svg_converter: None,
        ..Options::new(&root, manifest.seed)
    };
    let summary = reproduce(&manifest, &options, &OutputDir::new(out.path())).unwrap();
    assert_eq!(summary.count(|a| *a == Action::Rebuilt), 1);
    let table = std::fs::read_to_string(out.path().join("study/B.T2.md")).unwrap();
    assert!(table.contains("all3"), "{table}");
    let report = std::fs::read_to_string(out.path().join("study/report.md")).unwrap();
    assert!(report.contains("It has no published values"), "{report}");
    assert!(out.path().join("study/report.tex").is_file());
    let ledger = std::fs::read_to_string(out.path().join("ledger.md")).unwrap();
    assert!(!ledger.contains("| B | B.T2 |"), "{ledger}");
}

/// The generated study manifest (`papers::lancers::study`) on paper B's written-out stand-in, with
/// paper B's versions listed as `--version`s, computes every cell of B.T1–B.F2 as paper B's own
/// entries do: same experiments, same cell keys (the topic sets are named `all3-50`,
/// `all3-high27`, `all3-low23` from the split of the labels), same numbers (Kendall's interval
/// clipped to [−1, 1]).
#[test]
fn the_generated_study_manifest_gives_paper_b_cells_on_the_written_out_standin() {
    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let dir = tempfile::tempdir().unwrap();
    write_standin(&manifest, &context, dir.path()).unwrap();
    let request = StudyRequest {
        collection: user_collection(dir.path()),
        versions: version_specs(&manifest, &context).unwrap(),
        measures: None,
        trials: None,
        seed: None,
        shown_as: ("labels".into(), "runs".into()),
    };
    let study = study_manifest(&context, &manifest, &request).unwrap();
    assert_eq!(study.papers.len(), 1);
    assert_eq!(study.papers[0].slug, "study");
    assert!(study.papers[0].published.is_none());
    for id in PAPER_B {
        let generated = study.artefact(id).unwrap();
        let paper = manifest.artefact(id).unwrap();
        assert_eq!(generated.experiment, paper.experiment, "{id}");
        let mut standin = papers::run(paper, &context).unwrap();
        let general = papers::run(generated, &context).unwrap();
        // The study clips Kendall's interval to [−1, 1]; paper B's tables keep it as printed.
        if matches!(id, "B.T3" | "B.T6") {
            for (key, value) in standin.cells.iter_mut() {
                if matches!(key.part.as_str(), "ci_lo" | "ci_hi") {
                    *value = value.clamp(-1.0, 1.0);
                }
            }
        }
        assert_eq!(general.cells, standin.cells, "{id}");
        // Every computed cell of a table has a place in the generated layout.
        if generated.kind == Kind::Figure {
            continue;
        }
        let layout = generated.layout.as_ref().unwrap();
        for key in general.cells.keys() {
            let panel = layout.panels.iter().find(|p| p.id == key.panel);
            let panel = panel.unwrap_or_else(|| panic!("{id}: no panel {}", key.panel));
            let placed = panel.columns.iter().any(|c| c.id == key.column)
                && panel.rows.iter().any(|r| r.id == key.row);
            assert!(placed, "{id}: cell {key:?} has no row/column");
        }
    }
}

/// With default versions on four assessors the study manifest has each assessor, all4 and each
/// leave-one-out set; B.T1 one panel per pair (6) plus statistics; B.T2 columns L0..L12 (four
/// assessors × scale top 3) and total; B.T3 the upper triangle; `--measures` and `--trials` are
/// taken; and the whole study runs through `pipeline::reproduce` into `study/`, report included.
#[test]
fn the_study_manifest_follows_the_collection_and_runs_through_reproduce() {
    use crate::io::output::OutputDir;
    use crate::pipeline::done::Action;
    use crate::pipeline::reproduce::{Options, reproduce};

    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let dir = tempfile::tempdir().unwrap();
    write_four_assessors(dir.path());
    let request = StudyRequest {
        collection: UserCollection {
            scale: Scale::new(0, 3).unwrap(),
            ..user_collection(dir.path())
        },
        versions: Vec::new(),
        measures: Some(vec!["Q@10".into(), "nERR@5".into()]),
        trials: Some(200),
        seed: Some(7),
        shown_as: ("labels".into(), "runs".into()),
    };
    let study = study_manifest(&context, &manifest, &request).unwrap();
    assert_eq!(study.seed, 7);
    let layout = |id: &str| study.artefact(id).unwrap().layout.clone().unwrap();
    let ids =
        |headers: &[Header]| -> Vec<String> { headers.iter().map(|h| h.id.clone()).collect() };
    let t1 = layout("B.T1");
    assert_eq!(t1.panels.len(), 7);
    assert_eq!(ids(&t1.panels[0].rows), ["0", "1", "2", "3"]);
    assert_eq!(t1.panels[6].columns.len(), 6);
    let t2 = layout("B.T2");
    let versions = [
        "a1", "a2", "a3", "a4", "all4", "no-a1", "no-a2", "no-a3", "no-a4",
    ];
    assert_eq!(ids(&t2.panels[0].rows), versions);
    assert_eq!(t2.panels[0].columns.len(), 4 * 3 + 2);
    assert_eq!(t2.panels[0].columns[12].id, "L12");
    let t3 = layout("B.T3");
    assert_eq!(ids(&t3.panels[0].rows), versions[..8]);
    assert_eq!(ids(&t3.panels[0].columns), versions[1..]);
    let panels: Vec<&str> = t3.panels.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(panels, ["Q@10", "nERR@5"]);
    let t4 = (study
        .artefact("B.T4")
        .unwrap()
        .parameters
        .get::<QrelsOverlapParams>())
    .expect("B.T4 is lancers.qrels_overlap");
    assert_eq!(t4.trials, 200);
    assert_eq!(t4.cutoffs.as_deref(), Some(&[5, 10][..]));

    let out = tempfile::tempdir().unwrap();
    let options = Options {
        threads: 1,
        svg_converter: None,
        ..Options::new(&root, study.seed)
    };
    let summary = reproduce(&study, &options, &OutputDir::new(out.path())).unwrap();
    assert_eq!(summary.count(|a| *a == Action::Rebuilt), 10);
    for id in PAPER_B {
        assert!(
            out.path().join(format!("study/{id}.json")).is_file(),
            "{id}"
        );
    }
    let report = std::fs::read_to_string(out.path().join("study/report.md")).unwrap();
    assert!(report.contains("no-a3"), "{report}");
}

/// Assessor names whose pair ids would coincide (`a-b` with `c`, `a` with `b-c`: both `a-b-c`)
/// are an error naming the label file, not a table showing one pair's numbers under another's name.
#[test]
fn assessor_names_giving_one_pair_id_twice_are_an_error() {
    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let dir = tempfile::tempdir().unwrap();
    write_four_assessors(dir.path());
    let path = dir.path().join("labels.tsv");
    let text = std::fs::read_to_string(&path).unwrap();
    let renamed = text.replacen("topic doc a1 a2 a3 a4", "topic doc a-b c a b-c", 1);
    std::fs::write(&path, renamed).unwrap();
    let request = StudyRequest {
        collection: UserCollection {
            scale: Scale::new(0, 3).unwrap(),
            ..user_collection(dir.path())
        },
        versions: Vec::new(),
        measures: None,
        trials: None,
        seed: None,
        shown_as: ("labels".into(), "runs".into()),
    };
    let err = study_manifest(&context, &manifest, &request)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("labels.tsv") && err.contains("the same id"),
        "{err}"
    );
}
