//! The published values of both papers: every number printed in their tables, and the checkable
//! numbers of their running text, as transcribed in `paper/published/{unanimity,lancers}.yaml`.
//!
//! These files are the reviewer's ground truth for `evia-repro check`. Each entry is one printed
//! number, keyed by [`CellKey`] (table, panel, row, column, part), with the token exactly as printed
//! next to its parsed value and its provenance class (ARCHITECTURE.md, "Invariants"). The transcription follows `tests/fixtures/published-values.md`; its coverage is
//! tested in `tests/it/published_coverage.rs`.
//!
//! The loader is strict, because a silently misread ground truth would make every check meaningless:
//! unknown keys, duplicate keys (in a mapping, or two entries with the same cell key / table id /
//! claim id), wrong types, and a `value` that is not the parse of its `printed` token are all
//! rejected with an error naming the file, line and column (see [`crate::io::SourceError`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::io::{Position, SourceError, read_text};

pub mod cell_label;
pub mod printed_style;

/// The two published-value files, relative to the package root.
pub const PUBLISHED_FILES: [&str; 2] = [
    "paper/published/unanimity.yaml",
    "paper/published/lancers.yaml",
];

pub use crate::model::{PaperId as Paper, ProvenanceClass, SettingParameter};

/// The identity of one published number (shared with rebuilt result tables).
pub use crate::model::CellKey;

/// One transcribed paper.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublishedFile {
    pub paper: Paper,
    pub title: String,
    pub venue: String,
    /// Which extractions of the paper the transcription was made and checked from.
    pub source: String,
    pub tables: Vec<PublishedTable>,
    pub text: Vec<TextClaim>,
    /// Settings the text states (runs, topics, trials, …), checked against the manifest.
    pub settings: Vec<SettingClaim>,
    /// Statements about a figure's curves, checked on the rebuilt series.
    pub figure_ranks: Vec<FigureRankClaim>,
}

impl PublishedFile {
    /// Every cell of every table, in file order.
    pub fn cells(&self) -> impl Iterator<Item = &PublishedCell> {
        self.tables.iter().flat_map(|table| table.cells.iter())
    }

    /// The cell with this key, if the file has one.
    pub fn cell(&self, key: &CellKey) -> Option<&PublishedCell> {
        self.cells().find(|cell| cell.key() == *key)
    }

    /// The table with this id (e.g. `A.T2`), if the file has one.
    pub fn table(&self, id: &str) -> Option<&PublishedTable> {
        self.tables.iter().find(|table| table.table == id)
    }
}

/// One printed table: its id, caption, default class and cells in reading order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublishedTable {
    pub table: String,
    pub caption: String,
    /// Default class of the table's cells (a cell may override it).
    pub class: ProvenanceClass,
    /// Remarks on the whole table (extraction variants, layout, lost bold).
    pub note: Option<String>,
    pub cells: Vec<PublishedCell>,
}

/// One printed number of a table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublishedCell {
    /// Filled in from the table the cell is listed under.
    pub table: String,
    pub panel: String,
    pub row: String,
    pub column: String,
    /// `value` unless the file says otherwise (e.g. `tau`, `ci_lo`, `ci_hi`).
    pub part: String,
    /// The token exactly as printed (`.987`, `11,214`, `−0.128`, `87.9%`).
    pub printed: String,
    /// The parse of `printed` (see [`parse_printed`]).
    pub value: f64,
    /// Resolved: the cell's own class, else its table's.
    pub class: ProvenanceClass,
    /// Bold in the print, where the print carries bold information at all.
    pub bold: Option<bool>,
    pub note: Option<String>,
    /// Row metadata such as A.T3's `dmax`, `n` and `pair`: the reading the ledger takes.
    pub meta: BTreeMap<String, String>,
    /// Where the paper's extractions disagree on this cell's row labels: each extraction's reading
    /// (one of them agrees with `meta`); empty where they agree.
    pub readings: Vec<Reading>,
}

/// One extraction's reading of a cell's row labels, where the paper's extractions disagree (paper A
/// Table 3 row 13 of P+: the one-line extraction prints N = 10, the MD extraction no token, read
/// literally as N = 5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The extraction, e.g. `one-line extraction`.
    pub source: String,
    /// The labels as this extraction reads them; keys are a subset of the cell's `meta`.
    pub meta: BTreeMap<String, String>,
}

