//! A newcomer adds a table variant by editing YAML only (README, "Layout"): a new artefact in the
//! manifest, with an existing experiment, its own parameters and its own layout, is rebuilt and
//! rendered without touching the code.

#![allow(clippy::unwrap_used)]

use std::fs;

use evia_engine::gain::{GainSetting, raw_gain, spread, unanimity_aware_gain};

use crate::common::{self, TestCommand};

/// Table 1 of paper A again, on the same ratings, with other upgrade strengths p and fewer rows.
const VARIANT: &str = r#"  - id: A.T1v
    paper: A
    kind: table
    caption: "Table 1 with stronger unanimity upgrades"
    experiment: unanimity.gain_examples
    status: built
    parameters:
      data: data/unanimity/table1-ratings.tsv
      n: [5]
      dmax: [3]
      p: [0.5, 1]
    layout:
      panels:
        - id: main
          rows:
            - {id: item1, label: "Item 1"}
            - {id: item4, label: "Item 4"}
            - {id: item5, label: "Item 5"}
          columns:
            - {id: rawg, label: "RawG_i", format: {style: count}}
            - {id: ug_p0.5, label: "UG_i (p = 0.5)", format: {style: number, decimals: 1, trim: true}}
            - {id: ug_p1, label: "UG_i (p = 1)", format: {style: number, decimals: 1, trim: true}}
    outputs: [markdown, json]

"#;

/// The ratings of `item` in the shipped Table 1 file (tab-separated, `#` comments, one header).
fn ratings(item: &str) -> Vec<u32> {
    let text = fs::read_to_string(common::project_root().join("data/unanimity/table1-ratings.tsv"))
        .unwrap();
    let line = text
        .lines()
        .find(|l| l.split('\t').next() == Some(item))
        .unwrap();
    line.split('\t')
        .skip(1)
        .map(|r| r.parse().unwrap())
        .collect()
}

#[test]
fn a_manifest_only_variant_is_rebuilt_with_its_own_parameters() {
    let project = common::scratch_project();
    let manifest_path = project.path().join("paper/manifest.yaml");
    let manifest = fs::read_to_string(&manifest_path).unwrap();
    let with_variant = manifest.replacen("  - id: A.T2\n", &format!("{VARIANT}  - id: A.T2\n"), 1);
    assert_ne!(with_variant, manifest);
    fs::write(&manifest_path, with_variant).unwrap();

    TestCommand::new()
        .current_dir(project.path()) // `--out` is relative to the current directory
        .root(project.path())
        .args(["reproduce", "--only", "A.T1v", "--out", "out"])
        .assert_success();

    let out = project.path().join("out/unanimity");
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("A.T1v.json")).unwrap()).unwrap();
    let cell = |row: &str, column: &str| {
        json["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["row"] == row && c["column"] == column && c["part"] == "value")
            .and_then(|c| c["value"].as_f64())
            .unwrap_or_else(|| panic!("no cell {row}/{column}"))
    };
    for item in ["item1", "item4", "item5"] {
        let r = ratings(item);
        let (raw, d) = (raw_gain(&r), spread(&r));
        assert_eq!(cell(item, "rawg"), f64::from(raw), "{item}");
        for (column, p) in [("ug_p0.5", 0.5), ("ug_p1", 1.0)] {
            let expected = unanimity_aware_gain(raw, d, r.len(), GainSetting { dmax: 3, p });
            assert_eq!(cell(item, column), expected, "{item} {column}");
        }
    }
    let markdown = fs::read_to_string(out.join("A.T1v.md")).unwrap();
    assert!(
        markdown.contains("| UG_i (p = 0.5) | UG_i (p = 1) |"),
        "{markdown}"
    );
    assert!(markdown.contains("| Item 4 |"), "{markdown}");
    assert!(!markdown.contains("| Item 2 |"), "{markdown}");
}
