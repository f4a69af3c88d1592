//! The escapers: one place per output format for every name, id, path and note that reaches an
//! output, stamps included, so that text from a user's file is shown as it is and can never be markup,
//! a command, a control sequence or the end of a comment.
//!
//! - Markdown: [`escape_markdown`] for text and table cells, [`code_span`] for code;
//! - LaTeX: [`escape_latex`] for notes and captions (which also typesets their plain-text math),
//!   [`escape_latex_literal`] for names and ids, [`escape_latex_breakable`] for running text with
//!   identifiers, [`latex_comment_line`] for a line of a `%` comment;
//! - XML and HTML comments (the stamps of SVG figures and Markdown files): [`comment_line`];
//! - SVG text: [`svg_text`] (plotters escapes the markup characters itself);
//! - HTML: the reviewer's page is rendered by minijinja with HTML auto-escaping
//!   (`templates/index.html.j2`), which escapes every value it prints;
//! - the terminal: [`escape_terminal`]; JSON printed to it: [`json_pretty`], [`write_json_pretty`].
//!
//! Every escaper shows a character that cannot be shown (a control character, an invisible one, a
//! bidirectional override, what the format cannot hold) as its code point, `U+XXXX`.

mod json;
mod latex;
mod markdown;
mod terminal;
mod xml;

pub(crate) use json::{json_pretty, write_json_pretty};
pub(crate) use latex::{
    escape_latex, escape_latex_breakable, escape_latex_literal, latex_comment_line,
};
pub(crate) use markdown::{code_span, escape_markdown};
pub(crate) use terminal::escape_terminal;
pub(crate) use xml::{comment_line, svg_text};

use crate::model::code_point;
