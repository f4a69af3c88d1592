//! The figure of a knob-space study (`unanimity.knob_space`, `lancers.knob_space`): a heat map of
//! claims (rows) × ranged knobs (columns), each cell shaded by the knob's first-order index for the
//! claim (white 0 to dark blue 1, its value printed in it), framed thick when the knob decides the
//! claim and thin when it moves the claim's rate; beside each row, the claim's class and its rate
//! over the space with its Wilson 95% interval. A legend (the colour bar and the frames) and the
//! stand-in note close it.
//!
//! What is drawn comes from the study's [`ResultTable`]: the claims are the rows of the class panels
//! ([`SpaceClass::id`]: decided, depends, robust, in that order), each with its `rate` cell; the
//! indices are panel [`INDICES_PANEL`]'s cells (part `value`, and part `class`: 2 decides, 1
//! moves, 0 neither); the knobs are the columns of that panel in the artefact's layout, labelled as
//! the layout labels them.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::manifest::Artefact;
use crate::model::{SPACE_CLASSES, SpaceClass};
use crate::render::figure_parts::{
    FigureError, NOTE_LINE_HEIGHT, NOTE_PADDING, draw_err, draw_note, wrap,
};
use crate::results::{ResultTable, VALUE};

/// The panel of the claims × knobs indices (the study's table writes it).
pub(crate) const INDICES_PANEL: &str = "indices";

/// The panel of the ranged knobs (the study's table writes it): a row per knob, columns `lo`, `hi`
/// and `scale` (1 for a scale factor).
pub(crate) const KNOBS_PANEL: &str = "knobs";

/// The colour of a frame around a knob that decides a claim (ColorBrewer's dark red, #b2182b), so
/// that it tells apart from the black frame of a knob that only moves the rate at any size.
const DECIDES: RGBColor = RGBColor(178, 24, 43);

/// Width and font sizes in SVG pixels: the figure is printed at most a page's text width (about
/// 520 pt), where the smallest text, 18 px, comes to 7 pt or more.
const WIDTH: u32 = 1040;
const TITLE_PX: u32 = 20;
const LABEL_PX: u32 = 18;
const CELL_PX: u32 = 18;
/// The claim-id area at the left, the heat map's cells, the class and rate columns at the right.
const LABEL_AREA: u32 = 352;
const CELL_HEIGHT: u32 = 28;
const CLASS_AREA: u32 = 108;
const RATE_AREA: u32 = 180;
/// Room above the grid (the title and the column heads) and below it (the rotated knob labels).
const TOP: u32 = 76;
const KNOB_LABEL_AREA: u32 = 290;
const LEGEND_HEIGHT: u32 = 116;
const NOTE_CHARS_PER_LINE: usize = 104;

/// One row: a claim, its class, its rate and interval, and per knob its index and level (2 decides,
/// 1 moves, 0 neither).
struct Row {
    id: String,
    class: SpaceClass,
    rate: (f64, f64, f64),
    cells: Vec<(f64, u8)>,
}

/// The shade of index `x` ∈ [0, 1]: from white to ColorBrewer's darkest blue (#08306b), linearly.
fn shade(x: f64) -> RGBColor {
    let x = x.clamp(0.0, 1.0);
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * x).round() as u8;
    RGBColor(mix(255, 8), mix(255, 48), mix(255, 107))
}

/// The SVG of a knob-space study; `note` (the stand-in note) is printed below the legend, in red.
pub(crate) fn svg(
    artefact: &Artefact,
    table: &ResultTable,
    note: Option<&str>,
) -> Result<String, FigureError> {
    let knobs: Vec<(String, String)> = artefact
        .layout
        .as_ref()
        .and_then(|l| l.panels.iter().find(|p| p.id == INDICES_PANEL))
        .map(|p| {
            p.columns
                .iter()
                .map(|c| (c.id.clone(), labelled_range(table, &c.id, c.label.text())))
                .collect()
        })
        .unwrap_or_default();
    let rows = rows(table, &knobs);
    if rows.is_empty() || knobs.is_empty() {
        return Err(FigureError::Draw(format!(
            "artefact `{}` has no claim and knob indices to draw",
            artefact.id
        )));
    }
    let note_lines = note
        .map(|n| wrap(n, NOTE_CHARS_PER_LINE))
        .unwrap_or_default();
    let grid_height = CELL_HEIGHT * rows.len() as u32;
    let chart_height = TOP + grid_height + KNOB_LABEL_AREA + LEGEND_HEIGHT;
    let note_height = NOTE_LINE_HEIGHT * note_lines.len() as u32 + 2 * NOTE_PADDING;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, chart_height + note_height))
            .into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let (chart, band) = root.split_vertically(chart_height);
        draw(&chart, artefact, &rows, &knobs)?;
        draw_note(&band, &note_lines)?;
        root.present().map_err(draw_err)?;
    }
    Ok(out)
}

