//! Which printed numbers feed which consistency check: `paper/consistency.yaml`, applied to the
//! published files. The checks themselves are generic (the sibling modules); this file only knows
//! the cell conventions of `paper/published/*.yaml` (parts `tau`/`ci_lo`/`ci_hi`, `a`/`b`/`c`/`sso_pct`,
//! `count`, `p`/`abs_d`/`es_hsd` with `bold`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;

use super::{CheckKind, CheckResult, Hint, bold, ci, pair_counts, sso, tau, tukey};
use crate::io::{Position, SourceError, read_text};
use crate::model::{CellKey, PaperId as Paper, ProvenanceClass};
use crate::published::{PublishedCell, PublishedFile};
use evia_engine::gain::{GainSetting, item_gains, max_unanimity_aware_gain};

/// The wiring file, relative to the package root.
pub const CONSISTENCY_FILE: &str = "paper/consistency.yaml";

/// Why the wiring cannot be loaded or applied.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum WiringError {
    #[error(transparent)]
    Read(SourceError),
    #[error(transparent)]
    Invalid(SourceError),
}

/// The whole wiring file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wiring {
    /// Largest distance of an interval's midpoint from its estimate (three printed decimals).
    pub ci_tolerance: f64,
    /// Largest factor between a printed randomised p and the classical Tukey p.
    pub tukey_factor: f64,
    /// Largest value tried when searching for a one-number correction of an a/b/c cell.
    pub correction_limit: u64,
    #[serde(default)]
    pub sso: Vec<SsoSpec>,
    #[serde(default)]
    pub pair_counts: Vec<PairCountSpec>,
    #[serde(default)]
    pub shared_counts: Vec<SharedCountSpec>,
    #[serde(default)]
    pub tau: Vec<TauSpec>,
    #[serde(default)]
    pub bold: Vec<BoldSpec>,
    #[serde(default)]
    pub tukey: Vec<TukeySpec>,
    #[serde(default)]
    pub text: Vec<TextSpec>,
    #[serde(default)]
    pub text_ci: Vec<TextCiSpec>,
    #[serde(default)]
    pub statements: Vec<StatementSpec>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SsoSpec {
    pub table: String,
    pub decimals: u32,
}

/// An overlap table (a/b/c cells, rows and columns naming conditions, panels naming measures) and the
/// counts table it feeds (rows naming conditions, columns naming the overlap table's panels).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairCountSpec {
    pub overlap: String,
    pub counts: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedCountSpec {
    pub first: TableRow,
    pub second: TableRow,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRow {
    pub table: String,
    pub row: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TauSpec {
    pub table: String,
    pub runs: usize,
    pub decimals: u32,
    /// Whether the text implies runs tied in both rankings where tau = 1 has a nonzero width.
    #[serde(default)]
    pub ties_at_one: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoldSpec {
    pub table: String,
    pub alpha: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TukeySpec {
    pub table: String,
    pub topics: usize,
    pub runs: usize,
}

/// How a text claim follows from printed numbers. Terms are cell keys (`table/panel/row/column/part`),
/// text claim ids, or number literals; exactly one of the operations is given.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextSpec {
    pub id: String,
    #[serde(default)]
    pub cell: Option<String>,
    #[serde(default)]
    pub sum: Option<Vec<String>>,
    #[serde(default)]
    pub difference: Option<[String; 2]>,
    #[serde(default)]
    pub pairs_of: Option<String>,
    #[serde(default)]
    pub count: Option<CountSpec>,
}

/// Counts the distinct values of `distinct` (dimensions `panel`, `row`, `column`) among the cells
/// that `select` picks and whose `meta` has the given values.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountSpec {
    pub select: Selector,
    #[serde(default)]
    pub meta: BTreeMap<String, String>,
    pub distinct: Vec<String>,
}

/// An interval printed in the running text: three text claim ids.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextCiSpec {
    pub estimate: String,
    pub lo: String,
    pub hi: String,
}

/// Picks cells of one table; an absent dimension matches every value.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Selector {
    pub table: String,
    #[serde(default)]
    pub panel: Option<Vec<String>>,
    #[serde(default)]
    pub row: Option<Vec<String>>,
    #[serde(default)]
    pub column: Option<Vec<String>>,
    #[serde(default)]
    pub part: Option<Vec<String>>,
}

