//! Reader for per-assessor labels: any number of assessors, missing labels allowed, integer labels
//! on a declared scale.
//!
//! Three explicit layouts ([`LabelLayout`], chosen by the caller, never guessed):
//!
//! - **long**: one label a line, `topic doc assessor label`, whitespace-separated (tabs or spaces). An
//!   assessor who did not judge a document simply has no line for it. Assessors are numbered in the
//!   order they first appear.
//! - **wide**: a header line `topic doc A1 A2 …` naming the assessors (the first two header fields are
//!   column names and are not read), then one document a line, `topic doc label1 label2 …`, with one
//!   field per assessor; `NA` marks a missing label.
//! - **wide-unnamed**: the wide layout without a header (as the NTCIR-12 STC label files are); the label
//!   columns are named `col1`, `col2`, … after their position, and every line must have the same
//!   number of fields as the first.
//!
//! Labels are integers on the declared [`Scale`] `MIN..MAX` (both inclusive); they are stored as levels
//! `label − MIN`. A (topic, doc, assessor) triple may be labelled once. Gzip data is decompressed
//! while it is read, whatever the file's name. Topic, document and assessor ids pass the one id check
//! ([`crate::io::ids`]: no control, invisible or combining character). Bounds (checked before anything grows): the scale spans at most
//! [`crate::io::label_scale::MAX_LEVELS`] labels within ±[`crate::io::label_scale::MAX_ABS_LABEL`], at most [`MAX_ASSESSORS`] assessors, at most
//! [`MAX_TEXT_BYTES`] of (decompressed) text. Every problem is a [`SourceError`] naming the file, the
//! line and what was expected.

use std::collections::HashMap;
use std::path::Path;

use crate::io::label_columns::{Cells, LabelColumns, ONE_TOPIC, ResolvedColumns};
pub use crate::io::label_duplicates::Duplicates;
pub use crate::io::label_scale::Scale;
use crate::io::lines::{LineSource, Lines, TextLines, has_cr_inside};
use crate::io::{CR_ONLY, SourceError, describe_line, shown};

/// The most assessors a label file may name (the pairwise analyses grow with their square).
pub const MAX_ASSESSORS: usize = 1000;
/// The most bytes a label file may hold once decompressed.
pub const MAX_TEXT_BYTES: u64 = 256 << 20;

/// How a label file is laid out (see the module documentation).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Deserialize, serde::Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum LabelLayout {
    /// `topic doc assessor label`, one label a line.
    Long,
    /// A header `topic doc A1 A2 …`, then `topic doc label1 label2 …` (`NA` = missing).
    Wide,
    /// The wide layout without a header; label columns are named `col1`, `col2`, ….
    WideUnnamed,
}

/// One judged document and the labels it received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelledItem {
    pub topic: String,
    pub doc: String,
    /// `(assessor, level)` pairs, sorted by assessor (indices into [`AssessorLabels::assessors`]);
    /// assessors who did not judge the document are absent.
    pub labels: Vec<(usize, u16)>,
}

/// Every assessor's labels of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssessorLabels {
    pub scale: Scale,
    /// Assessor names, in the order of the header (wide) or of first appearance (long).
    pub assessors: Vec<String>,
    /// Items in the order of their first line.
    pub items: Vec<LabelledItem>,
    /// Repeated labels (the same assessor on the same document) dropped by the `--duplicates`
    /// rule; 0 when repeats are an error.
    pub repeats_dropped: usize,
}

/// How a label file is read besides its layout and scale: a header line and the columns to take
/// (long layout), and what repeated labels become.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The first line that is not a comment is a header naming the columns (long layout).
    pub header: bool,
    /// The columns of topic, document, assessor and label (long layout; default 1 to 4, and
    /// then, without `header`, exactly four fields a line).
    pub columns: Option<LabelColumns>,
    /// The rule for repeated labels.
    pub duplicates: Duplicates,
}

/// [`read_labels_with`] with the default [`ReadOptions`].
pub fn read_labels(
    path: &Path,
    layout: LabelLayout,
    scale: Scale,
) -> Result<AssessorLabels, SourceError> {
    read_labels_with(path, layout, scale, &ReadOptions::default())
}

