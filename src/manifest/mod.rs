//! `paper/manifest.yaml`: the declarative description of every table and figure of both papers.
//!
//! Each artefact names its caption, the experiment that computes it, that experiment's parameters
//! (N, Dmax, p, B, alpha, cutoffs, measures, seed, topic sets, …), the row/column layout of its
//! rendering, and its output formats. Adding a variant of a table is a manifest edit, not a code change.
//!
//! Loading is strict: unknown keys, duplicate keys, wrong types, duplicate artefact ids, references
//! to experiments the code does not know ([`ExperimentId`]), parameters
//! the experiment does not take or needs and lacks, and values out of range ([`params`]) are all
//! reported as one [`SourceError`] naming the file, line and column.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::io::{Position, SourceError, parse_yaml, read_text};
use crate::model::{ArtefactId, column_id};

mod artefact_de;
pub(crate) mod built_in;
pub(crate) mod experiment;
pub(crate) mod parameter_rules;
pub(crate) mod params;
pub(crate) mod plausible;
mod replicated;
pub(crate) mod stub_width;

pub(crate) use built_in::BuiltIns;
pub(crate) use experiment::{DataSource, ExperimentId, ExperimentKind};
pub(crate) use params::Parameters;
pub(crate) use params::ReplicatesParams;
pub(crate) use plausible::KnobSpace;

/// The whole manifest.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Manifest {
    /// Global seed from which every experiment's random streams are derived (overridable by `--seed`).
    pub(crate) seed: u64,
    /// The two papers.
    pub(crate) papers: Vec<Paper>,
    /// Every table and figure of both papers, in the papers' order.
    pub(crate) artefacts: Vec<Artefact>,
}

/// One of the two papers.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Paper {
    /// `A` or `B`.
    pub(crate) id: String,
    pub(crate) title: String,
    /// Short name used for output directories (`unanimity`, `lancers`).
    pub(crate) slug: String,
    pub(crate) venue: String,
    /// The file of published values, relative to the project root; absent for a paper that printed
    /// none (the manifest `evia-repro study` builds for a user's collection): its ledger then holds
    /// only the claims of its rebuilt artefacts, and no consistency wiring applies to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) published: Option<String>,
}

/// A table or a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Kind {
    Table,
    Figure,
}

/// Whether the artefact's experiment is built, or still waiting for its engine or data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    Built,
    Pending,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Built => "built",
            Status::Pending => "pending",
        })
    }
}

/// An output format an artefact is rendered to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum OutputFormat {
    Markdown,
    Latex,
    Json,
    Svg,
}

/// One table or figure of a paper. Read by `artefact_de.rs`: its `parameters` are read as those of its
/// `experiment`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Artefact {
    /// `A.T1` … `B.F2`, checked where it is read ([`ArtefactId`]).
    pub(crate) id: ArtefactId,
    /// `A` or `B`.
    pub(crate) paper: String,
    pub(crate) kind: Kind,
    /// The paper's caption; a rich label carries its LaTeX spelling (math such as RawG$_i$).
    pub(crate) caption: Label,
    /// The experiment that computes it; an unknown name is rejected while parsing.
    pub(crate) experiment: ExperimentId,
    pub(crate) status: Status,
    /// Why a pending artefact is pending.
    pub(crate) pending_reason: Option<String>,
    /// The experiment's parameters, of its own type; `experiment()` of these is `experiment`.
    pub(crate) parameters: Parameters,
    pub(crate) layout: Option<Layout>,
    pub(crate) outputs: Vec<OutputFormat>,
}

impl Artefact {
    /// The seed of this artefact's random streams: its own `seed:` parameter, else `global` (the
    /// manifest's or `--seed`). The one place a seed is resolved: experiments draw with it
    /// ([`crate::model::stream_scope`]) and the pipeline records it in the stamp of every file the
    /// artefact writes.
    pub(crate) fn seed_or(&self, global: u64) -> u64 {
        self.parameters.seed().unwrap_or(global)
    }

