//! The test vectors of tests/fixtures/measures.md §9.1–9.3 (the sample and rich topics), checked
//! through the in-memory API.
//! 17-digit values must agree within 1e-12, 4-decimal values exactly as `%.4f` strings.
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns
#![allow(clippy::excessive_precision)] // reference values are quoted with 17 significant digits

use evia_engine::measures::lines::{format_4f, lines};
use evia_engine::measures::{
    Evaluation, Evaluator, Label, LevelGains, Params, TopicIdeal, TopicJudgements,
};

pub(crate) const SAMPLE_REL: &str = "dummy01 L3\ndummy02 L3\ndummy03 L3\ndummy04 L2\ndummy05 L2\ndummy06 L2\n\
dummy07 L1\ndummy08 L1\ndummy09 L1\ndummy10 L1\ndummy11 L0\n";
pub(crate) const SAMPLE_RES: &[&str] = &["dummy11", "dummy01", "dummy12", "dummy04"];
pub(crate) const RICH_REL: &str = "d01 L3\nd02 L3\nd03 L2\nd04 L2\nd05 L2\nd06 L1\nd07 L1\nd08 L1\nd09 L1\n\
d10 L0\nd11 L0\nd12 L0\n";
pub(crate) const RICH_RES: &[&str] = &[
    "d10", "d06", "u1", "d03", "d01", "d11", "u2", "d07", "d02", "u3", "d04", "d12", "d09",
];

pub(crate) fn rel(text: &str, gains: &[f64]) -> TopicJudgements {
    let gains = LevelGains::new(gains).unwrap();
    let judged = text.lines().map(|l| {
        let (doc, lev) = l.split_once(' ').unwrap();
        (doc.to_string(), lev[1..].parse::<u32>().unwrap())
    });
    TopicJudgements::from_levels(judged, &gains).unwrap()
}

pub(crate) fn params(cutoffs: &[usize]) -> Params {
    Params {
        cutoffs: cutoffs.to_vec(),
        ..Params::default()
    }
}

pub(crate) fn run(topic: &TopicJudgements, res: &[&str], condensed: bool, p: Params) -> Evaluation {
    let mut labels = Vec::new();
    topic.label_into(res.iter().copied(), condensed, None, &mut labels);
    Evaluator::new(p)
        .unwrap()
        .evaluate(topic.ideal(), &labels)
        .unwrap()
}

pub(crate) fn value(e: &Evaluation, name: &str) -> f64 {
    lines(e, true)
        .into_iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("no line {name}"))
        .value
}

/// 17-significant-digit reference values: within 1e-12.
pub(crate) fn check17(e: &Evaluation, expected: &[(&str, f64)]) {
    for &(name, want) in expected {
        let got = value(e, name);
        assert!(
            (got - want).abs() <= 1e-12,
            "{name}: got {got:.17}, expected {want:.17}"
        );
    }
}

/// 4-decimal reference values: identical `%.4f` strings.
pub(crate) fn check4(e: &Evaluation, expected: &[(&str, &str)]) {
    for &(name, want) in expected {
        assert_eq!(format_4f(value(e, name)), want, "{name}");
    }
}

/// tests/fixtures/measures.md §9.1, column A (`-g 1:2:3`, default cutoff 1000).
#[test]
fn sample_a() {
    let e = run(
        &rel(SAMPLE_REL, &[1., 2., 3.]),
        SAMPLE_RES,
        false,
        params(&[1000]),
    );
    assert_eq!((e.syslen, e.jrel, e.jnonrel, e.r1, e.rp), (4, 10, 1, 2, 2));
    check4(
        &e,
        &[
            ("RR", "0.5000"),
            ("O-measure", "0.5000"),
            ("P-measure", "0.5000"),
            ("P-plus", "0.5000"),
            ("AP", "0.1000"),
            ("Q-measure", "0.0967"),
            ("NCUrb,P", "0.1215"),
            ("NCUrb,BR", "0.1175"),
            ("RBP", "0.0761"),
            ("ERR", "0.4062"),
            ("AP@1000", "0.1000"),
            ("Q@1000", "0.0967"),
            ("nDCG@1000", "0.3380"),
            ("MSnDCG@1000", "0.2760"),
            ("Prec@1000", "0.0020"),
            ("nERR@1000", "0.4710"),
            ("Hit@1000", "1.0000"),
        ],
    );
    check17(
        &e,
        &[
            ("Q-measure", 0.096666666666666665),
            ("ERR", 0.40625),
            ("nDCG@1000", 0.3380124571223504),
            ("MSnDCG@1000", 0.27598952688025097),
            ("nERR@1000", 0.4709590459352781),
            ("NCUrb,P", 0.12149137253618515),
            ("NCUrb,BR", 0.11754549889825777),
            ("RBP", 0.076079166666666725),
        ],
    );
}