/// Reads a label file a line at a time ([`Lines`]; gzip decompressed as it is read,
/// [`crate::io::input`]), with a header, chosen columns or a rule for repeated labels
/// ([`ReadOptions`]).
pub fn read_labels_with(
    path: &Path,
    layout: LabelLayout,
    scale: Scale,
    options: &ReadOptions,
) -> Result<AssessorLabels, SourceError> {
    labels_from_lines(
        path,
        &mut Lines::open(path, MAX_TEXT_BYTES)?,
        layout,
        scale,
        options,
    )
}

/// [`parse_labels_with`] with the default [`ReadOptions`].
pub fn parse_labels(
    path: &Path,
    text: &str,
    layout: LabelLayout,
    scale: Scale,
) -> Result<AssessorLabels, SourceError> {
    parse_labels_with(path, text, layout, scale, &ReadOptions::default())
}

/// Parses label-file text with [`ReadOptions`]; `path` is used in error messages only. Lines whose
/// first non-blank character is `#` are comments, in every layout.
pub fn parse_labels_with(
    path: &Path,
    text: &str,
    layout: LabelLayout,
    scale: Scale,
    options: &ReadOptions,
) -> Result<AssessorLabels, SourceError> {
    labels_from_lines(path, &mut TextLines::new(text), layout, scale, options)
}

/// Whether a line of a label file holds labels (not blank, not a `#` comment).
fn kept(line: &str) -> bool {
    !line.trim().is_empty() && !line.trim_start().starts_with('#')
}

/// The next line of `lines` that holds labels ([`kept`]); a line with CR-only line ends is an error.
fn next_label_line<'l>(
    builder: &Builder<'_>,
    lines: &'l mut dyn LineSource,
) -> Result<Option<(usize, &'l str)>, SourceError> {
    match lines.next_kept(&|l| kept(l) || has_cr_inside(l))? {
        Some((n, line)) if has_cr_inside(line) => Err(builder.error(n, CR_ONLY.to_string())),
        found => Ok(found),
    }
}

/// Parses the label file `lines` gives (see [`parse_labels_with`]).
fn labels_from_lines(
    path: &Path,
    lines: &mut dyn LineSource,
    layout: LabelLayout,
    scale: Scale,
    options: &ReadOptions,
) -> Result<AssessorLabels, SourceError> {
    let mut builder = Builder::new(path, scale, options.duplicates);
    if layout != LabelLayout::Long && (options.header || options.columns.is_some()) {
        return Err(SourceError::whole_file(
            path,
            "--header and --columns are for the long layout; a wide file's header names its assessors",
        ));
    }
    match layout {
        LabelLayout::Long => {
            let mut header: Option<(usize, Vec<String>)> = None;
            if options.header {
                let (n, line) = next_label_line(&builder, lines)?.ok_or_else(|| builder.empty())?;
                let cells = Cells::of_header(line);
                builder.cells = Some(cells);
                header = Some((
                    n,
                    cells.split(line).into_iter().map(str::to_string).collect(),
                ));
            }
            let given = options.columns.is_some() || options.header;
            let header_names: Option<Vec<&str>> = header
                .as_ref()
                .map(|(_, h)| h.iter().map(String::as_str).collect());
            let columns = options
                .columns
                .clone()
                .unwrap_or_else(LabelColumns::first_four)
                .resolve(header_names.as_deref())
                .map_err(|m| match &header {
                    Some((n, _)) => builder.error(*n, m),
                    None => SourceError::whole_file(path, m),
                })?;
            builder.header_cells = header.as_ref().map(|(n, h)| (*n, h.len()));
            if given {
                while let Some((n, line)) = next_label_line(&builder, lines)? {
                    builder.chosen_columns_line(n, line, columns)?;
                }
            } else {
                // The hint is made from the first two label lines, kept until it is made.
                let mut first: Vec<(usize, String)> = Vec::with_capacity(2);
                while first.len() < 2 {
                    match next_label_line(&builder, lines)? {
                        Some((n, line)) => first.push((n, line.to_string())),
                        None => break,
                    }
                }
                builder.hint = long_layout_hint(first.iter().map(|(_, l)| l.as_str()), scale);
                for (n, line) in &first {
                    builder.long_line(*n, line)?;
                }
                while let Some((n, line)) = next_label_line(&builder, lines)? {
                    builder.long_line(n, line)?;
                }
            }
        }
        LabelLayout::Wide => {
            let (n, header) = next_label_line(&builder, lines)?.ok_or_else(|| builder.empty())?;
            builder.header(n, header)?;
            while let Some((n, line)) = next_label_line(&builder, lines)? {
                builder.wide_line(n, line)?;
            }
        }
        LabelLayout::WideUnnamed => {
            while let Some((n, line)) = next_label_line(&builder, lines)? {
                if builder.assessors.is_empty() {
                    builder.unnamed_columns(n, line)?;
                }
                builder.wide_line(n, line)?;
            }
        }
    }
    builder.finish()
}

