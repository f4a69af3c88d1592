//! The published-values loader rejects malformed files with an error that names the file, the line
//! and (where known) the column: unknown keys, duplicate keys, wrong types, and a `value` that is
//! not the parse of its `printed` token (src/published.rs).

use std::path::{Path, PathBuf};

use crate::published::{self, CellKey, ProvenanceClass, PublishedError};

/// A small valid file; each test breaks one line of it.
const VALID: &str = r#"paper: A
title: "Unanimity-Aware Gain for Highly Subjective Assessments"
venue: "EVIA 2017, pp. 39–42"
source: "test"
tables:
  - table: A.T1
    caption: "Examples"
    class: exact
    cells:
      - {panel: main, row: item1, column: ratings, part: "1", printed: "2", value: 2}
      - {panel: main, row: item1, column: wg, printed: "10.0", value: 10.0}
  - table: A.T2
    caption: "Kendall's tau"
    class: simulated
    cells:
      - {panel: nG@1, row: dmax=2, column: n=5, part: "tau", printed: ".987", value: 0.987}
      - panel: nG@1
        row: dmax=2
        column: n=5
        part: ci_hi
        printed: "1.007"
        value: 1.007
        class: derived
text:
  - id: A.text.comparisons
    section: "§5"
    claim: "16 * 15/2 = 120"
    printed: "120"
    value: 120
    class: derived
"#;

/// Writes `text` to a temporary file and loads it through the public entry point.
fn load_text(
    text: &str,
) -> (
    Result<published::PublishedFile, PublishedError>,
    PathBuf,
    tempfile::TempDir,
) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("published.yaml");
    std::fs::write(&path, text).expect("write temporary file");
    (published::load(&path), path, dir)
}

/// Replaces the 1-based line `line` of [`VALID`] with `replacement`.
fn with_line(line: usize, replacement: &str) -> String {
    let mut lines: Vec<&str> = VALID.lines().collect();
    lines[line - 1] = replacement;
    lines.join("\n") + "\n"
}

/// Asserts the error is an `Invalid` at `line`, that its message names the file and line, and
/// that it mentions `needle`.
fn assert_invalid_at(
    result: Result<published::PublishedFile, PublishedError>,
    path: &Path,
    line: usize,
    needle: &str,
) {
    let err = result.expect_err("the malformed file must be rejected");
    assert!(matches!(err, PublishedError::Invalid(_)), "{err:?}");
    let source = err.source_error();
    let position = source.position.expect("the error must carry a position");
    assert_eq!(position.line, line, "wrong line in: {err}");
    let message = err.to_string();
    let expected_prefix = format!("{}:{line}", path.display());
    assert!(
        message.starts_with(&expected_prefix),
        "message does not name file and line: {message}"
    );
    assert!(
        message.contains(needle),
        "message does not mention {needle:?}: {message}"
    );
}

#[test]
fn the_valid_sample_loads_with_defaults_resolved() {
    let (result, _path, _dir) = load_text(VALID);
    let file = result.expect("valid file");
    let cells: Vec<_> = file.cells().collect();
    assert_eq!(cells.len(), 4);
    assert_eq!(cells[1].part, "value", "part defaults to value");
    assert_eq!(cells[1].table, "A.T1", "table is filled in from the group");
    assert_eq!(
        cells[2].class,
        ProvenanceClass::Simulated,
        "class defaults to the table's"
    );
    assert_eq!(
        cells[3].class,
        ProvenanceClass::Derived,
        "a cell's class overrides the table's"
    );
    let key = CellKey::new("A.T2", "nG@1", "dmax=2", "n=5", "ci_hi");
    assert_eq!(
        file.cell(&key).map(|cell| cell.printed.as_str()),
        Some("1.007")
    );
    assert_eq!(file.text.len(), 1);
}

#[test]
fn an_unknown_key_is_rejected_at_its_line() {
    let broken = with_line(
        11,
        "      - {panel: main, row: item1, column: wg, printed: \"10.0\", value: 10.0, colour: red}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 11, "unknown field `colour`");
}

#[test]
fn an_unknown_top_level_key_is_rejected_at_its_line() {
    let broken = with_line(4, "sauce: \"test\"");
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 4, "unknown field `sauce`");
}