impl PublishedCell {
    /// The cell's row labels under `reading`: its `meta` with the reading's labels put in.
    pub fn meta_under(&self, reading: &Reading) -> BTreeMap<String, String> {
        let mut meta = self.meta.clone();
        meta.extend(reading.meta.clone());
        meta
    }

    /// The reading the ledger takes (the one that agrees with `meta`), if the cell has readings.
    pub fn taken_reading(&self) -> Option<&Reading> {
        self.readings
            .iter()
            .find(|r| r.meta.iter().all(|(k, v)| self.meta.get(k) == Some(v)))
    }
}

impl PublishedCell {
    pub fn key(&self) -> CellKey {
        CellKey::new(
            &self.table,
            &self.panel,
            &self.row,
            &self.column,
            &self.part,
        )
    }
}

/// A checkable number from a paper's running text (a total, a count, a worked example).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextClaim {
    /// e.g. `A.text.comparisons`.
    pub id: String,
    /// e.g. `§5`.
    pub section: String,
    /// A short paraphrase of what the number claims.
    pub claim: String,
    /// As printed; small counts printed as words (`three`) are allowed here (see [`parse_text_printed`]).
    pub printed: String,
    pub value: f64,
    pub class: ProvenanceClass,
    #[serde(default)]
    pub note: Option<String>,
}

/// A setting the text states (`44 runs from 16 teams`, `B = 5,000 trials`): the printed value(s)
/// against the manifest parameter the build uses for each listed artefact.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingClaim {
    /// e.g. `A.setting.runs`.
    pub id: String,
    pub section: String,
    /// The sentence as printed (MD or layout extraction), trimmed to the setting.
    pub quote: String,
    /// A short paraphrase, the entry's label.
    pub claim: String,
    /// As printed: one number (`5,000`, `three`) or a set `{2, 4, 8}`.
    pub printed: String,
    /// The parse of `printed`, in order.
    pub values: Vec<f64>,
    /// The manifest parameter the setting is.
    pub parameter: SettingParameter,
    /// The artefacts whose parameter must equal the printed values (at least one).
    pub artefacts: Vec<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A statement about a figure's curves: the run on top of one series is the `value`-th best of
/// another (paper B §4.1.1: "the top performing run according to nERR@10 with all3 is only the
/// fifth best run according to the same measure with lancer1").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureRankClaim {
    /// e.g. `B.F1.top_all3_rank_lancer1`; starts with the figure's id.
    pub id: String,
    /// The figure, e.g. `B.F1`.
    pub figure: String,
    pub section: String,
    /// The sentence as printed.
    pub quote: String,
    /// The panel (measure) of the figure.
    pub panel: String,
    /// The series whose best run is followed.
    pub top_of: String,
    /// The series under which that run's rank is stated.
    pub ranked_by: String,
    /// The rank as printed (`fifth`).
    pub printed: String,
    pub value: f64,
}

/// Why a published-values file could not be loaded. Both variants name the file and, where the
/// problem is at a place in the file, its line and column.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PublishedError {
    /// The file is missing or unreadable.
    #[error(transparent)]
    Read(SourceError),
    /// The file is not valid YAML or breaks the format (unknown or duplicate key, wrong type,
    /// `value` disagreeing with `printed`, a table or claim id of the other paper).
    #[error(transparent)]
    Invalid(SourceError),
}

impl PublishedError {
    /// The underlying error with its file, position and message.
    pub fn source_error(&self) -> &SourceError {
        match self {
            PublishedError::Read(err) | PublishedError::Invalid(err) => err,
        }
    }
}

/// Reads and validates one published-values file.
pub fn load(path: &Path) -> Result<PublishedFile, PublishedError> {
    let text = read_text(path).map_err(PublishedError::Read)?;
    parse(&text, path)
}

/// Parses and validates the text of a published-values file; `path` is only used in errors.
pub fn parse(text: &str, path: &Path) -> Result<PublishedFile, PublishedError> {
    crate::io::yaml_depth::check_depth(path, text).map_err(PublishedError::Invalid)?;
    let raw: RawFile = serde_yaml::from_str(text)
        .map_err(|err| PublishedError::Invalid(yaml_error(path, &err)))?;
    resolve(raw, text, path)
}

