//! The figure of a robustness study (`unanimity.robustness`, `lancers.robustness`): one row
//! per simulated claim, its holding rate over the replicates as a dot and its Wilson 95% interval as
//! a bar, on an axis from 0 to 1, with the marks at the rate words' thresholds (0.1, 0.5, 0.9);
//! a claim built into the stand-in is grey and labelled "BUILT IN, not evidence".
//!
//! What is drawn comes from the artefact's manifest `layout` and its [`ResultTable`]: every panel
//! with a `rate` column contributes its rows (supplied at run time, in order), each with cell
//! `panel / claim / rate / estimate` and parts `ci_lo`, `ci_hi`; the row label (the claim's
//! statement) labels the row. Grouped claims (A.T3's discrepancy count per measure, Dmax and N) are
//! one row per measure instead, a ring per claim at its holding rate (the study's table has each
//! rate and interval in a Dmax × N grid). The verdict thresholds are the values of panel [`MARKS_PANEL`] of the
//! table (the study writes them from `robustness::verdict`), a vertical mark each.

use plotters::prelude::*;

use crate::manifest::Artefact;
use crate::model::{ClaimGroup, GridPlace};
use crate::render::figure::FigureError;
use crate::render::figure_means::{NOTE_LINE_HEIGHT, NOTE_PADDING, draw_note, wrap};
use crate::results::{ResultTable, VALUE};

/// The column of a study's claim panels that holds the holding rate.
pub(crate) const RATE_COLUMN: &str = "rate";

/// Width in SVG pixels; height per claim row; room for the title, the axis and the note.
const WIDTH: u32 = 960;
const ROW_HEIGHT: u32 = 26;
const CHART_EXTRA: u32 = 110;
/// Font sizes in SVG pixels of the title, the claim labels and tick labels, and the axis words:
/// large enough to read when the 960 px wide figure is shrunk to a page's text width.
const TITLE_PX: u32 = 20;
const LABEL_PX: u32 = 17;
const AXIS_PX: u32 = 17;
/// Width of the claim label area at the left, and the characters of a claim's statement it holds
/// (about 9 px per character at 17 px); a longer statement is cut with `…` (the study's table
/// has it whole).
const LABEL_AREA: u32 = 600;
const LABEL_CHARS: usize = 66;
const NOTE_CHARS_PER_LINE: usize = 125;

/// The panel of the table whose rows' `value`s are the rate words' thresholds marked on the axis.
pub(crate) const MARKS_PANEL: &str = "verdict_marks";

/// The panel of the claims built into the stand-in: drawn in grey and labelled as built in, so the
/// figure never shows them as evidence.
pub(crate) const BUILT_IN_PANEL: &str = "built_in";

/// One figure row: a claim with its holding rate and Wilson interval, or a family of grouped claims
/// of one measure (A.T3's discrepancy counts, [`ClaimGroup`]) with the holding rate of each.
enum Row {
    Claim {
        label: String,
        rate: f64,
        lo: f64,
        hi: f64,
        /// A claim built into the stand-in (grey, labelled so).
        built_in: bool,
    },
    Family {
        label: String,
        rates: Vec<f64>,
    },
}

impl Row {
    fn label(&self) -> &str {
        match self {
            Row::Claim { label, .. } | Row::Family { label, .. } => label,
        }
    }
}

/// The SVG of a robustness study; `note` (the stand-in note) is printed below the chart, in red.
pub(crate) fn svg(
    artefact: &Artefact,
    table: &ResultTable,
    note: Option<&str>,
) -> Result<String, FigureError> {
    let rows = claim_rows(artefact, table);
    if rows.is_empty() {
        return Err(FigureError::Draw(format!(
            "artefact `{}` has no claim with a holding rate to draw",
            artefact.id
        )));
    }
    let note_lines = note
        .map(|n| wrap(n, NOTE_CHARS_PER_LINE))
        .unwrap_or_default();
    let chart_height = ROW_HEIGHT * rows.len() as u32 + CHART_EXTRA;
    let note_height = NOTE_LINE_HEIGHT * note_lines.len() as u32 + 2 * NOTE_PADDING;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, chart_height + note_height))
            .into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let (chart_area, band) = root.split_vertically(chart_height);
        draw_chart(&chart_area, artefact, &rows, &marks(table))?;
        draw_note(&band, &note_lines)?;
        root.present().map_err(draw_err)?;
    }
    Ok(out)
}

