//! Lays a [`ResultTable`] out as the manifest describes: panels of labelled rows and columns whose cells
//! are formatted strings. Markdown, LaTeX and terminal renderers all start from this grid.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::manifest::{Artefact, CellFormat, CellStyle, Header, Label, Panel};
use crate::model::GridPlace;
use crate::model::is_invisible;
use crate::render::claim_grid::claim_grids;
use crate::render::group_breaks::{
    GroupedRow, KEEP_ROWS, KEEP_WRAPPED_ROWS, RowBreak, keep_groups,
};
use crate::render::item_grid::item_grids;
use crate::render::label_runs::{label_runs, split_label};
use crate::render::number::{Minus, format_count, format_number};
use crate::results::{ResultTable, VALUE};

/// What a missing cell shows: a level or cell the table does not have in a row that has other values.
pub const ABSENT: &str = "-";
/// What every cell of a row the experiment did not rebuild shows.
pub const PENDING: &str = "pending";

/// Row labels longer than this many characters (A.T3's "Dmax = 8, N = 5: BUPTTeam-C-R4 vs.
/// picl-C-R2") make the LaTeX stub column a wrapping paragraph ([`GridPanel::stub_wide`]).
pub const WIDE_STUB_CHARS: usize = 28;

/// The one-line legend of a fitted number's mark, after the mark itself.
pub const FITTED_LEGEND: &str = " fitted: the stand-in was fitted to this printed number, so it agrees by construction and reproduces nothing.";

/// The output a grid is being prepared for: decides label spelling, escaping and the minus sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Markdown,
    Latex,
    Terminal,
}

impl Target {
    fn minus(self) -> Minus {
        match self {
            Target::Markdown => Minus::Unicode,
            Target::Latex => Minus::Latex,
            Target::Terminal => Minus::Ascii,
        }
    }

    /// A cell's text in bold: `**x**` in Markdown, `\textbf{x}` in LaTeX, and `x*` in the terminal
    /// (a legend line says so), which keeps a narrow column narrow.
    fn bold(self, text: &str) -> String {
        match self {
            Target::Markdown => format!("**{text}**"),
            Target::Terminal => format!("{text}*"),
            Target::Latex => format!("\\textbf{{{text}}}"),
        }
    }

    /// The mark after a rebuilt number that a stand-in was fitted to its printed value.
    pub fn fitted_mark(self) -> &'static str {
        match self {
            Target::Markdown | Target::Terminal => " ≡",
            Target::Latex => "\\,$\\equiv$",
        }
    }

    /// Plain `text` escaped for the target.
    fn escape(self, text: &str) -> String {
        match self {
            Target::Markdown => escape_markdown(text),
            Target::Latex => escape_latex(text),
            Target::Terminal => escape_terminal(text),
        }
    }

    fn label(self, label: &Label) -> String {
        match self {
            Target::Markdown => escape_markdown(label.text()),
            Target::Latex => label
                .latex()
                .map(str::to_string)
                .unwrap_or_else(|| escape_latex(label.text())),
            Target::Terminal => escape_terminal(label.text()),
        }
    }
}

/// A table ready for a template.
#[derive(Debug, Clone, Serialize)]
pub struct Grid {
    pub id: String,
    pub caption: String,
    /// The stand-in note ([`StandIn::note`]), escaped, when the table rests on a stand-in: the
    /// templates print it in the caption, never only as a comment.
    pub stand_in: Option<String>,
    /// The short stand-in mark ([`StandIn::mark`]), escaped: the head of every page a long table
    /// continues onto repeats it.
    pub stand_in_mark: Option<String>,
    pub panels: Vec<GridPanel>,
    pub notes: Vec<String>,
    /// The legends of the marks its cells carry (a fitted number's ≡), printed visibly under it.
    pub legend: Vec<String>,
    /// What the table is called: the paper's number for the paper's tables (`3` for A.T3), the id
    /// for a table beyond the paper (`A.X1`), so no table gets a number the paper gave another.
    pub number: String,
    /// Whether the table is taller than a page holds as one float ([`is_tall`]): LaTeX then sets
    /// its panels as long tables that split across pages.
    pub tall: bool,
}

/// Lines of a landscape page (A4, 2 cm margins, `\small` booktabs rows) that one table float may
/// fill; a taller float would run off the page.
const PAGE_LINES: usize = 36;

/// Whether `panels` need more than [`PAGE_LINES`] lines: a panel's label and header take two, a row
/// one, or two when its label wraps in a wide stub column, and a group's heading row one.
fn is_tall(panels: &[GridPanel]) -> bool {
    let lines: usize = panels
        .iter()
        .map(|p| {
            let groups = p.rows.iter().filter(|r| r.group.is_some()).count();
            2 + groups + p.rows.len() * if p.stub_wide { 2 } else { 1 }
        })
        .sum();
    lines > PAGE_LINES
}

#[derive(Debug, Clone, Serialize)]
pub struct GridPanel {
    pub label: String,
    pub stub: String,
    /// Whether a row label is longer than [`WIDE_STUB_CHARS`] or the panel sets a `stub_width`:
    /// LaTeX then sets the stub column as a ragged-right paragraph (`p{}`) that wraps, instead of
    /// one line that can run off the page.
    pub stub_wide: bool,
    /// The panel's `stub_width` (a share of the line) when it sets one: the paragraph's width.
    pub stub_fraction: Option<f64>,
    pub header: Vec<String>,
    pub rows: Vec<GridRow>,
    /// In LaTeX, the lines (estimated) a page must hold for the panel's first rows up to the first
    /// row a page may break after ([`GridPanel::keep_groups`]): the templates keep the panel's
    /// label, header and heading with them, so none is left alone at a page's foot.
    pub lead_lines: usize,
    /// In LaTeX, the lines (estimated) of all rows, group headings included: the room a short
    /// (unbreakable) table needs below its heading.
    pub lines: usize,
}

/// Characters of `\small` text in a full line of the LaTeX text width (A4, 2 cm margins).
const LINE_CHARS: f64 = 105.0;

