//! The top-level index (`index.md`): links to each paper's reports and the ledger, and each paper's
//! summary table.

use minijinja::Value;
use serde::Serialize;

use crate::account::Account;
use crate::manifest::Manifest;
use crate::provenance::Stamp;
use crate::render::RenderError;
use crate::render::escape::escape_markdown;
use crate::sources::{Sources, TEMPLATES_DIR};

use super::{Format, INDEX_TEMPLATE, environment, summary};

/// Everything the index is rendered from.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexContext {
    pub(super) stamp_comment: String,
    pub(super) headline: String,
    pub(super) papers: Vec<IndexPaper>,
    pub(super) ledger: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexPaper {
    pub(super) id: String,
    pub(super) title: String,
    /// Whether the paper has published values (`false` for a user's study).
    pub(super) published: bool,
    pub(super) report_md: String,
    pub(super) report_tex: String,
    /// The paper's reviewer's summary, as its report opens with it (findings link into the
    /// report).
    pub(super) summary: Option<summary::SummaryText>,
}

/// Renders `build/index.md`: links to every paper's reports and the ledger, and their summaries.
pub(crate) fn render_index(
    sources: &Sources,
    manifest: &Manifest,
    account: &Account,
    ledger_path: &str,
    stamp: &Stamp,
) -> Result<String, RenderError> {
    let env = environment(sources, Format::Markdown)?;
    let context = IndexContext {
        stamp_comment: crate::render::stamp::xml_comment(stamp),
        headline: escape_markdown(&stamp.headline()),
        papers: manifest
            .papers
            .iter()
            .map(|p| IndexPaper {
                id: p.id.clone(),
                title: escape_markdown(&p.title),
                published: p.published.is_some(),
                report_md: format!("{}/report.md", p.slug),
                report_tex: format!("{}/report.tex", p.slug),
                summary: account.paper(&p.id).map(|a| {
                    summary::summary_text(
                        account,
                        a,
                        Format::Markdown,
                        &format!("{}/report.md", p.slug),
                    )
                }),
            })
            .collect(),
        ledger: ledger_path.to_string(),
    };
    env.get_template(INDEX_TEMPLATE)
        .and_then(|t| t.render(Value::from_serialize(&context)))
        .map_err(|source| RenderError::Template {
            name: INDEX_TEMPLATE.to_string(),
            place: sources.place(TEMPLATES_DIR),
            source,
        })
}
