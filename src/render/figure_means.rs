//! Paper B's Figures 1 and 2: mean effectiveness of every run under several conditions (qrels versions
//! or topic sets), one panel per measure, runs on the x axis in the order of a reference condition.
//!
//! What is drawn comes from the artefact's manifest `layout` and its [`ResultTable`]:
//! - x axis title: the layout's (or panel's) `stub`;
//! - panels: the layout's panels (id = the measure as the table keys it, label = the panel title);
//! - series: the layout panel's columns (id = the condition, label = the legend entry), one line each;
//! - points: cell `panel / run / condition / value` = the run's mean score under the condition;
//! - x positions: cell `panel / run / x / value` = the run's 1-based position (its rank by the
//!   reference condition, as the paper sorts the runs by all3), so the figure and the JSON agree.
//!
//! The paper's figures stack three panels with one y axis from 0.2 to 0.8 (published-values.md, B.F1,
//! B.F2). Here the panels share one y range too, the data's over every panel widened to whole
//! tenths, so no point is clipped and a level reads the same in every panel: the measures differ,
//! but each is a mean on the same [0, 1] scale. Only panels whose means do not all lie in [0, 1]
//! (measures of different scales) get a range each. A line below the panels says which.

use plotters::prelude::*;

use crate::manifest::{Artefact, Panel};
use crate::render::figure_parts::{
    Band, FigureError, NOTE_LINE_HEIGHT, NOTE_PADDING, draw_err, draw_lines, figure_label, wrap,
};
use crate::results::{ResultTable, VALUE};

use crate::results::X_POSITION;

/// Width and height of one panel in SVG pixels. The reports print a panel at half a page's text
/// width (about 255 pt), where text at 17 px or more comes to 7 pt or more.
const PANEL_SIZE: (u32, u32) = (470, 330);

/// Series colours: ColorBrewer's qualitative "Dark2" scheme (Brewer, colorbrewer2.org), dark enough for
/// thin lines on white and distinct in print.
const SERIES_COLOURS: [RGBColor; 5] = [
    RGBColor(0x1b, 0x9e, 0x77),
    RGBColor(0xd9, 0x5f, 0x02),
    RGBColor(0x75, 0x70, 0xb3),
    RGBColor(0xe7, 0x29, 0x8a),
    RGBColor(0x66, 0xa6, 0x1e),
];

/// Draws the figure of `artefact` from `table`; `note` (the stand-in note), when given, is printed in
/// a band below the panels, in red.
pub(crate) fn svg(
    artefact: &Artefact,
    table: &ResultTable,
    note: Option<&str>,
) -> Result<String, FigureError> {
    let layout = artefact.layout.as_ref().ok_or_else(|| {
        FigureError::Draw(format!(
            "artefact `{}` has no `layout` naming its panels and series",
            artefact.id
        ))
    })?;
    let panels: Vec<PanelData> = layout
        .panels
        .iter()
        .map(|p| {
            let x_label = p
                .stub
                .as_ref()
                .or(layout.stub.as_ref())
                .map_or("run", |l| l.text());
            panel_data(table, p, x_label)
        })
        .collect::<Result<_, _>>()?;
    let ranges = y_ranges(&panels);
    let lines = band_lines(&panels, &ranges, note);
    let (panels_height, note_height) = heights(panels.len(), lines.len());
    let mut out = String::new();
    {
        let size = (PANEL_SIZE.0, panels_height + note_height);
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let (figure, band) = root.split_vertically(panels_height);
        let areas = figure.split_evenly((panels.len(), 1));
        for ((area, panel), &range) in areas.iter().zip(&panels).zip(&ranges.each) {
            draw_panel(area, panel, range)?;
        }
        draw_lines(&band, &lines)?;
        root.present().map_err(draw_err)?;
    }
    Ok(out)
}

/// The panels' y ranges, one per panel, and the range they share when they share one.
struct Ranges {
    each: Vec<(f64, f64)>,
    shared: Option<(f64, f64)>,
}

/// One y range for all `panels` ([`y_range`] of all their means) when every mean lies in [0, 1],
/// the scale of every normalised measure; otherwise a range per panel.
fn y_ranges(panels: &[PanelData]) -> Ranges {
    let values = || {
        panels
            .iter()
            .flat_map(|p| p.series.iter().flat_map(|(_, v)| v.iter().copied()))
    };
    if values().all(|v| (0.0..=1.0).contains(&v)) {
        let series = panels.iter().map(|p| p.series.len()).max().unwrap_or(0);
        let range = y_range(values(), series);
        Ranges {
            each: vec![range; panels.len()],
            shared: Some(range),
        }
    } else {
        Ranges {
            each: panels
                .iter()
                .map(|p| {
                    y_range(
                        p.series.iter().flat_map(|(_, v)| v.iter().copied()),
                        p.series.len(),
                    )
                })
                .collect(),
            shared: None,
        }
    }
}