/// Characters of a wide stub column without a set width (3.2 cm in the report).
const WIDE_STUB_LINE_CHARS: usize = 20;

impl GridPanel {
    /// Marks where LaTeX may break the page between the rows ([`keep_groups`]) and sets
    /// [`GridPanel::lead_lines`] and [`GridPanel::lines`].
    pub fn keep_groups(&mut self) {
        let keep = if self.stub_fraction.is_some() {
            KEEP_WRAPPED_ROWS
        } else {
            KEEP_ROWS
        };
        keep_groups(&mut self.rows, keep);
        let lead = self
            .rows
            .iter()
            .position(|r| r.break_after == RowBreak::Allowed)
            .map_or(self.rows.len(), |i| i + 1);
        let lines: Vec<usize> = self
            .rows
            .iter()
            .map(|r| usize::from(r.group.is_some()) + self.row_lines(r))
            .collect();
        self.lead_lines = lines[..lead].iter().sum();
        self.lines = lines.iter().sum();
    }

    /// The lines a row takes: its stacked cells' (`\shortstack`) or its wrapped label's.
    fn row_lines(&self, row: &GridRow) -> usize {
        let cells = row
            .cells
            .iter()
            .map(|c| 1 + c.matches("\\\\").count())
            .max()
            .unwrap_or(1);
        let chars = row.label.chars().count();
        let label = match (self.stub_fraction, self.stub_wide) {
            (Some(f), _) => {
                let per_line = (f * LINE_CHARS).floor().max(1.0) as usize;
                chars.div_ceil(per_line)
            }
            (None, true) => chars.div_ceil(WIDE_STUB_LINE_CHARS),
            (None, false) => 1,
        };
        cells.max(label).max(1)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct GridRow {
    pub label: String,
    pub cells: Vec<String>,
    /// The group this row opens (`Dmax = 8, N = 5` of A.T3's `Dmax = 8, N = 5: X vs. Y`), set on the
    /// first row of each group of a LaTeX panel whose rows come from the data: the templates print it
    /// as a heading row across the table, and `label` keeps the item only ([`group_row_labels`]).
    pub group: Option<String>,
    /// Whether LaTeX may break the page after this row: not inside a group, whose heading would
    /// be left behind ([`keep_groups`]).
    pub break_after: RowBreak,
}

impl GridRow {
    /// A row of a grid laid out from the data: `label` and, per column, the cell's text or
    /// [`ABSENT`] where the grid has no cell; no group heading, a page may break after it.
    pub fn of_cells<'a>(label: String, cells: impl Iterator<Item = Option<&'a String>>) -> Self {
        GridRow {
            label,
            cells: cells
                .map(|cell| cell.cloned().unwrap_or_else(|| ABSENT.to_string()))
                .collect(),
            group: None,
            break_after: RowBreak::Allowed,
        }
    }

    /// The row as (label, cells) for tests that compare a laid-out grid with what they expect.
    #[cfg(test)]
    pub(crate) fn label_and_cells(&self) -> (&str, Vec<&str>) {
        (
            self.label.as_str(),
            self.cells.iter().map(String::as_str).collect(),
        )
    }
}

impl GroupedRow for GridRow {
    fn group(&self) -> Option<&str> {
        self.group.as_deref()
    }
    fn set_group(&mut self, heading: String) {
        self.group = Some(heading);
    }
    fn set_break_after(&mut self, rule: RowBreak) {
        self.break_after = rule;
    }
}

/// Why a table could not be laid out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    #[error("artefact `{0}` has no layout")]
    NoLayout(String),
    #[error(
        "artefact `{artefact}`, panel `{panel}`: no format for row `{row}`, column `{column}` (give the row, column or panel a `format`)"
    )]
    NoFormat {
        artefact: String,
        panel: String,
        row: String,
        column: String,
    },
}

