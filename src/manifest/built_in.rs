//! The `builds_in:` declarations of the stand-in knob files the artefacts read
//! ([`crate::model::built_in`]): every YAML input file of an artefact may declare what its knobs
//! build in. Loading checks each declaration's form: its knobs are key paths of the file, its cells
//! are cell keys, its claims claim ids, and it names at least one of them. That each named claim is
//! checked by some artefact and each named cell is printed is checked against the ledger by the
//! pipeline, which has both.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::Artefact;
use crate::io::{SourceError, parse_yaml, read_text};
use crate::model::{BuiltInDecl, BuiltInKind, BuiltInRef, CellKey};

/// Every declaration of the knob files of a set of artefacts, by what it names.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct BuiltIns {
    pub(crate) declarations: Vec<Declared>,
    claims: BTreeMap<String, usize>,
    cells: BTreeMap<CellKey, usize>,
    texts: BTreeMap<String, usize>,
}

/// One declaration: where it is and what it names, each name with its line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Declared {
    pub(crate) reference: BuiltInRef,
    pub(crate) claims: Vec<(String, usize)>,
    pub(crate) cells: Vec<(CellKey, usize)>,
    /// Numbers of the running text, by text claim id (`B.text.high_agreement_topics`).
    pub(crate) texts: Vec<(String, usize)>,
}

/// The part of a knob file this module reads (the rest is its experiment's).
#[derive(Debug, Deserialize)]
struct Section {
    #[serde(default)]
    builds_in: Vec<BuiltInDecl>,
}

impl BuiltIns {
    /// The declarations of every YAML input file of `artefacts`, each file read once, paths
    /// relative to `root`.
    pub(crate) fn load<'a>(
        root: &Path,
        artefacts: impl IntoIterator<Item = &'a Artefact>,
    ) -> Result<BuiltIns, SourceError> {
        let mut files: Vec<String> = Vec::new();
        for artefact in artefacts {
            for (_, file) in artefact.parameters.input_files() {
                let yaml = file.ends_with(".yaml") || file.ends_with(".yml");
                if yaml && !files.iter().any(|f| f == file) {
                    files.push(file.to_string());
                }
            }
        }
        let mut out = BuiltIns::default();
        for file in files {
            let path = root.join(&file);
            let text = read_text(&path)?;
            for declared in declarations(&path, &file, &text)? {
                out.add(declared);
            }
        }
        Ok(out)
    }

    fn add(&mut self, declared: Declared) {
        let at = self.declarations.len();
        for (claim, _) in &declared.claims {
            self.claims.entry(claim.clone()).or_insert(at);
        }
        for (cell, _) in &declared.cells {
            self.cells.entry(cell.clone()).or_insert(at);
        }
        for (text, _) in &declared.texts {
            self.texts.entry(text.clone()).or_insert(at);
        }
        self.declarations.push(declared);
    }

    /// The declaration that builds in claim `id`, if one does.
    pub(crate) fn claim(&self, id: &str) -> Option<&BuiltInRef> {
        self.claims
            .get(id)
            .map(|&i| &self.declarations[i].reference)
    }

    /// The declaration that fits or calibrates printed cell `key`, if one does.
    pub(crate) fn cell(&self, key: &CellKey) -> Option<&BuiltInRef> {
        self.cells
            .get(key)
            .map(|&i| &self.declarations[i].reference)
    }

    /// The declaration that fits or calibrates the running text's number `id`, if one does.
    pub(crate) fn text(&self, id: &str) -> Option<&BuiltInRef> {
        self.texts.get(id).map(|&i| &self.declarations[i].reference)
    }
}

