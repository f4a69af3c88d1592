//! The figure of a robustness study (`unanimity.robustness`, `lancers.robustness`): one row
//! per simulated claim, its holding rate over the replicates as a dot and its Wilson 95% interval as
//! a bar, on an axis from 0 to 1, with the marks at the rate words' thresholds (0.1, 0.5, 0.9);
//! a claim built into the stand-in is grey and labelled "BUILT IN, not evidence".
//!
//! What is drawn comes from the artefact's manifest `layout` and its [`ResultTable`]: every panel
//! with a `rate` column contributes its rows (supplied at run time, in order), each with cell
//! `panel / claim / rate / estimate` and parts `ci_lo`, `ci_hi`; the row label (the claim's
//! statement) labels the row, whole, wrapped onto as many lines as it needs. Grouped claims (A.T3's
//! discrepancy count per measure, Dmax and N) are one row per measure instead, a ring per claim at
//! its holding rate (the study's table has each rate and interval in a Dmax × N grid). The verdict
//! thresholds are the values of panel [`MARKS_PANEL`] of the table (the study writes them from
//! `robustness::verdict`), a vertical mark each.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::manifest::Artefact;
use crate::model::{ClaimGroup, GridPlace};
use crate::render::figure_parts::{
    FigureError, NOTE_LINE_HEIGHT, NOTE_PADDING, draw_err, draw_note, wrap,
};
use crate::results::{ResultTable, VALUE};

/// The column of a study's claim panels that holds the holding rate.
pub(crate) const RATE_COLUMN: &str = "rate";

/// Width in SVG pixels; room for the title and the axis below the rows.
const WIDTH: u32 = 960;
const CHART_EXTRA: u32 = 110;
/// Font sizes in SVG pixels of the title, the claim labels and tick labels, and the axis words:
/// 7 pt or more when the 960 px wide figure is printed at a page's text width (about 520 pt).
const TITLE_PX: u32 = 20;
const LABEL_PX: u32 = 17;
const AXIS_PX: u32 = 17;
/// Width of the claim label area at the left, and the characters of a line of a claim's
/// statement in it (about 7.5 px per character at 17 px): a longer statement wraps onto more
/// lines, whole, and its row grows to hold them.
const LABEL_AREA: u32 = 560;
const LABEL_CHARS: usize = 66;
/// Height of one line of a claim's label, and the least height of a row (one line).
const LABEL_LINE_HEIGHT: u32 = 19;
const ROW_HEIGHT: u32 = 26;
/// Room at the right of the axis, for the last tick label (`1.0`) centred on the axis' end.
const RIGHT_MARGIN: u32 = 28;
const NOTE_CHARS_PER_LINE: usize = 98;

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

    /// The row's label wrapped onto lines of at most [`LABEL_CHARS`] characters.
    fn label_lines(&self) -> Vec<String> {
        wrap(self.label(), LABEL_CHARS)
    }

    /// The row's height in SVG pixels: its label's lines, and at least [`ROW_HEIGHT`].
    fn height(&self) -> u32 {
        let lines = u32::try_from(self.label_lines().len()).unwrap_or(u32::MAX);
        (LABEL_LINE_HEIGHT.saturating_mul(lines) + 7).max(ROW_HEIGHT)
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
    let chart_height = rows.iter().map(Row::height).sum::<u32>() + CHART_EXTRA;
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
                    // The label ends with what builds it in, in parentheses (the study's table
                    // has it); the figure says it in front, where the eye starts reading.
                    let statement = row.label.rsplit_once(" (").map_or(&*row.label, |(s, _)| s);
                    rows.push(Row::Claim {
                        label: format!("BUILT IN, not evidence: {statement}"),
                        rate,
                        lo,
                        hi,
                        built_in: true,
                    });
                }
                None => rows.push(Row::Claim {
                    label: row.label.clone(),
                    rate,
                    lo,
                    hi,
                    built_in: false,
                }),
            }
        }
    }
    rows.extend(families.into_iter().map(|(measure, rates)| Row::Family {
        label: format!(
            "{}: {} cells, one ring each",
            ClaimGroup::grid_title(&measure),
            rates.len()
        ),
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

/// Draws the rows one above another, each as tall as its wrapped label ([`Row::height`]); the y
/// axis runs in pixels of those heights, from the bottom row up.
fn draw_chart(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    artefact: &Artefact,
    rows: &[Row],
    marks: &[f64],
) -> Result<(), FigureError> {
    let heights: Vec<f64> = rows.iter().map(|r| f64::from(r.height())).collect();
    let total: f64 = heights.iter().sum();
    // Row i's centre, measured up from the bottom of the plot.
    let centres: Vec<f64> = heights
        .iter()
        .scan(total, |top, h| {
            *top -= h;
            Some(*top + h / 2.0)
        })
        .collect();
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!(
                "{}: holding rate of each claim (dot) with Wilson 95% interval (bar)",
                artefact.id
            ),
            ("sans-serif", TITLE_PX),
        )
        .margin(10)
        .margin_right(RIGHT_MARGIN)
        .x_label_area_size(48)
        .y_label_area_size(LABEL_AREA)
        .build_cartesian_2d(0f64..1f64, 0f64..total)
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc("share of replicates in which the claim holds")
        .x_labels(6)
        .label_style(("sans-serif", LABEL_PX))
        .axis_desc_style(("sans-serif", AXIS_PX))
        .draw()
        .map_err(draw_err)?;
    // Each label right-aligned beside its row, its lines centred on the row; a faint rule between
    // rows, across label and plot, keeps a wrapped label with its row.
    let label_style = TextStyle::from(("sans-serif", LABEL_PX))
        .pos(Pos::new(HPos::Right, VPos::Center))
        .color(&BLACK);
    let (plot_left, _) = chart.backend_coord(&(0.0, 0.0));
    let (plot_right, _) = chart.backend_coord(&(1.0, 0.0));
    for (i, row) in rows.iter().enumerate() {
        let (_, centre) = chart.backend_coord(&(0.0, centres[i]));
        let lines = row.label_lines();
        let first =
            f64::from(centre) - (lines.len() as f64 - 1.0) / 2.0 * f64::from(LABEL_LINE_HEIGHT);
        for (k, line) in lines.iter().enumerate() {
            let y = first + k as f64 * f64::from(LABEL_LINE_HEIGHT);
            area.draw_text(line, &label_style, (plot_left - 10, y.round() as i32))
                .map_err(draw_err)?;
        }
        if i > 0 {
            let (_, y) = chart.backend_coord(&(0.0, centres[i] + heights[i] / 2.0));
            area.draw(&PathElement::new(
                vec![(10, y), (plot_right, y)],
                BLACK.mix(0.12),
            ))
            .map_err(draw_err)?;
        }
    }
    for &mark in marks {
        chart
            .draw_series(LineSeries::new(
                [(mark, 0.0), (mark, total)],
                BLACK.mix(0.3),
            ))
            .map_err(draw_err)?;
    }
    let blue = RGBColor(0, 114, 178);
    for (i, row) in rows.iter().enumerate() {
        let at = centres[i];
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
                        [(*lo, at), (*hi, at)],
                        colour.stroke_width(2),
                    ))
                    .map_err(draw_err)?;
                chart
                    .draw_series(std::iter::once(Circle::new(
                        (*rate, at),
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
                            .map(|&r| Circle::new((r, at), 5, orange.stroke_width(1))),
                    )
                    .map_err(draw_err)?;
            }
        }
    }
    Ok(())
}