    /// The column id a reference names in this artefact's layout: `prefix[i]` of a family of
    /// parameter columns resolved against the experiment's values
    /// ([`column_id::ParameterColumns::resolve`]), any other id unchanged.
    pub(crate) fn resolve_column(&self, column: &str) -> Result<String, column_id::ColumnRefError> {
        match self.parameters.parameter_columns() {
            Some(columns) => columns.resolve(column),
            None => Ok(column.to_string()),
        }
    }

    /// The value `x` of cell (`panel`, `row`, `column`) as the artefact's layout prints it, read
    /// back: the precision a claim about the cell is judged at, so that a claim never turns on a
    /// digit the table does not show (an upper limit of 0.9997 prints as 1.000 and is judged as
    /// 1). A row the layout does not list (rows found at run time) takes the column's or the
    /// panel's format; a cell the layout does not print is judged as it is.
    pub(crate) fn as_printed(&self, panel: &str, row: &str, column: &str, x: f64) -> f64 {
        match self.printed_decimals(panel, row, column) {
            Some(d) => format!("{x:.*}", usize::from(d)).parse().unwrap_or(x),
            None => x,
        }
    }

    /// The decimals the layout prints cell (`panel`, `row`, `column`) with (see
    /// [`Artefact::as_printed`]), when it prints it.
    pub(crate) fn printed_decimals(&self, panel: &str, row: &str, column: &str) -> Option<u8> {
        let layout = self.layout.as_ref()?;
        let panel = layout.panels.iter().find(|p| p.id == panel)?;
        let column = panel.columns.iter().find(|c| c.id == column)?;
        let format = match panel.rows.iter().find(|r| r.id == row) {
            Some(row) => panel.cell_format(row, column),
            None => column.format.or(panel.format),
        };
        format.map(|f| f.decimals)
    }
}

/// How a table is laid out: its panels, each with rows and columns.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Layout {
    /// Header of the column that holds the row labels.
    #[serde(default)]
    pub(crate) stub: Option<Label>,
    pub(crate) panels: Vec<Panel>,
}

/// A panel of a table (many tables have one, `main`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Panel {
    pub(crate) id: String,
    #[serde(default)]
    pub(crate) label: Option<Label>,
    /// Header of this panel's row-label column (overrides the layout's `stub`).
    #[serde(default)]
    pub(crate) stub: Option<Label>,
    /// The LaTeX width of the row-label column as a share of the line (a wrapping paragraph);
    /// without it, a narrow paragraph when a row label is long, else one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) stub_width: Option<stub_width::StubWidth>,
    #[serde(default)]
    pub(crate) format: Option<CellFormat>,
    /// The artefact's figure draws this panel, a value in each of its cells (a knob-space study's
    /// indices): a report shows the figure in the panel's place; tables.tex, the Markdown table and
    /// the page show the panel as numbers.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) drawn_by_figure: bool,
    pub(crate) rows: Vec<Header>,
    pub(crate) columns: Vec<Header>,
}

impl Panel {
    /// How the cell at (`row`, `column`) of this panel is printed: the row's format, else the
    /// column's, else the panel's. The one precedence rule of tables and reports alike.
    pub(crate) fn cell_format(&self, row: &Header, column: &Header) -> Option<CellFormat> {
        row.format.or(column.format).or(self.format)
    }
}

/// A row or column: its id (the key of the cells) and its printed label.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Header {
    pub(crate) id: String,
    pub(crate) label: Label,
    /// The part of the cell this row or column shows, when it shows one number of a multi-number cell
    /// (e.g. `p` of A.T3's `rawg` cells, `estimate` of B.T1's raw agreement).
    #[serde(default)]
    pub(crate) part: Option<String>,
    /// How cells in this row or column are printed (a row's format wins over a column's, which wins
    /// over the panel's).
    #[serde(default)]
    pub(crate) format: Option<CellFormat>,
}

/// A label: plain text, and optionally its LaTeX spelling (used verbatim in LaTeX; the plain text is
/// escaped otherwise).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(untagged)]
pub(crate) enum Label {
    Plain(String),
    Rich {
        text: String,
        #[serde(default)]
        latex: Option<String>,
    },
}

