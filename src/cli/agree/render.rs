//! Text, Markdown and LaTeX renderings of an [`Analysis`] (JSON is its serde form). Every line,
//! title and cell (assessor and topic names, the label file's path) is escaped for its format
//! ([`crate::render::escape`]): for the terminal, Markdown or LaTeX.
//!
//! The headline comes first (counts, Fleiss' kappa, Krippendorff's alpha, the mean pairwise
//! kappas, the topic split and which intervals were made), then the pairwise table: one row per
//! pair, or, with many assessors, the distribution of each pairwise statistic over the pairs
//! ([`Pairs`]). The per-topic tables, the topic lists and the confusion matrices follow only with
//! `--detail`. The text tables are laid out here rather than by comfy-table, whose output differs
//! (bench/README.md, "Hand-written or a crate").

use std::fmt::Write as _;

use super::distribution::{PairDistribution, distribution_table, per_topic_summary};
use super::table::{Table, fixed, tex_table, text_table};
use crate::assessors::agreement::Analysis;
use crate::assessors::agreement_values::{KappaOutcome, PairAgreement, Value};
use crate::model::count_noun::counted;
use crate::render::escape::{escape_latex_literal, escape_markdown, escape_terminal};

/// A rendering of `agree`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Aligned columns for reading.
    Text,
    /// Markdown tables.
    Md,
    /// LaTeX long tables (booktabs, longtable).
    Tex,
    /// One JSON document.
    Json,
}

/// How the pairwise tables are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Pairs {
    /// One row per pair up to [`FULL_UP_TO`] assessors, the distribution over the pairs beyond.
    Auto,
    /// One row per pair (and, with --detail, one confusion matrix per pair).
    Full,
    /// The distribution of each statistic over the pairs.
    Summary,
}

/// The most assessors whose pairs `--pairs auto` lists one by one (190 pairs).
pub(crate) const FULL_UP_TO: usize = 20;

/// What a rendering holds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct View {
    pub(crate) format: Format,
    pub(crate) detail: bool,
    pub(crate) pairs: Pairs,
}

impl View {
    /// Whether the pairs are listed one by one (else summarised as their distribution).
    pub(super) fn full_pairs(&self, a: &Analysis) -> bool {
        match self.pairs {
            Pairs::Full => true,
            Pairs::Summary => false,
            Pairs::Auto => a.assessors.len() <= FULL_UP_TO,
        }
    }
}

fn kappa_cell(k: &KappaOutcome) -> String {
    match k {
        KappaOutcome::Defined {
            kappa,
            ci_lo,
            ci_hi,
            interval,
            clipped,
            ..
        } => format!(
            "{} [{}, {}]{}{}",
            fixed(*kappa),
            fixed(*ci_lo),
            fixed(*ci_hi),
            if *interval == "wald" { "" } else { " W" },
            if *clipped { " c" } else { "" }
        ),
        KappaOutcome::Undefined { .. } => "undefined".to_string(),
    }
}

fn value_cell(v: &Value) -> String {
    match v {
        Value::Defined(v) => fixed(*v),
        Value::Undefined { undefined } => format!("undefined ({undefined})"),
    }
}

fn opt(v: Option<f64>) -> String {
    v.map_or_else(|| "–".to_string(), fixed)
}

fn pair_name(p: &PairAgreement) -> String {
    format!("{}–{}", p.first, p.second)
}

/// What `agree` says when no two assessors share a document.
pub(super) const NO_SHARED_DOCUMENT: &str = "No two assessors share a document, so no agreement can be measured: every topic is listed as without a shared document, none as low-agreement";