impl Selector {
    fn matches(&self, cell: &PublishedCell) -> bool {
        let ok = |filter: &Option<Vec<String>>, value: &str| {
            filter.as_ref().is_none_or(|v| v.iter().any(|f| f == value))
        };
        cell.table == self.table
            && ok(&self.panel, &cell.panel)
            && ok(&self.row, &cell.row)
            && ok(&self.column, &cell.column)
            && ok(&self.part, &cell.part)
    }
}

/// A checkable statement of the running text, checked on the printed numbers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatementSpec {
    pub id: String,
    pub table: String,
    pub section: String,
    pub claim: String,
    pub printed: String,
    pub class: ProvenanceClass,
    /// Every selected cell satisfies `op bound`.
    #[serde(default)]
    pub all: Vec<Bound>,
    /// Every `higher` cell exceeds every `lower` cell that shares its `by` dimensions.
    #[serde(default)]
    pub greater: Option<Greater>,
    /// The number of distinct selected keys satisfies `op bound`.
    #[serde(default)]
    pub count: Option<CountBound>,
    /// The largest UG_i over every rating vector equals (1 + p)·N·Dmax (paper A §3).
    #[serde(default)]
    pub max_gain: Option<MaxGain>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bound {
    pub select: Selector,
    pub op: Op,
    pub bound: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Greater {
    pub higher: Selector,
    pub lower: Selector,
    pub by: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountBound {
    #[serde(flatten)]
    pub count: CountSpec,
    pub op: Op,
    pub bound: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxGain {
    pub n: usize,
    pub dmax: u32,
    pub p: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Op {
    #[serde(rename = ">")]
    Gt,
    #[serde(rename = ">=")]
    Ge,
    #[serde(rename = "<")]
    Lt,
    #[serde(rename = "<=")]
    Le,
    #[serde(rename = "==")]
    Eq,
}

impl Op {
    fn holds(self, x: f64, bound: f64) -> bool {
        match self {
            Op::Gt => x > bound,
            Op::Ge => x >= bound,
            Op::Lt => x < bound,
            Op::Le => x <= bound,
            Op::Eq => x == bound,
        }
    }
    fn symbol(self) -> &'static str {
        match self {
            Op::Gt => ">",
            Op::Ge => "≥",
            Op::Lt => "<",
            Op::Le => "≤",
            Op::Eq => "=",
        }
    }
}

/// What a text claim's wiring computed from the printed numbers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TextDerivation {
    /// The value the claim should have, with the arithmetic (`None` when only other checks apply).
    pub value: Option<(f64, String)>,
    /// The table cell the claim repeats, if it repeats one (compared with a rebuild when exact).
    pub cell: Option<CellKey>,
    pub results: Vec<CheckResult>,
}

/// A statement and whether it holds on the printed numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct StatementOutcome {
    pub paper: Paper,
    pub id: String,
    pub table: String,
    pub section: String,
    pub claim: String,
    pub printed: String,
    pub class: ProvenanceClass,
    pub holds: bool,
    pub detail: String,
}

/// Every check applied to the published files.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Checks {
    pub cells: BTreeMap<CellKey, Vec<CheckResult>>,
    pub text: BTreeMap<String, TextDerivation>,
    pub statements: Vec<StatementOutcome>,
}

/// Reads the wiring file.
pub fn load(path: &Path) -> Result<Wiring, WiringError> {
    let text = read_text(path).map_err(WiringError::Read)?;
    parse(&text, path)
}

/// Parses the wiring file's text; `path` is used in errors.
pub fn parse(text: &str, path: &Path) -> Result<Wiring, WiringError> {
    serde_yaml::from_str(text).map_err(|err| {
        let position = err.location().map(|l| Position::at(l.line(), l.column()));
        WiringError::Invalid(SourceError::new(path, position, err.to_string()))
    })
}

/// The printed cells of every file, by key.
struct Index<'a> {
    cells: BTreeMap<CellKey, &'a PublishedCell>,
    text: BTreeMap<&'a str, f64>,
    files: &'a [PublishedFile],
}

impl<'a> Index<'a> {
    fn new(files: &'a [PublishedFile]) -> Self {
        let mut cells = BTreeMap::new();
        let mut text = BTreeMap::new();
        for file in files {
            for cell in file.cells() {
                cells.insert(cell.key(), cell);
            }
            for claim in &file.text {
                text.insert(claim.id.as_str(), claim.value);
            }
        }
        Index { cells, text, files }
    }

