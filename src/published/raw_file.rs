//! The published-values file as written (its raw shapes) and the checks of each entry, which run
//! while that entry is being deserialised so that serde_yaml attaches the entry's line and column;
//! then the resolution of the raw file into a [`PublishedFile`], with the checks that need the
//! whole file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

use serde::Deserialize;

use super::unique::{Entry, UniqueMap, UniqueSeq};
use super::{
    FigureRankClaim, Paper, ProvenanceClass, PublishedCell, PublishedError, PublishedFile,
    PublishedTable, Reading, SettingClaim, TextClaim, parse_ordinal, parse_printed,
    parse_text_printed,
};
use crate::io::SourceError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFile {
    paper: Paper,
    title: String,
    venue: String,
    source: String,
    tables: UniqueSeq<RawTable>,
    #[serde(default)]
    text: UniqueSeq<TextClaim>,
    #[serde(default)]
    settings: UniqueSeq<SettingClaim>,
    #[serde(default)]
    figure_ranks: UniqueSeq<FigureRankClaim>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    table: String,
    caption: String,
    class: ProvenanceClass,
    #[serde(default)]
    note: Option<String>,
    cells: UniqueSeq<RawCell>,
}

fn default_part() -> String {
    "value".to_string()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCell {
    panel: String,
    row: String,
    column: String,
    #[serde(default = "default_part")]
    part: String,
    printed: String,
    value: f64,
    #[serde(default)]
    class: Option<ProvenanceClass>,
    #[serde(default)]
    bold: Option<bool>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    meta: UniqueMap,
    #[serde(default)]
    readings: Vec<Reading>,
}

impl Entry for RawTable {
    type Key = String;
    const WHAT: &'static str = "table";
    fn key(&self) -> String {
        self.table.clone()
    }
    fn check(&self) -> Result<(), String> {
        if self.cells.0.is_empty() {
            return Err(format!("table `{}` has no cells", self.table));
        }
        Ok(())
    }
}

/// A cell's key inside its table (the table id is added when the file is resolved).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct LocalKey([String; 4]);

impl fmt::Display for LocalKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.join("/"))
    }
}

impl Entry for RawCell {
    type Key = LocalKey;
    const WHAT: &'static str = "cell (panel/row/column/part)";
    fn key(&self) -> LocalKey {
        LocalKey([
            self.panel.clone(),
            self.row.clone(),
            self.column.clone(),
            self.part.clone(),
        ])
    }
    fn check(&self) -> Result<(), String> {
        check_value(&self.printed, self.value, parse_printed)?;
        check_readings(&self.readings, &self.meta.0)
    }
}

/// A cell's readings, if any: at least two, from distinct extractions, each naming only labels the
/// cell's `meta` has, and exactly one agreeing with `meta` (the reading the ledger takes).
fn check_readings(readings: &[Reading], meta: &BTreeMap<String, String>) -> Result<(), String> {
    if readings.is_empty() {
        return Ok(());
    }
    if readings.len() < 2 {
        return Err(
            "`readings` lists one reading; expected one per disagreeing extraction (at least two)"
                .to_string(),
        );
    }
    let sources: BTreeSet<&str> = readings.iter().map(|r| r.source.as_str()).collect();
    if sources.len() != readings.len() {
        return Err("`readings` names the same extraction twice".to_string());
    }
    for reading in readings {
        if let Some(key) = reading.meta.keys().find(|k| !meta.contains_key(*k)) {
            return Err(format!(
                "reading `{}` sets `{key}`, which the cell's meta does not have",
                reading.source
            ));
        }
    }
    let agreeing = readings
        .iter()
        .filter(|r| r.meta.iter().all(|(k, v)| meta.get(k) == Some(v)))
        .count();
    if agreeing != 1 {
        return Err(format!(
            "{agreeing} readings agree with the cell's meta; expected exactly one (the reading taken)"
        ));
    }
    Ok(())
}

impl Entry for TextClaim {
    type Key = String;
    const WHAT: &'static str = "text claim id";
    fn key(&self) -> String {
        self.id.clone()
    }
    fn check(&self) -> Result<(), String> {
        check_value(&self.printed, self.value, parse_text_printed)
    }
}

impl Entry for SettingClaim {
    type Key = String;
    const WHAT: &'static str = "setting id";
    fn key(&self) -> String {
        self.id.clone()
    }
    fn check(&self) -> Result<(), String> {
        if self.artefacts.is_empty() {
            return Err(format!("setting `{}` names no artefact", self.id));
        }
        let parsed: Option<Vec<f64>> = match self.printed.strip_prefix('{') {
            Some(set) => set
                .strip_suffix('}')
                .map(|inner| inner.split(", ").map(parse_text_printed).collect())
                .unwrap_or(None),
            None => parse_text_printed(&self.printed).map(|v| vec![v]),
        };
        match parsed {
            None => Err(format!(
                "printed `{}` is neither a printed number nor a set `{{a, b, …}}` of them",
                self.printed
            )),
            Some(parsed) if parsed != self.values => Err(format!(
                "values {:?} do not match printed `{}` (which parses as {parsed:?})",
                self.values, self.printed
            )),
            Some(_) => Ok(()),
        }
    }
}