impl Label {
    pub(crate) fn text(&self) -> &str {
        match self {
            Label::Plain(t) | Label::Rich { text: t, .. } => t,
        }
    }

    pub(crate) fn latex(&self) -> Option<&str> {
        match self {
            Label::Plain(_) => None,
            Label::Rich { latex, .. } => latex.as_deref(),
        }
    }
}

/// How the numbers of a cell are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CellFormat {
    pub(crate) style: CellStyle,
    /// Digits after the decimal point.
    #[serde(default)]
    pub(crate) decimals: u8,
    /// Print values that round to a whole number without decimals (`13` beside `11.5`; `1 [1, 1]`).
    #[serde(default)]
    pub(crate) trim: bool,
    /// Group thousands with commas (`11,214`), as paper B's Table 2 does.
    #[serde(default)]
    pub(crate) thousands: bool,
    /// Drop the leading zero of numbers below one in magnitude, as paper A prints (`.987`).
    #[serde(default)]
    pub(crate) no_leading_zero: bool,
}

/// The shape of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum CellStyle {
    /// One number, part `value`.
    Number,
    /// An integer count, part `value` or `count`.
    Count,
    /// Parts `1`, `2`, … joined by spaces (paper A's ratings).
    List,
    /// `estimate [ci_lo, ci_hi]` (kappa) or `tau [ci_lo, ci_hi]`.
    EstimateCi,
    /// `mean (min/max)`.
    MeanMinMax,
    /// `a/b/c (sso_pct%)`.
    Overlap,
}