    fn table(&self, id: &str) -> Vec<&'a PublishedCell> {
        self.cells
            .values()
            .copied()
            .filter(|c| c.table == id)
            .collect()
    }

    fn get(&self, table: &str, panel: &str, row: &str, column: &str, part: &str) -> Option<f64> {
        self.cells
            .get(&CellKey::new(table, panel, row, column, part))
            .map(|c| c.value)
    }

    fn select(&self, s: &Selector) -> Vec<&'a PublishedCell> {
        self.files
            .iter()
            .flat_map(|f| f.cells())
            .filter(|c| s.matches(c))
            .collect()
    }

    fn paper_of(&self, table: &str) -> Option<Paper> {
        self.files
            .iter()
            .find(|f| f.table(table).is_some() || table.starts_with(&format!("{}.", f.paper)))
            .map(|f| f.paper)
    }
}

fn invalid(path: &Path, text: &str, needle: &str, message: String) -> WiringError {
    let line = text.lines().position(|l| l.contains(needle)).map(|i| i + 1);
    WiringError::Invalid(match line {
        Some(line) => SourceError::at_line(path, line, message),
        None => SourceError::whole_file(path, message),
    })
}

fn parse_key(key: &str) -> Option<CellKey> {
    let parts: Vec<&str> = key.split('/').collect();
    (parts.len() == 5).then(|| CellKey::new(parts[0], parts[1], parts[2], parts[3], parts[4]))
}

