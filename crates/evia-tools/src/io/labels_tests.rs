//! Tests of the label reader ([`super`]): layouts, the scale, errors naming file and line, bounds.

use super::*;

fn scale() -> Scale {
    Scale::new(0, 2).unwrap()
}

#[test]
fn long_and_wide_layouts_give_the_same_labels() {
    let long = "T1 d1 ann 2\nT1 d1 bob 0\nT2 d2 bob 1\n";
    let wide = "topic doc ann bob\nT1 d1 2 0\nT2 d2 NA 1\n";
    let a = parse_labels(Path::new("l"), long, LabelLayout::Long, scale()).unwrap();
    let b = parse_labels(Path::new("w"), wide, LabelLayout::Wide, scale()).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.assessors, ["ann", "bob"]);
    assert_eq!(a.items[0].labels, [(0, 2), (1, 0)]);
    assert_eq!(a.items[1].labels, [(1, 1)]);
    let unnamed = parse_labels(
        Path::new("u"),
        "T1 d1 2 0\nT2 d2 NA 1\n",
        LabelLayout::WideUnnamed,
        scale(),
    )
    .unwrap();
    assert_eq!(unnamed.assessors, ["col1", "col2"]);
    assert_eq!(unnamed.items, a.items);
}

#[test]
fn labels_are_levels_on_the_declared_scale() {
    let s: Scale = "-2..2".parse().unwrap();
    let l = parse_labels(Path::new("l"), "q d a -2\nq e a 2\n", LabelLayout::Long, s).unwrap();
    assert_eq!(l.items[0].labels, [(0, 0)]);
    assert_eq!(l.items[1].labels, [(0, 4)]);
    assert_eq!((s.levels(), s.label(4)), (5, 2));
    for bad in ["2..2", "0..101", "x..3", "0-2", "-2000..0"] {
        assert!(bad.parse::<Scale>().is_err(), "{bad}");
    }
}

#[test]
fn errors_name_file_line_and_what_was_expected() {
    let cases = [
        (
            LabelLayout::Long,
            "T1 d1 a 2\nT1 d1 a\n",
            2,
            "expected 4 fields",
        ),
        (
            LabelLayout::Long,
            "T1 d1 a 3\n",
            1,
            "the label (field 4) to be an integer on the declared scale 0..2",
        ),
        (
            LabelLayout::Long,
            "T1 d1 a 1\nT1 d1 a 2\n",
            2,
            "already labelled document `d1` of topic `T1` on line 1",
        ),
        (
            LabelLayout::Wide,
            "topic doc a b\nT1 d1 1\n",
            2,
            "expected 4 fields",
        ),
        (
            LabelLayout::Wide,
            "topic doc a a\n",
            1,
            "names assessor `a` twice",
        ),
        (
            LabelLayout::Wide,
            "topic doc\n",
            1,
            "naming at least one assessor",
        ),
        (
            LabelLayout::Wide,
            "t d a b\nT1 d1 1 x\n",
            2,
            "label of `b` (field 4)",
        ),
        (
            LabelLayout::Wide,
            "t d a\nT1 d1 1\nT1 d1 2\n",
            3,
            "already labelled on line 2",
        ),
        (
            LabelLayout::WideUnnamed,
            "T1 d1 1 2\nT1 d2 1\n",
            2,
            "expected 4 fields",
        ),
    ];
    for (layout, text, line, what) in cases {
        let e = parse_labels(Path::new("l.tsv"), text, layout, scale()).unwrap_err();
        let shown = e.to_string();
        assert!(shown.starts_with(&format!("l.tsv:{line}: ")), "{shown}");
        assert!(shown.contains(what), "{shown}");
    }
    let e = parse_labels(Path::new("l.tsv"), "", LabelLayout::Long, scale()).unwrap_err();
    assert_eq!(e.to_string(), "l.tsv: no labels in the file");
}

/// Blank lines are skipped in every layout, as comment lines are.
#[test]
fn blank_lines_are_skipped() {
    for (layout, text) in [
        (LabelLayout::Long, "\nT1 d1 a 1\n\n \t\nT1 d1 b 0\n"),
        (LabelLayout::Wide, "\ntopic doc a b\n\nT1 d1 1 0\n\n"),
        (LabelLayout::WideUnnamed, "T1 d1 1 0\n\nT1 d2 0 0\n"),
    ] {
        let labels = parse_labels(Path::new("l.tsv"), text, layout, scale()).unwrap();
        assert_eq!(labels.assessors.len(), 2, "{text:?}");
    }
}

/// A wide file read as long (the default layout) says that `--layout` exists; a control character
/// such as NUL in a topic, document or assessor id is an error at its line.
#[test]
fn a_wide_file_read_as_long_names_the_layout_and_ids_are_printable() {
    let read = |text: &str, layout| {
        parse_labels(Path::new("l"), text, layout, scale())
            .unwrap_err()
            .to_string()
    };
    let wide = "topic doc ann bob carol
T1 d1 2 0 1
";
    let err = read(wide, LabelLayout::Long);
    assert!(err.starts_with("l:1: expected 4 fields"), "{err}");
    assert!(err.contains("--layout wide"), "{err}");
    let two = "topic doc ann bob
T1 d1 2 0
";
    let err = read(two, LabelLayout::Long);
    assert!(
        err.starts_with("l:1:") && err.contains("--layout wide"),
        "{err}"
    );
    let err = read(
        "T1 d1 a 1
T1 d2 b x
",
        LabelLayout::Long,
    );
    assert!(!err.contains("--layout"), "{err}");

    for (text, layout, what) in [
        ("T1 d\x001 a 1\n", LabelLayout::Long, "document"),
        ("T\x001 d1 a 1\n", LabelLayout::Long, "topic"),
        ("T1 d1 a\u{1b}[31m 1\n", LabelLayout::Long, "assessor"),
        (
            "topic doc a\0 b\nT1 d1 1 1\n",
            LabelLayout::Wide,
            "assessor",
        ),
        ("topic doc a b\nT1\0 d1 1 1\n", LabelLayout::Wide, "topic"),
        ("T1 d\x001 1 1\n", LabelLayout::WideUnnamed, "document"),
    ] {
        let err = read(text, layout);
        assert!(err.contains(&format!("the {what} `")), "{text:?}: {err}");
        assert!(err.contains("control character U+00"), "{text:?}: {err}");
    }
}

#[test]
fn assessors_are_bounded() {
    let text: String = (0..=MAX_ASSESSORS)
        .map(|a| format!("T d a{a} 1\n"))
        .collect();
    let e = parse_labels(Path::new("l"), &text, LabelLayout::Long, scale()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("l:{}: more than", MAX_ASSESSORS + 1)),
        "{e}"
    );
}