/// Parses a printed table token: an optional sign (`-` or U+2212 `−`), digits with optional
/// thousands separators (`11,214`), an optional fraction that may lack its leading zero (`.987`),
/// and an optional trailing `%` (the number is then the percentage, `87.9%` → 87.9).
/// Anything else — a dash for an empty cell, words, exponents, `inf` — is not a printed number.
pub fn parse_printed(printed: &str) -> Option<f64> {
    let body = printed.strip_suffix('%').unwrap_or(printed);
    let (negative, body) = if let Some(rest) = body.strip_prefix('−') {
        (true, rest)
    } else if let Some(rest) = body.strip_prefix('-') {
        (true, rest)
    } else {
        (false, body)
    };
    let (integer, fraction) = match body.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (body, None),
    };
    let integer_digits = if integer.contains(',') {
        let groups: Vec<&str> = integer.split(',').collect();
        let first_ok = (1..=3).contains(&groups[0].len());
        let rest_ok = groups[1..].iter().all(|group| group.len() == 3);
        if !first_ok || !rest_ok {
            return None;
        }
        groups.concat()
    } else {
        integer.to_string()
    };
    if !integer_digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut normalised = String::new();
    if negative {
        normalised.push('-');
    }
    match fraction {
        Some(fraction) => {
            if fraction.is_empty() || !fraction.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            normalised.push_str(if integer_digits.is_empty() {
                "0"
            } else {
                &integer_digits
            });
            normalised.push('.');
            normalised.push_str(fraction);
        }
        None => {
            if integer_digits.is_empty() {
                return None;
            }
            normalised.push_str(&integer_digits);
        }
    }
    normalised.parse().ok()
}

/// Small counts that the running text of the papers spells out in words ("three discrepancies",
/// "five pairs", "only one system pair").
const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// Lower-case ordinal words, `first` (1) to `twentieth` (20).
const ORDINAL_WORDS: [&str; 20] = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
];

/// Parses a rank printed in running text: an ordinal word (`fifth` → 5) or a printed number.
pub fn parse_ordinal(printed: &str) -> Option<f64> {
    match ORDINAL_WORDS.iter().position(|word| *word == printed) {
        Some(index) => Some((index + 1) as f64),
        None => parse_printed(printed),
    }
}

/// Parses a number printed in running text: anything [`parse_printed`] accepts, or a lower-case
/// number word from `zero` to `twenty`.
pub fn parse_text_printed(printed: &str) -> Option<f64> {
    if let Some(index) = NUMBER_WORDS.iter().position(|word| *word == printed) {
        return Some(index as f64);
    }
    parse_printed(printed)
}

// ---------------------------------------------------------------------------------------------
// Raw file shapes. Checks that concern one entry (printed vs value, duplicate keys) run while
// that entry is being deserialised, so that serde_yaml attaches the entry's line and column.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
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

/// An entry of a list that must be unique by some key and may be checked on its own.
trait Entry: DeserializeOwned {
    type Key: Ord + fmt::Display;
    /// What the entry is called in error messages.
    const WHAT: &'static str;
    fn key(&self) -> Self::Key;
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
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

/// A list whose entries are checked and de-duplicated as they are read.
struct UniqueSeq<T>(Vec<T>);

impl<T> Default for UniqueSeq<T> {
    fn default() -> Self {
        UniqueSeq(Vec::new())
    }
}

impl<'de, T: Entry> Deserialize<'de> for UniqueSeq<T> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(UniqueSeqVisitor(PhantomData))
    }
}

struct UniqueSeqVisitor<T>(PhantomData<T>);

impl<'de, T: Entry> Visitor<'de> for UniqueSeqVisitor<T> {
    type Value = UniqueSeq<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of {} entries", T::WHAT)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut seen = BTreeSet::new();
        let mut entries = Vec::new();
        while let Some(entry) = seq.next_element_seed(EntrySeed {
            seen: &mut seen,
            entry: PhantomData,
        })? {
            entries.push(entry);
        }
        Ok(UniqueSeq(entries))
    }
}

struct EntrySeed<'a, T: Entry> {
    seen: &'a mut BTreeSet<T::Key>,
    entry: PhantomData<T>,
}

impl<'de, T: Entry> DeserializeSeed<'de> for EntrySeed<'_, T> {
    type Value = T;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        // Deserialising through our own map visitor keeps the entry's mapping open while it is
        // checked, so serde_yaml marks any error with the entry's own line and column.
        deserializer.deserialize_map(self)
    }
}