/// The headline: counts, the many-rater statistics, the mean pairwise kappas, the topic split and
/// which intervals were made.
fn headline(a: &Analysis) -> Vec<String> {
    let h = &a.headline;
    let mut lines = vec![format!(
        "{}: {}, {}, {}, {}, scale {}",
        a.labels,
        counted(h.assessors, "assessor", "assessors"),
        counted(h.topics, "topic", "topics"),
        counted(h.items, "document", "documents"),
        counted(h.labels, "label", "labels"),
        a.scale
    )];
    if let Some(m) = &a.many_raters {
        lines.push(format!("Fleiss' κ: {}", value_cell(&m.fleiss_kappa)));
        lines.push(format!(
            "Krippendorff's α: nominal {}, ordinal {}, interval {}, ratio {}",
            value_cell(&m.alpha_nominal),
            value_cell(&m.alpha_ordinal),
            value_cell(&m.alpha_interval),
            value_cell(&m.alpha_ratio)
        ));
    }
    let m = &h.mean_pairwise;
    let binary = format!("binary (relevant from {})", a.binary_relevant_from);
    match &a.pairs[..] {
        [] => lines.push(NO_SHARED_DOCUMENT.to_string()),
        [p] if a.assessors.len() == 2 => lines.push(format!(
            "Cohen's κ of {} on {}: unweighted {}, linear {}, quadratic {}, {binary} {}",
            pair_name(p),
            counted(p.items as usize, "shared document", "shared documents"),
            opt(m.unweighted),
            opt(m.linear),
            opt(m.quadratic),
            opt(m.binary)
        )),
        _ => lines.push(format!(
            "Mean pairwise Cohen's κ over {} sharing documents: unweighted {} (Light's κ), linear {}, quadratic {}, {binary} {}",
            counted(h.pairs, "pair", "pairs"),
            opt(m.unweighted),
            opt(m.linear),
            opt(m.quadratic),
            opt(m.binary)
        )),
    }
    lines.push(format!(
        "High-agreement topics (every pair's per-topic linear κ significantly positive, at least {} shared documents): {} of {}; perfect agreement (every label the same, κ undefined): {}; low-agreement: {}; too small (fewer than {} documents): {}",
        a.min_topic_items,
        a.high_agreement_topics.len(),
        a.topics,
        a.perfect_agreement_topics.len(),
        a.low_agreement_topics.len(),
        a.min_topic_items,
        a.too_small_topics.len()
    ));
    if !a.unshared_topics.is_empty() && !a.pairs.is_empty() {
        lines.push(format!(
            "Topics where no two assessors share a document (no agreement measured): {}",
            a.unshared_topics.len()
        ));
    }
    let i = &a.intervals;
    lines.push(format!(
        "95% intervals: {} Wald (κ ± 1.959964·SE, {}); {} Wilson score for a zero SE (marked W); {} clipped to [−1, 1] (marked c)",
        i.wald, a.standard_error, i.wilson_zero_se, i.clipped
    ));
    if a.repeats_dropped > 0 {
        lines.push(format!(
            "Repeated labels dropped (--duplicates): {}",
            a.repeats_dropped
        ));
    }
    lines
}

fn pair_table(a: &Analysis) -> Table {
    Table {
        title: format!(
            "Pairwise agreement (95% CIs, {}; linear and quadratic κ: {}; binary: relevant from label {})",
            a.standard_error, a.weights, a.binary_relevant_from
        ),
        headers: [
            "pair",
            "items",
            "raw agr.",
            "unweighted κ [95% CI]",
            "linear κ [95% CI]",
            "quadratic κ [95% CI]",
            "binary raw agr.",
            "binary κ [95% CI]",
        ]
        .map(str::to_string)
        .to_vec(),
        rows: a
            .pairs
            .iter()
            .map(|p| {
                vec![
                    pair_name(p),
                    p.items.to_string(),
                    fixed(p.raw_agreement),
                    kappa_cell(&p.kappa_unweighted),
                    kappa_cell(&p.kappa_linear),
                    kappa_cell(&p.kappa_quadratic),
                    fixed(p.raw_agreement_binary),
                    kappa_cell(&p.kappa_binary),
                ]
            })
            .collect(),
    }
}

fn per_topic_table(a: &Analysis) -> Table {
    Table {
        title: format!(
            "Per-topic linear weighted κ ({}; tested where the pair shares at least {} documents)",
            a.weights, a.min_topic_items
        ),
        headers: [
            "pair",
            "topics",
            "sig. positive",
            "not sig. positive",
            "undefined",
            "too small",
            "mean",
            "min",
            "max",
        ]
        .map(str::to_string)
        .to_vec(),
        rows: a
            .pairs
            .iter()
            .map(|p| {
                let t = &p.per_topic;
                vec![
                    pair_name(p),
                    t.topics.to_string(),
                    t.significantly_positive.to_string(),
                    t.not_significantly_positive.to_string(),
                    t.undefined.to_string(),
                    t.too_small.to_string(),
                    opt(t.mean),
                    opt(t.min),
                    opt(t.max),
                ]
            })
            .collect(),
    }
}

/// Every pair's linear kappa on every topic it shares a document on (`--detail`, pairs in full).
fn per_topic_values(a: &Analysis) -> Table {
    Table {
        title: format!(
            "Per-topic linear weighted κ of each pair (95% CIs, {}; too small: fewer than {} shared documents)",
            a.standard_error, a.min_topic_items
        ),
        headers: ["pair", "topic", "shared documents", "linear κ [95% CI]"]
            .map(str::to_string)
            .to_vec(),
        rows: a
            .pairs
            .iter()
            .flat_map(|p| {
                p.per_topic.values.iter().map(move |t| {
                    vec![
                        pair_name(p),
                        t.topic.clone(),
                        t.shared_documents.to_string(),
                        t.kappa_linear
                            .as_ref()
                            .map_or_else(|| "too small".to_string(), kappa_cell),
                    ]
                })
            })
            .collect(),
    }
}