/// tests/fixtures/measures.md §9.1, column B (`-g 1:4:9`).
#[test]
fn sample_b() {
    let e = run(
        &rel(SAMPLE_REL, &[1., 4., 9.]),
        SAMPLE_RES,
        false,
        params(&[1000]),
    );
    check4(
        &e,
        &[
            ("RR", "0.5000"),
            ("O-measure", "0.5000"),
            ("P-measure", "0.5000"),
            ("P-plus", "0.5000"),
            ("AP", "0.1000"),
            ("Q-measure", "0.0929"),
            ("NCUrb,P", "0.1215"),
            ("NCUrb,BR", "0.1130"),
            ("RBP", "0.0666"),
            ("ERR", "0.4600"),
            ("AP@1000", "0.1000"),
            ("Q@1000", "0.0929"),
            ("nDCG@1000", "0.3636"),
            ("MSnDCG@1000", "0.2947"),
            ("Prec@1000", "0.0020"),
            ("nERR@1000", "0.4851"),
            ("Hit@1000", "1.0000"),
        ],
    );
    check17(
        &e,
        &[
            ("Q-measure", 0.09285714285714286),
            ("ERR", 0.46000000000000002),
            ("nDCG@1000", 0.36358202902128828),
            ("MSnDCG@1000", 0.29472017363470104),
            ("nERR@1000", 0.48513942309894592),
        ],
    );
}

/// tests/fixtures/measures.md §9.1, column C (`-g 1:2:3 -cutoffs 2`).
#[test]
fn sample_c_cutoff_2() {
    let e = run(
        &rel(SAMPLE_REL, &[1., 2., 3.]),
        SAMPLE_RES,
        false,
        params(&[2]),
    );
    check4(
        &e,
        &[
            ("AP", "0.1000"),
            ("Q-measure", "0.0967"),
            ("AP@0002", "0.2500"),
            ("Q@0002", "0.2500"),
            ("nDCG@0002", "0.5000"),
            ("MSnDCG@0002", "0.3869"),
            ("Prec@0002", "0.5000"),
            ("nERR@0002", "0.4444"),
            ("Hit@0002", "1.0000"),
        ],
    );
}

/// tests/fixtures/measures.md §9.1, column D (`label -j`, then `-g 1:2:3`).
#[test]
fn sample_d_condensed() {
    let e = run(
        &rel(SAMPLE_REL, &[1., 2., 3.]),
        SAMPLE_RES,
        true,
        params(&[1000]),
    );
    assert_eq!((e.syslen, e.jrel, e.jnonrel, e.r1, e.rp), (3, 10, 1, 2, 2));
    check4(
        &e,
        &[
            ("RR", "0.5000"),
            ("P-plus", "0.5000"),
            ("AP", "0.1167"),
            ("Q-measure", "0.1083"),
            ("NCUrb,P", "0.1412"),
            ("NCUrb,BR", "0.1314"),
            ("RBP", "0.0776"),
            ("ERR", "0.4167"),
            ("nDCG@1000", "0.3601"),
            ("MSnDCG@1000", "0.2899"),
            ("Prec@1000", "0.0020"),
            ("nERR@1000", "0.4830"),
        ],
    );
    check17(
        &e,
        &[
            ("AP", 0.11666666666666665),
            ("Q-measure", 0.10833333333333335),
            ("ERR", 0.41666666666666669),
            ("nDCG@1000", 0.36014040097990646),
            ("MSnDCG@1000", 0.2898831760247369),
            ("nERR@1000", 0.48303491890797756),
        ],
    );
}

