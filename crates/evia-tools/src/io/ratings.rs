//! Reader for per-item rating files (`data/unanimity/table1-ratings.tsv`): a header line, then one line
//! per item, tab-separated: the item id followed by one integer rating per assessor. Lines starting with
//! `#` and blank lines are comments. A rating is an integer from 0 to [`MAX_RATING`]; a leading UTF-8
//! byte-order mark is ignored. Item ids pass the one id check ([`super::ids`]).

use std::path::Path;

use crate::io::input::MAX_INPUT;
use crate::io::lines::{LineSource, Lines, TextLines};
use crate::io::{Position, SourceError, shown};

/// The largest rating a rating file may hold.
pub const MAX_RATING: u32 = 1000;

/// The ratings of one item, in assessor order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedItem {
    pub id: String,
    pub ratings: Vec<u32>,
}

/// Reads a rating file, a line at a time ([`Lines`]); every item must have as many ratings as
/// the header has rating columns.
pub fn read_ratings(path: &Path) -> Result<Vec<RatedItem>, SourceError> {
    ratings_from_lines(path, &mut Lines::open(path, MAX_INPUT)?)
}

/// Parses rating-file text; `path` is used in error messages only.
pub fn parse_ratings(path: &Path, text: &str) -> Result<Vec<RatedItem>, SourceError> {
    ratings_from_lines(path, &mut TextLines::new(text))
}

/// Whether a line of a rating file is an item (not blank, not a `#` comment).
fn kept(line: &str) -> bool {
    !line.trim().is_empty() && !line.starts_with('#')
}

/// Parses the rating file `lines` gives; `path` is used in error messages only.
fn ratings_from_lines(
    path: &Path,
    lines: &mut dyn LineSource,
) -> Result<Vec<RatedItem>, SourceError> {
    let Some((header_line, header)) = lines.next_kept(&kept)? else {
        return Err(SourceError::whole_file(
            path,
            "no header line; expected `item<TAB>r1<TAB>r2…`",
        ));
    };
    let assessors = header.split('\t').count().saturating_sub(1);
    if assessors == 0 {
        return Err(SourceError::at_line(
            path,
            header_line,
            "header has no rating columns; expected `item<TAB>r1<TAB>r2…` separated by tabs",
        ));
    }
    let mut items = Vec::new();
    while let Some((line_no, line)) = lines.next_kept(&kept)? {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != assessors + 1 {
            return Err(SourceError::at_line(
                path,
                line_no,
                format!(
                    "expected an item id and {assessors} tab-separated ratings, found {} field(s)",
                    fields.len()
                ),
            ));
        }
        super::ids::check_ids(path, line_no, &[("item", fields[0])])?;
        let mut ratings = Vec::with_capacity(assessors);
        let mut column = fields[0].len() + 2;
        for field in &fields[1..] {
            let rating = field
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&r| r <= MAX_RATING)
                .ok_or_else(|| {
                    SourceError::new(
                        path,
                        Some(Position::at(line_no, column)),
                        format!(
                            "expected a non-negative integer rating (at most {MAX_RATING}), found `{}`",
                            shown(field)
                        ),
                    )
                })?;
            ratings.push(rating);
            column += field.len() + 1;
        }
        items.push(RatedItem {
            id: fields[0].trim().to_string(),
            ratings,
        });
    }
    if items.is_empty() {
        return Err(SourceError::whole_file(path, "no items after the header"));
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Item ids pass the one id check ([`super::super::ids`]).
    #[test]
    fn look_alike_item_ids_are_refused() {
        let err = parse_ratings(Path::new("r"), "item\ta\tb\ne\u{301}\t1\t2\n").unwrap_err();
        assert_eq!(err.position, Some(Position::line(2)), "{err}");
        assert!(err.message.contains("combining mark U+0301"), "{err}");
    }

    #[test]
    fn parses_items_and_skips_comments() {
        let items =
            parse_ratings(Path::new("r.tsv"), "# c\nitem\ta\tb\nx\t1\t2\n\ny\t0\t0\n").unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].ratings, vec![1, 2]);
    }

    #[test]
    fn names_the_line_and_column_of_a_bad_rating() {
        let err = parse_ratings(Path::new("r.tsv"), "item\ta\tb\nx\t1\tz\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "r.tsv:2:5: expected a non-negative integer rating (at most 1000), found `z`"
        );
        let err = parse_ratings(Path::new("r.tsv"), "item\ta\tb\nx\t1\n").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("r.tsv:2: expected an item id and 2"),
            "{err}"
        );
    }
}
