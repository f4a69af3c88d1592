//! The label file that the multi-assessor commands (`agree`, `qrels`) read, as one set of arguments.

use std::path::PathBuf;

use clap::Args;

use crate::io::labels::{AssessorLabels, LabelLayout, Scale, read_labels};

/// `--labels FILE [--layout L] [--scale MIN..MAX]`.
#[derive(Debug, Clone, Args)]
pub(crate) struct LabelInput {
    /// Per-assessor labels (`.gz` is decompressed); layout chosen by --layout.
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
}

impl LabelInput {
    /// Reads the label file (errors name the file and line).
    pub(crate) fn read(&self) -> anyhow::Result<AssessorLabels> {
        Ok(read_labels(&self.labels, self.layout, self.scale)?)
    }
}