/// What a long-layout error on the file's first lines adds: whether the file looks wide (a
/// header naming assessors, then labels) or long with a header and extra columns, and the options
/// that read it.
fn long_layout_hint<'t>(mut lines: impl Iterator<Item = &'t str>, scale: Scale) -> String {
    let first: Vec<&str> = lines
        .next()
        .map(|l| l.split_ascii_whitespace().take(64).collect())
        .unwrap_or_default();
    let second: Vec<&str> = lines
        .next()
        .map(|l| l.split_ascii_whitespace().take(64).collect())
        .unwrap_or_default();
    let is_label = |f: &&str| *f == "NA" || scale.level_of(f).is_some() || f.parse::<i32>().is_ok();
    let first_is_header = first.len() > 2 && !first[2..].iter().all(is_label);
    let second_is_labels = second.len() > 2 && second[2..].iter().all(is_label);
    if first_is_header && !(second_is_labels && second.len() == first.len()) {
        let names = first.join(", ");
        return format!(
            "; the first line looks like a header ({names}): pass --header and pick the columns with --columns topic=NAME,doc=NAME,assessor=NAME,label=NAME (other columns are ignored)"
        );
    }
    "; a file with one document a line is wide: pass --layout wide (header `topic doc A1 A2 …`) or --layout wide-unnamed (no header); a long file with more columns is read with --columns topic=N,doc=N,assessor=N,label=N (positions from 1)".to_string()
}

/// The state of one parse.
struct Builder<'a> {
    path: &'a Path,
    scale: Scale,
    assessors: Vec<String>,
    assessor_index: HashMap<String, usize>,
    items: Vec<LabelledItem>,
    item_index: HashMap<(String, String), usize>,
    /// The line of each (item, assessor) label, for duplicate reports (with [`Duplicates::Error`]).
    seen: HashMap<(usize, usize), usize>,
    duplicates: Duplicates,
    /// Appended to a long-layout error on the first lines ([`long_layout_hint`]).
    hint: String,
    /// How the lines under a header are split (`--header`; `None`: at whitespace).
    cells: Option<Cells>,
    /// The header's line and its number of cells, which every line under it must have.
    header_cells: Option<(usize, usize)>,
}

impl<'a> Builder<'a> {
    fn new(path: &'a Path, scale: Scale, duplicates: Duplicates) -> Self {
        Builder {
            path,
            scale,
            assessors: Vec::new(),
            assessor_index: HashMap::new(),
            items: Vec::new(),
            item_index: HashMap::new(),
            seen: HashMap::new(),
            duplicates,
            hint: String::new(),
            cells: None,
            header_cells: None,
        }
    }

    fn error(&self, line: usize, message: String) -> SourceError {
        SourceError::at_line(self.path, line, message)
    }

    fn empty(&self) -> SourceError {
        SourceError::whole_file(self.path, "no labels in the file")
    }

    fn add_assessor(&mut self, line: usize, name: &str) -> Result<usize, SourceError> {
        if let Some(&a) = self.assessor_index.get(name) {
            return Ok(a);
        }
        if self.assessors.len() == MAX_ASSESSORS {
            return Err(self.error(
                line,
                format!("more than {MAX_ASSESSORS} assessors; at most {MAX_ASSESSORS} are allowed"),
            ));
        }
        self.assessors.push(name.to_string());
        self.assessor_index
            .insert(name.to_string(), self.assessors.len() - 1);
        Ok(self.assessors.len() - 1)
    }