/// The checked declarations of one knob file (`file` as the artefacts name it, read from `path`).
fn declarations(path: &Path, file: &str, text: &str) -> Result<Vec<Declared>, SourceError> {
    let section: Section = parse_yaml(path, text)?;
    if section.builds_in.is_empty() {
        return Ok(Vec::new());
    }
    let document: serde_yaml::Value = parse_yaml(path, text)?;
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("builds_in:"))
        .unwrap_or(0);
    let entry_lines: Vec<usize> = lines
        .iter()
        .enumerate()
        .skip(start)
        .filter(|(_, l)| l.trim_start().starts_with("- knobs:"))
        .map(|(i, _)| i + 1)
        .collect();
    let mut out = Vec::new();
    for (n, decl) in section.builds_in.into_iter().enumerate() {
        let line = entry_lines.get(n).copied().unwrap_or(start + 1);
        let find = |name: &str| line_of(&lines, line, name);
        let bad = |at: usize, message: String| SourceError::at_line(path, at, message);
        if decl.knobs.is_empty() {
            return Err(bad(line, "a `builds_in` entry names no knob".into()));
        }
        for knob in &decl.knobs {
            if !has_key_path(&document, knob) {
                return Err(bad(
                    find(knob),
                    format!("`builds_in` names knob `{knob}`, which is not a key of this file"),
                ));
            }
        }
        if decl.claims.is_empty() && decl.cells.is_empty() {
            return Err(bad(
                line,
                "a `builds_in` entry names neither a claim nor a printed cell it builds in".into(),
            ));
        }
        match (decl.kind, decl.tuned) {
            (BuiltInKind::Calibrated, None) => {
                return Err(bad(
                    line,
                    "a `calibrated` entry needs `tuned: shipped_draw` or `tuned: mean_over_redraws` (what was tuned toward the print)".into(),
                ));
            }
            (BuiltInKind::Fitted | BuiltInKind::Designed, Some(_)) => {
                return Err(bad(
                    line,
                    "`tuned` belongs to a `calibrated` entry only".into(),
                ));
            }
            _ => {}
        }
        if decl.why.trim().is_empty() {
            return Err(bad(line, "a `builds_in` entry needs its `why`".into()));
        }
        let mut claims = Vec::new();
        for claim in &decl.claims {
            let well_formed = claim
                .split_once('.')
                .is_some_and(|(table, name)| !table.is_empty() && !name.is_empty())
                && !claim.chars().any(char::is_whitespace);
            if !well_formed {
                return Err(bad(
                    find(claim),
                    format!("`{claim}` is not a claim id like `B.T5.student_least_discriminative`"),
                ));
            }
            claims.push((claim.clone(), find(claim)));
        }
        let mut cells = Vec::new();
        let mut texts = Vec::new();
        for cell in &decl.cells {
            if !cell.contains('/') {
                if cell.split('.').count() < 3 || cell.chars().any(char::is_whitespace) {
                    return Err(bad(
                        find(cell),
                        format!(
                            "`{cell}` is neither a cell key `table/panel/row/column/part` nor a text claim id like `B.text.high_agreement_topics`"
                        ),
                    ));
                }
                texts.push((cell.clone(), find(cell)));
                continue;
            }
            let parts: Vec<&str> = cell.split('/').collect();
            let [table, panel, row, column, part] = parts[..] else {
                return Err(bad(
                    find(cell),
                    format!(
                        "`{cell}` is not a cell key `table/panel/row/column/part` like `B.T5/main/all3/nDCG@10/count`"
                    ),
                ));
            };
            if parts.iter().any(|p| p.is_empty()) {
                return Err(bad(
                    find(cell),
                    format!("cell key `{cell}` has an empty part"),
                ));
            }
            cells.push((CellKey::new(table, panel, row, column, part), find(cell)));
        }
        out.push(Declared {
            reference: BuiltInRef {
                file: file.to_string(),
                line,
                knobs: decl.knobs,
                kind: decl.kind,
                tuned: decl.tuned,
                why: decl.why,
            },
            claims,
            cells,
            texts,
        });
    }
    Ok(out)
}

/// Whether `path` (`runs.assessor_weights`) names a key of `document`, mapping by mapping.
fn has_key_path(document: &serde_yaml::Value, path: &str) -> bool {
    let mut value = document;
    for key in path.split('.') {
        match value.get(key) {
            Some(next) => value = next,
            None => return false,
        }
    }
    true
}

/// The first line at or after `from` (1-based) that holds `name`, else `from`.
fn line_of(lines: &[&str], from: usize, name: &str) -> usize {
    lines
        .iter()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find(|(_, l)| l.contains(name))
        .map_or(from, |(i, _)| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "depth: 30\nruns:\n  weights: [1, 1]\nbuilds_in:\n  - knobs: [runs.weights]\n    kind: designed\n    claims: [B.T5.x]\n    cells: [B.T5/main/all3/nDCG@10/count]\n    why: because\n";

    #[test]
    fn reads_declarations_with_their_lines() {
        let d = declarations(Path::new("k.yaml"), "k.yaml", FILE).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].reference.line, 5);
        assert_eq!(d[0].claims, [("B.T5.x".to_string(), 7)]);
        assert_eq!(d[0].cells[0].0.row, "all3");
        assert_eq!(d[0].cells[0].1, 8);
    }

    #[test]
    fn unknown_knobs_and_malformed_names_are_errors_at_their_line() {
        let unknown = FILE.replace("[runs.weights]", "[runs.weight]");
        let err = declarations(Path::new("k.yaml"), "k.yaml", &unknown).unwrap_err();
        assert_eq!(err.position.map(|p| p.line), Some(5), "{err}");
        assert!(err.message.contains("`runs.weight`"), "{err}");
        let cell = FILE.replace("B.T5/main/all3/nDCG@10/count", "B.T5/main/all3");
        let err = declarations(Path::new("k.yaml"), "k.yaml", &cell).unwrap_err();
        assert_eq!(err.position.map(|p| p.line), Some(8), "{err}");
        let kind = FILE.replace("designed", "assumed");
        assert!(declarations(Path::new("k.yaml"), "k.yaml", &kind).is_err());
        let nothing = FILE
            .replace("    claims: [B.T5.x]\n", "")
            .replace("    cells: [B.T5/main/all3/nDCG@10/count]\n", "");
        let err = declarations(Path::new("k.yaml"), "k.yaml", &nothing).unwrap_err();
        assert!(err.message.contains("neither"), "{err}");
    }
}