/// Applies the wiring to the published files. `source` (the wiring's text and path) is used to name
/// the line of a reference that does not resolve.
pub fn evaluate(
    wiring: &Wiring,
    files: &[PublishedFile],
    source: (&str, &Path),
) -> Result<Checks, WiringError> {
    let (text, path) = source;
    let index = Index::new(files);
    let mut checks = Checks::default();
    let require_table = |id: &str| -> Result<Vec<&PublishedCell>, WiringError> {
        let cells = index.table(id);
        if cells.is_empty() {
            return Err(invalid(
                path,
                text,
                id,
                format!("table `{id}` has no published cells"),
            ));
        }
        Ok(cells)
    };
    let mut push = |key: CellKey, result: CheckResult| {
        checks.cells.entry(key).or_default().push(result);
    };

    // Groups of an overlap table: (panel, row, column) → a, b, c, sso.
    let overlap_groups = |cells: &[&PublishedCell]| {
        let mut groups: BTreeMap<(String, String, String), BTreeMap<String, f64>> = BTreeMap::new();
        for c in cells {
            groups
                .entry((c.panel.clone(), c.row.clone(), c.column.clone()))
                .or_default()
                .insert(c.part.clone(), c.value);
        }
        groups
    };

    for spec in &wiring.sso {
        let cells = require_table(&spec.table)?;
        let counts_spec = wiring.pair_counts.iter().find(|p| p.overlap == spec.table);
        for ((panel, row, column), parts) in overlap_groups(&cells) {
            let (Some(&a), Some(&b), Some(&c), Some(&pct)) = (
                parts.get("a"),
                parts.get("b"),
                parts.get("c"),
                parts.get("sso_pct"),
            ) else {
                continue;
            };
            let abc = [a as u64, b as u64, c as u64];
            let mut result = sso::sso_percent(abc[0], abc[1], abc[2], pct, spec.decimals);
            if !result.ok {
                let count = |who: &str| {
                    counts_spec.and_then(|s| index.get(&s.counts, "main", who, &panel, "count"))
                };
                let fixes = sso::single_corrections(
                    abc,
                    pct,
                    spec.decimals,
                    count(&row).map(|v| v as u64),
                    count(&column).map(|v| v as u64),
                    wiring.correction_limit,
                );
                if !fixes.is_empty() {
                    let list: Vec<String> = fixes
                        .iter()
                        .map(|(part, from, to)| format!("{part} = {to} instead of {from}"))
                        .collect();
                    result.detail.push_str(&format!(
                        "; a single change satisfies every check on this cell: {}",
                        list.join(" or ")
                    ));
                    result.hint = Some(Hint::TypesettingSlip);
                }
            }
            push(
                CellKey::new(&spec.table, &panel, &row, &column, "sso_pct"),
                result,
            );
        }
    }

    for spec in &wiring.pair_counts {
        let cells = require_table(&spec.overlap)?;
        require_table(&spec.counts)?;
        for ((panel, row, column), parts) in overlap_groups(&cells) {
            let (Some(&a), Some(&b), Some(&c)) = (parts.get("a"), parts.get("b"), parts.get("c"))
            else {
                continue;
            };
            for (who, first, second, label, only_part) in
                [(&row, a, b, "a + b", "a"), (&column, b, c, "b + c", "c")]
            {
                let Some(count) = index.get(&spec.counts, "main", who, &panel, "count") else {
                    return Err(invalid(
                        path,
                        text,
                        &spec.counts,
                        format!(
                            "{} has no count for `{who}` under `{panel}` (needed by {}/{panel}/{row}/{column})",
                            spec.counts, spec.overlap
                        ),
                    ));
                };
                let result = pair_counts::significant_count(
                    first as u64,
                    second as u64,
                    label,
                    count,
                    &format!("{} {who}/{panel}", spec.counts),
                );
                let back = CheckResult::new(
                    CheckKind::PairCount,
                    result.ok,
                    format!(
                        "{} ({}/{panel}/{row}/{column})",
                        result.detail, spec.overlap
                    ),
                );
                push(
                    CellKey::new(&spec.counts, "main", who, &panel, "count"),
                    back,
                );
                push(
                    CellKey::new(&spec.overlap, &panel, &row, &column, only_part),
                    result.clone(),
                );
                push(
                    CellKey::new(&spec.overlap, &panel, &row, &column, "b"),
                    result,
                );
            }
        }
    }

    for spec in &wiring.shared_counts {
        let first = require_table(&spec.first.table)?;
        require_table(&spec.second.table)?;
        for cell in first.iter().filter(|c| c.row == spec.first.row) {
            let Some(other) = index.get(
                &spec.second.table,
                &cell.panel,
                &spec.second.row,
                &cell.column,
                &cell.part,
            ) else {
                continue;
            };
            let result = pair_counts::shared_count(
                cell.value,
                &format!("{} {}/{}", cell.table, cell.row, cell.column),
                other,
                &format!("{} {}/{}", spec.second.table, spec.second.row, cell.column),
            );
            push(cell.key(), result.clone());
            push(
                CellKey::new(
                    &spec.second.table,
                    &cell.panel,
                    &spec.second.row,
                    &cell.column,
                    &cell.part,
                ),
                result,
            );
        }
    }

    for spec in &wiring.tau {
        let cells = require_table(&spec.table)?;
        for cell in cells.iter().filter(|c| c.part == "tau") {
            let get =
                |part: &str| index.get(&cell.table, &cell.panel, &cell.row, &cell.column, part);
            let key =
                |part: &str| CellKey::new(&cell.table, &cell.panel, &cell.row, &cell.column, part);
            let grid = tau::on_grid(cell.value, spec.decimals, spec.runs);
            let grid = if !grid.ok && spec.ties_at_one {
                CheckResult::new(
                    CheckKind::TauGrid,
                    true,
                    format!(
                        "{} (the text implies tied runs in this table, so tau-b may be off the grid)",
                        grid.detail
                    ),
                )
            } else {
                grid
            };
            push(key("tau"), grid);
            let (Some(lo), Some(hi)) = (get("ci_lo"), get("ci_hi")) else {
                continue;
            };
            let mut centre = ci::centred(cell.value, lo, hi, wiring.ci_tolerance);
            let width = tau::width_attainable(
                spec.runs,
                cell.value,
                lo,
                hi,
                spec.decimals,
                spec.ties_at_one,
            );
            if !centre.ok {
                let same = same_interval_elsewhere(&index, cell, lo, hi);
                if !same.is_empty() {
                    let names: Vec<&str> = same.iter().map(|(name, _)| name.as_str()).collect();
                    centre.detail.push_str(&format!(
                        "; the same interval is printed for {}",
                        names.join(", ")
                    ));
                }
                if same.iter().any(|&(_, centred)| centred) {
                    centre.hint = Some(Hint::ShiftedInterval);
                }
            }
            let width = if !width.ok && spec.ties_at_one && cell.value != 1.0 {
                CheckResult::new(
                    CheckKind::CiWidth,
                    true,
                    format!(
                        "{} — but the text implies tied runs in this table, which this bound does not cover",
                        width.detail
                    ),
                )
            } else {
                width
            };
            for part in ["ci_lo", "ci_hi"] {
                push(key(part), centre.clone());
                push(key(part), width.clone());
            }
        }
    }

    for spec in &wiring.bold {
        let cells = require_table(&spec.table)?;
        let mut rows: BTreeMap<(String, String), Vec<&PublishedCell>> = BTreeMap::new();
        for cell in cells.iter().filter(|c| c.part == "p") {
            rows.entry((cell.panel.clone(), cell.row.clone()))
                .or_default()
                .push(cell);
        }
        for ps in rows.values() {
            let values: Vec<f64> = ps.iter().map(|c| c.value).collect();
            let one = bold::exactly_one_below(&values, spec.alpha);
            for cell in ps {
                if let Some(b) = cell.bold {
                    push(cell.key(), bold::bold_agrees(cell.value, b, spec.alpha));
                }
                push(cell.key(), one.clone());
            }
        }
    }

    for spec in &wiring.tukey {
        let cells = require_table(&spec.table)?;
        let mut rows: BTreeMap<(String, String), Vec<&PublishedCell>> = BTreeMap::new();
        for cell in &cells {
            rows.entry((cell.panel.clone(), cell.row.clone()))
                .or_default()
                .push(cell);
        }
        for ((panel, row), row_cells) in rows {
            let conditions: BTreeSet<&str> = row_cells.iter().map(|c| c.column.as_str()).collect();
            let mut details = Vec::new();
            let mut ok = true;
            let mut hint = None;
            for condition in conditions {
                let get = |part: &str| index.get(&spec.table, &panel, &row, condition, part);
                let (Some(p), Some(d), Some(es)) = (get("p"), get("abs_d"), get("es_hsd")) else {
                    continue;
                };
                let r = tukey::p_agrees_with_effect_size(
                    p,
                    d,
                    es,
                    spec.topics,
                    spec.runs,
                    wiring.tukey_factor,
                );
                ok &= r.ok;
                if !r.ok {
                    hint = Hint::first(hint, r.hint);
                }
                details.push(format!("{condition}: {}", r.detail));
            }
            let mut result = CheckResult::new(CheckKind::Tukey, ok, details.join(" | "));
            result.hint = hint;
            for cell in row_cells {
                push(cell.key(), result.clone());
            }
        }
    }

    for spec in &wiring.text {
        let derivation = derive_text(&index, spec).map_err(|m| invalid(path, text, &spec.id, m))?;
        checks.text.insert(spec.id.clone(), derivation);
    }

    for spec in &wiring.text_ci {
        let value = |id: &str| {
            index.text.get(id).copied().ok_or_else(|| {
                invalid(
                    path,
                    text,
                    id,
                    format!("no text claim `{id}` in the published files"),
                )
            })
        };
        let result = ci::centred(
            value(&spec.estimate)?,
            value(&spec.lo)?,
            value(&spec.hi)?,
            wiring.ci_tolerance,
        );
        for id in [&spec.lo, &spec.hi] {
            checks
                .text
                .entry(id.clone())
                .or_default()
                .results
                .push(result.clone());
        }
    }

    for spec in &wiring.statements {
        let paper = index.paper_of(&spec.table).ok_or_else(|| {
            invalid(
                path,
                text,
                &spec.id,
                format!(
                    "statement `{}` names an unknown table `{}`",
                    spec.id, spec.table
                ),
            )
        })?;
        let (holds, detail) =
            statement(&index, spec).map_err(|m| invalid(path, text, &spec.id, m))?;
        checks.statements.push(StatementOutcome {
            paper,
            id: spec.id.clone(),
            table: spec.table.clone(),
            section: spec.section.clone(),
            claim: spec.claim.clone(),
            printed: spec.printed.clone(),
            class: spec.class,
            holds,
            detail,
        });
    }
    Ok(checks)
}