/// tests/fixtures/measures.md §9.1, C 20200527 `-cutoffs 1,2,3,5,10` table.
#[test]
fn sample_cutoff_table() {
    let e = run(
        &rel(SAMPLE_REL, &[1., 2., 3.]),
        SAMPLE_RES,
        false,
        params(&[1, 2, 3, 5, 10]),
    );
    for name in ["AP", "Q", "nDCG", "MSnDCG", "Prec", "ERR", "nERR", "Hit"] {
        assert_eq!(value(&e, &format!("{name}@0001")), 0.0, "{name}@0001");
    }
    #[rustfmt::skip]
    let rows: &[(usize, [f64; 8])] = &[
        (2, [0.25, 0.25, 0.5, 0.38685280723454157, 0.5, 0.375, 0.44444444444444442, 1.0]),
        (3, [0.16666666666666666, 0.16666666666666666, 0.38009376671593426, 0.29608191096586522, 0.33333333333333331, 0.375, 0.43636363636363634, 1.0]),
        (5, [0.20000000000000001, 0.19333333333333333, 0.41008218308242317, 0.34307355842257142, 0.40000000000000002, 0.40625, 0.47122791119166291, 1.0]),
        (10, [0.10000000000000001, 0.096666666666666665, 0.3380124571223504, 0.27598952688025097, 0.20000000000000001, 0.40625, 0.4709590459352781, 1.0]),
    ];
    for (l, vals) in rows {
        let names = ["AP", "Q", "nDCG", "MSnDCG", "Prec", "ERR", "nERR", "Hit"];
        let expected: Vec<(String, f64)> = names
            .iter()
            .zip(vals)
            .map(|(n, &v)| (format!("{n}@{l:04}"), v))
            .collect();
        let refs: Vec<(&str, f64)> = expected.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        check17(&e, &refs);
    }
}

/// tests/fixtures/measures.md §9.1, parameter variants on sample.lab (`-logb`, `-beta`).
#[test]
fn sample_parameter_variants() {
    let topic = rel(SAMPLE_REL, &[1., 2., 3.]);
    for (logb, at3, at10) in [
        (3.0, 0.33333333333333331, 0.30072256526274865),
        (0.0, 0.43027835495202255, 0.36652441186888868),
        (10.0, 0.33333333333333331, 0.26315789473684209),
    ] {
        let p = Params {
            logb,
            ..params(&[3, 10])
        };
        let e = run(&topic, SAMPLE_RES, false, p);
        check17(&e, &[("nDCG@0003", at3), ("nDCG@0010", at10)]);
    }
    let base = run(&topic, SAMPLE_RES, false, params(&[10]));
    for (beta, q) in [
        (0.0, 0.10000000000000001),
        (0.5, 0.097368421052631576),
        (10.0, 0.09561403508771929),
    ] {
        let p = Params {
            beta,
            ..params(&[10])
        };
        let e = run(&topic, SAMPLE_RES, false, p);
        check17(
            &e,
            &[
                ("Q-measure", q),
                ("O-measure", 0.5),
                ("P-measure", 0.5),
                ("P-plus", 0.5),
            ],
        );
        assert_eq!(e.ap, base.ap);
        assert_eq!(e.at[0].msndcg, base.at[0].msndcg);
    }
}