/// Lays out `table` following `artefact`'s layout for `target`.
///
/// A panel with `rows: []` in the manifest takes its rows from the table ([`ResultTable::add_row`]):
/// experiments whose rows are only known after they ran (A.T3's discrepancy rows) supply ids and
/// labels there; such a panel with no rows is omitted. Cells marked with [`ResultTable::mark_bold`] are printed in bold.
pub fn layout(artefact: &Artefact, table: &ResultTable, target: Target) -> Result<Grid, GridError> {
    let layout = artefact
        .layout
        .as_ref()
        .ok_or_else(|| GridError::NoLayout(artefact.id.to_string()))?;
    let mut panels = Vec::new();
    let mut any_fitted = false;
    for panel in &layout.panels {
        let stub = panel
            .stub
            .as_ref()
            .or(layout.stub.as_ref())
            .map(|l| target.label(l))
            .unwrap_or_default();
        let header = panel
            .columns
            .iter()
            .map(|c| target.label(&c.label))
            .collect();
        let dynamic: Vec<Header>;
        // Rows the experiment supplies carry names from the data (run ids of a real collection).
        let rows_from_data = panel.rows.is_empty();
        // Grouped rows (a claim or number per measure, Dmax and N) leave the panel's rows for one
        // Dmax × N grid per measure, placed after the panel's other rows.
        let mut grids = Vec::new();
        let panel_rows = if rows_from_data {
            grids = grid_panels(artefact, table, panel, target)?;
            dynamic = table
                .rows_of(&panel.id)
                .iter()
                .filter(|r| r.group.is_none())
                .map(|r| Header {
                    id: r.id.clone(),
                    label: Label::Plain(r.label.clone()),
                    part: None,
                    format: None,
                })
                .collect();
            &dynamic
        } else {
            &panel.rows
        };
        // A panel whose rows the experiment supplies and that has none is omitted, not printed as
        // a bare header (a robustness study's empty verdict panel).
        if rows_from_data && panel_rows.is_empty() {
            panels.extend(grids);
            continue;
        }
        let stub_fraction = panel.stub_width.map(|w| w.fraction());
        let mut rows = Vec::new();
        for row in panel_rows {
            let mut cells = Vec::new();
            for column in &panel.columns {
                let format = cell_format(artefact, panel, row, column)?;
                let part = row
                    .part
                    .as_deref()
                    .or(column.part.as_deref())
                    .unwrap_or(VALUE);
                let text = cell_text(table, panel, row, column, &format, target);
                let text = if table.is_bold(&panel.id, &row.id, &column.id, part) {
                    text.map(|t| target.bold(&t))
                } else {
                    text
                };
                let fitted = table
                    .fitted
                    .keys()
                    .any(|k| k.panel == panel.id && k.row == row.id && k.column == column.id);
                any_fitted |= fitted && text.is_some();
                cells.push(if fitted {
                    text.map(|t| format!("{t}{}", target.fitted_mark()))
                } else {
                    text
                });
            }
            let rebuilt = cells.iter().any(Option::is_some)
                && !table
                    .pending_rows
                    .contains(&(panel.id.clone(), row.id.clone()));
            rows.push(GridRow {
                label: target.label(&row.label),
                cells: cells
                    .into_iter()
                    .map(|c| {
                        c.unwrap_or_else(|| if rebuilt { ABSENT } else { PENDING }.to_string())
                    })
                    .collect(),
                group: None,
                break_after: RowBreak::Allowed,
            });
        }
        // A panel with a set stub width (a claim's words) keeps the group in its first row's label:
        // as a heading row across the table a long group would run off the page.
        let grouped = rows_from_data && target == Target::Latex && stub_fraction.is_none();
        if rows_from_data && target == Target::Latex {
            group_row_labels(&mut rows, grouped);
        }
        let stub_wide = stub_fraction.is_some() || has_long_label(panel_rows, grouped);
        panels.push(GridPanel {
            label: panel
                .label
                .as_ref()
                .map(|l| target.label(l))
                .unwrap_or_default(),
            stub,
            stub_wide,
            stub_fraction,
            header,
            rows,
            lead_lines: 0,
            lines: 0,
        });
        panels.extend(grids);
    }
    // Group headings are LaTeX rows: a page break may not separate a group from its heading.
    if target == Target::Latex {
        for p in &mut panels {
            p.keep_groups();
        }
    }
    let escape = |s: &str| target.escape(s);
    let notes: Vec<String> = table.notes.iter().map(|n| escape(n)).collect();
    let mut legend = Vec::new();
    if any_fitted {
        legend.push(format!(
            "{}{FITTED_LEGEND}",
            target.fitted_mark().trim_start_matches([' ', '\\', ','])
        ));
    }
    if !table.bold.is_empty() && target == Target::Terminal {
        legend.push("x* printed in bold (as the paper prints it)".to_string());
    }
    let words = crate::model::artefact_words(&artefact.id);
    let number = words
        .strip_prefix("Table ")
        .or_else(|| words.strip_prefix("Figure "))
        .map_or_else(|| artefact.id.to_string(), str::to_string);
    Ok(Grid {
        id: artefact.id.to_string(),
        caption: target.label(&artefact.caption),
        stand_in: artefact
            .experiment
            .stand_in(table.real_data)
            .map(|s| escape(s.note())),
        stand_in_mark: artefact
            .experiment
            .stand_in(table.real_data)
            .map(|s| escape(s.mark())),
        tall: is_tall(&panels),
        panels,
        notes,
        legend,
        number,
    })
}

/// The format of the cell at `row` × `column` of `panel`, or the error naming the artefact, panel,
/// row and column that have none.
fn cell_format(
    artefact: &Artefact,
    panel: &Panel,
    row: &Header,
    column: &Header,
) -> Result<CellFormat, GridError> {
    panel
        .cell_format(row, column)
        .ok_or_else(|| GridError::NoFormat {
            artefact: artefact.id.to_string(),
            panel: panel.id.clone(),
            row: row.id.clone(),
            column: column.id.clone(),
        })
}

