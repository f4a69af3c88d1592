//! The output a grid is prepared for (Markdown, LaTeX or the terminal), and what it decides: the
//! minus sign, bold, escaping and the spelling of manifest labels.

use crate::manifest::Label;
use crate::render::escape::{escape_latex, escape_markdown, escape_terminal};
use crate::render::number::Minus;

/// The output a grid is being prepared for: decides label spelling, escaping and the minus sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    Markdown,
    Latex,
    Terminal,
}

impl Target {
    pub(super) fn minus(self) -> Minus {
        match self {
            Target::Markdown => Minus::Unicode,
            Target::Latex => Minus::Latex,
            Target::Terminal => Minus::Ascii,
        }
    }

    /// A cell's text in bold: `**x**` in Markdown, `\textbf{x}` in LaTeX, and `x*` in the terminal
    /// (a legend line says so), which keeps a narrow column narrow.
    pub(super) fn bold(self, text: &str) -> String {
        match self {
            Target::Markdown => format!("**{text}**"),
            Target::Terminal => format!("{text}*"),
            Target::Latex => format!("\\textbf{{{text}}}"),
        }
    }

    /// The mark after a rebuilt number that a stand-in was fitted to its printed value.
    pub(crate) fn fitted_mark(self) -> &'static str {
        match self {
            Target::Markdown | Target::Terminal => " ≡",
            Target::Latex => "\\,$\\equiv$",
        }
    }

    /// The mark after a rebuilt number whose printed value a stand-in knob was calibrated toward.
    pub(crate) fn calibrated_mark(self) -> &'static str {
        match self {
            Target::Markdown | Target::Terminal => " †",
            Target::Latex => "\\,\\dag{}",
        }
    }

    /// Plain `text` escaped for the target.
    pub(super) fn escape(self, text: &str) -> String {
        match self {
            Target::Markdown => escape_markdown(text),
            Target::Latex => escape_latex(text),
            Target::Terminal => escape_terminal(text),
        }
    }

    pub(super) fn label(self, label: &Label) -> String {
        match self {
            Target::Markdown => escape_markdown(label.text()),
            Target::Latex => label
                .latex()
                .map(str::to_string)
                .unwrap_or_else(|| escape_latex(label.text())),
            Target::Terminal => escape_terminal(label.text()),
        }
    }
}
