//! The test vectors of tests/fixtures/measures.md §9.4 onwards, checked through the in-memory API:
//! edge cases and input modes of the measures (duplicates, zero-gain levels, log bases, truncation,
//! empty lists, fatal conditions, the RBP scale, an ideal of zero gain, direct and continuous gains,
//! the four-decimal formatting). Tolerances as in [`crate::eval_vectors`].
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns
#![allow(clippy::excessive_precision)] // reference values are quoted with 17 significant digits

use evia_engine::measures::lines::{format_4f, lines};
use evia_engine::measures::{
    Evaluator, LevelGains, MeasureError, Params, RbpScale, Relevance, TopicIdeal, TopicJudgements,
};

use crate::eval_vectors::{
    RICH_REL, RICH_RES, SAMPLE_REL, SAMPLE_RES, check4, check17, params, rel, run,
};

/// tests/fixtures/measures.md §9.4, duplicates counted again (the NTCIREVAL behaviour).
#[test]
fn duplicates_counted_again() {
    let res = ["dummy11", "dummy01", "dummy12", "dummy04", "dummy01"];
    let e = run(&rel(SAMPLE_REL, &[1., 2., 3.]), &res, false, params(&[5]));
    assert_eq!(e.syslen, 5);
    check17(
        &e,
        &[
            ("AP", 0.16),
            ("Q-measure", 0.15777777777777779),
            ("nDCG@0005", 0.54254177043529395),
            ("MSnDCG@0005", 0.4876401250736816),
            ("nERR@0005", 0.49297689170820119),
            ("Prec@0005", 0.59999999999999998),
            ("ERR", 0.42499999999999999),
        ],
    );
    assert_eq!(format_4f(e.ap), "0.1600");
}

/// tests/fixtures/measures.md §9.4, zero-gain level `-g 0:1:2` (C semantics: relevant by level,
/// sums skip gain 0).
#[test]
fn zero_gain_level() {
    let topic = rel(SAMPLE_REL, &[0., 1., 2.]);
    let e = run(
        &topic,
        &["dummy07", "dummy01", "zz", "dummy04"],
        false,
        params(&[1, 4]),
    );
    assert_eq!((e.r1, e.rp), (1, 2));
    check17(
        &e,
        &[
            ("RR", 1.0),
            ("O-measure", 0.33333333333333331),
            ("P-measure", 0.66666666666666663),
            ("P-plus", 0.33333333333333331),
            ("AP", 0.17499999999999999),
            ("Q-measure", 0.12121212121212119),
            ("AP@0001", 0.0),
            ("Q@0001", 0.0),
            ("Prec@0001", 1.0),
            ("Hit@0001", 1.0),
            ("AP@0004", 0.4375),
            ("Q@0004", 0.30303030303030298),
            ("nDCG@0004", 0.43388770533206811),
            ("MSnDCG@0004", 0.36068685284324786),
            ("nERR@0004", 0.44827586206896547),
            ("ERR", 0.3611111111111111),
        ],
    );
}

/// tests/fixtures/measures.md §9.4, `-logb 0` is the natural log from rank 2 (C semantics).
#[test]
fn logb_zero_is_natural_log_from_rank_2() {
    let p = Params {
        logb: 0.0,
        ..params(&[5, 20])
    };
    let e = run(&rel(RICH_REL, &[1., 2., 3.]), RICH_RES, false, p);
    check4(&e, &[("nDCG@0005", "0.4013"), ("nDCG@0020", "0.5649")]);
}

/// tests/fixtures/measures.md §9.4: truncation after condensing (pyNTCIREVAL semantics, a documented
/// deviation from C `label -j -truncate`, which counts original ranks).
#[test]
fn truncation_counts_output_documents() {
    let topic = rel(SAMPLE_REL, &[1., 2., 3.]);
    let res = ["dummy11", "x1", "x2", "dummy01", "x3", "dummy04"];
    let mut labels = Vec::new();
    topic.label_into(res.iter().copied(), true, Some(3), &mut labels);
    let levels: Vec<f64> = labels.iter().map(|l| l.grade).collect();
    assert_eq!(levels, [0.0, 3.0, 2.0]);
    topic.label_into(res.iter().copied(), false, Some(3), &mut labels);
    assert_eq!(labels.len(), 3);
}