/// The grouped rows `panel` takes from `table` ([`ResultTable::add_grouped_row`]) as grids, by their
/// typed place ([`GridPlace`]): one Dmax × N grid per measure ([`claim_grids`], typed measure order),
/// then one items × measures grid per table ([`item_grids`], in the order the rows list the tables).
/// A cell shows the row's cells in the panel's columns, joined by [`GRID_CELL_JOIN`] (a study's
/// holding rate; a replicate band and the printed value, bold when outside it). Each grid is titled
/// by its measure or table and what a cell shows; the first also by the panel's label.
fn grid_panels(
    artefact: &Artefact,
    table: &ResultTable,
    panel: &Panel,
    target: Target,
) -> Result<Vec<GridPanel>, GridError> {
    let mut by_dmax = Vec::new();
    let mut by_item = Vec::new();
    for r in table.rows_of(&panel.id) {
        let Some(place) = &r.group else { continue };
        let row = Header {
            id: r.id.clone(),
            label: Label::Plain(r.label.clone()),
            part: None,
            format: None,
        };
        let mut texts = Vec::new();
        for column in &panel.columns {
            let format = cell_format(artefact, panel, &row, column)?;
            let part = column.part.as_deref().unwrap_or(VALUE);
            let text = cell_text(table, panel, &row, column, &format, target)
                .unwrap_or_else(|| ABSENT.to_string());
            texts.push(if table.is_bold(&panel.id, &row.id, &column.id, part) {
                target.bold(&text)
            } else {
                text
            });
        }
        match place {
            GridPlace::DmaxByN(group) => by_dmax.push((group.clone(), texts)),
            GridPlace::ItemByMeasure(item) => by_item.push((item.clone(), texts)),
        }
    }
    // Every N of the family is a column of each Dmax grid ([`claim_grids`]); an items grid has a
    // column per measure of its table.
    let n_columns = by_dmax
        .iter()
        .map(|(g, _)| g.n)
        .collect::<BTreeSet<_>>()
        .len();
    let mut measures: BTreeMap<&str, BTreeSet<u32>> = BTreeMap::new();
    for (place, _) in &by_item {
        measures
            .entry(place.table.as_str())
            .or_default()
            .insert(place.measure_rank);
    }
    let by_dmax = by_dmax
        .iter()
        .map(|(g, texts)| (g.clone(), grid_cell(texts, target, n_columns)))
        .collect();
    let by_item = by_item
        .iter()
        .map(|(place, texts)| {
            let columns = measures.get(place.table.as_str()).map_or(0, BTreeSet::len);
            (place.clone(), grid_cell(texts, target, columns))
        })
        .collect();
    let shows = panel
        .columns
        .iter()
        .map(|c| target.label(&c.label))
        .collect::<Vec<_>>()
        .join(&target.escape(GRID_CELL_JOIN));
    let dmax_stub = match target {
        Target::Latex => "$D_\\mathrm{max}$".to_string(),
        Target::Markdown | Target::Terminal => "Dmax".to_string(),
    };
    let mut dmax_grids: Vec<NamedGrid> = claim_grids(by_dmax)
        .into_iter()
        .map(|g| {
            (
                Some(target.escape(&g.measure)),
                dmax_stub.clone(),
                g.header,
                g.rows,
            )
        })
        .collect();
    // In LaTeX the measures' grids make one table, each measure opening with a heading row
    // ([`GridRow::group`], printed across the table): they share their N columns
    // ([`claim_grids`]), so the header and rules are set once, not once per measure.
    if target == Target::Latex && dmax_grids.len() > 1 {
        let stub = dmax_stub.clone();
        let header = dmax_grids[0].2.clone();
        let rows = dmax_grids
            .drain(..)
            .flat_map(|(name, _, _, mut rows)| {
                if let Some(first) = rows.first_mut() {
                    first.group = name;
                }
                rows
            })
            .collect();
        dmax_grids.push((None, stub, header, rows));
    }
    let item_grids = item_grids(by_item).into_iter().map(|g| {
        let header = g.header.iter().map(|h| target.escape(h)).collect();
        let rows = g
            .rows
            .into_iter()
            .map(|r| GridRow {
                label: target.escape(&r.label),
                ..r
            })
            .collect();
        (
            Some(target.escape(&g.table)),
            target.escape(&g.stub),
            header,
            rows,
        )
    });
    let label = panel.label.as_ref().map(|l| target.label(l));
    Ok(dmax_grids
        .into_iter()
        .chain(item_grids)
        .enumerate()
        .map(|(i, (name, stub, header, rows))| {
            let stub_wide = rows
                .iter()
                .any(|r: &GridRow| r.label.chars().count() > WIDE_STUB_CHARS);
            GridPanel {
                label: match (i, &label, &name) {
                    (0, Some(l), Some(name)) => format!("{l}, {name}: {shows}"),
                    (0, Some(l), None) => format!("{l}: {shows}"),
                    (_, _, Some(name)) => format!("{name}: {shows}"),
                    (_, _, None) => shows.clone(),
                },
                stub,
                stub_wide,
                stub_fraction: None,
                header,
                rows,
                lead_lines: 0,
                lines: 0,
            }
        })
        .collect())
}

/// A grid before it becomes a panel: its name (a measure or table; none for measures folded into
/// one table), stub, header and rows.
type NamedGrid = (Option<String>, String, Vec<String>, Vec<GridRow>);

/// Between the texts of a grouped row's columns in its grid cell.
const GRID_CELL_JOIN: &str = " · ";

/// How many grid columns of several-text cells fit the LaTeX text width side by side on one line
/// each (paper B's three measures); a wider grid (paper A's five N) stacks its cells.
const LINE_CELLS: usize = 3;

/// A grid cell of several texts (a replicate band and the printed value): joined by
/// [`GRID_CELL_JOIN`] on one line in Markdown, on the terminal and in a LaTeX grid of at most
/// [`LINE_CELLS`] columns; stacked right-aligned in a wider LaTeX grid, the join opening the second
/// line, so a grid of five such cells fits the text width.
fn grid_cell(texts: &[String], target: Target, columns: usize) -> String {
    let join = target.escape(GRID_CELL_JOIN);
    match target {
        Target::Latex if texts.len() > 1 && columns > LINE_CELLS => {
            format!(
                "\\shortstack[r]{{{}}}",
                texts.join(&format!("\\\\{}", join.trim_start()))
            )
        }
        _ => texts.join(&join),
    }
}

/// Whether a row label, as shown, is longer than [`WIDE_STUB_CHARS`]: when `grouped`, a label
/// `group: item` shows its item only ([`group_row_labels`]).
fn has_long_label(rows: &[Header], grouped: bool) -> bool {
    rows.iter().any(|r| {
        let text = r.label.text();
        let shown = match split_label(text) {
            Some((_, item)) if grouped => item,
            _ => text,
        };
        shown.chars().count() > WIDE_STUB_CHARS
    })
}

/// Row labels of one group (`Dmax = 8, N = 5: X vs. Y`, A.T3's rows) name the group once, as the
/// paper's table does. With `heading`, every such row shows its item only and the first row of each
/// group carries the group as [`GridRow::group`], printed as a heading row across the table, so the
/// stub column holds the short item on one line; without, the first row keeps its whole label and
/// the later rows of its group show their item only.
fn group_row_labels(rows: &mut [GridRow], heading: bool) {
    let labels: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    for run in label_runs(&labels) {
        let Some(head) = run.head else { continue };
        for (k, position) in run.positions.enumerate() {
            let row = &mut rows[position];
            if k == 0 && heading {
                row.group = Some(head.to_string());
            }
            if k > 0 || heading {
                let (_, item) = split_label(labels[position]).expect("a run with a head");
                row.label = item.to_string();
            }
        }
    }
}