/// Other cells of the same paper whose printed interval is exactly `[lo, hi]`, each named with its
/// tau and whether the interval is centred on it there.
fn same_interval_elsewhere(
    index: &Index,
    cell: &PublishedCell,
    lo: f64,
    hi: f64,
) -> Vec<(String, bool)> {
    index
        .cells
        .values()
        .filter(|c| c.part == "ci_lo" && c.value == lo && c.table.starts_with(&cell.table[..2]))
        .filter(|c| {
            (
                c.table.as_str(),
                c.panel.as_str(),
                c.row.as_str(),
                c.column.as_str(),
            ) != (
                cell.table.as_str(),
                cell.panel.as_str(),
                cell.row.as_str(),
                cell.column.as_str(),
            )
        })
        .filter(|c| index.get(&c.table, &c.panel, &c.row, &c.column, "ci_hi") == Some(hi))
        .map(|c| {
            let tau = index.get(&c.table, &c.panel, &c.row, &c.column, "tau");
            let centred = tau.is_some_and(|t| (t - (lo + hi) / 2.0).abs() <= 0.001);
            let name = format!(
                "{} {}/{}/{} (τ = {}{})",
                c.table,
                c.panel,
                c.row,
                c.column,
                tau.map_or("?".to_string(), |t| t.to_string()),
                if centred { ", centred there" } else { "" }
            );
            (name, centred)
        })
        .collect()
}