/// tests/fixtures/measures.md §9.4: empty list, and a list with no relevant document, give zeros.
#[test]
fn empty_and_nonrelevant_lists_give_zeros() {
    let topic = rel(SAMPLE_REL, &[1., 2., 3.]);
    for res in [&[][..], &["dummy11", "zz"][..]] {
        let e = run(&topic, res, false, params(&[1000]));
        assert_eq!((e.syslen, e.jrel, e.jnonrel), (res.len(), 10, 1));
        assert_eq!((e.r1, e.rp), (0, 0));
        for l in lines(&e, true) {
            assert_eq!(format_4f(l.value), "0.0000", "{}", l.name);
        }
    }
}

/// tests/fixtures/measures.md §9.4: errors C reports (level above H, decreasing gains, no relevant
/// document) are errors here too.
#[test]
fn fatal_conditions_are_errors() {
    let g = LevelGains::new(&[1.0, 2.0]).unwrap();
    assert_eq!(
        TopicJudgements::from_levels([("a", 3)], &g).unwrap_err(),
        MeasureError::LevelAboveMax { level: 3, max: 2 }
    );
    assert!(matches!(
        LevelGains::new(&[3.0, 2.0, 1.0]),
        Err(MeasureError::BadGains(_))
    ));
    assert!(matches!(
        LevelGains::new(&[-1.0, 2.0]),
        Err(MeasureError::BadGains(_))
    ));
    assert_eq!(
        TopicJudgements::from_levels([("a", 0)], &g).unwrap_err(),
        MeasureError::NoRelevant
    );
    assert!(matches!(
        Evaluator::new(params(&[0])),
        Err(MeasureError::BadParam { .. })
    ));
    let ideal = TopicIdeal::from_level_counts(&[0, 2], &g).unwrap();
    let p = Params {
        bpref: true,
        ..Params::default()
    };
    assert_eq!(
        Evaluator::new(p)
            .unwrap()
            .evaluate(&ideal, &[])
            .unwrap_err(),
        MeasureError::BprefWithoutNonrelevant
    );
    assert!(matches!(
        TopicIdeal::from_direct_gains(&[1.0, -0.5]),
        Err(MeasureError::BadDirectGain(_))
    ));
}

/// RBP divides by gmax, the gain of the highest declared level (NTCIREVAL), or with
/// `RbpScale::Topic` by the largest gain judged for the topic (trec_eval's per-topic scaling); the
/// normalised nRBP@l does not depend on it.
#[test]
fn rbp_scale_declared_or_topic() {
    // Levels L0..L3 declared (gmax 3); the topic's highest judged level is L2.
    let topic = rel("a L2\nb L1\nc L0\n", &[1.0, 2.0, 3.0]);
    let res = ["b", "c", "a"];
    let declared = run(&topic, &res, false, params(&[2]));
    let topic_scale = run(
        &topic,
        &res,
        false,
        Params {
            rbp_scale: RbpScale::Topic,
            ..params(&[2])
        },
    );
    let sum = 1.0 + 2.0 * 0.95 * 0.95;
    assert!((declared.rbp - 0.05 * sum / 3.0).abs() < 1e-15);
    assert!((topic_scale.rbp - 0.05 * sum / 2.0).abs() < 1e-15);
    assert!((topic_scale.at[0].rbp - 0.05 / 2.0).abs() < 1e-15);
    assert_eq!(declared.at[0].nrbp, topic_scale.at[0].nrbp);
}

/// When every relevant document has gain 0 (`-g 0:…`), the normalised measures divide 0 by 0:
/// they are NaN (NTCIREVAL prints `-nan`), nG@1 included whatever is at rank 1; the measures by
/// level (RR, Prec@l, Hit@l) are defined.
#[test]
fn zero_ideal_gain_leaves_the_normalised_measures_undefined() {
    let topic = rel("a L1\nb L1\nc L0\n", &[0.0, 1.0]);
    for res in [&["c", "a", "b"][..], &["a", "c"][..]] {
        let e = run(&topic, res, false, params(&[10]));
        let at = &e.at[0];
        for v in [e.ng1, at.ndcg, at.msndcg, at.ncg, at.nrbp, at.nerr] {
            assert!(v.is_nan(), "{res:?}: {e:?}");
        }
        assert!(e.rr > 0.0 && at.prec > 0.0 && at.hit == 1.0, "{e:?}");
        assert_eq!((e.ap, e.rbp, e.err), (0.0, 0.0, 0.0));
    }
}

