//! What every figure is drawn with: the bands a report cuts it into, the error of a drawing, and the
//! stand-in note in the strip below it.

use plotters::prelude::*;
use serde::Serialize;

use crate::manifest::ExperimentId;
use crate::render::escape::svg_text;

/// A horizontal band of a figure's SVG (a panel, or the stand-in note's strip below the panels):
/// its top and bottom edges as shares of the SVG's height, 0 at the top, so that a report can cut the
/// figure's PDF into its panels ([`super::figure::bands`]) whatever size the converter gives it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Band {
    pub(crate) top: f64,
    pub(crate) bottom: f64,
}

impl Band {
    /// The bands of `heights` (pixels) stacked from the top of a figure `total` pixels high.
    pub(crate) fn stack(heights: &[u32], total: u32) -> Vec<Band> {
        let total = f64::from(total.max(1));
        let mut top = 0u32;
        heights
            .iter()
            .map(|&h| {
                let band = Band {
                    top: f64::from(top) / total,
                    bottom: f64::from(top.saturating_add(h)) / total,
                };
                top = top.saturating_add(h);
                band
            })
            .collect()
    }
}

/// Why a figure could not be drawn.
#[derive(Debug, thiserror::Error)]
pub(crate) enum FigureError {
    #[error("experiment `{0}` has no figure renderer; remove `svg` from the artefact's outputs")]
    NoRenderer(ExperimentId),
    #[error("cannot draw the figure: {0}")]
    Draw(String),
}

/// The stand-in note's font size, line height and padding in SVG pixels.
/// 18 px: at the scale any figure is printed in the reports (at most 1,040 px to a page's text
/// width), 7 pt or more.
const NOTE_FONT_PX: u32 = 18;
pub(crate) const NOTE_LINE_HEIGHT: u32 = 22;
pub(crate) const NOTE_PADDING: u32 = 8;

/// The most characters of a label drawn in a figure (a panel title, an axis description, a legend
/// entry). Labels can be names from a user's files: a longer one is cut to this length, ending in
/// `…` so the cut shows, because a converter lays out a 50,000-character line for minutes.
pub(crate) const FIGURE_LABEL_CHARS: usize = 60;

/// `text` as a figure draws it: cut to [`FIGURE_LABEL_CHARS`] characters (the last one `…`), then
/// escaped for SVG text ([`svg_text`]: control and invisible characters as their code point).
pub(crate) fn figure_label(text: &str) -> String {
    let cut: String = if text.chars().count() > FIGURE_LABEL_CHARS {
        let mut cut: String = text.chars().take(FIGURE_LABEL_CHARS - 1).collect();
        cut.push('…');
        cut
    } else {
        text.to_string()
    };
    svg_text(&cut)
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word has its own line).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Draws the stand-in note's `lines` in red into `band`, the strip below a figure (every figure
/// built on a stand-in: the means figures and the robustness figures).
pub(crate) fn draw_note(
    band: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    lines: &[String],
) -> Result<(), FigureError> {
    let lines: Vec<(String, RGBColor)> = lines.iter().map(|l| (l.clone(), RED)).collect();
    draw_lines(band, &lines)
}

/// Draws `lines`, each in its colour, into `band`, the strip below a figure.
pub(crate) fn draw_lines(
    band: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    lines: &[(String, RGBColor)],
) -> Result<(), FigureError> {
    for (i, (line, colour)) in lines.iter().enumerate() {
        let style = TextStyle::from(("sans-serif", NOTE_FONT_PX)).color(colour);
        let y = NOTE_PADDING + NOTE_LINE_HEIGHT * i as u32;
        band.draw_text(line, &style, (NOTE_PADDING as i32, y as i32))
            .map_err(draw_err)?;
    }
    Ok(())
}

/// A plotters error as a [`FigureError`].
pub(crate) fn draw_err(e: impl std::fmt::Display) -> FigureError {
    FigureError::Draw(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_labels_are_cut_visibly_and_escaped() {
        let long = "a".repeat(50_000);
        let label = figure_label(&long);
        assert_eq!(label.chars().count(), FIGURE_LABEL_CHARS);
        assert!(label.ends_with('…'), "{label}");
        assert_eq!(figure_label("all3"), "all3");
        assert_eq!(figure_label("a\u{1b}[2J"), "aU+001B[2J");
    }
}
