//! An artefact's renderings (Markdown, LaTeX, JSON, SVG), each stamped with its provenance, the
//! standalone LaTeX document of a paper's tables, and the paths they are written to.

use serde::Serialize;

use super::ReproduceError;
use crate::account::Account;
use crate::manifest::{Artefact, Kind, Manifest, OutputFormat};
use crate::model::stand_in::StandIn;
use crate::provenance::Stamp;
use crate::render::Templates;
use crate::render::escape::{escape_latex, escape_latex_literal, escape_markdown};
use crate::render::grid::{self, Target};
use crate::render::stamp;
use crate::results::ResultTable;

/// The template an output format of a table renders with (`None`: written without a template).
pub(crate) fn template_of(format: OutputFormat) -> Option<&'static str> {
    match format {
        OutputFormat::Markdown => Some("table.md.j2"),
        OutputFormat::Latex => Some("table.tex.j2"),
        OutputFormat::Json | OutputFormat::Svg => None,
    }
}

/// The template of the standalone LaTeX document collecting a paper's tables.
pub(crate) const TABLES_TEMPLATE: &str = "tables.tex.j2";

#[derive(Serialize)]
struct TableContext<'a> {
    #[serde(flatten)]
    grid: &'a grid::Grid,
    provenance: String,
    stamp: String,
}

#[derive(Serialize)]
struct JsonCell<'a> {
    panel: &'a str,
    row: &'a str,
    column: &'a str,
    part: &'a str,
    value: f64,
}

#[derive(Serialize)]
struct JsonTable<'a> {
    id: &'a str,
    paper: &'a str,
    caption: &'a str,
    /// The visible stand-in note ([`StandIn::note`]) when the table rests on a stand-in, else null:
    /// the JSON cannot be copied out of the build directory without it.
    stand_in: Option<&'static str>,
    experiment: &'a str,
    provenance: &'a Stamp,
    notes: &'a [String],
    cells: Vec<JsonCell<'a>>,
}

/// Renders one artefact to every output format its manifest entry asks for: `(relative path, contents)`.
/// `stamp` is the artefact's stamp ([`artefact_stamp`](super::fingerprint::artefact_stamp)); each file's stamp adds the template it renders
/// with. `account_notes` follow the table's notes in the Markdown: what the account says of the
/// artefact once every artefact is built ([`Account::artefact_notes`]; none in the artefact's own
/// step, which runs before the account exists).
pub(crate) fn render_table(
    manifest: &Manifest,
    artefact: &Artefact,
    table: &ResultTable,
    templates: &Templates,
    stamp: &Stamp,
    account_notes: &[String],
) -> Result<Vec<(String, String)>, ReproduceError> {
    let render_err = |source| ReproduceError::Render {
        artefact: artefact.id.to_string(),
        source,
    };
    let slug = paper_slug(manifest, artefact);
    let mut files = Vec::new();
    for format in &artefact.outputs {
        let mut stamp = stamp.clone();
        if let Some(name) = template_of(*format)
            && let Some(hash) = templates.sources().template_hash(name)
        {
            stamp.inputs.insert(format!("templates/{name}"), hash);
        }
        match format {
            OutputFormat::Markdown | OutputFormat::Latex => {
                let (target, name, ext, comment) = if *format == OutputFormat::Markdown {
                    (
                        Target::Markdown,
                        "table.md.j2",
                        "md",
                        stamp::xml_comment(&stamp),
                    )
                } else {
                    (
                        Target::Latex,
                        "table.tex.j2",
                        "tex",
                        stamp::latex_comment(&stamp),
                    )
                };
                let mut grid =
                    grid::layout(artefact, table, target).map_err(|e| render_err(e.into()))?;
                if target == Target::Markdown {
                    grid.notes
                        .extend(account_notes.iter().map(|n| escape_markdown(n)));
                }
                let headline = stamp.headline();
                let context = TableContext {
                    grid: &grid,
                    provenance: if target == Target::Latex {
                        escape_latex_literal(&headline)
                    } else {
                        escape_markdown(&headline)
                    },
                    stamp: comment,
                };
                let text = if target == Target::Markdown {
                    templates.markdown(name, &context)
                } else {
                    templates.latex(name, &context)
                }
                .map_err(render_err)?;
                files.push((format!("{slug}/{}.{ext}", artefact.id), text));
            }
            OutputFormat::Json => {
                let json = JsonTable {
                    id: &artefact.id,
                    paper: &artefact.paper,
                    caption: artefact.caption.text(),
                    stand_in: artefact
                        .experiment
                        .stand_in(table.real_data)
                        .map(StandIn::note),
                    experiment: artefact.experiment.as_str(),
                    provenance: &stamp,
                    notes: &table.notes,
                    cells: table
                        .cells
                        .iter()
                        .map(|(k, &value)| JsonCell {
                            panel: &k.panel,
                            row: &k.row,
                            column: &k.column,
                            part: &k.part,
                            value,
                        })
                        .collect(),
                };
                let text = serde_json::to_string_pretty(&json).map_err(|e| render_err(e.into()))?;
                files.push((format!("{slug}/{}.json", artefact.id), text + "\n"));
            }
            OutputFormat::Svg => {
                let svg = crate::render::figure::svg(artefact, table)
                    .map_err(|e| render_err(e.into()))?;
                files.push((
                    format!("{slug}/{}.svg", artefact.id),
                    stamp_svg(&svg, &stamp),
                ));
            }
        }
    }
    Ok(files)
}