fn many_rater_table(a: &Analysis) -> Option<Table> {
    let m = a.many_raters.as_ref()?;
    Some(Table {
        title: format!("All {} assessors", a.assessors.len()),
        headers: ["statistic", "value"].map(str::to_string).to_vec(),
        rows: [
            ("Fleiss' κ", &m.fleiss_kappa),
            ("Krippendorff's α (nominal)", &m.alpha_nominal),
            ("Krippendorff's α (ordinal)", &m.alpha_ordinal),
            ("Krippendorff's α (interval)", &m.alpha_interval),
            ("Krippendorff's α (ratio)", &m.alpha_ratio),
        ]
        .into_iter()
        .map(|(name, v)| vec![name.to_string(), value_cell(v)])
        .collect(),
    })
}

fn confusion_tables(a: &Analysis) -> Vec<Table> {
    let scale: Vec<String> = a.scale_labels.iter().map(i32::to_string).collect();
    a.pairs
        .iter()
        .map(|p| {
            let mut headers = vec![format!("{} \\ {}", p.first, p.second)];
            headers.extend(scale.iter().cloned());
            Table {
                title: format!(
                    "Confusion matrix {} (rows {}, columns {})",
                    pair_name(p),
                    p.first,
                    p.second
                ),
                headers,
                rows: p
                    .matrix
                    .rows()
                    .zip(&scale)
                    .map(|(row, label)| {
                        std::iter::once(label.clone())
                            .chain(row.iter().map(u32::to_string))
                            .collect()
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The tables of a view, in order.
fn tables(a: &Analysis, view: &View) -> Vec<Table> {
    let distribution = (!view.full_pairs(a)).then(|| PairDistribution::of(a));
    let mut tables = vec![match &distribution {
        None => pair_table(a),
        Some(d) => distribution_table(a, d),
    }];
    let full = distribution.is_none();
    if view.detail {
        tables.push(match &distribution {
            None => per_topic_table(a),
            Some(d) => per_topic_summary(a, d),
        });
        if full {
            tables.push(per_topic_values(a));
        }
        tables.extend(many_rater_table(a));
        if full {
            tables.extend(confusion_tables(a));
        }
    }
    tables
}

/// The topic lists (`--detail`).
fn topic_lists(a: &Analysis) -> Vec<String> {
    vec![
        format!("High: {}", list(&a.high_agreement_topics)),
        format!("Perfect agreement: {}", list(&a.perfect_agreement_topics)),
        format!("Low: {}", list(&a.low_agreement_topics)),
        format!("Too small: {}", list(&a.too_small_topics)),
        format!("No shared document: {}", list(&a.unshared_topics)),
    ]
}

fn list(topics: &[String]) -> String {
    if topics.is_empty() {
        "none".to_string()
    } else {
        topics.join(" ")
    }
}

/// Renders `a` as `view` says (not JSON).
pub(crate) fn render(a: &Analysis, view: &View) -> String {
    let mut out = String::new();
    let mut lines = headline(a);
    if view.detail {
        lines.extend(topic_lists(a));
    }
    if !view.full_pairs(a) {
        lines.push(format!(
            "{} assessors: the pairwise statistics are summarised over the pairs (--pairs full lists every pair)",
            a.assessors.len()
        ));
    }
    let tables = tables(a, view);
    match view.format {
        Format::Text | Format::Json => {
            for line in &lines {
                let _ = writeln!(out, "{}", escape_terminal(line));
            }
            for t in tables.iter().map(|t| t.escaped(escape_terminal)) {
                let _ = writeln!(out, "\n{}", t.title);
                text_table(&mut out, &t);
            }
        }
        Format::Md => {
            for line in &lines {
                let _ = writeln!(out, "{}\n", escape_markdown(line));
            }
            for t in tables.iter().map(|t| t.escaped(escape_markdown)) {
                let _ = writeln!(out, "**{}**\n", t.title);
                let _ = writeln!(out, "| {} |", t.headers.join(" | "));
                let _ = writeln!(out, "|{}", "---|".repeat(t.headers.len()));
                for row in &t.rows {
                    let _ = writeln!(out, "| {} |", row.join(" | "));
                }
                out.push('\n');
            }
        }
        Format::Tex => {
            for line in &lines {
                let _ = writeln!(out, "{}\n", escape_latex_literal(line));
            }
            for t in &tables {
                tex_table(&mut out, t);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn values_that_round_to_zero_print_without_a_sign() {
        assert_eq!(fixed(-0.0), "0.000");
        assert_eq!(fixed(-0.0004), "0.000");
        assert_eq!(fixed(-1e-17), "0.000");
        assert_eq!(fixed(0.0004), "0.000");
        assert_eq!(fixed(-0.0006), "-0.001");
        assert_eq!(fixed(-0.25), "-0.250");
        assert_eq!(fixed(1.0), "1.000");
    }
}
