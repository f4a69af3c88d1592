//! The figures of `judges --out`, as SVG (plotters, which escapes markup; every label through
//! [`figure_label`]): per measure and judge, the scatter of run means under the reference against
//! the judge with Kendall's tau_b in its title, and the rank-change plot (each run's rank under the
//! reference joined to its rank under the judge); and the distribution of per-topic linear kappas
//! of each pair. At more than [`NAMED_RUNS`] runs, only the runs whose rank changes most are named
//! (the outliers), so the figure stays readable at 100 runs and more.

use plotters::prelude::*;

use super::tables::num;
use crate::judges::analysis::JudgesAnalysis;
use crate::judges::rankings::MeasureRanking;
use crate::render::figure_parts::{FigureError, draw_err, figure_label};

/// Up to this many runs, every run is named in the scatter and the rank-change plot.
pub(crate) const NAMED_RUNS: usize = 20;

/// How many of the largest rank changes are named beyond [`NAMED_RUNS`] runs.
const NAMED_OUTLIERS: usize = 8;

const SIZE: (u32, u32) = (640, 560);

/// One figure: its file name (ASCII, from positions, never from a user's name) and SVG text.
pub(crate) struct Figure {
    pub(crate) file: String,
    pub(crate) caption: String,
    pub(crate) svg: String,
}

/// The runs' ranks (1 + runs scored higher) under the reference and the judge, and the means.
struct Points<'a> {
    names: Vec<&'a str>,
    x: Vec<f64>,
    y: Vec<f64>,
    rank_x: Vec<usize>,
    rank_y: Vec<usize>,
}

fn rank(values: &[f64]) -> Vec<usize> {
    values
        .iter()
        .map(|&v| 1 + values.iter().filter(|&&o| o > v).count())
        .collect()
}

fn points(r: &MeasureRanking) -> Option<Points<'_>> {
    let x = r.run_scores.get(&r.reference)?;
    let y = r.run_scores.get(&r.judge)?;
    let names: Vec<&str> = x.keys().map(String::as_str).collect();
    let xs: Vec<f64> = names.iter().map(|n| x[*n]).collect();
    let ys: Vec<f64> = names.iter().filter_map(|n| y.get(*n).copied()).collect();
    if ys.len() != xs.len() || xs.is_empty() || xs.iter().chain(&ys).any(|v| !v.is_finite()) {
        return None;
    }
    Some(Points {
        names,
        rank_x: rank(&xs),
        rank_y: rank(&ys),
        x: xs,
        y: ys,
    })
}

/// Which runs are named: all up to [`NAMED_RUNS`], else the [`NAMED_OUTLIERS`] largest rank changes.
fn named(p: &Points<'_>) -> Vec<bool> {
    let n = p.names.len();
    if n <= NAMED_RUNS {
        return vec![true; n];
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(p.rank_x[i].abs_diff(p.rank_y[i])));
    let mut out = vec![false; n];
    for &i in order.iter().take(NAMED_OUTLIERS) {
        out[i] = p.rank_x[i] != p.rank_y[i];
    }
    out
}

/// A tick label on an axis that counts (topics, ranks): the integer, or nothing between integers.
fn integer_tick(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round())
    } else {
        String::new()
    }
}

fn range(values: &[f64]) -> (f64, f64) {
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.08).max(0.01);
    (lo - pad, hi + pad)
}

fn scatter(r: &MeasureRanking, p: &Points<'_>) -> Result<String, FigureError> {
    let tau = r
        .agreement
        .kendall_tau_b
        .value
        .map_or_else(|| "undefined".into(), num);
    let title = figure_label(&format!(
        "{}: {} against {} (tau_b {tau})",
        r.measure, r.judge, r.reference
    ));
    let (x_lo, x_hi) = range(&p.x);
    let (y_lo, y_hi) = range(&p.y);
    let show = named(p);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .x_desc(figure_label(&format!(
                "mean {} under {}",
                r.measure, r.reference
            )))
            .y_desc(figure_label(&format!(
                "mean {} under {}",
                r.measure, r.judge
            )))
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .light_line_style(WHITE)
            .draw()
            .map_err(draw_err)?;
        let colour = RGBColor(0x1b, 0x9e, 0x77);
        chart
            .draw_series(
                p.x.iter()
                    .zip(&p.y)
                    .map(|(&x, &y)| Circle::new((x, y), 4, colour.filled())),
            )
            .map_err(draw_err)?;
        // Names are placed greedily, largest rank change first; a name whose box (about 7 px a
        // character, 12 px high) would overlap one already placed is left out, so none overprints.
        let mut order: Vec<usize> = (0..p.names.len()).filter(|&i| show[i]).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(p.rank_x[i].abs_diff(p.rank_y[i])));
        let mut placed: Vec<(i32, i32, i32, i32)> = Vec::new();
        let mut labels = Vec::new();
        for i in order {
            let text = figure_label(p.names[i]);
            let (px, py) = chart.backend_coord(&(p.x[i], p.y[i]));
            let width = 7 * i32::try_from(text.chars().count()).unwrap_or(i32::MAX / 8);
            let bx = (px, py, px.saturating_add(width), py + 12);
            let overlaps = placed
                .iter()
                .any(|&(x0, y0, x1, y1)| bx.0 < x1 && x0 < bx.2 && bx.1 < y1 && y0 < bx.3);
            if !overlaps {
                placed.push(bx);
                labels.push(Text::new(text, (p.x[i], p.y[i]), ("sans-serif", 12)));
            }
        }
        chart.draw_series(labels).map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    Ok(out)
}