    fn item(&mut self, topic: &str, doc: &str) -> usize {
        let key = (topic.to_string(), doc.to_string());
        let next = self.items.len();
        let index = *self.item_index.entry(key).or_insert(next);
        if index == next {
            self.items.push(LabelledItem {
                topic: topic.to_string(),
                doc: doc.to_string(),
                labels: Vec::new(),
            });
        }
        index
    }

    fn level(&self, line: usize, field: &str, what: &str) -> Result<u16, SourceError> {
        self.scale.level_of(field).ok_or_else(|| {
            self.error(
                line,
                format!(
                    "expected {what} to be an integer on the declared scale {}{}, found `{}`{}",
                    self.scale,
                    if what.contains("label of") {
                        " or NA"
                    } else {
                        ""
                    },
                    shown(field),
                    // An integer off the scale: the scale may be declared wider.
                    if field.parse::<i32>().is_ok() {
                        "; if the labels run wider, declare their scale with --scale MIN..MAX"
                    } else {
                        ""
                    }
                ),
            )
        })
    }

    fn add_label(
        &mut self,
        line: usize,
        item: usize,
        assessor: usize,
        level: u16,
    ) -> Result<(), SourceError> {
        if self.duplicates != Duplicates::Error {
            self.items[item].labels.push((assessor, level));
            return Ok(());
        }
        if let Some(first) = self.seen.insert((item, assessor), line) {
            let it = &self.items[item];
            return Err(self.error(
                line,
                format!(
                    "assessor `{}` already labelled document `{}` of topic `{}` on line {first}; each assessor labels a document once (--duplicates first|last|majority keeps one)",
                    shown(&self.assessors[assessor]),
                    shown(&it.doc),
                    shown(&it.topic)
                ),
            ));
        }
        self.items[item].labels.push((assessor, level));
        Ok(())
    }

    /// Checks the id `field` (the `what`) with the one id check ([`crate::io::ids`]).
    fn check_id(&self, line: usize, what: &str, field: &str) -> Result<(), SourceError> {
        match crate::io::ids::id_problem(field) {
            Some(problem) => Err(self.error(line, problem.describe(what, field))),
            None => Ok(()),
        }
    }

    fn long_line(&mut self, n: usize, line: &str) -> Result<(), SourceError> {
        let (f, count) = crate::io::split_fields::<4>(line);
        // The long layout is the default: a wide file, or a long one with a header and more
        // columns, read without options fails here.
        let wide_hint = self.hint.as_str();
        if count != 4 {
            return Err(self.error(
                n,
                format!(
                    "expected 4 fields `topic doc assessor label` (the long layout), found {}{}",
                    describe_line(line),
                    if count > 4 { wide_hint } else { "" }
                ),
            ));
        }
        let level = self.level(n, f[3], "the label (field 4)").map_err(|e| {
            if n == 1 {
                SourceError::at_line(self.path, n, format!("{}{}", e.message, self.hint))
            } else {
                e
            }
        })?;
        self.add(n, Some(f[0]), f[1], f[2], level)
    }

    /// Checks the ids and adds one label (`topic` `None`: the one topic [`ONE_TOPIC`]).
    fn add(
        &mut self,
        n: usize,
        topic: Option<&str>,
        doc: &str,
        assessor: &str,
        level: u16,
    ) -> Result<(), SourceError> {
        let topic = topic.unwrap_or(ONE_TOPIC);
        for (what, field) in [("topic", topic), ("document", doc), ("assessor", assessor)] {
            self.check_id(n, what, field)?;
        }
        let assessor = self.add_assessor(n, assessor)?;
        let item = self.item(topic, doc);
        self.add_label(n, item, assessor, level)
    }