/// A knob's label with its plausible range: `drop max (0.6 to 2)`, `team quality × (×0.7 to ×1.3)`.
fn labelled_range(table: &ResultTable, knob: &str, label: &str) -> String {
    let get = |column| table.get(KNOBS_PANEL, knob, column, VALUE);
    match (get("lo"), get("hi"), get("scale")) {
        (Some(lo), Some(hi), Some(1.0)) => format!("{label} (×{lo} to ×{hi})"),
        (Some(lo), Some(hi), _) => format!("{label} ({lo} to {hi})"),
        _ => label.to_string(),
    }
}

/// The claims of the class panels, decided first, with their indices over `knobs`.
fn rows(table: &ResultTable, knobs: &[(String, String)]) -> Vec<Row> {
    let mut rows = Vec::new();
    for class in SPACE_CLASSES.iter().rev().copied() {
        for row in table.rows_of(class.id()) {
            let get = |part| table.get(class.id(), &row.id, "rate", part);
            let (Some(rate), Some(lo), Some(hi)) = (get("estimate"), get("ci_lo"), get("ci_hi"))
            else {
                continue;
            };
            let cells = knobs
                .iter()
                .map(|(knob, _)| {
                    let at = |part| table.get(INDICES_PANEL, &row.id, knob, part);
                    (at(VALUE).unwrap_or(0.0), at("class").unwrap_or(0.0) as u8)
                })
                .collect();
            rows.push(Row {
                id: row.id.clone(),
                class,
                rate: (rate, lo, hi),
                cells,
            });
        }
    }
    rows
}

/// Draws the title, the grid with its labels, and the legend.
fn draw(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    artefact: &Artefact,
    rows: &[Row],
    knobs: &[(String, String)],
) -> Result<(), FigureError> {
    let style = |px: u32, h: HPos, v: VPos| {
        TextStyle::from(("sans-serif", px))
            .pos(Pos::new(h, v))
            .color(&BLACK)
    };
    let cell_width = (WIDTH - LABEL_AREA - CLASS_AREA - RATE_AREA - 20) / knobs.len() as u32;
    let left = LABEL_AREA as i32;
    let right = left + (cell_width * knobs.len() as u32) as i32;
    area.draw_text(
        &format!(
            "{}: first-order index of each knob for each claim (share of the claim's variance it explains alone)",
            artefact.id
        ),
        &style(TITLE_PX, HPos::Left, VPos::Top),
        (10, 8),
    )
    .map_err(draw_err)?;
    let head = (TOP - 12) as i32;
    for (text, x, h) in [
        ("claim", left - 10, HPos::Right),
        (
            "knob (its plausible range below)",
            (left + right) / 2,
            HPos::Center,
        ),
        ("class", right + 8, HPos::Left),
        ("rate [95% CI]", right + 8 + CLASS_AREA as i32, HPos::Left),
    ] {
        area.draw_text(text, &style(LABEL_PX, h, VPos::Bottom), (x, head))
            .map_err(draw_err)?;
    }
    for (i, row) in rows.iter().enumerate() {
        let top = (TOP + CELL_HEIGHT * i as u32) as i32;
        let middle = top + CELL_HEIGHT as i32 / 2;
        area.draw_text(
            &row.id,
            &style(LABEL_PX, HPos::Right, VPos::Center),
            (left - 10, middle),
        )
        .map_err(draw_err)?;
        for (k, &(index, level)) in row.cells.iter().enumerate() {
            let x0 = left + (cell_width * k as u32) as i32;
            let x1 = x0 + cell_width as i32;
            let y1 = top + CELL_HEIGHT as i32;
            area.draw(&Rectangle::new(
                [(x0, top), (x1, y1)],
                shade(index).filled(),
            ))
            .map_err(draw_err)?;
            area.draw(&Rectangle::new([(x0, top), (x1, y1)], BLACK.mix(0.15)))
                .map_err(draw_err)?;
            if level > 0 {
                let (colour, width) = if level >= 2 { (DECIDES, 4) } else { (BLACK, 2) };
                let inset = width as i32 / 2 + 1;
                area.draw(&Rectangle::new(
                    [(x0 + inset, top + inset), (x1 - inset, y1 - inset)],
                    colour.stroke_width(width),
                ))
                .map_err(draw_err)?;
            }
            let colour = if index > 0.5 { WHITE } else { BLACK };
            area.draw_text(
                &format!("{index:.2}"),
                &TextStyle::from(("sans-serif", CELL_PX))
                    .pos(Pos::new(HPos::Center, VPos::Center))
                    .color(&colour),
                ((x0 + x1) / 2, middle),
            )
            .map_err(draw_err)?;
        }
        let (rate, lo, hi) = row.rate;
        area.draw_text(
            row.class.stem(),
            &style(LABEL_PX, HPos::Left, VPos::Center),
            (right + 8, middle),
        )
        .map_err(draw_err)?;
        area.draw_text(
            &crate::model::rate_word::interval_words(rate, lo, hi),
            &style(LABEL_PX, HPos::Left, VPos::Center),
            (right + 8 + CLASS_AREA as i32, middle),
        )
        .map_err(draw_err)?;
    }
    let bottom = (TOP + CELL_HEIGHT * rows.len() as u32) as i32;
    let rotated = TextStyle::from(("sans-serif", LABEL_PX))
        .transform(FontTransform::Rotate270)
        .pos(Pos::new(HPos::Right, VPos::Center))
        .color(&BLACK);
    for (k, (_, label)) in knobs.iter().enumerate() {
        let x = left + (cell_width * k as u32 + cell_width / 2) as i32;
        area.draw_text(label, &rotated, (x, bottom + 8))
            .map_err(draw_err)?;
    }
    draw_legend(area, bottom + KNOB_LABEL_AREA as i32)
}

