//! What a reader of the compiled LaTeX documents sees on paper: every figure's text at least
//! [`MIN_FIGURE_TEXT_PT`] at the width the report prints it, and no page but a document's last
//! nearly empty. Called by the compile test (`reproduce::generated_latex_compiles_with_pdflatex`)
//! on the documents it compiles.

use std::fs;
use std::path::Path;

use crate::common::TestCommand;

/// The least size, in points, of a figure's text on the printed page.
pub const MIN_FIGURE_TEXT_PT: f64 = 7.0;

/// The fewest words a page may hold, unless it is a document's last page.
pub const MIN_WORDS_PER_PAGE: usize = 40;

/// Each figure the compiled document `<dir>/<name>.tex` printed, with the width it was printed at
/// in points, from the log lines the report's figure macros write
/// (`evia-figure: B.R1.pdf printed 250.0pt wide`). Every figure the source includes has one.
pub fn printed_widths(log: &str) -> Vec<(String, f64)> {
    log.lines()
        .filter_map(|line| line.strip_prefix("evia-figure: "))
        .map(|rest| {
            let (file, width) = rest
                .split_once(" printed ")
                .unwrap_or_else(|| panic!("unreadable figure line: {rest}"));
            let points = width
                .trim_end_matches(" wide")
                .trim_end_matches("pt")
                .parse()
                .unwrap_or_else(|_| panic!("unreadable figure width: {rest}"));
            (file.to_string(), points)
        })
        .collect()
}

/// The value of the attribute `name="…"` of `tag`, an element's opening tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = tag[start..].find('"')?;
    Some(&tag[start..start + end])
}

/// An SVG's width in its own units (the root element's `width`) and the font size of each of its
/// text elements, in the same units.
pub fn svg_width_and_font_sizes(svg: &str) -> (f64, Vec<f64>) {
    let root = svg
        .find("<svg")
        .map(|start| &svg[start..svg[start..].find('>').map_or(svg.len(), |e| start + e)])
        .unwrap_or_else(|| panic!("no <svg> element"));
    let width = attribute(root, "width")
        .and_then(|w| w.trim_end_matches("px").parse().ok())
        .unwrap_or_else(|| panic!("no numeric width on {root}"));
    let sizes = svg
        .match_indices("<text")
        .map(|(start, _)| {
            let tag = &svg[start..svg[start..].find('>').map_or(svg.len(), |e| start + e)];
            attribute(tag, "font-size")
                .and_then(|s| s.trim_end_matches("px").parse().ok())
                .unwrap_or_else(|| panic!("text without a numeric font-size: {tag}"))
        })
        .collect();
    (width, sizes)
}

/// Asserts that every figure the compiled `<dir>/<name>.tex` printed has all its text at least
/// [`MIN_FIGURE_TEXT_PT`] on the page: the SVG's smallest font size scaled by the printed width over
/// the SVG's width. Returns how many figures it checked.
pub fn assert_figure_text_legible(dir: &Path, name: &str) -> usize {
    let log =
        String::from_utf8_lossy(&fs::read(dir.join(format!("{name}.log"))).unwrap()).into_owned();
    let figures = printed_widths(&log);
    let mut small = Vec::new();
    for (pdf, printed) in &figures {
        let svg_path = dir.join(Path::new(pdf).with_extension("svg"));
        let svg =
            fs::read_to_string(&svg_path).unwrap_or_else(|e| panic!("{}: {e}", svg_path.display()));
        let (width, sizes) = svg_width_and_font_sizes(&svg);
        let least = sizes.iter().copied().fold(f64::INFINITY, f64::min);
        let on_paper = least * printed / width;
        if on_paper < MIN_FIGURE_TEXT_PT {
            small.push(format!(
                "{pdf}: {least} of {width} units printed {printed:.1} pt wide, so {on_paper:.1} pt"
            ));
        }
    }
    assert!(
        small.is_empty(),
        "{}/{name}.pdf prints figure text below {MIN_FIGURE_TEXT_PT} pt:\n{}",
        dir.display(),
        small.join("\n")
    );
    figures.len()
}

/// The number of words on each page of `text`, pdftotext's output (pages end with a form feed).
pub fn words_per_page(text: &str) -> Vec<usize> {
    let mut pages: Vec<usize> = text
        .split('\u{c}')
        .map(|page| page.split_whitespace().count())
        .collect();
    // pdftotext ends the last page with a form feed too: nothing follows it.
    if text.ends_with('\u{c}') {
        pages.pop();
    }
    pages
}

/// Asserts that no page of `<dir>/<name>.pdf` but its last holds fewer than
/// [`MIN_WORDS_PER_PAGE`] words (`pdftotext`, the path found by `require_tool`).
pub fn assert_no_near_empty_page(pdftotext: &Path, dir: &Path, name: &str) {
    let pdf = dir.join(format!("{name}.pdf"));
    let output = TestCommand::program(pdftotext)
        .arg(&pdf)
        .arg("-")
        .assert_success();
    let pages = words_per_page(&String::from_utf8_lossy(&output.stdout));
    let Some((_, all_but_last)) = pages.split_last() else {
        panic!("{} has no page", pdf.display());
    };
    let sparse: Vec<String> = all_but_last
        .iter()
        .enumerate()
        .filter(|(_, words)| **words < MIN_WORDS_PER_PAGE)
        .map(|(i, words)| format!("page {} holds {words} words", i + 1))
        .collect();
    assert!(
        sparse.is_empty(),
        "{}: near-empty pages (fewer than {MIN_WORDS_PER_PAGE} words): {}",
        pdf.display(),
        sparse.join("; ")
    );
}

#[test]
fn figure_widths_are_read_from_a_pdflatex_log() {
    let log = "(./B.F1.pdf)\nevia-figure: B.F1.pdf printed 255.42769pt wide\n\
               Overfull \\hbox (1.0pt too wide)\nevia-figure: A.R1.pdf printed 300.0pt wide\n";
    assert_eq!(
        printed_widths(log),
        [
            ("B.F1.pdf".to_string(), 255.42769),
            ("A.R1.pdf".to_string(), 300.0)
        ]
    );
}

#[test]
fn an_svg_gives_its_width_and_every_font_size() {
    let svg = "<?xml version=\"1.0\"?>\n<svg width=\"960\" height=\"400\" viewBox=\"0 0 960 400\">\
               <text x=\"1\" font-size=\"17\">a</text><rect width=\"5\"/>\
               <text x=\"2\" font-family=\"sans-serif\" font-size=\"9.5\">b</text></svg>";
    assert_eq!(svg_width_and_font_sizes(svg), (960.0, vec![17.0, 9.5]));
}

#[test]
fn words_are_counted_per_page_and_the_trailing_form_feed_ends_the_last() {
    assert_eq!(words_per_page("one two\n\u{c}three\u{c}"), [2, 1]);
    assert_eq!(words_per_page("one\u{c}\u{c}two"), [1, 0, 1]);
}
