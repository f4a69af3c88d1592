//! Reader for the NTCIR-12 STC Japanese crowd-label files (`mynlp/stc`, `stc1/testset/
//! test-final-labeled.txt.gz` and `stc1/devset/dev.txt`; see
//! `data/external/ntcir12-stc-japanese/SOURCE.md`).
//!
//! Format: one line per (post, candidate reply) pair, tab-separated:
//! `POST_TWEET_ID <TAB> REPLY_TWEET_ID <TAB> L1 <TAB> … <TAB> Lk`, each label `0`, `1`, `2` or `NA`
//! (the annotator judged the post itself meaningless; the organisers drop such labels). The label
//! columns are exchangeable: within a line they are not a consistent annotator (SOURCE.md, caveat).
//! A file whose name ends in `.gz` is decompressed (gzip) while it is read.

use std::path::Path;

use crate::io::{Position, SourceError, describe_line, shown};

/// One labelled (post, reply) pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LabelledPair {
    /// The post (input tweet) id: the topic.
    pub(crate) post: String,
    /// The candidate reply's tweet id: the pooled item.
    pub(crate) reply: String,
    /// The labels in file order; `None` is an `NA` label.
    pub(crate) labels: Vec<Option<u32>>,
    /// The 1-based line of the pair in the (decompressed) file, for error messages.
    pub(crate) line: usize,
}

impl LabelledPair {
    /// The labels that are not `NA`.
    pub(crate) fn ratings(&self) -> Vec<u32> {
        self.labels.iter().flatten().copied().collect()
    }
}

/// Why a label file could not be opened: missing files are told apart from unreadable ones so that a
/// caller can treat absent optional data as "skip", and anything else as an error.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LabelFileError {
    #[error("{0} does not exist")]
    Missing(std::path::PathBuf),
    #[error(transparent)]
    Source(#[from] SourceError),
}

/// The most bytes a label file may hold once decompressed (the NTCIR-12 STC label files are a few
/// megabytes; a small gzip file could otherwise expand to gigabytes).
pub(crate) const MAX_TEXT_BYTES: u64 = 256 << 20;

/// The largest label value.
pub(crate) const MAX_LABEL: u32 = 1000;

/// Reads a label file, decompressing it when it is gzip ([`crate::io::input`]).
pub(crate) fn read_labelled_pairs(path: &Path) -> Result<Vec<LabelledPair>, LabelFileError> {
    if !path.exists() {
        return Err(LabelFileError::Missing(path.to_path_buf()));
    }
    let mut lines = crate::io::lines::Lines::open(path, MAX_TEXT_BYTES)?;
    Ok(pairs_from_lines(path, &mut lines)?)
}

/// Parses label-file text; `path` is used in error messages only. Blank lines are rejected (the
/// organisers' files have none), so a truncated or concatenated file cannot pass unnoticed.
#[cfg(test)]
pub(crate) fn parse_labelled_pairs(
    path: &Path,
    text: &str,
) -> Result<Vec<LabelledPair>, SourceError> {
    pairs_from_lines(path, &mut crate::io::lines::TextLines::new(text))
}

/// The labelled pairs of a file's lines, read one at a time.
fn pairs_from_lines(
    path: &Path,
    lines: &mut dyn crate::io::lines::LineSource,
) -> Result<Vec<LabelledPair>, SourceError> {
    let mut pairs = Vec::new();
    while let Some((line_no, line)) = lines.next_line()? {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < 3 || fields[0].is_empty() || fields[1].is_empty() {
            return Err(SourceError::at_line(
                path,
                line_no,
                format!(
                    "expected `POST_ID<TAB>REPLY_ID<TAB>label…` with labels 0, 1, 2 or NA, found {}",
                    describe_line(line)
                ),
            ));
        }
        let mut labels = Vec::with_capacity(fields.len() - 2);
        let mut column = fields[0].len() + fields[1].len() + 3;
        for field in &fields[2..] {
            let label = match *field {
                "NA" => None,
                _ => Some(
                    field
                        .parse::<u32>()
                        .ok()
                        .filter(|&l| l <= MAX_LABEL)
                        .ok_or_else(|| {
                            SourceError::new(
                                path,
                                Some(Position::at(line_no, column)),
                                format!(
                                    "expected a label (an integer from 0 to {MAX_LABEL}, or NA), found `{}`",
                                    shown(field)
                                ),
                            )
                        })?,
                ),
            };
            labels.push(label);
            column += field.len() + 1;
        }
        pairs.push(LabelledPair {
            post: fields[0].to_string(),
            reply: fields[1].to_string(),
            labels,
            line: line_no,
        });
    }
    if pairs.is_empty() {
        return Err(SourceError::whole_file(
            path,
            "no labelled pairs in the file",
        ));
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn parses_labels_and_na() {
        let pairs = parse_labelled_pairs(Path::new("l.txt"), "p1\tr1\t0\t2\tNA\np1\tr2\t1\t1\t1\n")
            .unwrap();
        assert_eq!(pairs.len(), 2);
        assert_eq!(pairs[0].labels, vec![Some(0), Some(2), None]);
        assert_eq!(pairs[0].ratings(), vec![0, 2]);
        assert_eq!((pairs[1].post.as_str(), pairs[1].line), ("p1", 2));
    }

    #[test]
    fn names_line_and_column_of_a_bad_label() {
        let err =
            parse_labelled_pairs(Path::new("l.txt"), "p1\tr1\t0\t1\np1\tr2\t1\tx\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "l.txt:2:9: expected a label (an integer from 0 to 1000, or NA), found `x`"
        );
        let err = parse_labelled_pairs(Path::new("l.txt"), "p1\tr1\n").unwrap_err();
        assert!(
            err.to_string().starts_with("l.txt:1: expected `POST_ID"),
            "{err}"
        );
        let err = parse_labelled_pairs(Path::new("l.txt"), "p1\tr1\t0\n\n").unwrap_err();
        assert!(err.to_string().contains("an empty line"), "{err}");
    }

    #[test]
    fn reads_gzip_and_reports_a_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("labels.txt.gz");
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(b"p\tr\t2\t2\n").unwrap();
        std::fs::write(&path, encoder.finish().unwrap()).unwrap();
        let pairs = read_labelled_pairs(&path).unwrap();
        assert_eq!(pairs[0].ratings(), vec![2, 2]);
        let missing = dir.path().join("absent.txt.gz");
        assert!(matches!(
            read_labelled_pairs(&missing),
            Err(LabelFileError::Missing(p)) if p == missing
        ));
    }
}
