//! The line-by-line frame the small whitespace-separated readers share (qrels with equivalence
//! classes, intentwise qrels, intent files): every line of the text (after a byte-order mark)
//! checked for a NUL byte and split into at most `N` fields whose count must lie in the reader's
//! range, and the fields those readers have in common, each an error naming its line.

use std::ops::RangeInclusive;
use std::path::Path;

use super::qrels::{MAX_LEVEL, nul_error, parse_ntcir_level};
use super::{SourceError, describe_line, shown, split_fields, strip_bom};

/// One line of a text: its 1-based number, its first `N` fields and how many fields it has.
#[derive(Debug, Clone, Copy)]
pub struct SplitLine<'a, const N: usize> {
    pub number: usize,
    pub fields: [&'a str; N],
    pub count: usize,
}

/// The lines of `text`, each split into fields: a NUL byte, or a number of fields outside
/// `counts`, is an error naming the line that says it expected `expected` (such as "an intent
/// line `topic intent probability [inf|nav]`").
pub fn split_lines<'a, 'p, const N: usize>(
    path: &'p Path,
    text: &'a str,
    counts: RangeInclusive<usize>,
    expected: &'p str,
) -> impl Iterator<Item = Result<SplitLine<'a, N>, SourceError>> {
    strip_bom(text).lines().enumerate().map(move |(i, line)| {
        let number = i + 1;
        if let Some(offset) = line.find('\0') {
            return Err(nul_error(path, number, line, offset));
        }
        let (fields, count) = split_fields::<N>(line);
        if !counts.contains(&count) {
            return Err(SourceError::at_line(
                path,
                number,
                format!("expected {expected}, found {}", describe_line(line)),
            ));
        }
        Ok(SplitLine {
            number,
            fields,
            count,
        })
    })
}

/// The relevance level `field` of line `number`, the `ordinal` field of its line ("third").
pub fn level_field(
    path: &Path,
    number: usize,
    field: &str,
    ordinal: &str,
) -> Result<u32, SourceError> {
    parse_ntcir_level(field).ok_or_else(|| {
        SourceError::at_line(
            path,
            number,
            format!(
                "expected a relevance level like L0, L1, L2 (at most L{MAX_LEVEL}) in the {ordinal} field, found `{}`",
                shown(field)
            ),
        )
    })
}

/// The intent number `field` of line `number` (its second field): a positive integer.
pub fn intent_field(path: &Path, number: usize, field: &str) -> Result<u32, SourceError> {
    field.parse::<u32>().ok().filter(|&x| x > 0).ok_or_else(|| {
        SourceError::at_line(
            path,
            number,
            format!(
                "expected a positive integer intent number in the second field, found `{field}`"
            ),
        )
    })
}
