//! The one check every reader applies to the ids it reads (topics, documents, assessors, runs):
//! an id that could print as something else, or look like another id while counting apart from
//! it, is refused with the character that makes it so.
//!
//! Refused: an empty id; a control character (a NUL ends the id for C tools, an escape sequence
//! rewrites the terminal); an invisible or format character ([`crate::invisible::is_invisible`]: the
//! zero-width space U+200B, the right-to-left override U+202E, the byte-order mark U+FEFF, the
//! no-break space U+00A0, …), which makes `T1` and `T1\u{200b}` two topics that print alike; and a
//! combining diacritical mark (U+0300–U+036F), the decomposed (NFD) form of an accented letter,
//! which counts apart from the precomposed (NFC) letter it looks like (`é` as `e` + U+0301 against
//! U+00E9). Ids are not normalised: they are kept byte for byte, as trec_eval and NTCIREVAL keep
//! them. Other normalisation differences (compatibility forms such as the ligature `ﬁ`) are not
//! detected.

use crate::invisible::is_invisible;

/// Why an id is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdProblem {
    Empty,
    Control(char),
    Invisible(char),
    Combining(char),
}

impl IdProblem {
    /// The reason, for an error message about the id (`what`: "topic", "document", …).
    pub fn describe(self, what: &str, id: &str) -> String {
        let shown = super::shown(id);
        match self {
            IdProblem::Empty => format!("the {what} id is empty"),
            IdProblem::Control(c) => format!(
                "the {what} `{shown}` contains the control character U+{:04X}; ids must be printable",
                c as u32
            ),
            IdProblem::Invisible(c) => format!(
                "the {what} `{shown}` contains the invisible character U+{:04X}, so it would print like another id; remove it",
                c as u32
            ),
            IdProblem::Combining(c) => format!(
                "the {what} `{shown}` contains the combining mark U+{:04X} (a decomposed, NFD, accented letter), so it would count apart from the same id written with the precomposed letter; write the id in NFC",
                c as u32
            ),
        }
    }
}

/// What is wrong with `id`, if anything (see the module). Printable ASCII is checked in one pass.
#[inline]
pub fn id_problem(id: &str) -> Option<IdProblem> {
    if id.is_empty() {
        return Some(IdProblem::Empty);
    }
    if id.bytes().all(|b| (0x21..0x7f).contains(&b)) {
        return None;
    }
    id.chars().find_map(|c| {
        if c.is_control() {
            Some(IdProblem::Control(c))
        } else if is_invisible(c) {
            Some(IdProblem::Invisible(c))
        } else if ('\u{0300}'..='\u{036f}').contains(&c) {
            Some(IdProblem::Combining(c))
        } else {
            None
        }
    })
}

/// Checks the ids of line `n` of `path`, each with what it is (`("topic", "T1")`): the first one
/// refused is an error naming the line (see the module).
pub fn check_ids(
    path: &std::path::Path,
    n: usize,
    ids: &[(&str, &str)],
) -> Result<(), super::SourceError> {
    for &(what, id) in ids {
        if let Some(problem) = id_problem(id) {
            return Err(super::SourceError::at_line(
                path,
                n,
                problem.describe(what, id),
            ));
        }
    }
    Ok(())
}

/// Whether every id of `ids` passes the check (the fast readers, which leave a line with a refused
/// id to the whole-file reader that reports it).
#[inline]
pub fn all_pass(ids: &[&str]) -> bool {
    ids.iter().all(|id| id_problem(id).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alike_and_control_ids_are_refused() {
        for ok in ["T1", "doc-01", "Tōkyō", "北京", "é"] {
            assert_eq!(id_problem(ok), None, "{ok}");
        }
        assert_eq!(id_problem(""), Some(IdProblem::Empty));
        assert_eq!(
            id_problem("T\u{1b}[31m"),
            Some(IdProblem::Control('\u{1b}'))
        );
        assert_eq!(
            id_problem("T1\u{200b}"),
            Some(IdProblem::Invisible('\u{200b}'))
        );
        assert_eq!(
            id_problem("T\u{202e}1"),
            Some(IdProblem::Invisible('\u{202e}'))
        );
        assert_eq!(
            id_problem("e\u{301}"),
            Some(IdProblem::Combining('\u{301}'))
        );
        let message = IdProblem::Invisible('\u{200b}').describe("topic", "T1\u{200b}");
        assert!(
            message.contains("`T1U+200B`") && message.contains("U+200B"),
            "{message}"
        );
    }
}