/// The claims of every layout panel with a [`RATE_COLUMN`], in panel and row order; the grouped
/// claims of each measure make one [`Row::Family`] row after them, in the order the measures appear.
fn claim_rows(artefact: &Artefact, table: &ResultTable) -> Vec<Row> {
    let Some(layout) = &artefact.layout else {
        return Vec::new();
    };
    let panels = layout
        .panels
        .iter()
        .filter(|p| p.columns.iter().any(|c| c.id == RATE_COLUMN));
    let mut rows = Vec::new();
    let mut families: Vec<(String, Vec<f64>)> = Vec::new();
    for panel in panels {
        for row in table.rows_of(&panel.id) {
            let get = |part| table.get(&panel.id, &row.id, RATE_COLUMN, part);
            let (Some(rate), Some(lo), Some(hi)) = (get("estimate"), get("ci_lo"), get("ci_hi"))
            else {
                continue;
            };
            match row.group.as_ref().and_then(GridPlace::dmax_by_n) {
                Some(group) => match families.iter_mut().find(|f| f.0 == group.measure) {
                    Some(family) => family.1.push(rate),
                    None => families.push((group.measure.clone(), vec![rate])),
                },
                None if panel.id == BUILT_IN_PANEL => {
                    // The label ends with what builds it in, in parentheses; the figure says it
                    // in front, where a shortened label keeps it.
                    let statement = row.label.rsplit_once(" (").map_or(&*row.label, |(s, _)| s);
                    rows.push(Row::Claim {
                        label: shortened(&format!("BUILT IN, not evidence: {statement}")),
                        rate,
                        lo,
                        hi,
                        built_in: true,
                    });
                }
                None => rows.push(Row::Claim {
                    label: shortened(&row.label),
                    rate,
                    lo,
                    hi,
                    built_in: false,
                }),
            }
        }
    }
    rows.extend(families.into_iter().map(|(measure, rates)| Row::Family {
        label: shortened(&format!(
            "{}: {} cells, one ring each",
            ClaimGroup::grid_title(&measure),
            rates.len()
        )),
        rates,
    }));
    rows
}

/// The thresholds in panel [`MARKS_PANEL`] of `table`, in row order.
fn marks(table: &ResultTable) -> Vec<f64> {
    table
        .rows_of(MARKS_PANEL)
        .iter()
        .filter_map(|row| table.get(MARKS_PANEL, &row.id, VALUE, VALUE))
        .collect()
}

/// `label`, cut to [`LABEL_CHARS`] characters with `…` when longer.
fn shortened(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARS {
        return label.to_string();
    }
    let kept: String = label.chars().take(LABEL_CHARS - 1).collect();
    format!("{}…", kept.trim_end())
}

fn draw_chart(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    artefact: &Artefact,
    rows: &[Row],
    marks: &[f64],
) -> Result<(), FigureError> {
    let n = rows.len();
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!(
                "{}: holding rate of each claim (dot) with Wilson 95% interval (bar)",
                artefact.id
            ),
            ("sans-serif", TITLE_PX),
        )
        .margin(10)
        .x_label_area_size(48)
        .y_label_area_size(LABEL_AREA)
        .build_cartesian_2d(0f64..1f64, (0..n).into_segmented())
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc("share of replicates in which the claim holds")
        .x_labels(6)
        .y_labels(n)
        .y_label_formatter(&|v| match v {
            // Row j is drawn at segment n − 1 − j; a segment outside the rows has no label.
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => n
                .checked_sub(1 + *i)
                .and_then(|j| rows.get(j))
                .map_or_else(String::new, |r| r.label().to_string()),
            SegmentValue::Last => String::new(),
        })
        .label_style(("sans-serif", LABEL_PX))
        .axis_desc_style(("sans-serif", AXIS_PX))
        .draw()
        .map_err(draw_err)?;
    for &mark in marks {
        chart
            .draw_series(LineSeries::new(
                [(mark, SegmentValue::Exact(0)), (mark, SegmentValue::Last)],
                BLACK.mix(0.3),
            ))
            .map_err(draw_err)?;
    }
    // The first claim at the top: row i is drawn at segment n − 1 − i.
    let at = |i: usize| SegmentValue::CenterOf(n - 1 - i);
    let blue = RGBColor(0, 114, 178);
    for (i, row) in rows.iter().enumerate() {
        match row {
            Row::Claim {
                rate,
                lo,
                hi,
                built_in,
                ..
            } => {
                let colour = if *built_in {
                    RGBColor(150, 150, 150)
                } else {
                    blue
                };
                chart
                    .draw_series(LineSeries::new(
                        [(*lo, at(i)), (*hi, at(i))],
                        colour.stroke_width(2),
                    ))
                    .map_err(draw_err)?;
                chart
                    .draw_series(std::iter::once(Circle::new(
                        (*rate, at(i)),
                        4,
                        colour.filled(),
                    )))
                    .map_err(draw_err)?;
            }
            Row::Family { rates, .. } => {
                let orange = RGBColor(213, 94, 0);
                chart
                    .draw_series(
                        rates
                            .iter()
                            .map(|&r| Circle::new((r, at(i)), 5, orange.stroke_width(1))),
                    )
                    .map_err(draw_err)?;
            }
        }
    }
    Ok(())
}

fn draw_err(e: impl std::fmt::Display) -> FigureError {
    FigureError::Draw(e.to_string())
}