/// `svg` with the stamp as an XML comment after the XML declaration (or at the start).
fn stamp_svg(svg: &str, stamp: &Stamp) -> String {
    let comment = stamp::xml_comment(stamp);
    match svg.strip_prefix("<?xml") {
        Some(_) => match svg.find("?>") {
            Some(end) => format!(
                "{}\n{comment}{}",
                &svg[..end + 2],
                svg[end + 2..].trim_start()
            ),
            None => format!("{comment}{svg}"),
        },
        None => format!("{comment}{svg}"),
    }
}

/// The standalone LaTeX document of one paper that inputs each of its rebuilt tables (`built`: the
/// paper's artefacts with their results), each followed by its notes: how it was rebuilt, which a
/// table fragment carries only as LaTeX comments, then what the account adds (the draw shown a rare
/// one, [`Account::artefact_notes`]).
pub(crate) fn render_tables_document(
    manifest: &Manifest,
    paper: &str,
    built: &[(&Artefact, &ResultTable)],
    account: &Account,
    templates: &Templates,
    stamp: &Stamp,
) -> Result<Option<(String, String)>, ReproduceError> {
    let Some(info) = manifest.paper(paper) else {
        return Ok(None);
    };
    #[derive(Serialize)]
    struct Input {
        file: String,
        notes: Vec<String>,
    }
    let inputs: Vec<Input> = built
        .iter()
        .filter(|(a, _)| {
            a.paper == paper && a.kind == Kind::Table && a.outputs.contains(&OutputFormat::Latex)
        })
        .map(|(a, table)| Input {
            file: format!("{}.tex", a.id),
            notes: table
                .notes
                .iter()
                .cloned()
                .chain(account.artefact_notes(paper, a.id.as_str()))
                .map(|n| escape_latex(&n))
                .collect(),
        })
        .collect();
    if inputs.is_empty() {
        return Ok(None);
    }
    #[derive(Serialize)]
    struct Doc<'a> {
        title: String,
        provenance: String,
        stamp: String,
        tables: &'a [Input],
    }
    let doc = Doc {
        title: escape_latex_literal(&info.title),
        provenance: escape_latex_literal(&stamp.headline()),
        stamp: stamp::latex_comment(stamp),
        tables: &inputs,
    };
    let text = templates
        .latex(TABLES_TEMPLATE, &doc)
        .map_err(|source| ReproduceError::Render {
            artefact: format!("{paper} tables"),
            source,
        })?;
    Ok(Some((format!("{}/tables.tex", info.slug), text)))
}

fn paper_slug<'m>(manifest: &'m Manifest, artefact: &Artefact) -> &'m str {
    manifest
        .paper(&artefact.paper)
        .map_or("other", |p| p.slug.as_str())
}

/// The relative paths `artefact`'s renderings are written to.
pub(super) fn output_paths(manifest: &Manifest, artefact: &Artefact) -> Vec<String> {
    let slug = paper_slug(manifest, artefact);
    artefact
        .outputs
        .iter()
        .map(|f| {
            let ext = match f {
                OutputFormat::Markdown => "md",
                OutputFormat::Latex => "tex",
                OutputFormat::Json => "json",
                OutputFormat::Svg => "svg",
            };
            format!("{slug}/{}.{ext}", artefact.id)
        })
        .collect()
}
