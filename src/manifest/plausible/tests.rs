use super::*;

const FILE: &str = "\
topics: 100
drop: {min: 0.3, max: 1.2}
teams:
  - {name: A, quality: 1.0}
  - {name: B, quality: 0.5}
builds_in:
  - knobs: [drop]
plausible:
  ranged:
    - knob: drop.max
      range: [0.6, 2.0]
      why: the calibration left it open
    - knob: teams[*].quality
      scale: [0.7, 1.3]
      why: the ladder was set, not fitted
    - knob: topics
      range: [50, 200]
      why: a guess
  fixed:
    - knob: drop.min
      why: kept
    - knob: teams
      why: the names are placeholders
";

fn read(text: &str) -> Result<KnobSpace, SourceError> {
    let mut space = KnobSpace::default();
    space.read_file(Path::new("k.yaml"), "k.yaml", text)?;
    Ok(space)
}

fn error(text: &str) -> SourceError {
    read(text).expect_err("an error")
}

#[test]
fn reads_ranges_with_their_lines_and_kinds() {
    let space = read(FILE).unwrap();
    let names: Vec<String> = space.ranged.iter().map(RangedKnob::name).collect();
    assert_eq!(names, ["drop.max", "teams[*].quality ×", "topics"]);
    assert_eq!(space.ranged[0].line, 10);
    assert_eq!(space.ranged[0].shipped, 1.2);
    assert!(space.ranged[2].integer);
    assert_eq!(space.ranged[2].at(0.5), 125.0);
    assert_eq!(space.ranged[1].setting, Setting::Scale);
    assert_eq!(space.fixed.len(), 2);
}

#[test]
fn a_design_point_rewrites_its_knobs_and_nothing_else() {
    let space = read(FILE).unwrap();
    let files = space.rewritten(&[1.5, 2.0, 120.0]);
    let doc: Value = serde_yaml::from_str(&files["k.yaml"]).unwrap();
    assert_eq!(doc["drop"]["max"], Value::from(1.5));
    assert_eq!(doc["drop"]["min"], Value::from(0.3));
    assert_eq!(doc["teams"][1]["quality"], Value::from(1.0));
    assert_eq!(doc["teams"][1]["name"], Value::from("B"));
    assert_eq!(doc["topics"], Value::from(120));
}

#[test]
fn bad_declarations_are_errors_naming_line_and_cause() {
    for (from, to, line, cause) in [
        ("range: [0.6, 2.0]", "range: [2.0, 0.6]", 10, "lo < hi"),
        ("range: [0.6, 2.0]", "range: [0.6, 1.0]", 10, "outside"),
        ("range: [0.6, 2.0]", "range: [0.6]", 11, "invalid length"),
        ("range: [50, 200]", "range: [50.5, 200]", 16, "integer ends"),
        ("knob: drop.max", "knob: drop.maxx", 10, "does not reach"),
        ("knob: drop.max", "knob: drop[", 10, "not closed"),
        (
            "scale: [0.7, 1.3]",
            "range: [0.7, 1.3]",
            13,
            "reaches 2 numbers",
        ),
        ("why: a guess", "why: ' '", 16, "needs its `why`"),
        (
            "    - knob: drop.min\n      why: kept\n",
            "",
            2,
            "neither a plausible range",
        ),
    ] {
        let text = FILE.replace(from, to);
        assert_ne!(text, FILE, "{from}");
        let err = error(&text);
        assert_eq!(err.position.map(|p| p.line), Some(line), "{to}: {err}");
        assert!(err.to_string().contains(cause), "{to}: {err}");
        assert!(err.to_string().starts_with("k.yaml:"), "{err}");
    }
}

#[test]
fn a_knob_ranged_and_fixed_alike_or_twice_is_an_error() {
    let twice = FILE.replace(
        "    - knob: topics\n",
        "    - knob: drop.max\n      range: [1, 2]\n      why: again\n    - knob: topics\n",
    );
    assert!(error(&twice).to_string().contains("ranged twice"));
    let both = FILE.replace(
        "    - knob: drop.min\n      why: kept\n",
        "    - knob: drop.min\n      why: kept\n    - knob: drop.max\n      why: also\n",
    );
    let e = error(&both).to_string();
    assert!(e.contains("both ranged"), "{e}");
}

#[test]
fn builds_in_without_plausible_is_an_error_and_a_plain_file_is_none() {
    let text = FILE.split("plausible:").next().unwrap();
    let err = error(text);
    assert!(err.to_string().contains("no `plausible:`"), "{err}");
    assert_eq!(err.position.map(|p| p.line), Some(6));
    assert!(read("a: 1\n").unwrap().ranged.is_empty());
}