    /// A long-layout line read through chosen columns (`--columns`, `--header`): other fields
    /// are ignored.
    fn chosen_columns_line(
        &mut self,
        n: usize,
        line: &str,
        columns: ResolvedColumns,
    ) -> Result<(), SourceError> {
        let fields: Vec<&str> = match self.cells {
            Some(cells) => cells.split(line),
            None => line
                .split_ascii_whitespace()
                .take(columns.needed())
                .collect(),
        };
        if let Some((header_line, count)) = self.header_cells
            && fields.len() != count
        {
            return Err(self.error(
                n,
                format!(
                    "found {} fields, but the header (line {header_line}) has {count}{}: {}",
                    fields.len(),
                    if self.cells == Some(Cells::Tabs) {
                        " tab-separated cells"
                    } else {
                        ""
                    },
                    describe_line(line)
                ),
            ));
        }
        if fields.len() < columns.needed() {
            return Err(self.error(
                n,
                format!(
                    "expected at least {} fields (the columns of --columns), found {}",
                    columns.needed(),
                    describe_line(line)
                ),
            ));
        }
        let what = format!("the label (field {})", columns.label + 1);
        let level = self.level(n, fields[columns.label], &what)?;
        self.add(
            n,
            columns.topic.map(|t| fields[t]),
            fields[columns.doc],
            fields[columns.assessor],
            level,
        )
    }

    fn header(&mut self, n: usize, line: &str) -> Result<(), SourceError> {
        let names: Vec<&str> = line.split_ascii_whitespace().collect();
        if names.len() < 3 {
            return Err(self.error(
                n,
                format!(
                    "expected a header `topic doc A1 A2 …` naming at least one assessor, found {}",
                    describe_line(line)
                ),
            ));
        }
        for name in &names[2..] {
            self.check_id(n, "assessor", name)?;
            if self.assessor_index.contains_key(*name) {
                return Err(self.error(
                    n,
                    format!("the header names assessor `{}` twice", shown(name)),
                ));
            }
            self.add_assessor(n, name)?;
        }
        Ok(())
    }

    fn unnamed_columns(&mut self, n: usize, line: &str) -> Result<(), SourceError> {
        let columns = line.split_ascii_whitespace().count().saturating_sub(2);
        if columns == 0 {
            return Err(self.error(
                n,
                format!(
                    "expected `topic doc label1 label2 …` with at least one label, found {}",
                    describe_line(line)
                ),
            ));
        }
        for c in 1..=columns {
            self.add_assessor(n, &format!("col{c}"))?;
        }
        Ok(())
    }

    fn wide_line(&mut self, n: usize, line: &str) -> Result<(), SourceError> {
        let fields: Vec<&str> = line
            .split_ascii_whitespace()
            .take(self.assessors.len() + 3)
            .collect();
        if fields.len() != self.assessors.len() + 2 {
            return Err(self.error(
                n,
                format!(
                    "expected {} fields `topic doc` and one label or NA per assessor, found {}",
                    self.assessors.len() + 2,
                    describe_line(line)
                ),
            ));
        }
        self.check_id(n, "topic", fields[0])?;
        self.check_id(n, "document", fields[1])?;
        let item = self.item(fields[0], fields[1]);
        if self.duplicates == Duplicates::Error
            && let Some(&first) = self.seen.get(&(item, usize::MAX))
        {
            return Err(self.error(
                n,
                format!(
                    "document `{}` of topic `{}` is already labelled on line {first}; each document has one line (--duplicates first|last|majority keeps one label per assessor)",
                    shown(fields[1]),
                    shown(fields[0])
                ),
            ));
        }
        if self.duplicates == Duplicates::Error {
            self.seen.insert((item, usize::MAX), n);
        }
        for (a, field) in fields[2..].iter().enumerate() {
            if *field == "NA" {
                continue;
            }
            let what = format!(
                "the label of `{}` (field {})",
                shown(&self.assessors[a]),
                a + 3
            );
            let level = self.level(n, field, &what)?;
            self.items[item].labels.push((a, level));
        }
        Ok(())
    }

    fn finish(mut self) -> Result<AssessorLabels, SourceError> {
        if self.items.is_empty() {
            return Err(self.empty());
        }
        let mut repeats_dropped = 0;
        for item in &mut self.items {
            repeats_dropped += self.duplicates.resolve(&mut item.labels);
        }
        Ok(AssessorLabels {
            scale: self.scale,
            assessors: self.assessors,
            items: self.items,
            repeats_dropped,
        })
    }
}

#[cfg(test)]
#[path = "labels_tests.rs"]
mod tests;
