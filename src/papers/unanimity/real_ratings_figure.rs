//! The figure of A.X1 (experiment `unanimity.real_ratings`): grouped bar charts, one bar per data
//! source (the artefact's columns: real ratings and each simulation), of
//! (a) the spread `D_i` of the relevant items and (b) the upgrade `UG_i − RawG_i` of all items
//! (labelled with a subscript letter, `Dᵢ`, so that the figure reads as mathematics),
//! both in percent. Every number is a cell of the result table (panel `items`, rows `relevant_d=<d>`
//! and `upgrade=<value>`); this module only lays them out.

use plotters::prelude::*;

use super::real_ratings::ITEMS;
use crate::manifest::Artefact;
use crate::papers::unanimity::params::RealRatingsParams;
use crate::results::{ResultTable, VALUE};

/// Why the figure could not be drawn, in words.
type FigureError = String;

/// Page-column size: 460 × 620 px, fonts at 16–17 px: printed at half a page's text width (about
/// 255 pt), the smallest text comes to 7 pt.
const WIDTH: u32 = 460;
const HEIGHT: u32 = 620;

/// Bar colours by series position (colour-blind-safe Okabe–Ito blue, orange, bluish green).
const COLOURS: [RGBColor; 3] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
];

/// One bar group: its category label and one value per series.
struct Group {
    label: String,
    values: Vec<f64>,
}

/// The SVG of A.X1's figure.
pub(crate) fn svg(artefact: &Artefact, table: &ResultTable) -> Result<String, FigureError> {
    let columns = series(artefact)?;
    let ids: Vec<&str> = columns.iter().map(|(id, _)| id.as_str()).collect();
    let spread = groups(table, &ids, "relevant_d=", |v| format!("D = {v}"))?;
    let upgrade = groups(table, &ids, "upgrade=", |v| v.to_string())?;
    let upgrade_title = match artefact.parameters.get::<RealRatingsParams>() {
        Some(params) => format!("(b) Upgrade UGᵢ − RawGᵢ (p = {})", params.p.get()),
        None => "(b) Upgrade UGᵢ − RawGᵢ".to_string(),
    };

    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(draw)?;
        let (top, bottom) = root.split_vertically(HEIGHT / 2);
        panel(
            &top,
            "(a) Spread Dᵢ of relevant items",
            "Dᵢ = max − min rating",
            "% of relevant items",
            &spread,
            Some(&columns),
        )?;
        panel(
            &bottom,
            &upgrade_title,
            "UGᵢ − RawGᵢ",
            "% of all items",
            &upgrade,
            None,
        )?;
        root.present().map_err(draw)?;
    }
    Ok(text)
}

/// The bands of the figure [`svg`] draws: its two panels, top and bottom halves, as shares of its
/// height.
pub(crate) fn bands() -> Vec<(f64, f64)> {
    vec![(0.0, 0.5), (0.5, 1.0)]
}

fn draw<E: std::fmt::Debug>(e: E) -> FigureError {
    format!("{e:?}")
}

/// The series of the figure: the columns of the artefact's first panel, `(id, label)`.
fn series(artefact: &Artefact) -> Result<Vec<(String, String)>, FigureError> {
    let panel = artefact
        .layout
        .as_ref()
        .and_then(|l| l.panels.first())
        .ok_or_else(|| format!("artefact `{}` has no layout", artefact.id))?;
    if panel.columns.is_empty() || panel.columns.len() > COLOURS.len() {
        return Err(format!(
            "artefact `{}`: expected 1 to {} columns to draw, found {}",
            artefact.id,
            COLOURS.len(),
            panel.columns.len()
        ));
    }
    Ok(panel
        .columns
        .iter()
        .map(|c| (c.id.clone(), c.label.text().to_string()))
        .collect())
}

/// The bar groups of the `items` rows whose id starts with `prefix`, ordered by the number after it.
fn groups(
    table: &ResultTable,
    ids: &[&str],
    prefix: &str,
    label: impl Fn(&str) -> String,
) -> Result<Vec<Group>, FigureError> {
    let mut keys: Vec<(f64, String)> = table
        .cells
        .keys()
        .filter(|k| k.panel == ITEMS && k.part == VALUE)
        .filter_map(|k| k.row.strip_prefix(prefix).map(str::to_string))
        .filter_map(|v| v.parse::<f64>().ok().map(|x| (x, v)))
        .collect();
    keys.sort_by(|a, b| a.0.total_cmp(&b.0));
    keys.dedup_by(|a, b| a.1 == b.1);
    if keys.is_empty() {
        return Err(format!(
            "the table has no `{ITEMS}` rows `{prefix}…` to draw"
        ));
    }
    keys.into_iter()
        .map(|(_, v)| {
            let row = format!("{prefix}{v}");
            let values = ids
                .iter()
                .map(|id| {
                    table
                        .get(ITEMS, &row, id, VALUE)
                        .ok_or_else(|| format!("no cell {ITEMS}/{row}/{id} to draw"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Group {
                label: label(&v),
                values,
            })
        })
        .collect()
}

/// One grouped bar chart with the value printed above each bar; the legend when `legend` is given.
fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    groups: &[Group],
    legend: Option<&[(String, String)]>,
) -> Result<(), FigureError> {
    let n_groups = groups.len();
    let n_series = groups.first().map_or(0, |g| g.values.len());
    let y_max = 105.0;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 17))
        .margin(8)
        .x_label_area_size(42)
        .y_label_area_size(52)
        .build_cartesian_2d(-0.5f64..(n_groups as f64 - 0.5), 0f64..y_max)
        .map_err(draw)?;
    let labels: Vec<String> = groups.iter().map(|g| g.label.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .x_labels(n_groups)
        .x_label_formatter(&|x: &f64| {
            let i = x.round();
            if (x - i).abs() < 1e-9 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_labels(6)
        .y_label_formatter(&|y: &f64| format!("{y:.0}"))
        .x_desc(x_label)
        .y_desc(y_label)
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 16))
        .draw()
        .map_err(draw)?;
    let width = 0.8 / n_series.max(1) as f64;
    for s in 0..n_series {
        let colour = COLOURS[s % COLOURS.len()];
        let bars = groups.iter().enumerate().map(move |(g, group)| {
            let x0 = g as f64 - 0.4 + s as f64 * width;
            Rectangle::new(
                [(x0, 0.0), (x0 + width * 0.92, group.values[s])],
                colour.filled(),
            )
        });
        let series = chart.draw_series(bars).map_err(draw)?;
        if let Some(legend) = legend {
            let name = legend.get(s).map_or("", |(_, label)| label.as_str());
            series.label(name).legend(move |(x, y)| {
                Rectangle::new([(x, y - 6), (x + 14, y + 6)], colour.filled())
            });
        }
        let values = groups.iter().enumerate().map(move |(g, group)| {
            let x = g as f64 - 0.4 + (s as f64 + 0.46) * width;
            let v = group.values[s];
            Text::new(
                format!("{v:.1}"),
                (x, (v + 2.0).min(y_max - 4.0)),
                ("sans-serif", 16).into_font().color(&BLACK).pos(
                    plotters::style::text_anchor::Pos::new(
                        plotters::style::text_anchor::HPos::Center,
                        plotters::style::text_anchor::VPos::Bottom,
                    ),
                ),
            )
        });
        chart.draw_series(values).map_err(draw)?;
    }
    if legend.is_some() {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 16))
            .draw()
            .map_err(draw)?;
    }
    Ok(())
}