impl Entry for FigureRankClaim {
    type Key = String;
    const WHAT: &'static str = "figure rank id";
    fn key(&self) -> String {
        self.id.clone()
    }
    fn check(&self) -> Result<(), String> {
        if !self.id.starts_with(&format!("{}.", self.figure)) {
            return Err(format!(
                "figure rank id `{}` does not start with its figure `{}.`",
                self.id, self.figure
            ));
        }
        check_value(&self.printed, self.value, parse_ordinal)?;
        if self.value < 1.0 || self.value.fract() != 0.0 {
            return Err(format!("rank `{}` is not a whole number ≥ 1", self.printed));
        }
        Ok(())
    }
}

/// `value` must be exactly the parse of `printed` (both are decimal literals, so equal numbers
/// parse to the same f64).
fn check_value(printed: &str, value: f64, parse: fn(&str) -> Option<f64>) -> Result<(), String> {
    match parse(printed) {
        None => Err(format!(
            "printed `{printed}` is not a printed number (dashes and labels are not entries)"
        )),
        Some(parsed) if parsed != value => Err(format!(
            "value {value} does not match printed `{printed}` (which parses as {parsed})"
        )),
        Some(_) => Ok(()),
    }
}

/// The 1-based line of the first line of `text` whose content, after an optional list dash,
/// starts with `key: value` (quoted or not); used for checks that need the whole file.
fn line_of(text: &str, key: &str, value: &str) -> Option<usize> {
    let plain = format!("{key}: {value}");
    let quoted = format!("{key}: \"{value}\"");
    text.lines()
        .position(|line| {
            let content = line.trim_start();
            let content = content.strip_prefix("- ").unwrap_or(content).trim_start();
            content == plain
                || content == quoted
                || content.starts_with(&format!("{plain} "))
                || content.starts_with(&format!("{quoted} "))
        })
        .map(|index| index + 1)
}

fn invalid_at(text: &str, path: &Path, key: &str, value: &str, message: String) -> PublishedError {
    PublishedError::Invalid(match line_of(text, key, value) {
        Some(line) => SourceError::at_line(path, line, message),
        None => SourceError::whole_file(path, message),
    })
}

/// Resolves cell classes and table ids, and checks that every table and claim belongs to the
/// file's paper.
pub(super) fn resolve(
    raw: RawFile,
    text: &str,
    path: &Path,
) -> Result<PublishedFile, PublishedError> {
    let paper = raw.paper;
    let table_prefix = format!("{paper}.T");
    let text_prefix = format!("{paper}.text.");
    let mut tables = Vec::new();
    for table in raw.tables.0 {
        if !table.table.starts_with(&table_prefix) {
            return Err(invalid_at(
                text,
                path,
                "table",
                &table.table,
                format!(
                    "table id `{}` does not belong to paper {paper} (expected `{table_prefix}<n>`)",
                    table.table
                ),
            ));
        }
        let cells = table
            .cells
            .0
            .into_iter()
            .map(|cell| PublishedCell {
                table: table.table.clone(),
                panel: cell.panel,
                row: cell.row,
                column: cell.column,
                part: cell.part,
                printed: cell.printed,
                value: cell.value,
                class: cell.class.unwrap_or(table.class),
                bold: cell.bold,
                note: cell.note,
                meta: cell.meta.0,
                readings: cell.readings,
            })
            .collect();
        tables.push(PublishedTable {
            table: table.table,
            caption: table.caption,
            class: table.class,
            note: table.note,
            cells,
        });
    }
    for claim in &raw.text.0 {
        if !claim.id.starts_with(&text_prefix) {
            return Err(invalid_at(
                text,
                path,
                "id",
                &claim.id,
                format!(
                    "text claim id `{}` does not belong to paper {paper} (expected `{text_prefix}<name>`)",
                    claim.id
                ),
            ));
        }
    }
    let setting_prefix = format!("{paper}.setting.");
    for setting in &raw.settings.0 {
        if !setting.id.starts_with(&setting_prefix) {
            return Err(invalid_at(
                text,
                path,
                "id",
                &setting.id,
                format!(
                    "setting id `{}` does not belong to paper {paper} (expected `{setting_prefix}<name>`)",
                    setting.id
                ),
            ));
        }
    }
    let figure_prefix = format!("{paper}.F");
    for rank in &raw.figure_ranks.0 {
        if !rank.figure.starts_with(&figure_prefix) {
            return Err(invalid_at(
                text,
                path,
                "id",
                &rank.id,
                format!(
                    "figure `{}` does not belong to paper {paper} (expected `{figure_prefix}<n>`)",
                    rank.figure
                ),
            ));
        }
    }
    Ok(PublishedFile {
        paper,
        title: raw.title,
        venue: raw.venue,
        source: raw.source,
        tables,
        text: raw.text.0,
        settings: raw.settings.0,
        figure_ranks: raw.figure_ranks.0,
    })
}