fn g_ideal() -> TopicJudgements {
    TopicJudgements::from_direct_gains([
        ("d01", 4.5),
        ("d02", 3.25),
        ("d03", 2.0),
        ("d04", 1.5),
        ("d05", 0.75),
        ("d06", 0.0),
        ("d07", 0.0),
    ])
    .unwrap()
}

const G_RES: &[&str] = &["d06", "d03", "u1", "d01", "d05", "d02", "d07"];

/// tests/fixtures/measures.md §9.5, direct gains (`glabel`/`gcompute`).
#[test]
fn direct_gains() {
    let e = run(&g_ideal(), G_RES, false, params(&[1, 3, 5, 10]));
    assert_eq!((e.syslen, e.jrel, e.jnonrel, e.r1, e.rp), (7, 5, 2, 2, 4));
    check17(
        &e,
        &[
            ("RR", 0.5),
            ("O-measure", 0.30769230769230771),
            ("P-measure", 0.55737704918032782),
            ("P-plus", 0.43253467843631777),
            ("AP", 0.45333333333333331),
            ("Q-measure", 0.45471321777975593),
            ("ERR", 0.32498007877421853),
            ("AP@0003", 0.16666666666666666),
            ("Q@0003", 0.10256410256410257),
            ("nDCG@0003", 0.22192978024288709),
            ("MSnDCG@0003", 0.1671221615444288),
            ("ERR@0003", 0.18181818181818182),
            ("nERR@0003", 0.2063965884861407),
            ("AP@0005", 0.32000000000000001),
            ("Q@0005", 0.29360210666864478),
            ("nDCG@0005", 0.45345243048296868),
            ("MSnDCG@0005", 0.41123798830661284),
            ("ERR@0005", 0.3151389932381668),
            ("nERR@0005", 0.35605599555784562),
            ("AP@0010", 0.45333333333333331),
            ("Q@0010", 0.45471321777975593),
            ("nDCG@0010", 0.5781215642231986),
            ("MSnDCG@0010", 0.54764867946289375),
            ("Prec@0010", 0.40000000000000002),
            ("ERR@0010", 0.32498007877421853),
            ("nERR@0010", 0.36717482751165809),
        ],
    );
}

/// tests/fixtures/measures.md §9.5, `glabel -j` / `gcompute -j -cutoffs 1,3`.
#[test]
fn direct_gains_condensed() {
    let p = Params {
        bpref: true,
        ..params(&[1, 3])
    };
    let e = run(&g_ideal(), G_RES, true, p);
    assert_eq!((e.syslen, e.r1, e.rp), (6, 2, 3));
    check17(
        &e,
        &[
            ("AP", 0.54333333333333333),
            ("Q-measure", 0.49988625967410921),
            ("nDCG@0003", 0.53697950875021505),
            ("MSnDCG@0003", 0.46511481551773465),
            ("nERR@0003", 0.40341151385927504),
            ("bpref", 0.40000000000000002),
        ],
    );
}

/// tests/fixtures/measures.md §9.5, unsorted ideal file (`d06 0` first): C takes the file order as the
/// ideal (Q = 0.51021384412688753, nDCG@10 = 0.71131007789760436); this port sorts by decreasing
/// gain (a documented deviation), so the result equals the sorted file's.
#[test]
fn direct_gains_unsorted_input_is_sorted() {
    let unsorted = TopicJudgements::from_direct_gains([
        ("d06", 0.0),
        ("d01", 4.5),
        ("d02", 3.25),
        ("d03", 2.0),
        ("d04", 1.5),
        ("d05", 0.75),
        ("d07", 0.0),
    ])
    .unwrap();
    let e = run(&unsorted, G_RES, false, params(&[10]));
    check17(
        &e,
        &[
            ("Q-measure", 0.45471321777975593),
            ("nDCG@0010", 0.5781215642231986),
        ],
    );
    assert!((e.q - 0.51021384412688753).abs() > 0.01);
}

