//! `judges --out DIR`: the report in Markdown and LaTeX, the JSON document and the figures, written
//! as one staged tree committed by renames ([`crate::io::output`]), so a failure leaves no partial
//! output. DIR must be missing, empty, or an earlier `judges` output (marked by [`MARKER`]) holding
//! only what `judges` writes: anything else is refused before anything is written, naming the first
//! file that is not ours.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use super::figures::{Figure, figures};
use super::render::{TextFormat, render};
use crate::io::output::{LOCK_FILE, OutputDir, is_temp_name};
use crate::judges::analysis::JudgesAnalysis;
use crate::render::escape::{escape_latex, escape_markdown};

/// The file that marks a directory as a `judges` output.
pub(crate) const MARKER: &str = ".evia-repro-judges";

/// What `judges --out` writes at the top of DIR.
const OURS: [&str; 4] = ["report.md", "report.tex", "judges.json", "figures"];

/// Whether `name`, inside `figures/`, is a figure `judges` writes.
fn our_figure(name: &str) -> bool {
    let numbered = |prefix: &str| {
        name.strip_prefix(prefix)
            .and_then(|n| n.strip_suffix(".svg"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    name == "kappa-topics.svg" || numbered("scatter-") || numbered("rank-change-")
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

fn latex(a: &JudgesAnalysis, figures: &[Figure]) -> String {
    let mut out = String::from(
        "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{lmodern}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n\\usepackage[margin=2cm]{geometry}\n\\begin{document}\n",
    );
    out.push_str(&render(a, TextFormat::Latex));
    for f in figures {
        out.push_str(&format!(
            "\n\\begin{{figure}}[htbp]\n\\centering\n% figures/{} (convert to PDF to include it, e.g. rsvg-convert -f pdf)\n\\caption{{{}}}\n\\end{{figure}}\n",
            f.file,
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
    staged.write("report.tex", latex(a, &figures).as_bytes())?;
    staged.write("judges.json", json.as_bytes())?;
    for f in &figures {
        staged.write(&format!("figures/{}", f.file), f.svg.as_bytes())?;
    }
    staged.write(MARKER, b"evia-repro judges output\n")?;
    for notice in tree.commit()? {
        super::super::stdout::note(&notice);
    }
    Ok(())
}