/// The lines of the band below the panels: how their y ranges relate (when there are several
/// panels), in black, then the stand-in `note`, in red, each wrapped to the figure's width.
fn band_lines(
    panels: &[PanelData],
    ranges: &Ranges,
    note: Option<&str>,
) -> Vec<(String, RGBColor)> {
    let scale = match ranges.shared {
        _ if panels.len() < 2 => None,
        Some((lo, hi)) => Some(format!(
            "All panels share one y range, {lo:.1} to {hi:.1}, so that their curves can be compared: every measure's means lie on the same 0 to 1 scale."
        )),
        None => Some(
            "Each panel has its own y range: the panels' means are not all on the same 0 to 1 scale."
                .to_string(),
        ),
    };
    let black = scale
        .iter()
        .flat_map(|s| wrap(s, NOTE_CHARS_PER_LINE))
        .map(|l| (l, BLACK));
    let red = note
        .iter()
        .flat_map(|n| wrap(n, NOTE_CHARS_PER_LINE))
        .map(|l| (l, RED));
    black.chain(red).collect()
}

/// The heights in SVG pixels of `panels` panels stacked one above another and of the band below
/// them that holds a note of `note_lines` lines (0 without a note).
fn heights(panels: usize, note_lines: usize) -> (u32, u32) {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let panels_height = PANEL_SIZE.1.saturating_mul(count(panels));
    let note_height = if note_lines == 0 {
        0
    } else {
        NOTE_LINE_HEIGHT.saturating_mul(count(note_lines)) + 2 * NOTE_PADDING
    };
    (panels_height, note_height)
}

/// The bands of the figure [`svg`] draws for `artefact` from `table` with `note`: one per layout
/// panel, top to bottom, then the band of the lines below them when there are any, as shares of
/// the SVG's height (a report sets the panels side by side from them, [`super::figure_parts::Band`]).
pub(crate) fn bands(artefact: &Artefact, table: &ResultTable, note: Option<&str>) -> Vec<Band> {
    let layout_panels = artefact.layout.as_ref().map_or(&[][..], |l| &l.panels[..]);
    let panels = layout_panels.len();
    // A table svg cannot draw has no figure to cut: its bands are the panels' and the note's.
    let data: Option<Vec<PanelData>> = layout_panels
        .iter()
        .map(|p| panel_data(table, p, "").ok())
        .collect();
    let note_lines = match data {
        Some(data) => band_lines(&data, &y_ranges(&data), note).len(),
        None => note.map_or(0, |n| wrap(n, NOTE_CHARS_PER_LINE).len()),
    };
    let (panels_height, note_height) = heights(panels, note_lines);
    let mut heights = vec![PANEL_SIZE.1; panels];
    if note_height > 0 {
        heights.push(note_height);
    }
    Band::stack(&heights, panels_height + note_height)
}

/// The characters per line the stand-in note is wrapped at (about 9.5 px per character at 18 px,
/// inside the 470 px width).
const NOTE_CHARS_PER_LINE: usize = 47;

/// One panel's numbers: its title, the run names in x order, and one series per condition.
struct PanelData {
    title: String,
    /// The x axis title (the layout's `stub`).
    x_label: String,
    runs: Vec<String>,
    series: Vec<(String, Vec<f64>)>,
}

fn panel_data(table: &ResultTable, panel: &Panel, x_label: &str) -> Result<PanelData, FigureError> {
    let mut positioned: Vec<(f64, String)> = table
        .cells
        .iter()
        .filter(|(k, _)| k.panel == panel.id && k.column == X_POSITION && k.part == VALUE)
        .map(|(k, &x)| (x, k.row.clone()))
        .collect();
    if positioned.is_empty() {
        return Err(FigureError::Draw(format!(
            "panel `{}`: the table has no run positions (column `{X_POSITION}`)",
            panel.id
        )));
    }
    positioned.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    let runs: Vec<String> = positioned.into_iter().map(|(_, r)| r).collect();
    let series = panel
        .columns
        .iter()
        .map(|c| {
            let values = runs
                .iter()
                .map(|r| {
                    table.get(&panel.id, r, &c.id, VALUE).ok_or_else(|| {
                        FigureError::Draw(format!(
                            "panel `{}`: no mean for run `{r}` under `{}`",
                            panel.id, c.id
                        ))
                    })
                })
                .collect::<Result<Vec<f64>, _>>()?;
            Ok((figure_label(c.label.text()), values))
        })
        .collect::<Result<_, FigureError>>()?;
    Ok(PanelData {
        title: panel
            .label
            .as_ref()
            .map_or_else(|| figure_label(&panel.id), |l| figure_label(l.text())),
        x_label: figure_label(x_label),
        runs,
        series,
    })
}