/// The text of one cell, or `None` when the table has no number for it.
fn cell_text(
    table: &ResultTable,
    panel: &Panel,
    row: &Header,
    column: &Header,
    format: &CellFormat,
    target: Target,
) -> Option<String> {
    let minus = target.minus();
    let part = row.part.as_deref().or(column.part.as_deref());
    let get = |part: &str| table.get(&panel.id, &row.id, &column.id, part);
    let num = |v: f64| format_number(v, format, minus);
    let count = |v: f64| format_count(v, format, minus);
    match format.style {
        CellStyle::Number => get(part.unwrap_or(VALUE)).map(num),
        CellStyle::Count => part
            .map_or_else(|| get(VALUE).or_else(|| get("count")), get)
            .map(count),
        CellStyle::List => {
            let items: Vec<String> = (1..).map_while(|i| get(&i.to_string())).map(num).collect();
            (!items.is_empty()).then(|| items.join(" "))
        }
        CellStyle::EstimateCi => {
            let estimate = get("estimate").or_else(|| get("tau"))?;
            Some(format!(
                "{} [{}, {}]",
                num(estimate),
                num(get("ci_lo")?),
                num(get("ci_hi")?)
            ))
        }
        CellStyle::MeanMinMax => Some(format!(
            "{} ({}/{})",
            num(get("mean")?),
            num(get("min")?),
            num(get("max")?)
        )),
        CellStyle::Overlap => {
            let percent = if target == Target::Latex { "\\%" } else { "%" };
            Some(format!(
                "{}/{}/{} ({}{percent})",
                count(get("a")?),
                count(get("b")?),
                count(get("c")?),
                num(get("sso_pct")?)
            ))
        }
    }
}

/// Escapes plain text (a caption, a note, a name from a user's file) for Markdown, so that it can
/// never be markup: `\` and `|` (which would split a table cell), and every character that can start
/// markup (emphasis `*` `~`, code `` ` ``, links and images `[` `]`, inline HTML and entities `<`
/// `>` `&`, math `$`) are backslash-escaped (CommonMark allows it for any ASCII punctuation). `_` is
/// escaped unless it stands between two letters or digits, where CommonMark never reads it as
/// emphasis (`ES_HSD`, `RawG_i` stay as they are); `<` only where it could open a tag or an autolink
/// (before a letter, `/`, `!` or `?`, so `p < 0.05` stays), and `>` only at the start (a block
/// quote). Control and invisible characters (a newline would end the table row; a bidirectional
/// override would reorder the text) are shown as their code point.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let intraword = |next: Option<&char>| {
            previous.is_some_and(char::is_alphanumeric) && next.is_some_and(|n| n.is_alphanumeric())
        };
        match c {
            '\\' | '|' | '*' | '`' | '[' | ']' | '~' | '&' | '$' => {
                out.push('\\');
                out.push(c);
            }
            // HTML and autolinks start with `<` and a letter, `/`, `!` or `?`; `p < 0.05` is text.
            '<' if chars
                .peek()
                .is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!' | '?')) =>
            {
                out.push_str("\\<")
            }
            // `>` is markup only at the start (a block quote).
            '>' if previous.is_none() => out.push_str("\\>"),
            '_' if !intraword(chars.peek()) => out.push_str("\\_"),
            c if is_invisible(c) => out.push_str(&code_point(c)),
            c => out.push(c),
        }
        previous = Some(c);
    }
    out
}