fn term(index: &Index, term: &str) -> Result<(f64, String), String> {
    if let Some(key) = parse_key(term) {
        return index
            .cells
            .get(&key)
            .map(|c| (c.value, format!("{} [{}]", c.printed, key)))
            .ok_or_else(|| format!("no published cell `{term}`"));
    }
    if let Some(&v) = index.text.get(term) {
        return Ok((v, format!("{v} [{term}]")));
    }
    term.parse::<f64>()
        .map(|v| (v, v.to_string()))
        .map_err(|_| format!("`{term}` is neither a cell key, a text claim id nor a number"))
}

fn count_distinct(index: &Index, spec: &CountSpec) -> Result<(usize, String), String> {
    let mut keys = BTreeSet::new();
    for cell in index.select(&spec.select) {
        if spec.meta.iter().all(|(k, v)| cell.meta.get(k) == Some(v)) {
            let mut key = Vec::new();
            for dim in &spec.distinct {
                key.push(match dim.as_str() {
                    "panel" => cell.panel.clone(),
                    "row" => cell.row.clone(),
                    "column" => cell.column.clone(),
                    other => {
                        return Err(format!(
                            "unknown dimension `{other}` (panel, row or column)"
                        ));
                    }
                });
            }
            keys.insert(key);
        }
    }
    let meta: Vec<String> = spec
        .meta
        .iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    Ok((
        keys.len(),
        format!(
            "{} distinct {} of {}{}",
            keys.len(),
            spec.distinct.join("×"),
            spec.select.table,
            if meta.is_empty() {
                String::new()
            } else {
                format!(" with {}", meta.join(", "))
            }
        ),
    ))
}

fn derive_text(index: &Index, spec: &TextSpec) -> Result<TextDerivation, String> {
    let given = [
        spec.cell.is_some(),
        spec.sum.is_some(),
        spec.difference.is_some(),
        spec.pairs_of.is_some(),
        spec.count.is_some(),
    ]
    .iter()
    .filter(|&&b| b)
    .count();
    if given != 1 {
        return Err(format!(
            "text claim `{}` needs exactly one of cell, sum, difference, pairs_of, count",
            spec.id
        ));
    }
    if !index.text.contains_key(spec.id.as_str()) {
        return Err(format!(
            "no text claim `{}` in the published files",
            spec.id
        ));
    }
    let mut derivation = TextDerivation::default();
    let value = if let Some(cell) = &spec.cell {
        let (v, shown) = term(index, cell)?;
        derivation.cell = parse_key(cell);
        (v, format!("the table prints {shown}"))
    } else if let Some(terms) = &spec.sum {
        let values = terms
            .iter()
            .map(|t| term(index, t))
            .collect::<Result<Vec<_>, _>>()?;
        let total: f64 = values.iter().map(|v| v.0).sum();
        let shown: Vec<String> = values.into_iter().map(|v| v.1).collect();
        (total, format!("{} = {total}", shown.join(" + ")))
    } else if let Some([a, b]) = &spec.difference {
        let (a, sa) = term(index, a)?;
        let (b, sb) = term(index, b)?;
        (a - b, format!("{sa} − {sb} = {}", a - b))
    } else if let Some(n) = &spec.pairs_of {
        let (n, shown) = term(index, n)?;
        let pairs = n * (n - 1.0) / 2.0;
        (pairs, format!("{shown}·({shown} − 1)/2 = {pairs}"))
    } else if let Some(count) = &spec.count {
        let (n, shown) = count_distinct(index, count)?;
        (n as f64, shown)
    } else {
        return Err(format!("text claim `{}` has no derivation", spec.id));
    };
    derivation.value = Some(value);
    Ok(derivation)
}

