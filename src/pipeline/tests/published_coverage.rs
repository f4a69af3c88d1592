//! The published-values files cover every number of the reference transcription,
//! `tests/fixtures/published-values.md` (the papers' tables as transcribed by the project), with the
//! keys the experiments emit.
//!
//! For every table section of the reference (`## A.T1 — …` … `## B.T8 — …`):
//! - the number of entries equals the section's "Values: … = N" count, read from the reference;
//! - every numeric token of every reference table row appears, in order, as the `printed` string of
//!   the file's entries, each under the panel/row/column/part key that the row and column headers
//!   map to (the mapping below restates the key scheme of the assignment, table by table).
//!
//! The text claims are checked against `tests/fixtures/paper-text-excerpts.md`, the passages of the
//! papers where their numbers are printed. Both fixtures are in the repository; if one is absent
//! these tests fail and say so.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::pipeline::published_layout::resolve_parameter_columns;
use crate::pipeline::reproduce::manifest_path;
use crate::published::{self, ProvenanceClass, PublishedCell, PublishedFile};

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> String {
    let path = manifest_dir().join("tests").join("fixtures").join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read the fixture {} ({err})", path.display()))
}

/// A published file as the pipeline reads it: its parameter-derived columns (`ug_p[0]`) resolved
/// against the manifest.
fn load(relative: &str) -> PublishedFile {
    let path = manifest_dir().join(relative);
    let mut file = published::load(&path).unwrap_or_else(|err| panic!("{err}"));
    let manifest = crate::papers::load_manifest(&manifest_path(&manifest_dir())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    resolve_parameter_columns(&manifest, &mut file, &path, &text)
        .unwrap_or_else(|err| panic!("{err}"));
    file
}

fn both_files() -> Vec<PublishedFile> {
    published::PUBLISHED_FILES
        .iter()
        .map(|file| load(file))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Reading the reference.

/// One Markdown table of a reference section, with the bold panel heading printed above it.
#[derive(Debug)]
struct RefTable {
    heading: Option<String>,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// One `## X.Tn — …` section of the reference: its "Values:" count and its tables.
#[derive(Debug)]
struct RefSection {
    values: usize,
    tables: Vec<RefTable>,
}

fn split_row(line: &str) -> Vec<String> {
    line.trim()
        .trim_start_matches('|')
        .trim_end_matches('|')
        .split('|')
        .map(|cell| cell.trim().to_string())
        .collect()
}

/// The count after the last `=` of a "Values: …" line (or right after "Values:" when there is no
/// `=`): "Values: 7 items × (5 ratings + 5 numbers) = 70." → 70; "Values: 15." → 15.
fn values_count(line: &str) -> usize {
    let after = &line[line.find("Values:").expect("a Values: line") + "Values:".len()..];
    let tail = after
        .rsplit('=')
        .next()
        .expect("rsplit yields at least one piece");
    let digits: String = tail
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no count in {line:?}"))
}

/// `A.T1` … `B.T8` (not `A.text`, `A.var`, `B.F1`, `B.amb`).
fn is_table_id(id: &str) -> bool {
    let mut chars = id.chars();
    matches!(chars.next(), Some('A' | 'B'))
        && chars.next() == Some('.')
        && chars.next() == Some('T')
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn reference_sections() -> BTreeMap<String, RefSection> {
    let text = fixture("published-values.md");
    let mut sections = BTreeMap::new();
    let mut current: Option<(String, Option<usize>, Vec<RefTable>)> = None;
    let mut heading: Option<String> = None;
    let lines: Vec<&str> = text.lines().collect();
    let finish = |current: Option<(String, Option<usize>, Vec<RefTable>)>,
                  sections: &mut BTreeMap<String, RefSection>| {
        if let Some((id, values, tables)) = current {
            let values = values.unwrap_or_else(|| panic!("section {id} has no Values: line"));
            sections.insert(id, RefSection { values, tables });
        }
    };
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("## ") || line.starts_with("# ") {
            finish(current.take(), &mut sections);
            heading = None;
            let id = line
                .trim_start_matches('#')
                .trim()
                .split(' ')
                .next()
                .unwrap_or("");
            if line.starts_with("## ") && is_table_id(id) {
                current = Some((id.to_string(), None, Vec::new()));
            }
        } else if let Some((_, values, tables)) = current.as_mut() {
            if line.contains("Values:") {
                *values = Some(values_count(line));
            } else if let Some(rest) = line.strip_prefix("**(") {
                let end = rest.find("**").expect("closing ** of a panel heading");
                heading = Some(format!("({}", &rest[..end]));
            } else if line.starts_with('|') {
                let header = split_row(line);
                i += 2; // skip the |---| separator
                let mut rows = Vec::new();
                while i < lines.len() && lines[i].starts_with('|') {
                    rows.push(split_row(lines[i]));
                    i += 1;
                }
                tables.push(RefTable {
                    heading: heading.take(),
                    header,
                    rows,
                });
                continue;
            }
        }
        i += 1;
    }
    finish(current.take(), &mut sections);
    sections
}

/// The printed numbers of a cell, in order: `.987 [.968, 1.007]` → `.987`, `.968`, `1.007`;
/// `2/29/2 (87.9%)` → `2`, `29`, `2`, `87.9%`; `11,214` stays one token; `-` has none.
fn numeric_tokens(cell: &str) -> Vec<String> {
    let chars: Vec<char> = cell.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let starts_number = |i: usize| {
        let c = chars[i];
        let next_is_digit = chars.get(i + 1).is_some_and(|c| c.is_ascii_digit());
        let next_is_dot_digit =
            chars.get(i + 1) == Some(&'.') && chars.get(i + 2).is_some_and(|c| c.is_ascii_digit());
        c.is_ascii_digit()
            || (c == '.' && next_is_digit)
            || ((c == '−' || c == '-') && (next_is_digit || next_is_dot_digit))
    };
    while i < chars.len() {
        if !starts_number(i) {
            i += 1;
            continue;
        }
        let mut token = String::new();
        token.push(chars[i]);
        i += 1;
        while i < chars.len() {
            let c = chars[i];
            let next_is_digit = chars.get(i + 1).is_some_and(|c| c.is_ascii_digit());
            if c.is_ascii_digit() || ((c == ',' || c == '.') && next_is_digit) {
                token.push(c);
                i += 1;
            } else if c == '%' {
                token.push(c);
                i += 1;
                break;
            } else {
                break;
            }
        }
        tokens.push(token);
    }
    tokens
}

// ---------------------------------------------------------------------------------------------
// The key scheme (assignment: "Keys (use exactly these …)").

/// `(a) Mean nG@1` → `nG@1`; `(b) Mean (b) Q@10` → `Q@10`; `(a) lancer1 vs. lancer2` →
/// `lancer1-lancer2`.
fn strip_labels(label: &str) -> String {
    let mut words: Vec<&str> = label
        .split_whitespace()
        .filter(|word| !(word.len() == 3 && word.starts_with('(') && word.ends_with(')')))
        .collect();
    if words.first() == Some(&"Mean") {
        words.remove(0);
    }
    words.retain(|word| *word != "Mean");
    words.join(" ").replace(" vs. ", "-")
}

fn topic_set(label: &str) -> String {
    match label {
        "all3 (50 topics)" => "all3-50",
        "all3 (27 high-agreement topics)" | "high-agreement (27 topics)" => "all3-high27",
        "all3 (23 low-agreement topics)" | "low-agreement (23 topics)" => "all3-low23",
        other => panic!("unknown topic set label {other:?}"),
    }
    .to_string()
}

fn b_t1_statistic(label: &str) -> (&'static str, &'static [&'static str]) {
    match label {
        "Linear weighted Cohen's κ with 95%CI" => ("kappa_w", &["estimate", "ci_lo", "ci_hi"]),
        "Mean (min/max) per-topic linear weighted Cohen's κ" => {
            ("per_topic_kappa_w", &["mean", "min", "max"])
        }
        "#Topics where per-topic κ is not statistically significantly positive" => {
            ("topics_not_significant", &["count"])
        }
        "Binary Cohen's κ with 95%CI" => ("kappa_binary", &["estimate", "ci_lo", "ci_hi"]),
        "Binary raw agreement" => ("raw_agreement_binary", &["estimate"]),
        other => panic!("unknown B.T1 statistic row {other:?}"),
    }
}

/// An expected entry: key parts and the printed token.
#[derive(Debug, PartialEq)]
struct Expected {
    panel: String,
    row: String,
    column: String,
    part: String,
    printed: String,
}

fn expected_of_cell(cell: &PublishedCell) -> Expected {
    Expected {
        panel: cell.panel.clone(),
        row: cell.row.clone(),
        column: cell.column.clone(),
        part: cell.part.clone(),
        printed: cell.printed.clone(),
    }
}

fn push_parts(
    out: &mut Vec<Expected>,
    panel: &str,
    row: &str,
    column: &str,
    parts: &[&str],
    tokens: &[String],
) {
    assert_eq!(
        parts.len(),
        tokens.len(),
        "reference cell {panel}/{row}/{column} has tokens {tokens:?}, expected parts {parts:?}"
    );
    for (part, token) in parts.iter().zip(tokens) {
        out.push(Expected {
            panel: panel.to_string(),
            row: row.to_string(),
            column: column.to_string(),
            part: part.to_string(),
            printed: token.clone(),
        });
    }
}

/// The entries a reference table section implies, in reading order.
fn expected_entries(id: &str, section: &RefSection) -> Vec<Expected> {
    let mut out = Vec::new();
    for table in &section.tables {
        if id == "A.T3" {
            expected_a_t3(table, &mut out);
            continue;
        }
        let is_b_t1_statistics = id == "B.T1" && table.header[0] == "row";
        let panel = match (&table.heading, id) {
            (_, "B.T1") if is_b_t1_statistics => "statistics".to_string(),
            (Some(heading), "B.T1") => strip_labels(heading.split(" —").next().unwrap_or("")),
            (Some(heading), _) => strip_labels(heading),
            (None, _) => "main".to_string(),
        };
        for row in &table.rows {
            let label = row[0].as_str();
            for (header, cell) in table.header.iter().zip(row).skip(1) {
                let tokens = numeric_tokens(cell);
                if tokens.is_empty() {
                    assert_eq!(cell, "-", "{id}: a cell without numbers must be a dash");
                    continue;
                }
                let (row_key, column, parts): (String, String, Vec<String>) = match id {
                    "A.T1" => {
                        let row_key = label.replace("Item ", "item");
                        let column = match header.as_str() {
                            "Ratings (N = 5)" => "ratings",
                            "RawG_i" => "rawg",
                            "D_i" => "d",
                            "WG_i" => "wg",
                            "UG_i (p = 0.2)" => "ug_p0.2",
                            "UG_i (p = 0.1)" => "ug_p0.1",
                            other => panic!("unknown A.T1 column {other:?}"),
                        };
                        let parts = if column == "ratings" {
                            (1..=5).map(|k| k.to_string()).collect()
                        } else {
                            vec!["value".to_string()]
                        };
                        (row_key, column.to_string(), parts)
                    }
                    "A.T2" | "B.T3" | "B.T6" => {
                        let (row_key, column) = match id {
                            "A.T2" => (format!("dmax={label}"), header.replace("N = ", "n=")),
                            "B.T3" => (label.to_string(), header.clone()),
                            _ => (topic_set(label), topic_set(header)),
                        };
                        (row_key, column, strings(&["tau", "ci_lo", "ci_hi"]))
                    }
                    "B.T4" | "B.T7" => {
                        let (row_key, column) = if id == "B.T4" {
                            (label.to_string(), header.clone())
                        } else {
                            (topic_set(label), topic_set(header))
                        };
                        (row_key, column, strings(&["a", "b", "c", "sso_pct"]))
                    }
                    "B.T1" if is_b_t1_statistics => {
                        let (row_key, parts) = b_t1_statistic(label);
                        (row_key.to_string(), strip_labels(header), strings(parts))
                    }
                    "B.T1" => (label.to_string(), header.clone(), strings(&["value"])),
                    "B.T2" => {
                        let column = if header == "total judged" {
                            "total".to_string()
                        } else {
                            header.clone()
                        };
                        (label.to_string(), column, strings(&["value"]))
                    }
                    "B.T5" => (label.to_string(), strip_labels(header), strings(&["count"])),
                    "B.T8" => (topic_set(label), strip_labels(header), strings(&["count"])),
                    other => panic!("no key scheme for reference table {other}"),
                };
                let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
                push_parts(&mut out, &panel, &row_key, &column, &parts, &tokens);
            }
        }
    }
    out
}

fn strings(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|part| part.to_string()).collect()
}

/// A.T3: columns `#`, panel, Dmax, N, system pair, six numbers ((I) RawG then (II) UG: p-value,
/// |d_XY|, ES_HSD), bold, and two columns of extraction tokens.
fn expected_a_t3(table: &RefTable, out: &mut Vec<Expected>) {
    assert_eq!(table.header[5], "(I) p-value", "A.T3 column layout changed");
    for row in &table.rows {
        let number: usize = row[0].parse().expect("A.T3 row number");
        let panel = strip_labels(&row[1]);
        let row_key = format!("r{number:02}");
        for (column, values) in [("rawg", &row[5..8]), ("ug", &row[8..11])] {
            for (part, value) in ["p", "abs_d", "es_hsd"].iter().zip(values) {
                let tokens = numeric_tokens(value);
                push_parts(out, &panel, &row_key, column, &[part], &tokens);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tests.

#[test]
fn both_files_load_and_keys_are_unique() {
    // Loading already rejects duplicates within a table; table ids are unique per file and carry
    // the paper's prefix, so keys are unique across both files too.
    let mut seen = std::collections::BTreeSet::new();
    for file in both_files() {
        for cell in file.cells() {
            assert!(seen.insert(cell.key()), "duplicate key {}", cell.key());
        }
    }
    assert!(!seen.is_empty());
}

#[test]
fn every_value_is_the_parse_of_its_printed_token() {
    for file in both_files() {
        for cell in file.cells() {
            assert_eq!(
                published::parse_printed(&cell.printed),
                Some(cell.value),
                "{}",
                cell.key()
            );
        }
        for claim in &file.text {
            assert_eq!(
                published::parse_text_printed(&claim.printed),
                Some(claim.value),
                "{}",
                claim.id
            );
        }
    }
}

#[test]
fn every_reference_table_is_covered_entry_by_entry() {
    let sections = reference_sections();
    let expected_ids = [
        "A.T1", "A.T2", "A.T3", "B.T1", "B.T2", "B.T3", "B.T4", "B.T5", "B.T6", "B.T7", "B.T8",
    ];
    let found: Vec<&str> = sections.keys().map(String::as_str).collect();
    assert_eq!(found, expected_ids, "table sections of the reference");
    let files = both_files();
    let mut file_tables = Vec::new();
    for file in &files {
        for table in &file.tables {
            file_tables.push(table.table.as_str());
        }
    }
    assert_eq!(
        file_tables, expected_ids,
        "tables of the published files, in order"
    );
    for (id, section) in &sections {
        let table = files
            .iter()
            .find_map(|file| file.table(id))
            .unwrap_or_else(|| panic!("no table {id} in the published files"));
        assert_eq!(
            table.cells.len(),
            section.values,
            "{id}: entries vs the reference's Values count"
        );
        let expected = expected_entries(id, section);
        assert_eq!(
            expected.len(),
            section.values,
            "{id}: reference tokens vs its own Values count"
        );
        let actual: Vec<Expected> = table.cells.iter().map(expected_of_cell).collect();
        for (index, (want, got)) in expected.iter().zip(&actual).enumerate() {
            assert_eq!(got, want, "{id}: entry {index} differs from the reference");
        }
    }
}

#[test]
fn a_t3_rows_carry_the_reference_groups_pairs_and_bold() {
    let sections = reference_sections();
    let reference = &sections["A.T3"].tables[0];
    let file = load(published::PUBLISHED_FILES[0]);
    let table = file.table("A.T3").expect("A.T3");
    for row in &reference.rows {
        let row_key = format!("r{:02}", row[0].parse::<usize>().expect("row number"));
        let cells: Vec<&PublishedCell> = table
            .cells
            .iter()
            .filter(|cell| cell.row == row_key)
            .collect();
        assert_eq!(cells.len(), 6, "{row_key}");
        let bold_column = match row[11].as_str() {
            "(I) p-value" => "rawg",
            "(II) p-value" => "ug",
            other => panic!("unexpected bold column {other:?}"),
        };
        for cell in cells {
            assert_eq!(cell.meta.get("dmax"), Some(&row[2]), "{}", cell.key());
            assert_eq!(cell.meta.get("n"), Some(&row[3]), "{}", cell.key());
            let pair = cell.meta.get("pair").expect("pair");
            assert!(
                row[4].contains(pair.as_str()),
                "{}: pair {pair:?} not in {:?}",
                cell.key(),
                row[4]
            );
            assert_eq!(cell.meta.len(), 3, "{}", cell.key());
            let bold = (cell.part == "p").then(|| cell.column == bold_column);
            assert_eq!(cell.bold, bold, "{}", cell.key());
        }
    }
    // The rows whose key the extractions disagree on say so.
    for row_key in ["r11", "r13", "r19", "r23"] {
        assert!(
            table
                .cells
                .iter()
                .filter(|cell| cell.row == row_key)
                .all(|cell| cell.note.is_some()),
            "{row_key} needs its extraction note"
        );
    }
}

#[test]
fn bold_appears_only_where_the_print_has_it() {
    for file in both_files() {
        for cell in file.cells() {
            if cell.bold.is_some() {
                assert!(cell.table == "A.T3" && cell.part == "p", "{}", cell.key());
            }
        }
    }
}

/// The provenance classes of the assignment's key scheme: A.T1 exact; A.T2 and A.T3
/// simulated; B.T1 matrices, pooled kappas and raw agreement exact, per-topic statistics simulated;
/// B.T2 single-assessor and 2lancers rows exact, all3 levels simulated (its total judged is the
/// matrices' grand total, exact); B.T3/B.T6 simulated; B.T4/B.T7 a/b/c simulated and SSO derived;
/// B.T5/B.T8 derived.
#[test]
fn classes_follow_the_provenance_rules() {
    use ProvenanceClass::{Derived, Exact, Simulated};
    for file in both_files() {
        for cell in file.cells() {
            let expected = match cell.table.as_str() {
                "A.T1" => Exact,
                "A.T2" | "A.T3" | "B.T3" | "B.T6" => Simulated,
                "B.T1" => match cell.row.as_str() {
                    "per_topic_kappa_w" | "topics_not_significant" => Simulated,
                    _ => Exact,
                },
                "B.T2" => {
                    if cell.row == "all3" && cell.column != "total" {
                        Simulated
                    } else {
                        Exact
                    }
                }
                "B.T4" | "B.T7" => {
                    if cell.part == "sso_pct" {
                        Derived
                    } else {
                        Simulated
                    }
                }
                "B.T5" | "B.T8" => Derived,
                other => panic!("unexpected table {other}"),
            };
            assert_eq!(cell.class, expected, "{}", cell.key());
        }
    }
}

/// The quoted passages of `tests/fixtures/paper-text-excerpts.md`: claim id → passage. Each entry is
/// a `## <claim id> (<section>)` heading followed by one `> <passage>` line.
fn paper_text_excerpts() -> BTreeMap<String, String> {
    let text = fixture("paper-text-excerpts.md");
    let mut excerpts = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            let id = heading.split(' ').next().unwrap_or("").to_string();
            assert!(
                current.is_none(),
                "{id}: the previous heading has no passage"
            );
            current = Some(id);
        } else if let Some(passage) = line.strip_prefix("> ") {
            let id = current
                .take()
                .expect("a passage follows a `## <claim id>` heading");
            let previous = excerpts.insert(id.clone(), passage.to_string());
            assert!(previous.is_none(), "{id}: two passages");
        }
    }
    assert!(current.is_none(), "the last heading has no passage");
    excerpts
}

/// Every text claim's printed token occurs, exactly as transcribed, in the passage of its paper
/// quoted for it (`tests/fixtures/paper-text-excerpts.md`), and every quoted passage belongs to a
/// claim.
#[test]
fn text_claims_are_printed_in_their_papers() {
    let mut excerpts = paper_text_excerpts();
    for file in both_files() {
        assert!(
            !file.text.is_empty(),
            "paper {} has text claims",
            file.paper
        );
        for claim in &file.text {
            let passage = excerpts
                .remove(&claim.id)
                .unwrap_or_else(|| panic!("{}: no quoted passage in the fixture", claim.id));
            assert!(
                passage.contains(&claim.printed),
                "{}: `{}` does not occur in its passage {passage:?}",
                claim.id,
                claim.printed
            );
        }
    }
    assert!(
        excerpts.is_empty(),
        "passages for unknown claims: {:?}",
        excerpts.keys()
    );
}

#[test]
fn numeric_tokens_split_cells_as_printed() {
    assert_eq!(
        numeric_tokens(".987 [.968, 1.007]"),
        [".987", ".968", "1.007"]
    );
    assert_eq!(numeric_tokens("2/29/2 (87.9%)"), ["2", "29", "2", "87.9%"]);
    assert_eq!(
        numeric_tokens("0.293 (−0.007/0.683)"),
        ["0.293", "−0.007", "0.683"]
    );
    assert_eq!(numeric_tokens("11,214"), ["11,214"]);
    assert_eq!(numeric_tokens("2 2 2 2 2"), ["2", "2", "2", "2", "2"]);
    assert!(numeric_tokens("-").is_empty());
    assert_eq!(
        values_count("Values: 7 items × (5 ratings + 5 numbers) = 70."),
        70
    );
    assert_eq!(
        values_count("No bold in the extraction. Values: 27 (matrices) + 9 = 60."),
        60
    );
    assert_eq!(values_count("Values: 15."), 15);
}