/// tests/fixtures/measures.md §9.6, continuous grades (equal to C `gcompute` on the same gains).
#[test]
fn continuous_grades() {
    let mk = |top: f64| {
        let mut judged = Vec::new();
        for i in 1..=3 {
            judged.push((format!("dummy{i:02}"), top));
        }
        for i in 4..=6 {
            judged.push((format!("dummy{i:02}"), 0.5));
        }
        for i in 7..=10 {
            judged.push((format!("dummy{i:02}"), 0.1));
        }
        judged.push(("dummy11".to_string(), 0.0));
        TopicJudgements::from_direct_gains(judged).unwrap()
    };
    let e = run(&mk(1.5), SAMPLE_RES, false, params(&[1000]));
    check4(
        &e,
        &[
            ("AP", "0.1000"),
            ("AP@1000", "0.1000"),
            ("nDCG@1000", "0.3695"),
            ("MSnDCG@1000", "0.2973"),
            ("Prec@1000", "0.0020"),
            ("Q-measure", "0.0944"),
            ("ERR", "0.3200"),
            ("nERR@1000", "0.4215"),
        ],
    );
    let e = run(&mk(1.5), SAMPLE_RES, false, params(&[2]));
    check4(
        &e,
        &[
            ("AP@0002", "0.2500"),
            ("nDCG@0002", "0.5000"),
            ("MSnDCG@0002", "0.3869"),
            ("Prec@0002", "0.5000"),
        ],
    );
    let e = run(&mk(1.0), SAMPLE_RES, false, params(&[1000]));
    check4(&e, &[("nDCG@1000", "0.3655"), ("MSnDCG@1000", "0.2978")]);
}

/// tests/fixtures/measures.md §7: `compute -g 1:2:3` and `gcompute` with gains 3/2/1/0 agree.
#[test]
fn level_and_direct_modes_agree() {
    let level = rel(RICH_REL, &[1., 2., 3.]);
    let direct = TopicJudgements::from_direct_gains(RICH_REL.lines().map(|l| {
        let (doc, lev) = l.split_once(' ').unwrap();
        (doc.to_string(), lev[1..].parse::<f64>().unwrap())
    }))
    .unwrap();
    let p = Params {
        bpref: true,
        ..params(&[1, 3, 5, 10, 20])
    };
    let a = run(&level, RICH_RES, true, p.clone());
    let b = run(&direct, RICH_RES, true, p);
    assert_eq!(lines(&a, true), lines(&b, true));
}

/// `%.4f` rounding as glibc (tests/fixtures/measures.md §3.1).
#[test]
fn four_decimal_formatting() {
    for (v, s) in [
        (0.40625, "0.4062"),
        (0.125, "0.1250"),
        (0.00005, "0.0001"),
        (0.00015, "0.0001"),
        (0.12345, "0.1235"),
        (2.5, "2.5000"),
        (0.5, "0.5000"),
    ] {
        assert_eq!(format_4f(v), s, "{v}");
    }
    assert_eq!(format_4f(f64::NAN), "nan");
    assert_eq!(format_4f(-f64::NAN), "-nan");
}

/// `TopicJudgements::from_levels_sized` (the qrels reader's constructor, which reserves the ids'
/// bytes up front) builds the topic `from_levels` builds, whatever the reserved size: none, too
/// little, the exact sum of the ids' lengths or more. Checked on RICH_REL and on 700 judged
/// documents (levels 0–3, so the table grows past its first size): every id's label, unjudged
/// ids, the ideal list, and the evaluation of RICH_RES.
#[test]
fn reserved_id_bytes_change_nothing() {
    let gains = LevelGains::new(&[1.0, 2.0, 3.0]).unwrap();
    let many: Vec<(String, u32)> = (0..700).map(|i| (format!("doc-{i}"), i % 4)).collect();
    let rich: Vec<(String, u32)> = RICH_REL
        .lines()
        .map(|l| (l[..3].to_string(), l[5..].parse().unwrap()))
        .collect();
    for judged in [&rich, &many] {
        let pairs = || judged.iter().map(|(d, l)| (d.as_str(), *l));
        let plain = TopicJudgements::from_levels(pairs(), &gains).unwrap();
        let exact: usize = judged.iter().map(|(d, _)| d.len()).sum();
        for id_bytes in [0, 1, exact, 3 * exact] {
            let relevance = pairs().map(|(d, l)| (d, Relevance::Level(l)));
            let sized = TopicJudgements::from_levels_sized(relevance, &gains, id_bytes).unwrap();
            assert_eq!(sized.ideal(), plain.ideal(), "{id_bytes}");
            for (d, _) in judged {
                assert_eq!(sized.get(d), plain.get(d), "{d} {id_bytes}");
            }
            assert_eq!(sized.get("u1"), None);
            let eval = |t| lines(&run(t, RICH_RES, false, params(&[1, 5, 10])), true);
            assert_eq!(eval(&sized), eval(&plain), "{id_bytes}");
        }
    }
}