/// tests/fixtures/measures.md §9.2, pyNTCIREVAL library-API vectors.
#[test]
fn pyntcireval_api_vectors() {
    let binary = [1, 0, 0, 0, 1, 0, 0, 1, 0, 0];
    let g = LevelGains::new(&[1.0]).unwrap();
    let labels: Vec<Label> = binary.iter().map(|&l| g.label(l).unwrap()).collect();
    let ideal = TopicIdeal::from_level_counts(&[7, 3], &g).unwrap();
    let e = Evaluator::new(params(&[5]))
        .unwrap()
        .evaluate(&ideal, &labels)
        .unwrap();
    assert!((e.at[0].prec - 0.4).abs() < 1e-15);

    let graded = [2, 0, 1, 0, 1, 0, 0, 2, 0, 0];
    for (gains, want) in [
        (&[1.0, 2.0][..], 0.6885695823073614),
        (&[0.0, 1.0][..], 0.6131471927654584),
    ] {
        let g = LevelGains::new(gains).unwrap();
        let labels: Vec<Label> = graded.iter().map(|&l| g.label(l).unwrap()).collect();
        let ideal = TopicIdeal::from_level_counts(&[6, 2, 2], &g).unwrap();
        let e = Evaluator::new(params(&[5]))
            .unwrap()
            .evaluate(&ideal, &labels)
            .unwrap();
        assert!((e.at[0].msndcg - want).abs() < 1e-12, "{gains:?}");
    }

    // find_first_rel_rank / find_first_max_rank of [(1,0),(2,2),(3,3),(2,2)] = 2 / 3.
    let g = LevelGains::new(&[1.0, 2.0, 3.0]).unwrap();
    let labels: Vec<Label> = [0, 2, 3, 2].iter().map(|&l| g.label(l).unwrap()).collect();
    let ideal = TopicIdeal::from_level_counts(&[1, 0, 2, 1], &g).unwrap();
    let e = Evaluator::new(params(&[10]))
        .unwrap()
        .evaluate(&ideal, &labels)
        .unwrap();
    assert_eq!((e.r1, e.rp), (2, 3));
}

