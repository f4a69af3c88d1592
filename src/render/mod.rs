//! Renderers: Markdown and LaTeX through minijinja templates in `templates/`, JSON for other tools, and
//! terminal tables through comfy-table.
//!
//! Templates run with strict undefined variables, so a template that names a missing field fails instead
//! of printing nothing. LaTeX templates use LaTeX-safe delimiters (`<< expr >>`, `<% stmt %>`,
//! `<# comment #>`) so that braces and `%` in LaTeX never collide with template syntax. Numbers reach the
//! templates already formatted (see [`number`]); templates never format floats themselves.

pub mod claim_grid;
pub mod figure;
pub mod figure_means;
pub mod figure_robustness;
pub mod figure_unanimity_real;
pub mod fold_panels;
pub mod grid;
pub mod group_breaks;
pub mod item_grid;
pub mod label_runs;
pub mod ledger;
pub mod number;
pub mod series;
pub mod stand_in;
pub mod terminal;

use std::path::{Path, PathBuf};

use minijinja::syntax::SyntaxConfig;
use minijinja::{Environment, UndefinedBehavior, Value};
use serde::Serialize;

/// A template could not be loaded or rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("template `{name}` in {dir}: {source}")]
    Template {
        name: String,
        dir: PathBuf,
        #[source]
        source: minijinja::Error,
    },
    #[error(transparent)]
    Grid(#[from] grid::GridError),
    #[error(transparent)]
    Figure(#[from] figure::FigureError),
    #[error("cannot serialise JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// A template environment reading `dir`, strict about undefined values; with `latex`, it uses the
/// LaTeX-safe delimiters `<% %>`, `<< >>` and `<# #>`. The one place both the table renderers and the
/// reports get their environments from.
pub fn environment(dir: &Path, latex: bool) -> Result<Environment<'static>, RenderError> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_loader(minijinja::path_loader(dir));
    if latex {
        let syntax = SyntaxConfig::builder()
            .block_delimiters("<%", "%>")
            .variable_delimiters("<<", ">>")
            .comment_delimiters("<#", "#>")
            .build()
            .map_err(|source| RenderError::Template {
                name: "(LaTeX syntax)".to_string(),
                dir: dir.to_path_buf(),
                source,
            })?;
        env.set_syntax(syntax);
    }
    Ok(env)
}

/// The Markdown and LaTeX template environments, loaded from one `templates/` directory.
#[derive(Debug)]
pub struct Templates {
    dir: PathBuf,
    markdown: Environment<'static>,
    latex: Environment<'static>,
}

impl Templates {
    /// Loads templates from `dir` (files are read when first used).
    pub fn new(dir: &Path) -> Result<Self, RenderError> {
        let markdown = environment(dir, false)?;
        let latex = environment(dir, true)?;
        Ok(Templates {
            dir: dir.to_path_buf(),
            markdown,
            latex,
        })
    }

    /// The directory the templates are loaded from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Renders the Markdown template `name` with `context`.
    pub fn markdown(&self, name: &str, context: impl Serialize) -> Result<String, RenderError> {
        self.render(&self.markdown, name, context)
    }

    /// Renders the LaTeX template `name` with `context`.
    pub fn latex(&self, name: &str, context: impl Serialize) -> Result<String, RenderError> {
        self.render(&self.latex, name, context)
    }

    fn render(
        &self,
        env: &Environment<'static>,
        name: &str,
        context: impl Serialize,
    ) -> Result<String, RenderError> {
        let err = |source| RenderError::Template {
            name: name.to_string(),
            dir: self.dir.clone(),
            source,
        };
        let template = env.get_template(name).map_err(err)?;
        template.render(Value::from_serialize(context)).map_err(err)
    }
}
