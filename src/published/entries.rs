//! The loaded published values: a paper's file, its tables and cells, and the claims of its
//! running text, as the rest of the application reads them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{CellKey, Paper, ProvenanceClass, SettingParameter};

/// One transcribed paper.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct PublishedFile {
    pub(crate) paper: Paper,
    pub(crate) title: String,
    pub(crate) venue: String,
    /// Which extractions of the paper the transcription was made and checked from.
    pub(crate) source: String,
    pub(crate) tables: Vec<PublishedTable>,
    pub(crate) text: Vec<TextClaim>,
    /// Settings the text states (runs, topics, trials, …), checked against the manifest.
    pub(crate) settings: Vec<SettingClaim>,
    /// Statements about a figure's curves, checked on the rebuilt series.
    pub(crate) figure_ranks: Vec<FigureRankClaim>,
}

impl PublishedFile {
    /// Every cell of every table, in file order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = &PublishedCell> {
        self.tables.iter().flat_map(|table| table.cells.iter())
    }

    /// The cell with this key, if the file has one.
    #[cfg(test)]
    pub(crate) fn cell(&self, key: &CellKey) -> Option<&PublishedCell> {
        self.cells().find(|cell| cell.key() == *key)
    }

    /// The table with this id (e.g. `A.T2`), if the file has one.
    pub(crate) fn table(&self, id: &str) -> Option<&PublishedTable> {
        self.tables.iter().find(|table| table.table == id)
    }
}

/// One printed table: its id, caption, default class and cells in reading order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct PublishedTable {
    pub(crate) table: String,
    pub(crate) caption: String,
    /// Default class of the table's cells (a cell may override it).
    pub(crate) class: ProvenanceClass,
    /// Remarks on the whole table (extraction variants, layout, lost bold).
    pub(crate) note: Option<String>,
    pub(crate) cells: Vec<PublishedCell>,
}

/// One printed number of a table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct PublishedCell {
    /// Filled in from the table the cell is listed under.
    pub(crate) table: String,
    pub(crate) panel: String,
    pub(crate) row: String,
    pub(crate) column: String,
    /// `value` unless the file says otherwise (e.g. `tau`, `ci_lo`, `ci_hi`).
    pub(crate) part: String,
    /// The token exactly as printed (`.987`, `11,214`, `−0.128`, `87.9%`).
    pub(crate) printed: String,
    /// The parse of `printed` (see [`parse_printed`](super::parse_printed)).
    pub(crate) value: f64,
    /// Resolved: the cell's own class, else its table's.
    pub(crate) class: ProvenanceClass,
    /// Bold in the print, where the print carries bold information at all.
    pub(crate) bold: Option<bool>,
    pub(crate) note: Option<String>,
    /// Row metadata such as A.T3's `dmax`, `n` and `pair`: the reading the ledger takes.
    pub(crate) meta: BTreeMap<String, String>,
    /// Where the paper's extractions disagree on this cell's row labels: each extraction's reading
    /// (one of them agrees with `meta`); empty where they agree.
    pub(crate) readings: Vec<Reading>,
}

/// One extraction's reading of a cell's row labels, where the paper's extractions disagree (paper A
/// Table 3 row 13 of P+: the one-line extraction prints N = 10, the MD extraction no token, read
/// literally as N = 5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Reading {
    /// The extraction, e.g. `one-line extraction`.
    pub(crate) source: String,
    /// The labels as this extraction reads them; keys are a subset of the cell's `meta`.
    pub(crate) meta: BTreeMap<String, String>,
}

impl PublishedCell {
    /// The cell's row labels under `reading`: its `meta` with the reading's labels put in.
    pub(crate) fn meta_under(&self, reading: &Reading) -> BTreeMap<String, String> {
        let mut meta = self.meta.clone();
        meta.extend(reading.meta.clone());
        meta
    }

    /// The reading the ledger takes (the one that agrees with `meta`), if the cell has readings.
    pub(crate) fn taken_reading(&self) -> Option<&Reading> {
        self.readings
            .iter()
            .find(|r| r.meta.iter().all(|(k, v)| self.meta.get(k) == Some(v)))
    }
}

impl PublishedCell {
    pub(crate) fn key(&self) -> CellKey {
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
pub(crate) struct TextClaim {
    /// e.g. `A.text.comparisons`.
    pub(crate) id: String,
    /// e.g. `§5`.
    pub(crate) section: String,
    /// A short paraphrase of what the number claims.
    pub(crate) claim: String,
    /// As printed; small counts printed as words (`three`) are allowed here (see [`parse_text_printed`](super::parse_text_printed)).
    pub(crate) printed: String,
    pub(crate) value: f64,
    pub(crate) class: ProvenanceClass,
    #[serde(default)]
    pub(crate) note: Option<String>,
}

/// A setting the text states (`44 runs from 16 teams`, `B = 5,000 trials`): the printed value(s)
/// against the manifest parameter the build uses for each listed artefact.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SettingClaim {
    /// e.g. `A.setting.runs`.
    pub(crate) id: String,
    pub(crate) section: String,
    /// The sentence as printed (MD or layout extraction), trimmed to the setting.
    pub(crate) quote: String,
    /// A short paraphrase, the entry's label.
    pub(crate) claim: String,
    /// As printed: one number (`5,000`, `three`) or a set `{2, 4, 8}`.
    pub(crate) printed: String,
    /// The parse of `printed`, in order.
    pub(crate) values: Vec<f64>,
    /// The manifest parameter the setting is.
    pub(crate) parameter: SettingParameter,
    /// The artefacts whose parameter must equal the printed values (at least one).
    pub(crate) artefacts: Vec<String>,
    #[serde(default)]
    pub(crate) note: Option<String>,
}

/// A statement about a figure's curves: the run on top of one series is the `value`-th best of
/// another (paper B §4.1.1: "the top performing run according to nERR@10 with all3 is only the
/// fifth best run according to the same measure with lancer1").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FigureRankClaim {
    /// e.g. `B.F1.top_all3_rank_lancer1`; starts with the figure's id.
    pub(crate) id: String,
    /// The figure, e.g. `B.F1`.
    pub(crate) figure: String,
    pub(crate) section: String,
    /// The sentence as printed.
    pub(crate) quote: String,
    /// The panel (measure) of the figure.
    pub(crate) panel: String,
    /// The series whose best run is followed.
    pub(crate) top_of: String,
    /// The series under which that run's rank is stated.
    pub(crate) ranked_by: String,
    /// The rank as printed (`fifth`).
    pub(crate) printed: String,
    pub(crate) value: f64,
}