/// Height of the plotting area of a panel in pixels, approximately: the panel less its caption,
/// margins and x-label area (see [`draw_panel`]).
const PLOT_HEIGHT: f64 = 240.0;
/// Height of one legend entry, and the legend box's padding, in pixels (17 px labels).
const LEGEND_ENTRY_HEIGHT: f64 = 21.0;
const LEGEND_PADDING: f64 = 12.0;

/// The y range of `values` drawn as `series` series: their extent widened to whole tenths (at
/// least 0.2 wide, at most 1 when the data are), and lowered by whole tenths (not below 0) until the
/// legend, in the lower left, fits beneath the lowest point, so that it never hides a curve.
fn y_range(values: impl Iterator<Item = f64>, series: usize) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    // In whole tenths, so that the limits are exact multiples of 0.1 as printed on the axis.
    let mut lo_tenths = (lo * 10.0).floor().max(0.0);
    // One tenth of headroom, but not above 1 when every score is at most 1 (the measures' maximum).
    let headroom = (hi * 10.0).ceil() + 1.0;
    let hi_tenths = if hi <= 1.0 {
        headroom.min(10.0)
    } else {
        headroom
    }
    .max(lo_tenths + 2.0);
    // The share of the plot's height the legend needs below the data.
    let legend = (LEGEND_ENTRY_HEIGHT * series as f64 + LEGEND_PADDING) / PLOT_HEIGHT;
    while lo_tenths > 0.0 && (lo * 10.0 - lo_tenths) / (hi_tenths - lo_tenths) < legend {
        lo_tenths -= 1.0;
    }
    (lo_tenths / 10.0, hi_tenths / 10.0)
}

/// The x axis's tick labels' font size in SVG pixels, the width of the plotting area (the panel
/// less the y label area and the margins), and the width of one digit at that size (DejaVu Sans,
/// the usual sans-serif, draws digits 0.64 em wide) with the least gap between two labels.
const TICK_PX: u32 = 17;
const PLOT_WIDTH: f64 = (PANEL_SIZE.0 - 52 - 20) as f64;
const DIGIT_WIDTH: f64 = 0.64 * TICK_PX as f64;
const LABEL_GAP: f64 = 8.0;

