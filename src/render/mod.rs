//! Renderers: Markdown and LaTeX through minijinja templates in `templates/`, JSON for other tools, and
//! terminal tables through comfy-table.
//!
//! Templates run with strict undefined variables, so a template that names a missing field fails instead
//! of printing nothing. LaTeX templates use LaTeX-safe delimiters (`<< expr >>`, `<% stmt %>`,
//! `<# comment #>`) so that braces and `%` in LaTeX never collide with template syntax. Numbers reach the
//! templates already formatted (see [`number`]); templates never format floats themselves.

pub(crate) mod escape;
pub(crate) mod figure;
pub(crate) mod figure_means;
pub(crate) mod figure_parts;
pub(crate) mod figure_robustness;
pub(crate) mod figure_sensitivity;
pub(crate) mod grid;
pub(crate) mod group_breaks;
pub(crate) mod label_runs;
pub(crate) mod marks;
pub(crate) mod number;
pub(crate) mod series;
pub(crate) mod stamp;
pub(crate) mod terminal;

use minijinja::syntax::SyntaxConfig;
use minijinja::{Environment, UndefinedBehavior, Value};
use serde::Serialize;

use crate::sources::{Sources, TEMPLATES_DIR};

/// A template could not be loaded or rendered.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RenderError {
    #[error("template `{name}` in {place}: {source}")]
    Template {
        name: String,
        /// Where the templates are: a directory, or the copies built into the program.
        place: String,
        #[source]
        source: minijinja::Error,
    },
    #[error(transparent)]
    Grid(#[from] grid::GridError),
    #[error(transparent)]
    Figure(#[from] figure_parts::FigureError),
    #[error("cannot serialise JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// A template environment reading the templates of `sources`, strict about undefined values; with
/// `latex`, it uses the LaTeX-safe delimiters `<% %>`, `<< >>` and `<# #>`. The one place both the
/// table renderers and the reports get their environments from.
pub(crate) fn environment(
    sources: &Sources,
    latex: bool,
) -> Result<Environment<'static>, RenderError> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    match sources.templates_dir() {
        Some(dir) => env.set_loader(minijinja::path_loader(dir)),
        None => env.set_loader(|name| {
            Ok(crate::sources::built_in(&format!("{TEMPLATES_DIR}/{name}")).map(str::to_string))
        }),
    }
    if latex {
        let syntax = SyntaxConfig::builder()
            .block_delimiters("<%", "%>")
            .variable_delimiters("<<", ">>")
            .comment_delimiters("<#", "#>")
            .build()
            .map_err(|source| RenderError::Template {
                name: "(LaTeX syntax)".to_string(),
                place: sources.place(TEMPLATES_DIR),
                source,
            })?;
        env.set_syntax(syntax);
    }
    Ok(env)
}

/// The Markdown and LaTeX template environments, loaded from the `templates/` of one [`Sources`].
#[derive(Debug)]
pub(crate) struct Templates {
    sources: Sources,
    markdown: Environment<'static>,
    latex: Environment<'static>,
}

impl Templates {
    /// Loads the templates of `sources` (files are read when first used).
    pub(crate) fn new(sources: &Sources) -> Result<Self, RenderError> {
        let markdown = environment(sources, false)?;
        let latex = environment(sources, true)?;
        Ok(Templates {
            sources: sources.clone(),
            markdown,
            latex,
        })
    }

    /// Where the templates are loaded from.
    pub(crate) fn sources(&self) -> &Sources {
        &self.sources
    }

    /// Renders the Markdown template `name` with `context`.
    pub(crate) fn markdown(
        &self,
        name: &str,
        context: impl Serialize,
    ) -> Result<String, RenderError> {
        self.render(&self.markdown, name, context)
    }

    /// Renders the LaTeX template `name` with `context`.
    pub(crate) fn latex(&self, name: &str, context: impl Serialize) -> Result<String, RenderError> {
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
            place: self.sources.place(TEMPLATES_DIR),
            source,
        };
        let template = env.get_template(name).map_err(err)?;
        template.render(Value::from_serialize(context)).map_err(err)
    }
}