/// Plain text for a terminal: control and invisible characters (an escape sequence could recolour
/// or rewrite the screen; a bidirectional override would reorder the text) are shown as their code
/// point, everything else as it is.
pub fn escape_terminal(text: &str) -> String {
    text.chars()
        .map(|c| {
            if is_invisible(c) {
                code_point(c)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `U+XXXX`: how a character that cannot be shown is written instead.
fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// Whether pdflatex with `fontenc` T1 and `inputenc` utf8 (the templates' preamble) typesets `c`
/// from the input as it is: printable ASCII, Latin-1 letters and signs, and the dashes and quotes.
fn latex_passes_through(c: char) -> bool {
    matches!(c, ' '..='~' | '\u{a1}'..='\u{ff}' | '–' | '—' | '‘' | '’' | '“' | '”')
}

/// Escapes LaTeX's special characters in plain text. Characters the fonts cannot show (anything
/// beyond `latex_passes_through` and the symbols of `latex_symbol`: CJK, emoji, other scripts,
/// control characters such as a newline, which would end a `%` comment) are printed as their code
/// point (`U+6771`), never left to fail the LaTeX run.
pub fn escape_latex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: [Option<char>; 2] = [None, None];
    while let Some(c) = rest.chars().next() {
        if let Some((math, used)) = math_token(rest) {
            out.push_str(&math);
            before = [before[1], rest[..used].chars().last()];
            rest = &rest[used..];
            continue;
        }
        if c == '_'
            && let Some((math, used)) = math_subscript(before, &rest[1..])
        {
            out.push_str(&math);
            before = [before[1], rest[1..=used].chars().last()];
            rest = &rest[1 + used..];
            continue;
        }
        rest = &rest[c.len_utf8()..];
        before = [before[1], Some(c)];
        push_escaped(&mut out, c);
    }
    out
}

/// Escapes every character of `text` for LaTeX as it is, without [`escape_latex`]'s reading of
/// plain-text math (`V_E`, `|d|`): for names and ids (an assessor `a_%&#$\{}~^` stays exactly
/// that). The same character escapes as [`escape_latex`].
pub fn escape_latex_literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// Appends `c` escaped for LaTeX: its special characters (`\ & % $ # _ { } ~ ^`, and `< > |`,
/// which T1 fonts would typeset as other glyphs) as commands or escaped, the symbols of
/// [`latex_symbol`] as their commands, what the fonts cannot show as its code point.
fn push_escaped(out: &mut String, c: char) {
    match c {
        '\\' => out.push_str("\\textbackslash{}"),
        '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
            out.push('\\');
            out.push(c);
        }
        '~' => out.push_str("\\textasciitilde{}"),
        '^' => out.push_str("\\textasciicircum{}"),
        '<' => out.push_str("\\textless{}"),
        '>' => out.push_str("\\textgreater{}"),
        '|' => out.push_str("\\textbar{}"),
        '\u{2212}' => out.push_str("$-$"),
        _ => match latex_symbol(c) {
            Some(command) => out.push_str(command),
            None if latex_passes_through(c) => out.push(c),
            None => out.push_str(&code_point(c)),
        },
    }
}

/// A piece of plain-text math that LaTeX typesets as one formula, and how many bytes of `text` (from
/// its start) it takes: a square root of a symbol (`√V_E` → `$\sqrt{V_E}$`) and the absolute value
/// of one (`|d|` → `$|d|$`, `|d_XY|` → `$|d_\mathrm{XY}|$`). This is the notes' markup convention:
/// they are written once in readable Unicode (`ES_HSD = |d|/√V_E`, shown as is in Markdown and on a
/// terminal) and typeset here. Anything else (`√(p(1 − p)/B)`, `|A ∩ B|`) is escaped symbol by symbol.
fn math_token(text: &str) -> Option<(String, usize)> {
    if let Some(rest) = text.strip_prefix('√') {
        let (symbol, used) = math_symbol(rest)?;
        return Some((format!("$\\sqrt{{{symbol}}}$"), '√'.len_utf8() + used));
    }
    let rest = text.strip_prefix('|')?;
    let (symbol, used) = math_symbol(rest)?;
    rest[used..]
        .starts_with('|')
        .then(|| (format!("$|{symbol}|$"), used + 2))
}

/// One letter with an optional subscript at the start of `text` (`d`, `V_E`, `d_XY`, `G_12`) as
/// LaTeX math, and its length in bytes; `None` unless the symbol ends the word.
fn math_symbol(text: &str) -> Option<(String, usize)> {
    let letter = text.chars().next().filter(char::is_ascii_alphabetic)?;
    let after = &text[1..];
    let (math, used) = match after.strip_prefix('_') {
        Some(sub) => {
            let run = sub.len()
                - sub
                    .trim_start_matches(|c: char| c.is_ascii_alphanumeric())
                    .len();
            let sub = &sub[..run];
            let math = match sub {
                "max" => format!("{letter}_{{\\max}}"),
                _ if run == 1 => format!("{letter}_{sub}"),
                _ if run <= 2 && sub.chars().all(|c| c.is_ascii_digit()) => {
                    format!("{letter}_{{{sub}}}")
                }
                _ if run <= 3 && sub.chars().all(|c| c.is_ascii_uppercase()) => {
                    format!("{letter}_\\mathrm{{{sub}}}")
                }
                _ => return None,
            };
            (math, 2 + run)
        }
        None => (letter.to_string(), 1),
    };
    let ends_word = !text[used..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_');
    ends_word.then_some((math, used))
}

/// A subscript of a symbol in plain text (`RawG_i`, `V_E`, `ES_HSD`, `D_max`, `d_XY`) as LaTeX math
/// (`RawG$_i$`, `ES$_\mathrm{HSD}$`, `D$_{\max}$`), and how many bytes of `after` (the text after the
/// `_`) it takes. A symbol is an upper-case letter (`G`, `V`, `S`) or a lone `d`; its subscript is one
/// letter, up to three capitals, `max`, or one or two digits (`RawG_1`, `UG_12`), and ends the word. Anything else (`ci_upper`, `kappa_w`,
/// `ug_p0.1`) is an identifier and keeps its escaped underscore.
fn math_subscript(before: [Option<char>; 2], after: &str) -> Option<(String, usize)> {
    let symbol = match before {
        [_, Some(c)] if c.is_ascii_uppercase() => true,
        [previous, Some('d')] => !previous.is_some_and(char::is_alphanumeric),
        _ => false,
    };
    let letters = after.len()
        - after
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .len();
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let run = if letters > 0 { letters } else { digits };
    let sub = &after[..run];
    let ends_word = !after[run..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_');
    if !symbol || run == 0 || !ends_word {
        return None;
    }
    let math = match sub {
        "max" => "$_{\\max}$".to_string(),
        _ if run == 1 => format!("$_{sub}$"),
        _ if digits == run && run <= 2 => format!("$_{{{sub}}}$"),
        _ if run <= 3 && sub.chars().all(|c| c.is_ascii_uppercase()) => {
            format!("$_\\mathrm{{{sub}}}$")
        }
        _ => return None,
    };
    Some((math, run))
}

/// [`escape_latex`] for running text that holds identifiers (`A.T2.ci_upper_at_least_one`,
/// `nG@1/r01/rawg/p`): a line may also break after `/` and `_`, and after a `.` between a letter or
/// digit and a letter, so a long identifier wraps instead of running into the margin. A `.` before a
/// digit (`0.515`) never breaks.
pub fn escape_latex_breakable(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut previous: Option<char> = None;
    let mut before_previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if let Some((math, used)) = math_token(&text[at..]) {
            out.push_str(&math);
            while chars.peek().is_some_and(|&(i, _)| i < at + used) {
                chars.next();
            }
            before_previous = previous;
            previous = text[..at + used].chars().last();
            continue;
        }
        if c == '_'
            && let Some((math, used)) = math_subscript([before_previous, previous], &text[at + 1..])
        {
            out.push_str(&math);
            while chars.peek().is_some_and(|&(i, _)| i <= at + used) {
                chars.next();
            }
            before_previous = previous;
            previous = text[at + 1..=at + used].chars().last();
            continue;
        }
        out.push_str(&escape_latex(c.encode_utf8(&mut [0; 4])));
        let breaks = match c {
            '/' | '_' => true,
            '.' => {
                previous.is_some_and(char::is_alphanumeric)
                    && chars.peek().is_some_and(|(_, n)| n.is_alphabetic())
            }
            _ => false,
        };
        if breaks && chars.peek().is_some_and(|(_, n)| !n.is_whitespace()) {
            out.push_str("\\allowbreak{}");
        }
        before_previous = previous;
        previous = Some(c);
    }
    out
}

/// The LaTeX for a non-ASCII symbol that pdflatex's `inputenc` (utf8) cannot typeset by itself; the
/// ledger's and the findings' arithmetic uses them (`√`, `≤`, `×`, Greek letters, check marks).
fn latex_symbol(c: char) -> Option<&'static str> {
    Some(match c {
        '√' => "$\\surd$",
        '≤' => "$\\le$",
        '≥' => "$\\ge$",
        '≠' => "$\\ne$",
        '≈' => "$\\approx$",
        '×' => "$\\times$",
        '·' => "$\\cdot$",
        '±' => "$\\pm$",
        '→' => "$\\to$",
        '←' => "$\\leftarrow$",
        '∈' => "$\\in$",
        '∞' => "$\\infty$",
        '∑' | 'Σ' => "$\\Sigma$",
        'α' => "$\\alpha$",
        'β' => "$\\beta$",
        'δ' => "$\\delta$",
        'ε' => "$\\varepsilon$",
        'κ' => "$\\kappa$",
        'μ' => "$\\mu$",
        'σ' => "$\\sigma$",
        'τ' => "$\\tau$",
        'χ' => "$\\chi$",
        'Δ' => "$\\Delta$",
        '✓' => "$\\checkmark$",
        '✗' => "$\\times$",
        '…' => "\\ldots{}",
        '²' => "$^2$",
        '∩' => "$\\cap$",
        '∪' => "$\\cup$",
        '⊆' => "$\\subseteq$",
        '⊂' => "$\\subset$",
        '∅' => "$\\emptyset$",
        '∧' => "$\\wedge$",
        '∨' => "$\\vee$",
        '¬' => "$\\neg$",
        '≡' => "$\\equiv$",
        '∼' => "$\\sim$",
        '⇒' => "$\\Rightarrow$",
        '↔' => "$\\leftrightarrow$",
        '•' => "\\textbullet{}",
        '∘' => "$\\circ$",
        '′' => "$'$",
        'ρ' => "$\\rho$",
        'γ' => "$\\gamma$",
        'λ' => "$\\lambda$",
        'π' => "$\\pi$",
        'θ' => "$\\theta$",
        'ν' => "$\\nu$",
        'η' => "$\\eta$",
        'ω' => "$\\omega$",
        'φ' => "$\\phi$",
        'ψ' => "$\\psi$",
        'ξ' => "$\\xi$",
        'ζ' => "$\\zeta$",
        'ι' => "$\\iota$",
        'ο' => "o",
        'υ' => "$\\upsilon$",
        'Λ' => "$\\Lambda$",
        'Π' => "$\\Pi$",
        'Φ' => "$\\Phi$",
        'Ψ' => "$\\Psi$",
        'Ω' => "$\\Omega$",
        'Θ' => "$\\Theta$",
        'Γ' => "$\\Gamma$",
        '⌈' => "$\\lceil$",
        '⌉' => "$\\rceil$",
        '⌊' => "$\\lfloor$",
        '⌋' => "$\\rfloor$",
        '≪' => "$\\ll$",
        '≫' => "$\\gg$",
        '∝' => "$\\propto$",
        '∓' => "$\\mp$",
        '⋯' => "$\\cdots$",
        '÷' => "$\\div$",
        // Superscripts, as in a tolerance `10⁻⁹`.
        '⁻' => "$^{-}$",
        '⁺' => "$^{+}$",
        '⁰' => "$^{0}$",
        '¹' => "$^{1}$",
        '³' => "$^{3}$",
        '⁴' => "$^{4}$",
        '⁵' => "$^{5}$",
        '⁶' => "$^{6}$",
        '⁷' => "$^{7}$",
        '⁸' => "$^{8}$",
        '⁹' => "$^{9}$",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakable_latex_breaks_identifiers_but_never_numbers() {
        assert_eq!(
            escape_latex_breakable("A.T2.ci_upper nG@1/r01 0.515."),
            "A.\\allowbreak{}T2.\\allowbreak{}ci\\_\\allowbreak{}upper nG@1/\\allowbreak{}r01 0.515."
        );
    }

    #[test]
    fn escapes_latex_specials() {
        assert_eq!(
            escape_latex("50% of A&b_i {x} #1 $5 ~ ^ \\ |ab|"),
            "50\\% of A\\&b\\_i \\{x\\} \\#1 \\$5 \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\textbar{}ab\\textbar{}"
        );
    }

    /// A symbol's subscript in plain text is typeset as math; an identifier's
    /// underscore stays an underscore.
    #[test]
    fn symbol_subscripts_become_math_and_identifiers_keep_underscores() {
        assert_eq!(
            escape_latex("RawG_i, UG_i − RawG_i, D_i = D_max, |d_XY|/V_E, ES_HSD."),
            "RawG$_i$, UG$_i$ $-$ RawG$_i$, D$_i$ = D$_{\\max}$, $|d_\\mathrm{XY}|$/V$_E$, ES$_\\mathrm{HSD}$."
        );
        // The running text's worked examples (paper A, Table 1 items) name items by number.
        assert_eq!(
            escape_latex_breakable("RawG_1 = UG_12, WG_3; t2_1 G_123"),
            "RawG$_1$ = UG$_{12}$, WG$_3$; t2\\_\\allowbreak{}1 G\\_\\allowbreak{}123"
        );
        assert_eq!(
            escape_latex("kappa_w ci_upper ug_p0.1 A_b2 add_i t2_ci"),
            "kappa\\_w ci\\_upper ug\\_p0.1 A\\_b2 add\\_i t2\\_ci"
        );
        assert_eq!(
            escape_latex_breakable("D_i and RawG_i; ci_upper"),
            "D$_i$ and RawG$_i$; ci\\_\\allowbreak{}upper"
        );
    }

    /// The notes' plain-text math typesets as formulas, in running
    /// text and in breakable text alike (`ES_HSD = |d|/√V_E`, paper A §5).
    #[test]
    fn roots_and_absolute_values_of_symbols_typeset_as_math() {
        let expected = "ES$_\\mathrm{HSD}$ = $|d|$/$\\sqrt{V_E}$";
        assert_eq!(escape_latex("ES_HSD = |d|/√V_E"), expected);
        assert_eq!(
            escape_latex_breakable("ES_HSD = |d|/√V_E"),
            "ES$_\\mathrm{HSD}$ = $|d|$/\\allowbreak{}$\\sqrt{V_E}$"
        );
        assert_eq!(
            escape_latex("√VE |dx| |d_max| |d_xy|"),
            "$\\surd$VE \\textbar{}dx\\textbar{} $|d_{\\max}|$ \\textbar{}d\\_xy\\textbar{}"
        );
    }

    #[test]
    fn escapes_math_symbols_pdflatex_cannot_typeset() {
        assert_eq!(
            escape_latex("|d|/√V_E ≤ 0.5 × κ, √(p/B), |A ∩ B|"),
            "$|d|$/$\\sqrt{V_E}$ $\\le$ 0.5 $\\times$ $\\kappa$, $\\surd$(p/B), \\textbar{}A $\\cap$ B\\textbar{}"
        );
        // The robustness claims' tolerance (A.T2 upper limits) printed `1 − 10U+207BU+2079`.
        assert_eq!(escape_latex("1 − 10⁻⁹"), "1 $-$ 10$^{-}$$^{9}$");
        // Every superscript digit typesets, not only those a current claim uses.
        assert_eq!(
            escape_latex("10⁰¹²³⁴⁵⁶⁷⁸⁹"),
            "10$^{0}$$^{1}$$^2$$^{3}$$^{4}$$^{5}$$^{6}$$^{7}$$^{8}$$^{9}$"
        );
    }

    /// Any UTF-8 name typesets (unknown characters as their code point), a newline
    /// cannot end a `%` comment, and the symbols and Latin-1 letters the reports use are unchanged.
    #[test]
    fn latex_escaping_prints_unshowable_characters_as_code_points() {
        assert_eq!(
            escape_latex("東京-run\u{1F600}\n% \\input{x}"),
            "U+6771U+4EAC-runU+1F600U+000A\\% \\textbackslash{}input\\{x\\}"
        );
        assert_eq!(escape_latex("Müller–Sakai § —"), "Müller–Sakai § —");
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            let escaped = escape_latex(&c.to_string());
            assert!(
                escaped.chars().all(latex_passes_through) && !escaped.contains('\n'),
                "{c:?} -> {escaped}"
            );
        }
    }

    /// Every LaTeX special character, alone and in a name, escapes the same way in
    /// [`escape_latex_literal`] (names, ids) as in [`escape_latex`] (text); the literal form reads no
    /// math into an identifier.
    #[test]
    fn literal_escaping_covers_every_special_character() {
        let specials = [
            ('\\', "\\textbackslash{}"),
            ('&', "\\&"),
            ('%', "\\%"),
            ('$', "\\$"),
            ('#', "\\#"),
            ('_', "\\_"),
            ('{', "\\{"),
            ('}', "\\}"),
            ('~', "\\textasciitilde{}"),
            ('^', "\\textasciicircum{}"),
            ('<', "\\textless{}"),
            ('>', "\\textgreater{}"),
            ('|', "\\textbar{}"),
        ];
        for (c, expected) in specials {
            assert_eq!(escape_latex_literal(&c.to_string()), expected, "{c}");
            assert_eq!(escape_latex(&c.to_string()), expected, "{c}");
        }
        assert_eq!(
            escape_latex_literal("a_%&#$\\{}~^"),
            "a\\_\\%\\&\\#\\$\\textbackslash{}\\{\\}\\textasciitilde{}\\textasciicircum{}"
        );
        assert_eq!(
            escape_latex_literal("V_E |d|"),
            "V\\_E \\textbar{}d\\textbar{}"
        );
    }

    #[test]
    fn rows_of_one_group_name_it_once() {
        let row = |label: &str| GridRow {
            label: label.to_string(),
            cells: Vec::new(),
            group: None,
            break_after: RowBreak::Allowed,
        };
        let mut rows = vec![
            row("Dmax = 2, N = 5: A vs. B"),
            row("Dmax = 2, N = 5: C vs. D"),
            row("Dmax = 4, N = 5: A vs. B"),
            row("plain"),
            row("Dmax = 4, N = 5: C vs. D"),
        ];
        let mut inline = rows.clone();
        group_row_labels(&mut inline, false);
        let labels: Vec<&str> = inline.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Dmax = 2, N = 5: A vs. B",
                "C vs. D",
                "Dmax = 4, N = 5: A vs. B",
                "plain",
                "Dmax = 4, N = 5: C vs. D"
            ]
        );
        group_row_labels(&mut rows, true);
        let shown: Vec<(Option<&str>, &str)> = rows
            .iter()
            .map(|r| (r.group.as_deref(), r.label.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (Some("Dmax = 2, N = 5"), "A vs. B"),
                (None, "C vs. D"),
                (Some("Dmax = 4, N = 5"), "A vs. B"),
                (None, "plain"),
                (Some("Dmax = 4, N = 5"), "C vs. D"),
            ]
        );
    }

    #[test]
    fn names_from_data_cannot_be_markdown_markup() {
        assert_eq!(
            escape_markdown(
                "*run*_[x](http://a)<b>|`c`\n#1 &amp; $x$ _y_ a_b </i> <!-- p < 0.05 >"
            ),
            "\\*run\\*\\_\\[x\\](http://a)\\<b>\\|\\`c\\`U+000A#1 \\&amp; \\$x\\$ \\_y\\_ a_b \\</i> \\<!-- p < 0.05 >"
        );
        assert_eq!(escape_markdown("T1\u{202e}x\u{200b}"), "T1U+202ExU+200B");
        assert_eq!(escape_markdown(">quote"), "\\>quote");
        let label = "Dmax = 8, N = 5: MSRSC-C-R1 vs. PolyU-C-R1";
        assert_eq!(escape_markdown(label), label);
    }

    #[test]
    fn terminal_text_shows_invisible_characters() {
        assert_eq!(
            escape_terminal("run\u{1b}[31m\u{202e}東京"),
            "runU+001B[31mU+202E東京"
        );
    }

    #[test]
    fn escapes_markdown_pipes() {
        assert_eq!(escape_markdown("|d_XY|"), "\\|d_XY\\|");
    }
}