/// Every how many runs the x axis names a run position: 1 when every position's number fits beside
/// its neighbours, else the least of 2, 5, 10, 20, 50, … at which the numbers (of up to `n`'s
/// digits) stand apart, so that 60 to 150 runs (a user's collection) never overprint.
fn x_label_step(n: usize) -> usize {
    let digits = n.max(1).to_string().len() as f64;
    let room = PLOT_WIDTH / n.max(1) as f64;
    let needed = digits * DIGIT_WIDTH + LABEL_GAP;
    let mut magnitude = 1;
    loop {
        for m in [1, 2, 5] {
            let step = m * magnitude;
            if step as f64 * room >= needed || step >= n {
                return step;
            }
        }
        magnitude *= 10;
    }
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    panel: &PanelData,
    (lo, hi): (f64, f64),
) -> Result<(), FigureError> {
    let n = panel.runs.len();
    let step = x_label_step(n);
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, ("sans-serif", 21))
        .margin(10)
        .x_label_area_size(38)
        .y_label_area_size(52)
        .build_cartesian_2d(0.5f64..n as f64 + 0.5, lo..hi)
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .x_labels(n)
        .y_labels(((hi - lo) * 10.0).round() as usize + 1)
        .x_label_formatter(&|x| {
            // A tick at every run, a number at every `step`-th.
            let run = x.round() as usize;
            if run.is_multiple_of(step) {
                run.to_string()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.1}"))
        .x_desc(panel.x_label.as_str())
        .y_desc("mean score")
        .label_style(("sans-serif", TICK_PX))
        .axis_desc_style(("sans-serif", 17))
        .light_line_style(WHITE)
        .draw()
        .map_err(draw_err)?;
    for (k, (label, values)) in panel.series.iter().enumerate() {
        let color = SERIES_COLOURS[k % SERIES_COLOURS.len()].to_rgba();
        let points: Vec<(f64, f64)> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| ((i + 1) as f64, v))
            .collect();
        // A distinct marker per series (shape as well as colour, so the lines stay apart in grey
        // print), drawn at each point and in the legend beside a stretch of the line.
        macro_rules! series_with_marker {
            ($marker:expr) => {{
                let marker = $marker;
                chart
                    .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                    .map_err(draw_err)?
                    .label(label.as_str())
                    .legend(move |(x, y)| {
                        EmptyElement::at((x, y))
                            + PathElement::new(vec![(0, 0), (20, 0)], color.stroke_width(2))
                            + marker((10, 0))
                    });
                chart
                    .draw_series(points.iter().map(|&p| EmptyElement::at(p) + marker((0, 0))))
                    .map_err(draw_err)?;
            }};
        }
        match k % 5 {
            0 => series_with_marker!(move |c| Circle::new(c, 4, color.filled())),
            1 => series_with_marker!(move |c| TriangleMarker::new(c, 6, color.filled())),
            2 => series_with_marker!(move |c| Cross::new(c, 5, color.stroke_width(2))),
            3 => series_with_marker!(move |(x, y): (i32, i32)| Rectangle::new(
                [(x - 4, y - 4), (x + 4, y + 4)],
                color.filled()
            )),
            _ => series_with_marker!(move |c| Circle::new(c, 4, color.stroke_width(2))),
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .label_font(("sans-serif", 17))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(draw_err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn artefact() -> Artefact {
        crate::manifest::experiment::with_catalog(crate::papers::catalog(), artefact_yaml)
    }

    fn artefact_yaml() -> Artefact {
        serde_yaml::from_str(
            r#"
id: B.F1
paper: B
kind: figure
caption: "test"
experiment: lancers.qrels_means_figure
status: built
parameters:
  data: data/lancers/confusion-matrices.yaml
  standin: data/lancers/www-standin.yaml
  qrels: [all3, student]
  measures: [Q@10]
  evaluation: data/lancers/www-runs.yaml
  qrels_versions: data/lancers/qrels-versions.yaml
layout:
  panels:
    - id: Q@10
      label: "(b) Mean Q@10"
      rows: []
      columns: [{id: all3, label: "all3"}, {id: student, label: "student"}]
outputs: [svg]
"#,
        )
        .unwrap()
    }

    /// Runs are placed by their `x` cells, one line and one legend entry per series.
    #[test]
    fn draws_one_line_per_series_in_x_order() {
        let mut table = ResultTable::new("B.F1");
        for (run, x, all3, student) in [("r2", 2.0, 0.5, 0.61), ("r1", 1.0, 0.7, 0.43)] {
            table.set("Q@10", run, X_POSITION, VALUE, x);
            table.set("Q@10", run, "all3", VALUE, all3);
            table.set("Q@10", run, "student", VALUE, student);
        }
        let svg = svg(&artefact(), &table, None).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
        assert!(svg.contains("(b) Mean Q@10"));
        assert!(svg.contains("\nall3\n") && svg.contains("\nstudent\n"));
        let panel = panel_data(&table, &artefact().layout.unwrap().panels[0], "run").unwrap();
        assert_eq!(panel.runs, vec!["r1".to_string(), "r2".to_string()]);
        assert_eq!(panel.series[0].1, vec![0.7, 0.5]);
        // Data 0.43–0.7: tenths 0.4–0.8, lowered to 0.3 so that the two-entry legend
        // ((2·20 + 12)/240 = 0.22 of the height) fits beneath 0.43 ((0.43 − 0.3)/0.5 = 0.26).
        let values = panel.series.iter().flat_map(|(_, v)| v.iter().copied());
        assert_eq!(y_range(values, 2), (0.3, 0.8));
        if let Ok(dir) = std::env::var("EVIA_FIGURE_DUMP") {
            std::fs::write(std::path::Path::new(&dir).join("test-figure.svg"), &svg).unwrap();
        }
    }

    /// At 60 to 150 runs the x axis's numbers stand apart: no two tick labels' extents (their
    /// centres ± half their width, at [`DIGIT_WIDTH`] per digit) overlap, and the first and last
    /// numbered runs are at most one step from the axis' ends.
    #[test]
    fn many_runs_leave_the_x_labels_apart() {
        for n in [13, 60, 100, 150] {
            let mut table = ResultTable::new("B.F1");
            for i in 1..=n {
                let run = format!("run{i:03}");
                table.set("Q@10", &run, X_POSITION, VALUE, i as f64);
                table.set("Q@10", &run, "all3", VALUE, 0.5);
                table.set("Q@10", &run, "student", VALUE, 0.6);
            }
            let svg = svg(&artefact(), &table, None).unwrap();
            // The x tick labels: centred text whose content is a run number, below the plot.
            let mut extents: Vec<(f64, f64)> = svg
                .split("<text ")
                .skip(1)
                .filter(|t| t.contains("text-anchor=\"middle\"") && !t.contains("rotate("))
                .filter_map(|t| {
                    let x: f64 = t.split("x=\"").nth(1)?.split('"').next()?.parse().ok()?;
                    let label = t.split('>').nth(1)?.split('<').next()?.trim();
                    let number: usize = label.parse().ok()?;
                    let width = label.len() as f64 * DIGIT_WIDTH;
                    Some((number, x - width / 2.0, x + width / 2.0))
                })
                .map(|(_, from, to)| (from, to))
                .collect();
            extents.sort_by(|a, b| a.0.total_cmp(&b.0));
            let step = x_label_step(n);
            assert!(
                extents.len() >= n / step,
                "{n} runs: {} labels",
                extents.len()
            );
            for pair in extents.windows(2) {
                assert!(
                    pair[0].1 <= pair[1].0,
                    "{n} runs: tick labels overlap: {pair:?}"
                );
            }
        }
        assert_eq!(x_label_step(13), 1);
        assert!(x_label_step(150) >= 10);
    }

    /// The stand-in note is drawn inside the SVG, wrapped, below the panels, which it enlarges.
    #[test]
    fn a_stand_in_note_is_visible_text_inside_the_svg() {
        let mut table = ResultTable::new("B.F1");
        for (run, x) in [("r1", 1.0), ("r2", 2.0)] {
            table.set("Q@10", run, X_POSITION, VALUE, x);
            table.set("Q@10", run, "all3", VALUE, 0.5);
            table.set("Q@10", run, "student", VALUE, 0.6);
        }
        let note = "STAND-IN: computed on a seeded stand-in collection with placeholder run names, not on the paper's data.";
        let plain = svg(&artefact(), &table, None).unwrap();
        let marked = svg(&artefact(), &table, Some(note)).unwrap();
        assert!(!plain.contains("STAND-IN"));
        assert!(marked.contains("\nSTAND-IN: computed on a seeded stand-in\n"));
        assert!(
            marked.contains("\ncollection with placeholder run names, not on\n"),
            "{marked}"
        );
        assert!(marked.len() > plain.len());
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
    }

    /// Panels of means on the 0 to 1 scale share one y range, said below them; panels of other
    /// scales get one each, and the line says so.
    #[test]
    fn panels_share_one_y_range_on_the_zero_to_one_scale() {
        let panel = |values: Vec<f64>| PanelData {
            title: String::new(),
            x_label: String::new(),
            runs: Vec::new(),
            series: vec![("a".to_string(), values)],
        };
        let shared = [panel(vec![0.55, 0.62]), panel(vec![0.31, 0.4])];
        let ranges = y_ranges(&shared);
        assert_eq!(ranges.shared, Some((0.2, 0.8)));
        assert_eq!(ranges.each, [(0.2, 0.8), (0.2, 0.8)]);
        let lines = band_lines(&shared, &ranges, Some("STAND-IN"));
        assert!(
            lines[0]
                .0
                .starts_with("All panels share one y range, 0.2 to 0.8,")
        );
        assert_eq!(
            lines.last().map(|l| (l.0.as_str(), l.1)),
            Some(("STAND-IN", RED))
        );
        let apart = [panel(vec![1.5, 2.0]), panel(vec![0.3, 0.4])];
        let ranges = y_ranges(&apart);
        assert_eq!(ranges.shared, None);
        assert_eq!(ranges.each, [(1.4, 2.1), (0.2, 0.5)]);
        assert!(
            band_lines(&apart, &ranges, None)[0]
                .0
                .starts_with("Each panel has its own")
        );
        // One panel needs no word on its range.
        assert!(band_lines(&shared[..1], &y_ranges(&shared[..1]), None).is_empty());
    }

    #[test]
    fn missing_numbers_are_errors() {
        let mut table = ResultTable::new("B.F1");
        assert!(svg(&artefact(), &table, None).is_err());
        table.set("Q@10", "r1", X_POSITION, VALUE, 1.0);
        table.set("Q@10", "r1", "all3", VALUE, 0.5);
        let e = svg(&artefact(), &table, None).unwrap_err();
        assert!(
            e.to_string()
                .contains("no mean for run `r1` under `student`"),
            "{e}"
        );
    }
}
