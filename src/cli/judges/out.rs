//! `judges --out DIR`: the report in Markdown and LaTeX, the JSON document and the figures, written
//! as one staged tree committed by renames ([`crate::io::output`]), so a failure leaves no partial
//! output. DIR must be missing, empty, or an earlier `judges` output (marked by [`MARKER`]) holding
//! only what `judges` writes: anything else is refused before anything is written, naming the first
//! file that is not ours.
//!
//! `report.tex` includes each figure as a PDF converted from its SVG by `rsvg-convert` when it is
//! on the `PATH` (the pipeline's conversion, [`crate::pipeline::conversions`], with its time
//! limit); without the converter, or when a conversion fails, the report names the SVG instead.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use super::figures::{Figure, figures};
use super::render::{TextFormat, render};
use crate::io::output::{LOCK_FILE, OutputDir, is_temp_name};
use crate::judges::analysis::JudgesAnalysis;
use crate::pipeline::conversions::{CONVERT_LIMIT, Conversion};
use crate::pipeline::reproduce::find_on_path;
use crate::render::escape::{escape_latex, escape_markdown};

/// The file that marks a directory as a `judges` output.
pub(crate) const MARKER: &str = ".evia-repro-judges";

/// What `judges --out` writes at the top of DIR.
const OURS: [&str; 4] = ["report.md", "report.tex", "judges.json", "figures"];

/// Whether `name`, inside `figures/`, is a figure `judges` writes (an SVG, or its PDF).
fn our_figure(name: &str) -> bool {
    let Some(stem) = name
        .strip_suffix(".svg")
        .or_else(|| name.strip_suffix(".pdf"))
    else {
        return false;
    };
    let numbered = |prefix: &str| {
        stem.strip_prefix(prefix)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    stem == "kappa-topics" || numbered("scatter-") || numbered("rank-change-")
}

/// Refuses `dir` unless it is missing, empty, or an earlier `judges` output only.
fn check_ours(dir: &Path) -> anyhow::Result<()> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) if dir.exists() && !dir.is_dir() => {
            bail!("--out `{}` is not a directory ({e})", dir.display())
        }
        Err(e) => return Err(e).with_context(|| format!("cannot read --out `{}`", dir.display())),
    };
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read --out `{}`", dir.display()))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    let ignored = |n: &str| n == LOCK_FILE || is_temp_name(n);
    let marked = names.iter().any(|n| n == MARKER);
    let foreign = |n: &&String| {
        !ignored(n) && n.as_str() != MARKER && !(marked && OURS.contains(&n.as_str()))
    };
    if let Some(first) = names.iter().find(foreign) {
        bail!(
            "--out `{}` holds `{first}`, which no earlier `judges` output there wrote; judges replaces its output and would overwrite yours: name a new or empty directory with --out",
            dir.display()
        );
    }
    let figures = dir.join("figures");
    if marked && figures.is_dir() {
        for entry in std::fs::read_dir(&figures)
            .with_context(|| format!("cannot read `{}`", figures.display()))?
        {
            let name = entry?.file_name().to_string_lossy().into_owned();
            if !our_figure(&name) && !is_temp_name(&name) {
                bail!(
                    "--out `{}` holds `figures/{name}`, which no earlier `judges` output there wrote: move it away, or name a new or empty directory with --out",
                    dir.display()
                );
            }
        }
    }
    Ok(())
}

fn markdown(a: &JudgesAnalysis, figures: &[Figure]) -> String {
    let mut out = render(a, TextFormat::Markdown);
    if !figures.is_empty() {
        out.push_str("\n## Figures\n");
        for f in figures {
            out.push_str(&format!(
                "\n![{}](figures/{})\n",
                escape_markdown(&f.caption),
                f.file
            ));
        }
    }
    out
}

/// How a figure reaches `report.tex`: its PDF, or why not.
enum Included {
    Pdf(String),
    SvgOnly(String),
}

fn latex(a: &JudgesAnalysis, figures: &[(Figure, Included)]) -> String {
    let mut out = String::from(
        "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{lmodern}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n\\usepackage[margin=2cm]{geometry}\n\\begin{document}\n",
    );
    out.push_str(&render(a, TextFormat::Latex));
    for (f, included) in figures {
        let body = match included {
            Included::Pdf(pdf) => format!(
                "\\includegraphics[width=\\linewidth,height=0.7\\textheight,keepaspectratio]{{{pdf}}}"
            ),
            Included::SvgOnly(why) => format!(
                "\\fbox{{\\parbox{{0.9\\linewidth}}{{Figure not included ({}): it is \\texttt{{figures/{}}} beside this report.}}}}",
                escape_latex(why),
                f.file
            ),
        };
        out.push_str(&format!(
            "\n\\begin{{figure}}[htbp]\n\\centering\n{body}\n\\caption{{{}}}\n\\end{{figure}}\n",
            escape_latex(&f.caption)
        ));
    }
    out.push_str("\\end{document}\n");
    out
}

/// Writes the report of `a` into `dir` (which must not overlap the inputs: the caller checks).
pub(crate) fn write_report(dir: &PathBuf, a: &JudgesAnalysis, json: &str) -> anyhow::Result<()> {
    check_ours(dir)?;
    let figures = figures(a).context("drawing the figures")?;
    let out = OutputDir::new(dir);
    let _lock = out.lock()?;
    let tree = out.stage_tree("judges")?;
    let staged = tree.out();
    staged.write("report.md", markdown(a, &figures).as_bytes())?;
    staged.write("judges.json", json.as_bytes())?;
    for f in &figures {
        staged.write(&format!("figures/{}", f.file), f.svg.as_bytes())?;
    }
    let converter = find_on_path("rsvg-convert");
    // Every conversion starts at once, and each is then awaited in order.
    let started: Vec<Option<(String, Conversion)>> = figures
        .iter()
        .map(|f| {
            let converter = converter.as_deref()?;
            let svg = format!("figures/{}", f.file);
            let pdf = svg.strip_suffix(".svg").map(|s| format!("{s}.pdf"))?;
            let conversion = Conversion::start(
                (converter, CONVERT_LIMIT),
                staged,
                (&svg, &pdf),
                f.svg.as_bytes(),
            );
            Some((pdf, conversion))
        })
        .collect();
    let mut included = Vec::with_capacity(figures.len());
    for (f, started) in figures.into_iter().zip(started) {
        let how = match started {
            None => Included::SvgOnly("no SVG-to-PDF converter, rsvg-convert, on the PATH".into()),
            Some((pdf, conversion)) => match conversion.wait() {
                Ok(_) => Included::Pdf(pdf),
                Err(why) => {
                    super::super::stdout::note(&format!(
                        "warning: {why}; the report names the SVG"
                    ));
                    Included::SvgOnly(format!("its conversion to PDF failed: {why}"))
                }
            },
        };
        included.push((f, how));
    }
    staged.write("report.tex", latex(a, &included).as_bytes())?;
    staged.write(MARKER, b"evia-repro judges output\n")?;
    for notice in tree.commit()? {
        super::super::stdout::note(&notice);
    }
    Ok(())
}