fn statement(index: &Index, spec: &StatementSpec) -> Result<(bool, String), String> {
    let mut holds = true;
    let mut details = Vec::new();
    for bound in &spec.all {
        let cells = index.select(&bound.select);
        if cells.is_empty() {
            return Err(format!("statement `{}` selects no cell", spec.id));
        }
        let failing: Vec<String> = cells
            .iter()
            .filter(|c| !bound.op.holds(c.value, bound.bound))
            .map(|c| format!("{}/{}/{} = {}", c.panel, c.row, c.column, c.printed))
            .collect();
        let equal = cells.iter().filter(|c| c.value == bound.bound).count();
        holds &= failing.is_empty();
        details.push(if failing.is_empty() {
            format!(
                "all {} selected values of {} are {} {}{}",
                cells.len(),
                bound.select.table,
                bound.op.symbol(),
                bound.bound,
                if equal > 0 && bound.op == Op::Ge {
                    format!(" ({equal} of them exactly {})", bound.bound)
                } else {
                    String::new()
                }
            )
        } else {
            format!(
                "{} of {} values of {} are not {} {}: {}",
                failing.len(),
                cells.len(),
                bound.select.table,
                bound.op.symbol(),
                bound.bound,
                failing.join(", ")
            )
        });
    }
    if let Some(g) = &spec.greater {
        let highs = index.select(&g.higher);
        let lows = index.select(&g.lower);
        let dims = |c: &PublishedCell| -> Vec<String> {
            g.by.iter()
                .map(|d| match d.as_str() {
                    "panel" => c.panel.clone(),
                    "row" => c.row.clone(),
                    _ => c.column.clone(),
                })
                .collect()
        };
        let mut compared = 0;
        let mut failing = Vec::new();
        for low in &lows {
            for high in highs.iter().filter(|h| dims(h) == dims(low)) {
                compared += 1;
                if high.value <= low.value {
                    failing.push(format!(
                        "{}/{} {} ≤ {}/{} {}",
                        high.row, high.column, high.printed, low.row, low.column, low.printed
                    ));
                }
            }
        }
        if compared == 0 {
            return Err(format!("statement `{}` compares no cells", spec.id));
        }
        holds &= failing.is_empty();
        details.push(if failing.is_empty() {
            format!(
                "all {compared} comparisons hold (higher > lower by {})",
                g.by.join(", ")
            )
        } else {
            format!(
                "{} of {compared} comparisons fail: {}",
                failing.len(),
                failing.join("; ")
            )
        });
    }
    if let Some(c) = &spec.count {
        let (n, shown) = count_distinct(index, &c.count)?;
        let ok = c.op.holds(n as f64, c.bound);
        holds &= ok;
        details.push(format!(
            "{shown}, {} {} {}",
            if ok { "which is" } else { "not" },
            c.op.symbol(),
            c.bound
        ));
    }
    if let Some(m) = &spec.max_gain {
        let setting = GainSetting {
            dmax: m.dmax,
            p: m.p,
        };
        let mut best = f64::MIN;
        let mut ratings = vec![0u32; m.n];
        let total = (m.dmax as usize + 1).pow(m.n as u32);
        for code in 0..total {
            let mut rest = code;
            for r in ratings.iter_mut() {
                *r = (rest % (m.dmax as usize + 1)) as u32;
                rest /= m.dmax as usize + 1;
            }
            let gains = item_gains(&ratings, setting).map_err(|e| e.to_string())?;
            best = best.max(gains.unanimity_aware);
        }
        let formula = max_unanimity_aware_gain(m.n, setting);
        let ok = (best - formula).abs() < 1e-9;
        holds &= ok;
        details.push(format!(
            "max UG over all {total} rating vectors (N = {}, Dmax = {}, p = {}) = {best} {} (1 + p)·N·Dmax = {formula}",
            m.n,
            m.dmax,
            m.p,
            if ok { "=" } else { "≠" }
        ));
    }
    if details.is_empty() {
        return Err(format!("statement `{}` has nothing to check", spec.id));
    }
    Ok((holds, details.join("; ")))
}