fn rank_change(r: &MeasureRanking, p: &Points<'_>) -> Result<String, FigureError> {
    let n = p.names.len();
    let show = named(p);
    let title = figure_label(&format!(
        "{}: ranks under {} and {}",
        r.measure, r.reference, r.judge
    ));
    let height = (120 + 14 * n as u32).clamp(SIZE.1, 4000);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (SIZE.0, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(30)
            .y_label_area_size(44)
            .build_cartesian_2d(-0.6f64..1.6, (n as f64 + 0.5)..0.5)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(2)
            .x_label_formatter(&|x| {
                if x.round() == 0.0 {
                    figure_label(&r.reference)
                } else {
                    figure_label(&r.judge)
                }
            })
            .y_desc("rank")
            // The axis counts ranks: integer ticks only, at most ten.
            .y_labels(n.clamp(1, 10))
            .y_label_formatter(&integer_tick)
            .label_style(("sans-serif", 13))
            .light_line_style(WHITE)
            .draw()
            .map_err(draw_err)?;
        for (i, &shown) in show.iter().enumerate() {
            let moved = p.rank_x[i] != p.rank_y[i];
            let colour = if moved {
                RGBColor(0xd9, 0x5f, 0x02)
            } else {
                RGBColor(0x99, 0x99, 0x99)
            };
            let line = vec![(0.0, p.rank_x[i] as f64), (1.0, p.rank_y[i] as f64)];
            chart
                .draw_series(std::iter::once(PathElement::new(
                    line,
                    colour.stroke_width(1),
                )))
                .map_err(draw_err)?;
            if shown {
                let label = Text::new(
                    figure_label(p.names[i]),
                    (1.04, p.rank_y[i] as f64),
                    ("sans-serif", 11),
                );
                chart
                    .draw_series(std::iter::once(label))
                    .map_err(draw_err)?;
            }
        }
        root.present().map_err(draw_err)?;
    }
    Ok(out)
}

/// A topic's kappa and its interval's ends.
type TopicPoint = (f64, f64, f64);

fn kappa_distribution(a: &JudgesAnalysis) -> Result<Option<String>, FigureError> {
    let pairs: Vec<(String, Vec<TopicPoint>)> = a
        .labels
        .iter()
        .filter_map(|l| {
            let s = l.shared()?;
            let mut v: Vec<TopicPoint> = s
                .per_topic
                .iter()
                .filter_map(|t| {
                    let [lo, hi] = t.kappa_linear.ci?;
                    Some((t.kappa_linear.value?, lo, hi))
                })
                .collect();
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            (!v.is_empty()).then(|| (format!("{} / {}", l.judge, l.reference), v))
        })
        .collect();
    if pairs.is_empty() {
        return Ok(None);
    }
    let most = pairs.iter().map(|p| p.1.len()).max().unwrap_or(1);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Per-topic linear kappa with 95% intervals",
                ("sans-serif", 18),
            )
            .margin(14)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(0.5f64..most as f64 + 0.5, -1.0f64..1.0)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .x_desc("topics, by kappa")
            .y_desc("linear kappa")
            // The axis counts topics: integer ticks only, at most ten.
            .x_labels(most.clamp(1, 10))
            .x_label_formatter(&integer_tick)
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 15))
            .light_line_style(WHITE)
            .draw()
            .map_err(draw_err)?;
        let colours = [
            RGBColor(0x1b, 0x9e, 0x77),
            RGBColor(0xd9, 0x5f, 0x02),
            RGBColor(0x75, 0x70, 0xb3),
        ];
        for (k, (label, v)) in pairs.iter().enumerate() {
            let colour = colours[k % colours.len()];
            chart
                .draw_series(v.iter().enumerate().map(|(i, &(_, lo, hi))| {
                    PathElement::new(
                        vec![((i + 1) as f64, lo), ((i + 1) as f64, hi)],
                        colour.mix(0.5).stroke_width(1),
                    )
                }))
                .map_err(draw_err)?;
            chart
                .draw_series(v.iter().enumerate().map(|(i, &(kappa, _, _))| {
                    Circle::new(((i + 1) as f64, kappa), 3, colour.filled())
                }))
                .map_err(draw_err)?
                .label(figure_label(label))
                .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    Ok(Some(out))
}

/// Every figure of `a`.
pub(crate) fn figures(a: &JudgesAnalysis) -> Result<Vec<Figure>, FigureError> {
    let mut out = Vec::new();
    for (k, r) in a.rankings.iter().enumerate() {
        let Some(p) = points(r) else {
            continue;
        };
        out.push(Figure {
            file: format!("scatter-{}.svg", k + 1),
            caption: format!(
                "{}: run means under {} (x) and {} (y)",
                r.measure, r.reference, r.judge
            ),
            svg: scatter(r, &p)?,
        });
        out.push(Figure {
            file: format!("rank-change-{}.svg", k + 1),
            caption: format!(
                "{}: each run's rank under {} (left) and {} (right)",
                r.measure, r.reference, r.judge
            ),
            svg: rank_change(r, &p)?,
        });
    }
    if let Some(svg) = kappa_distribution(a)? {
        out.push(Figure {
            file: "kappa-topics.svg".into(),
            caption: "Per-topic linear kappa of each judge pair, topics sorted by kappa".into(),
            svg,
        });
    }
    Ok(out)
}
