//! `evia.agree`: the inter-assessor agreement of `evia-repro agree`, computed by
//! `evia_tools::assessors::agreement::analyse_relevant_from` over labels read by evia-tools'
//! label reader, and returned as the JSON document `agree --format json --pairs full` prints
//! (the analysis with every pair and its per-topic kappas).

use std::path::Path;

use clap::ValueEnum;
use evia_tools::assessors::agreement::{
    Analysis, MAX_TOPIC_VALUES, WeightsOver, analyse_relevant_from,
};
use evia_tools::assessors::agreement_summary::default_min_topic_items;
use evia_tools::assessors::agreement_values::PairAgreement;
use evia_tools::assessors::kappa_se::KappaSe;
use evia_tools::io::label_columns::LabelColumns;
use evia_tools::io::labels::{
    AssessorLabels, Duplicates, LabelLayout, ReadOptions, Scale, parse_labels_with,
    read_labels_with,
};
use serde::Serialize;

/// The name a table of rows has in messages and in the analysis' `labels` field.
pub const ROWS_SOURCE: &str = "<DataFrame>";

/// Where the labels come from: a label file, or (topic, doc, assessor, label) rows.
#[derive(Debug)]
pub enum Source<'a> {
    File(&'a Path),
    Rows {
        topics: &'a [String],
        docs: &'a [String],
        assessors: &'a [String],
        labels: &'a [i64],
    },
}

/// The options of `evia-repro agree` as the Python function takes them (the CLI's option names
/// with `_` for `-`; the enumerations by the CLI's value names).
#[derive(Debug)]
pub struct Options<'a> {
    pub layout: &'a str,
    pub scale: &'a str,
    pub header: bool,
    pub columns: Option<&'a str>,
    pub duplicates: &'a str,
    pub kappa_se: &'a str,
    pub weights_over: &'a str,
    pub min_topic_items: Option<usize>,
    pub relevant_from: Option<i32>,
}

/// The JSON document of `agree --format json --pairs full`: the analysis and every pair.
#[derive(Serialize)]
struct JsonDocument<'a> {
    #[serde(flatten)]
    analysis: &'a Analysis,
    pairs: &'a [PairAgreement],
}

/// One of a CLI enumeration's values by its name, or an error listing the names.
fn choice<T: ValueEnum>(option: &str, name: &str) -> Result<T, String> {
    T::from_str(name, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|p| p.get_name().to_string())
            .collect();
        format!("{option}={name:?}: expected one of {}", names.join(", "))
    })
}

/// The rows as a long-layout label text (`topic doc assessor label`, one row a line, so that the
/// reader's line N is row N counted from 1), or an error naming the row whose id the layout
/// cannot hold.
fn rows_text(
    topics: &[String],
    docs: &[String],
    assessors: &[String],
    labels: &[i64],
) -> Result<String, String> {
    let n = topics.len();
    if docs.len() != n || assessors.len() != n || labels.len() != n {
        return Err("the topic, doc, assessor and label columns differ in length".to_string());
    }
    let mut text = String::new();
    for (i, (((t, d), a), l)) in topics
        .iter()
        .zip(docs)
        .zip(assessors)
        .zip(labels)
        .enumerate()
    {
        for (what, id) in [("topic", t), ("doc", d), ("assessor", a)] {
            if id.is_empty() || id.chars().any(char::is_whitespace) || id.starts_with('#') {
                return Err(format!(
                    "{ROWS_SOURCE}: row {}: the {what} id {id:?} is empty, starts with '#' or contains whitespace",
                    i + 1
                ));
            }
        }
        text.push_str(&format!("{t}\t{d}\t{a}\t{l}\n"));
    }
    Ok(text)
}

/// Reads the labels as `agree --labels` reads them (errors name the file or row and the cause).
fn read(
    source: &Source<'_>,
    options: &Options<'_>,
    scale: Scale,
) -> Result<AssessorLabels, String> {
    let duplicates: Duplicates = choice("duplicates", options.duplicates)?;
    match source {
        Source::File(path) => {
            let read_options = ReadOptions {
                header: options.header,
                columns: options
                    .columns
                    .map(str::parse::<LabelColumns>)
                    .transpose()
                    .map_err(|e| format!("columns: {e}"))?,
                duplicates,
            };
            let layout: LabelLayout = choice("layout", options.layout)?;
            read_labels_with(path, layout, scale, &read_options).map_err(|e| e.to_string())
        }
        Source::Rows {
            topics,
            docs,
            assessors,
            labels,
        } => {
            let text = rows_text(topics, docs, assessors, labels)?;
            let read_options = ReadOptions {
                duplicates,
                ..ReadOptions::default()
            };
            parse_labels_with(
                Path::new(ROWS_SOURCE),
                &text,
                LabelLayout::Long,
                scale,
                &read_options,
            )
            .map_err(|e| e.to_string())
        }
    }
}

/// The agreement of the labels as `evia-repro agree` computes it, as the JSON text of
/// `agree --format json --pairs full`.
pub fn agree_json(source: &Source<'_>, options: &Options<'_>) -> Result<String, String> {
    let scale: Scale = options
        .scale
        .parse()
        .map_err(|e| format!("scale={:?}: {e}", options.scale))?;
    let se = choice::<KappaSe>("kappa_se", options.kappa_se)?.standard_error();
    let over: WeightsOver = choice("weights_over", options.weights_over)?;
    let relevant_from = match options.relevant_from {
        None => 1,
        Some(l) if l > scale.min() && l <= scale.max() => (l - scale.min()) as usize,
        Some(l) => {
            return Err(format!(
                "relevant_from={l}: the binary kappa needs labels on both sides, so it must be from {} to {} on the scale {scale}",
                scale.min() + 1,
                scale.max()
            ));
        }
    };
    let min_topic_items = match options.min_topic_items {
        Some(0) => return Err("min_topic_items must be at least 1".to_string()),
        Some(n) => n,
        None => default_min_topic_items(scale.levels()),
    };
    let labels = read(source, options, scale)?;
    let name = match source {
        Source::File(path) => path.display().to_string(),
        Source::Rows { .. } => ROWS_SOURCE.to_string(),
    };
    let analysis = analyse_relevant_from(
        &labels,
        &name,
        se,
        over,
        min_topic_items,
        relevant_from,
        Some(MAX_TOPIC_VALUES),
    )
    .map_err(|e| e.to_string())?;
    let document = JsonDocument {
        analysis: &analysis,
        pairs: &analysis.pairs,
    };
    serde_json::to_string(&document).map_err(|e| e.to_string())
}