impl<'de, T: Entry> Visitor<'de> for EntrySeed<'_, T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {} entry (a mapping)", T::WHAT)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        let entry = T::deserialize(de::value::MapAccessDeserializer::new(map))?;
        entry.check().map_err(de::Error::custom)?;
        let key = entry.key();
        let message = format!("duplicate {} `{key}`", T::WHAT);
        if !self.seen.insert(key) {
            return Err(de::Error::custom(message));
        }
        Ok(entry)
    }
}

/// A string-to-string map that rejects duplicate keys (serde's own maps keep the last one).
#[derive(Default)]
struct UniqueMap(BTreeMap<String, String>);

impl<'de> Deserialize<'de> for UniqueMap {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(UniqueMapVisitor)
    }
}

struct UniqueMapVisitor;

impl<'de> Visitor<'de> for UniqueMapVisitor {
    type Value = UniqueMap;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a mapping of strings to strings")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueMap, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((key, value)) = map.next_entry::<String, String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!("duplicate meta key `{key}`")));
            }
            out.insert(key, value);
        }
        Ok(UniqueMap(out))
    }
}

/// Turns a serde_yaml error into a [`SourceError`] at the error's line and column.
fn yaml_error(path: &Path, err: &serde_yaml::Error) -> SourceError {
    let mut message = err.to_string();
    match err.location() {
        Some(location) => {
            // serde_yaml appends " at line L column C"; the position is reported separately.
            let suffix = format!(" at line {} column {}", location.line(), location.column());
            if let Some(stripped) = message.strip_suffix(&suffix) {
                message = stripped.to_string();
            }
            SourceError::new(
                path,
                Some(Position::at(location.line(), location.column())),
                message,
            )
        }
        None => SourceError::whole_file(path, message),
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
fn resolve(raw: RawFile, text: &str, path: &Path) -> Result<PublishedFile, PublishedError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_tokens_parse_as_the_papers_print_them() {
        assert_eq!(parse_printed(".987"), Some(0.987));
        assert_eq!(parse_printed("1.007"), Some(1.007));
        assert_eq!(parse_printed("1"), Some(1.0));
        assert_eq!(parse_printed("10.0"), Some(10.0));
        assert_eq!(parse_printed("11,214"), Some(11214.0));
        assert_eq!(parse_printed("−0.128"), Some(-0.128));
        assert_eq!(parse_printed("-0.128"), Some(-0.128));
        assert_eq!(parse_printed("87.9%"), Some(87.9));
        assert_eq!(parse_printed("0.0006"), Some(0.0006));
    }

    #[test]
    fn non_numbers_are_rejected() {
        for token in [
            "-", "−", "", ".", "1.", "1,2", "12,34", "1,2345", "abc", "1e5", "inf", "NaN", "+1",
            "1.2.3", "%", "1 2", "three",
        ] {
            assert_eq!(parse_printed(token), None, "{token:?}");
        }
    }

    #[test]
    fn text_claims_may_spell_small_counts() {
        assert_eq!(parse_text_printed("three"), Some(3.0));
        assert_eq!(parse_text_printed("one"), Some(1.0));
        assert_eq!(parse_text_printed("120"), Some(120.0));
        assert_eq!(parse_text_printed("Three"), None);
    }

    #[test]
    fn ranks_may_be_ordinal_words() {
        assert_eq!(parse_ordinal("fifth"), Some(5.0));
        assert_eq!(parse_ordinal("first"), Some(1.0));
        assert_eq!(parse_ordinal("twentieth"), Some(20.0));
        assert_eq!(parse_ordinal("5"), Some(5.0));
        assert_eq!(parse_ordinal("Fifth"), None);
    }

    #[test]
    fn cell_key_displays_with_slashes() {
        let key = CellKey::new("B.T1", "statistics", "kappa_w", "lancer1-lancer2", "ci_lo");
        assert_eq!(
            key.to_string(),
            "B.T1/statistics/kappa_w/lancer1-lancer2/ci_lo"
        );
    }

    #[test]
    fn provenance_classes_use_the_files_spelling() {
        let classes: Vec<ProvenanceClass> =
            serde_yaml::from_str("[exact, derived, simulated, real-data]").expect("valid list");
        let shown: Vec<String> = classes.iter().map(|class| class.to_string()).collect();
        assert_eq!(shown, ["exact", "derived", "simulated", "real-data"]);
    }
}