/// The colour bar with its ticks, and the key to the frames and the classes.
fn draw_legend(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    top: i32,
) -> Result<(), FigureError> {
    let text = |h| {
        TextStyle::from(("sans-serif", LABEL_PX))
            .pos(Pos::new(h, VPos::Top))
            .color(&BLACK)
    };
    let (x0, width, height) = (20, 300, 16);
    for step in 0..width {
        let x = x0 + step;
        area.draw(&Rectangle::new(
            [(x, top), (x + 1, top + height)],
            shade(f64::from(step) / f64::from(width - 1)).filled(),
        ))
        .map_err(draw_err)?;
    }
    area.draw(&Rectangle::new(
        [(x0, top), (x0 + width, top + height)],
        BLACK.mix(0.5),
    ))
    .map_err(draw_err)?;
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let x = x0 + (tick * f64::from(width)).round() as i32;
        area.draw(&PathElement::new(
            vec![(x, top + height), (x, top + height + 4)],
            BLACK,
        ))
        .map_err(draw_err)?;
        area.draw_text(
            &format!("{tick}"),
            &text(HPos::Center),
            (x, top + height + 6),
        )
        .map_err(draw_err)?;
    }
    for (j, line) in [
        "first-order index of the knob",
        "(0: explains nothing; 1: everything)",
    ]
    .into_iter()
    .enumerate()
    {
        area.draw_text(
            line,
            &text(HPos::Left),
            (x0, top + height + 30 + 21 * j as i32),
        )
        .map_err(draw_err)?;
    }
    let key_x = x0 + width + 60;
    for (i, (colour, stroke, words)) in [
        (DECIDES, 4, "thick red frame: the knob decides the claim (within its range it flips from mostly failing to mostly holding)"),
        (BLACK, 2, "thin black frame: the knob moves the claim's rate (permutation test, Holm-adjusted p < 0.05), without deciding it"),
    ]
    .into_iter()
    .enumerate()
    {
        let y = top + 48 * i as i32;
        area.draw(&Rectangle::new([(key_x, y), (key_x + 26, y + 18)], colour.stroke_width(stroke)))
            .map_err(draw_err)?;
        for (j, line) in wrap(words, 58).iter().enumerate() {
            area.draw_text(line, &text(HPos::Left), (key_x + 36, y + 21 * j as i32))
                .map_err(draw_err)?;
        }
    }
    Ok(())
}