impl Manifest {
    /// Reads and validates the manifest at `path`, its experiments named from `catalog`.
    pub(crate) fn load(
        path: &Path,
        catalog: &'static [&'static ExperimentKind],
    ) -> Result<Manifest, SourceError> {
        let text = read_text(path)?;
        Manifest::parse(path, &text, catalog)
    }

    /// Parses and validates manifest text, its experiments named from `catalog`; `path` is used in
    /// error messages only.
    pub(crate) fn parse(
        path: &Path,
        text: &str,
        catalog: &'static [&'static ExperimentKind],
    ) -> Result<Manifest, SourceError> {
        experiment::with_catalog(catalog, || {
            let _headers: ManifestHeaders = parse_yaml(path, text)?;
            let (first, failed) = params::watching(|| parse_yaml::<Manifest>(path, text));
            if failed {
                return Err(parameters_error(path, text, catalog, first.err()));
            }
            let manifest = first?;
            manifest.validate(path, text)?;
            Ok(manifest)
        })
    }

    fn validate(&self, path: &Path, text: &str) -> Result<(), SourceError> {
        let papers: BTreeSet<&str> = self.papers.iter().map(|p| p.id.as_str()).collect();
        let mut seen = BTreeSet::new();
        for artefact in &self.artefacts {
            let at = |key: &str, value: &str| locate(text, &artefact.id, key, value);
            if !seen.insert(artefact.id.as_str()) {
                return Err(SourceError::new(
                    path,
                    locate_nth(text, "id", &artefact.id, 2),
                    format!(
                        "duplicate artefact id `{}`; every id must be unique",
                        artefact.id
                    ),
                ));
            }
            if !papers.contains(artefact.paper.as_str()) {
                return Err(SourceError::new(
                    path,
                    at("paper", &artefact.paper),
                    format!(
                        "artefact `{}` names unknown paper `{}`; expected one of: {}",
                        artefact.id,
                        artefact.paper,
                        papers.iter().copied().collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
            check_parameters(artefact, path, text)?;
            replicated::check_replicated(self, artefact, path, text)?;
            check_parameter_columns(artefact, path, text)?;
            if artefact.status == Status::Pending && artefact.pending_reason.is_none() {
                return Err(SourceError::new(
                    path,
                    at("status", "pending"),
                    format!(
                        "artefact `{}` is pending but has no `pending_reason`; expected one line saying what it waits for",
                        artefact.id
                    ),
                ));
            }
            if artefact.kind == Kind::Table
                && artefact.status == Status::Built
                && artefact.layout.is_none()
            {
                return Err(SourceError::new(
                    path,
                    at("id", &artefact.id),
                    format!("table `{}` is built but has no `layout`", artefact.id),
                ));
            }
            let drawn = artefact
                .layout
                .iter()
                .flat_map(|l| &l.panels)
                .find(|p| p.drawn_by_figure);
            if let Some(panel) = drawn
                && !artefact.outputs.contains(&OutputFormat::Svg)
            {
                return Err(SourceError::new(
                    path,
                    at("drawn_by_figure", "true"),
                    format!(
                        "panel `{}` of `{}` is `drawn_by_figure`, but the artefact draws no figure; add `svg` to its `outputs` or remove the key",
                        panel.id, artefact.id
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The artefact with id `id`.
    pub(crate) fn artefact(&self, id: &str) -> Option<&Artefact> {
        self.artefacts.iter().find(|a| a.id == id)
    }

    /// The paper with id `id`.
    pub(crate) fn paper(&self, id: &str) -> Option<&Paper> {
        self.papers.iter().find(|p| p.id == id)
    }
}

/// The error to report when the reading stopped at an artefact's parameters that do not read as its
/// experiment's type: the first such error in document order, found by reading the manifest again
/// per kind with the type known (`params::located`), so that it names the offending key's line.
fn parameters_error(
    path: &Path,
    text: &str,
    catalog: &'static [&'static ExperimentKind],
    first: Option<SourceError>,
) -> SourceError {
    let at = |e: &SourceError| e.position.map(|p| (p.line, p.column.unwrap_or(0)));
    let located = catalog
        .iter()
        .filter_map(|kind| (kind.parse.locate)(path, text, kind.name))
        .min_by_key(at);
    match (located, first) {
        (Some(located), _) => located,
        (None, Some(first)) => first,
        (None, None) => SourceError::new(
            path,
            None,
            "an artefact's parameters do not read as its experiment's, and reading them again found no error",
        ),
    }
}

/// The manifest read for its artefacts' ids, papers and experiments only (other keys are ignored
/// here and checked by the full read).
#[derive(Debug, Deserialize)]
struct ManifestHeaders {
    #[serde(rename = "artefacts")]
    _artefacts: Vec<ArtefactHeader>,
}

/// What an artefact entry says before its parameters: its experiment, read first so that a slip in
/// `experiment:` is reported as itself, at its line, rather than as another kind's parameter errors.
#[derive(Debug, Deserialize)]
struct ArtefactHeader {
    #[serde(rename = "experiment")]
    _experiment: ExperimentId,
}

/// Checks `artefact`'s parameter values against its experiment's rules ([`params::Params::validate`]),
/// naming the offending key's line and column. (Which keys it takes, and their types, were checked
/// while reading.)
fn check_parameters(artefact: &Artefact, path: &Path, text: &str) -> Result<(), SourceError> {
    match artefact.parameters.validate() {
        Ok(()) => Ok(()),
        Err(violation) => Err(SourceError::new(
            path,
            locate_parameter(text, &artefact.id, violation.key),
            format!("artefact `{}`: {}", artefact.id, violation.message),
        )),
    }
}

/// Checks that the layout's parameter-derived columns are ones the experiment writes: for an
/// experiment with a family of parameter columns ([`params::Params::parameter_columns`]), every
/// column of the layout that starts with the family's prefix must be the column of one of the
/// parameter's values, so a variant whose column id and values disagree is rejected at load instead
/// of rendering empty cells.
fn check_parameter_columns(
    artefact: &Artefact,
    path: &Path,
    text: &str,
) -> Result<(), SourceError> {
    let Some(family) = artefact.parameters.parameter_columns() else {
        return Ok(());
    };
    let Some(layout) = artefact
        .layout
        .as_ref()
        .filter(|_| !family.values.is_empty())
    else {
        return Ok(());
    };
    let expected = family.columns();
    let columns = layout.panels.iter().flat_map(|panel| &panel.columns);
    for column in columns.filter(|c| c.id.starts_with(family.family.prefix)) {
        if !expected.contains(&column.id) {
            let (parameter, values) = (family.family.parameter, &family.values);
            return Err(SourceError::new(
                path,
                locate(text, &artefact.id, "id", &artefact.id)
                    .and_then(|start| find_column(text, &column.id, start.line)),
                format!(
                    "artefact `{}`: column `{}` shows {} for a {parameter} that is not among the \
                     parameters; with {parameter} = {values:?} the columns are: {}",
                    artefact.id,
                    column.id,
                    family.family.shows,
                    expected.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// The position of the first `id: <column>` in a flow mapping (`- {id: …, …}`) after line `after`.
fn find_column(text: &str, column: &str, after: usize) -> Option<Position> {
    let needle = format!("id: {column},");
    text.lines().enumerate().skip(after).find_map(|(i, line)| {
        line.find(&needle)
            .map(|c| Position::at(i + 1, c + "id: ".len() + 1))
    })
}

/// The position of the value of parameter `key` of the artefact whose `id` is `artefact_id`: the first
/// `key:` line after the artefact's `parameters:` line.
fn locate_parameter(text: &str, artefact_id: &str, key: &str) -> Option<Position> {
    let start = find_key_value(text, "id", artefact_id, 0)?;
    let parameters = text
        .lines()
        .enumerate()
        .skip(start.line)
        .find(|(_, line)| line.trim() == "parameters:")?
        .0;
    let found = text
        .lines()
        .enumerate()
        .skip(parameters + 1)
        // The artefact's block ends where the next artefact begins.
        .take_while(|(_, line)| !line.trim_start().starts_with("- id:"))
        .find_map(|(i, line)| {
            let rest = line.trim_start().strip_prefix(key)?.strip_prefix(':')?;
            let column = line.len() - rest.trim_start().len() + 1;
            Some(Position::at(i + 1, column))
        });
    // A missing key: the artefact's `parameters:` line.
    found.or_else(|| {
        let line = text.lines().nth(parameters)?;
        Some(Position::at(
            parameters + 1,
            line.len() - line.trim_start().len() + 1,
        ))
    })
}

/// The position of `key: value` inside the artefact whose `id` is `artefact_id`: the first such line
/// after the artefact's `id:` line. Used for errors found after deserialisation, which keeps no spans.
fn locate(text: &str, artefact_id: &str, key: &str, value: &str) -> Option<Position> {
    let start = find_key_value(text, "id", artefact_id, 0)?;
    if key == "id" {
        return Some(start);
    }
    find_key_value(text, key, value, start.line)
}

/// The position of the `nth` (1-based) line holding `key: value`.
fn locate_nth(text: &str, key: &str, value: &str, nth: usize) -> Option<Position> {
    let mut from = 0;
    let mut found = None;
    for _ in 0..nth {
        let p = find_key_value(text, key, value, from)?;
        from = p.line;
        found = Some(p);
    }
    found
}

/// The first line after line `after` (1-based; 0 = from the start) of the form `[- ]key: value`,
/// returning the value's position.
fn find_key_value(text: &str, key: &str, value: &str, after: usize) -> Option<Position> {
    text.lines().enumerate().skip(after).find_map(|(i, line)| {
        let trimmed = line.trim_start().trim_start_matches("- ");
        let rest = trimmed.strip_prefix(key)?.strip_prefix(':')?;
        let v = rest.split('#').next().unwrap_or("").trim();
        let v = v.trim_matches(|c| c == '"' || c == '\'');
        (v == value).then(|| {
            let column = line.find(':').map_or(1, |c| {
                c + 2 + line[c + 1..].len() - line[c + 1..].trim_start().len()
            });
            Position::at(i + 1, column)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_key_value_positions() {
        let text =
            "artefacts:\n  - id: A.T1\n    experiment: nope\n  - id: A.T2\n    experiment: nope\n";
        assert_eq!(
            locate(text, "A.T2", "experiment", "nope"),
            Some(Position::at(5, 17))
        );
        assert_eq!(
            locate_nth(text, "experiment", "nope", 2),
            Some(Position::at(5, 17))
        );
        assert_eq!(locate(text, "A.T1", "id", "A.T1"), Some(Position::at(2, 9)));
    }
}