/// tests/fixtures/measures.md §9.3 (a), rich vector with `-g 1:2:3 -cutoffs 1,3,5,10,20`.
#[test]
fn rich_a() {
    let e = run(
        &rel(RICH_REL, &[1., 2., 3.]),
        RICH_RES,
        false,
        params(&[1, 3, 5, 10, 20]),
    );
    assert_eq!((e.syslen, e.jrel, e.jnonrel, e.r1, e.rp), (13, 9, 3, 2, 5));
    check17(
        &e,
        &[
            ("RR", 0.5),
            ("O-measure", 0.25),
            ("P-measure", 0.52941176470588236),
            ("P-plus", 0.37885154061624648),
            ("AP", 0.41549684883018217),
            ("Q-measure", 0.39679303672160182),
            ("ERR", 0.28475708861451049),
            ("RBP", 0.15891168843500561),
            ("NCUrb,P", 0.43482986865676859),
            ("NCUrb,BR", 0.40414355737101099),
        ],
    );
    #[rustfmt::skip]
    let rows: &[(usize, [f64; 8])] = &[
        (1, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
        (3, [0.16666666666666666, 0.083333333333333329, 0.13770577618809335, 0.10706810063236011, 0.33333333333333331, 0.125, 0.14634146341463417, 1.0]),
        (5, [0.32000000000000001, 0.2273109243697479, 0.36084105568429908, 0.3524036742608409, 0.59999999999999998, 0.27500000000000002, 0.31990305967888522, 1.0]),
        (10, [0.29506172839506178, 0.24609061015710632, 0.43478144016347819, 0.43824397343918503, 0.5, 0.28378906250000002, 0.32983422250980343, 1.0]),
        (20, [0.41549684883018217, 0.39679303672160182, 0.515462571176318, 0.53112899247906253, 0.34999999999999998, 0.28475708861451049, 0.33095931217335856, 1.0]),
    ];
    check_rows(&e, rows);
    // Derived nCG@l (§9.3, an extension).
    for (l, want) in [(1, 0.0), (3, 0.125), (5, 0.5), (10, 0.625), (20, 0.8125)] {
        check17(&e, &[(&format!("nCG@{l:04}"), want)]);
    }
}

fn check_rows(e: &Evaluation, rows: &[(usize, [f64; 8])]) {
    let names = ["AP", "Q", "nDCG", "MSnDCG", "Prec", "ERR", "nERR", "Hit"];
    for (l, vals) in rows {
        for (n, &v) in names.iter().zip(vals) {
            check17(e, &[(&format!("{n}@{l:04}"), v)]);
        }
    }
}

/// tests/fixtures/measures.md §9.3 (b), exponential gains `-g 1:3:7`.
#[test]
fn rich_b_exponential_gains() {
    let e = run(
        &rel(RICH_REL, &[1., 3., 7.]),
        RICH_RES,
        false,
        params(&[1, 3, 5, 10, 20]),
    );
    check17(
        &e,
        &[
            ("O-measure", 0.125),
            ("P-measure", 0.5),
            ("P-plus", 0.29166666666666669),
            ("AP", 0.41549684883018217),
            ("Q-measure", 0.3887885563582158),
            ("ERR", 0.24741760815588559),
        ],
    );
    #[rustfmt::skip]
    let rows: &[(usize, [f64; 5])] = &[
        (3, [0.041666666666666664, 0.062921617067679569, 0.048846773457546323, 0.0625, 0.067085953878406712]),
        (5, [0.17499999999999999, 0.29514526877233921, 0.30131433668373903, 0.240234375, 0.25748209204199785]),
        (10, [0.22358387799564269, 0.40127772745512635, 0.4230013906200909, 0.24711778428819445, 0.26479720195137396]),
        (20, [0.3887885563582158, 0.45793215415549976, 0.48893660406028949, 0.24741760815588559, 0.265118475960331]),
    ];
    for (l, vals) in rows {
        for (n, &v) in ["Q", "nDCG", "MSnDCG", "ERR", "nERR"].iter().zip(vals) {
            check17(&e, &[(&format!("{n}@{l:04}"), v)]);
        }
    }
    // "AP@l and Prec@l as in (a)".
    let a = run(
        &rel(RICH_REL, &[1., 2., 3.]),
        RICH_RES,
        false,
        params(&[1, 3, 5, 10, 20]),
    );
    for (x, y) in e.at.iter().zip(&a.at) {
        assert_eq!((x.ap, x.prec), (y.ap, y.prec));
    }
}

/// tests/fixtures/measures.md §9.3 (c), condensed list with bpref (`label -j`, `compute -j`).
#[test]
fn rich_c_condensed_bpref() {
    let p = Params {
        bpref: true,
        ..params(&[1, 3, 5, 10, 20])
    };
    let e = run(&rel(RICH_REL, &[1., 2., 3.]), RICH_RES, true, p);
    assert_eq!((e.syslen, e.jrel, e.jnonrel, e.r1, e.rp), (10, 9, 3, 2, 4));
    check17(
        &e,
        &[
            ("O-measure", 0.25),
            ("P-measure", 0.6428571428571429),
            ("P-plus", 0.44913419913419911),
            ("AP", 0.52751322751322749),
            ("Q-measure", 0.46583057166581199),
            ("ERR", 0.33307059151785717),
            ("Q@0003", 0.23484848484848486),
            ("Q@0005", 0.26948051948051949),
            ("Q@0010", 0.46583057166581199),
            ("Q@0020", 0.46583057166581199),
            ("AP@0003", 0.38888888888888884),
            ("AP@0005", 0.3833333333333333),
            ("nDCG@0003", 0.31147111905953329),
            ("nDCG@0005", 0.4123393438775782),
            ("nDCG@0010", 0.58820626502188322),
            ("MSnDCG@0003", 0.27676702515809004),
            ("MSnDCG@0005", 0.38828619163909572),
            ("MSnDCG@0010", 0.58854763739303095),
            ("nERR@0003", 0.29268292682926833),
            ("nERR@0005", 0.37261435928506514),
            ("nERR@0010", 0.38711174640204021),
            ("Prec@0020", 0.34999999999999998),
            ("bpref", 0.33333333333333337),
            ("bpref_R", 0.62962962962962965),
            ("bpref_N", 0.33333333333333337),
            ("bpref_relative", 0.42380952380952386),
            ("rpref_N", 0.51250000000000007),
            ("rpref_relative", 0.3172619047619048),
            ("rpref_relative2", 0.44032738095238094),
        ],
    );
}
