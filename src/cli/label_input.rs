//! The label file that the multi-assessor commands (`agree`, `qrels`) read, as one set of arguments.

use std::path::PathBuf;

use clap::Args;

use crate::io::label_columns::LabelColumns;
use crate::io::labels::{
    AssessorLabels, Duplicates, LabelLayout, ReadOptions, Scale, read_labels_with,
};

/// `--labels FILE [--layout L] [--scale MIN..MAX] [--header] [--columns …] [--duplicates …]`.
#[derive(Debug, Clone, Args)]
pub(crate) struct LabelInput {
    /// Per-assessor labels (gzip is decompressed, whatever the name); layout chosen by --layout.
    #[arg(long, value_name = "FILE")]
    pub(crate) labels: PathBuf,
    /// long: `topic doc assessor label` lines; wide: a header `topic doc A1 A2 …` then
    /// `topic doc label1 label2 …` (NA = missing); wide-unnamed: the same without a header.
    #[arg(long, value_enum, default_value_t = LabelLayout::Long)]
    pub(crate) layout: LabelLayout,
    /// The label scale, both ends included (every label must lie on it).
    #[arg(
        long,
        value_name = "MIN..MAX",
        default_value = "0..2",
        allow_hyphen_values = true
    )]
    pub(crate) scale: Scale,
    /// Long layout: the first line (after `#` comment lines) is a header naming the columns.
    #[arg(long)]
    pub(crate) header: bool,
    /// Long layout: the columns to read, by position from 1 or header name, as
    /// topic=C,doc=C,assessor=C,label=C (topic optional: one topic) or C,C,C,C in that order;
    /// other columns are ignored.
    #[arg(long, value_name = "ROLE=COL,...")]
    pub(crate) columns: Option<LabelColumns>,
    /// Repeated labels (one assessor, one document, more than once): error, or keep the first,
    /// the last or the majority (a tie: the tied label given first); the count dropped is reported.
    #[arg(long, value_enum, default_value_t = Duplicates::Error)]
    pub(crate) duplicates: Duplicates,
}

impl LabelInput {
    /// The reader's options besides layout and scale.
    pub(crate) fn options(&self) -> ReadOptions {
        ReadOptions {
            header: self.header,
            columns: self.columns.clone(),
            duplicates: self.duplicates,
        }
    }

    /// Reads the label file (errors name the file and line); repeated labels that a
    /// `--duplicates` rule dropped are counted on standard error.
    pub(crate) fn read(&self) -> anyhow::Result<AssessorLabels> {
        let labels = read_labels_with(&self.labels, self.layout, self.scale, &self.options())?;
        if labels.repeats_dropped > 0 {
            crate::cli::stdout::note(&format!(
                "{}: {} repeated label(s) (the same assessor on the same document) dropped, keeping the {} (--duplicates {})",
                self.labels.display(),
                labels.repeats_dropped,
                match self.duplicates {
                    Duplicates::Last => "last",
                    Duplicates::Majority => "majority label",
                    _ => "first",
                },
                self.duplicates.name()
            ));
        }
        Ok(labels)
    }
}