#[test]
fn a_duplicate_key_inside_a_mapping_is_rejected_at_its_line() {
    let broken = with_line(
        11,
        "      - {panel: main, row: item1, row: item2, column: wg, printed: \"10.0\", value: 10.0}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 11, "duplicate field `row`");
}

#[test]
fn a_duplicate_cell_key_is_rejected_at_the_second_cell() {
    let broken = with_line(
        11,
        "      - {panel: main, row: item1, column: ratings, part: \"1\", printed: \"2\", value: 2}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(
        result,
        &path,
        11,
        "duplicate cell (panel/row/column/part) `main/item1/ratings/1`",
    );
}

#[test]
fn a_duplicate_cell_key_through_the_default_part_is_rejected() {
    // `part: value` written out collides with a cell whose part was left to the default.
    let broken = with_line(
        10,
        "      - {panel: main, row: item1, column: wg, part: value, printed: \"10.0\", value: 10.0}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 11, "duplicate cell");
}

#[test]
fn a_duplicate_table_id_is_rejected_at_the_second_table() {
    let broken = with_line(12, "  - table: A.T1");
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 12, "duplicate table `A.T1`");
}

#[test]
fn a_duplicate_meta_key_is_rejected() {
    let broken = with_line(
        11,
        "      - {panel: main, row: item1, column: wg, printed: \"10.0\", value: 10.0, meta: {n: \"5\", n: \"10\"}}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 11, "duplicate meta key `n`");
}

#[test]
fn a_wrong_type_is_rejected_at_its_line() {
    let broken = with_line(
        11,
        "      - {panel: main, row: item1, column: wg, printed: \"10.0\", value: ten}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 11, "invalid type");
}

#[test]
fn a_wrong_type_in_a_block_mapping_names_the_value_line() {
    let broken = with_line(22, "        value: [1.007]");
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 22, "invalid type");
}

#[test]
fn an_unknown_class_is_rejected_at_its_line() {
    let broken = with_line(14, "    class: guessed");
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 14, "unknown variant `guessed`");
}

#[test]
fn a_value_that_disagrees_with_its_printed_token_is_rejected() {
    let broken = with_line(
        16,
        "      - {panel: nG@1, row: dmax=2, column: n=5, part: \"tau\", printed: \".987\", value: 0.978}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 16, "does not match printed `.987`");
}

#[test]
fn a_value_that_disagrees_in_a_block_mapping_names_the_cell_line() {
    let broken = with_line(22, "        value: 1.070");
    let (result, path, _dir) = load_text(&broken);
    // The error is reported at the start of the cell's mapping (its `panel:` line).
    assert_invalid_at(result, &path, 17, "does not match printed `1.007`");
}

#[test]
fn a_dash_is_not_an_entry() {
    let broken = with_line(
        11,
        "      - {panel: main, row: item1, column: wg, printed: \"-\", value: 0}",
    );
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 11, "is not a printed number");
}

#[test]
fn a_text_claim_value_mismatch_is_rejected() {
    let broken = with_line(29, "    value: 121");
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 25, "does not match printed `120`");
}

#[test]
fn a_table_of_the_other_paper_is_rejected_at_its_line() {
    let broken = with_line(12, "  - table: B.T2");
    let (result, path, _dir) = load_text(&broken);
    assert_invalid_at(result, &path, 12, "does not belong to paper A");
}

#[test]
fn a_missing_file_is_a_read_error_naming_the_file() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("absent.yaml");
    let err = published::load(&path).expect_err("missing file");
    assert!(matches!(err, PublishedError::Read(_)), "{err:?}");
    assert!(err.to_string().contains("absent.yaml"), "{err}");
}

/// Paper A Table 3 row 13: the one-line extraction reads N = 10, the MD extraction N = 5.
const READINGS: &str = r#"readings: [{source: "one-line extraction", meta: {n: "10"}}, {source: "MD extraction", meta: {n: "5"}}]"#;

#[test]
fn readings_load_typed_with_the_taken_one_agreeing_with_meta() {
    let cell = format!(
        r#"      - {{panel: nG@1, row: dmax=2, column: n=5, part: "tau", printed: ".987", value: 0.987, meta: {{n: "10"}}, {READINGS}}}"#
    );
    let (result, _, _dir) = load_text(&with_line(16, &cell));
    let file = result.expect("valid readings load");
    let cell = file
        .cell(&CellKey::new("A.T2", "nG@1", "dmax=2", "n=5", "tau"))
        .expect("cell");
    assert_eq!(cell.readings.len(), 2);
    assert_eq!(cell.readings[1].source, "MD extraction");
    assert_eq!(cell.meta_under(&cell.readings[1])["n"], "5");
    let taken = cell.taken_reading().expect("one reading agrees with meta");
    assert_eq!(taken.source, "one-line extraction");
}

#[test]
fn readings_that_none_or_both_agree_with_meta_are_rejected_at_the_cell_line() {
    let both = r#"readings: [{source: "a", meta: {n: "10"}}, {source: "b", meta: {n: "10"}}]"#;
    let one = r#"readings: [{source: "a", meta: {n: "10"}}]"#;
    for (meta, readings, expected) in [
        ("7", READINGS, "0 readings agree with the cell's meta"),
        ("10", both, "2 readings agree with the cell's meta"),
        ("10", one, "lists one reading"),
    ] {
        let cell = format!(
            r#"      - {{panel: nG@1, row: dmax=2, column: n=5, part: "tau", printed: ".987", value: 0.987, meta: {{n: "{meta}"}}, {readings}}}"#
        );
        let (result, path, _dir) = load_text(&with_line(16, &cell));
        assert_invalid_at(result, &path, 16, expected);
    }
}

#[test]
fn a_reading_naming_a_label_the_cell_lacks_is_rejected() {
    let cell = r#"      - {panel: nG@1, row: dmax=2, column: n=5, part: "tau", printed: ".987", value: 0.987, readings: [{source: "a", meta: {n: "1"}}, {source: "b", meta: {n: "2"}}]}"#;
    let (result, path, _dir) = load_text(&with_line(16, cell));
    assert_invalid_at(result, &path, 16, "which the cell's meta does not have");
}
