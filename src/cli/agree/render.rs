//! Text, Markdown and LaTeX renderings of an [`Analysis`] (JSON is its serde form).

use std::fmt::Write as _;

use crate::assessors::agreement::{Analysis, KappaOutcome, PairAgreement, Value};
use crate::render::grid::escape_latex_literal;

/// A rendering of `agree`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Aligned columns for reading.
    Text,
    /// Markdown tables.
    Md,
    /// LaTeX tabulars (booktabs).
    Tex,
    /// One JSON document.
    Json,
}

/// A titled table of strings.
struct Table {
    title: String,
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// `v` to 3 decimals; a value that rounds to zero prints as `0.000`, never `-0.000`.
fn fixed(v: f64) -> String {
    let text = format!("{v:.3}");
    match text.strip_prefix('-') {
        Some(magnitude) if magnitude.bytes().all(|b| b == b'0' || b == b'.') => {
            magnitude.to_string()
        }
        _ => text,
    }
}

fn kappa_cell(k: &KappaOutcome) -> String {
    match k {
        KappaOutcome::Defined {
            kappa,
            ci_lo,
            ci_hi,
            ..
        } => format!("{} [{}, {}]", fixed(*kappa), fixed(*ci_lo), fixed(*ci_hi)),
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

fn tables(a: &Analysis) -> Vec<Table> {
    let mut tables = vec![Table {
        title: format!(
            "Pairwise agreement (95% CIs: kappa ± 1.96·SE, {}; linear κ: {}; binary: lowest label vs the rest)",
            a.standard_error, a.weights
        ),
        headers: [
            "pair",
            "items",
            "raw agr.",
            "unweighted κ [95% CI]",
            "linear κ [95% CI]",
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
                    fixed(p.raw_agreement_binary),
                    kappa_cell(&p.kappa_binary),
                ]
            })
            .collect(),
    }];
    tables.push(Table {
        title: format!("Per-topic linear weighted κ ({})", a.weights),
        headers: [
            "pair",
            "topics",
            "sig. positive",
            "not sig. positive",
            "undefined",
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
                    opt(t.mean),
                    opt(t.min),
                    opt(t.max),
                ]
            })
            .collect(),
    });
    if let Some(m) = &a.many_raters {
        tables.push(Table {
            title: format!("All {} assessors", a.assessors.len()),
            headers: ["statistic", "value"].map(str::to_string).to_vec(),
            rows: vec![
                vec!["Fleiss' κ".to_string(), value_cell(&m.fleiss_kappa)],
                vec![
                    "Krippendorff's α (nominal)".to_string(),
                    value_cell(&m.alpha_nominal),
                ],
                vec![
                    "Krippendorff's α (ordinal)".to_string(),
                    value_cell(&m.alpha_ordinal),
                ],
                vec![
                    "Krippendorff's α (interval)".to_string(),
                    value_cell(&m.alpha_interval),
                ],
                vec![
                    "Krippendorff's α (ratio)".to_string(),
                    value_cell(&m.alpha_ratio),
                ],
            ],
        });
    }
    let scale: Vec<String> = a.scale_labels.iter().map(i32::to_string).collect();
    for p in &a.pairs {
        let mut headers = vec![format!("{} \\ {}", p.first, p.second)];
        headers.extend(scale.iter().cloned());
        tables.push(Table {
            title: format!(
                "Confusion matrix {} (rows {}, columns {})",
                pair_name(p),
                p.first,
                p.second
            ),
            headers,
            rows: p
                .matrix
                .iter()
                .zip(&scale)
                .map(|(row, label)| {
                    std::iter::once(label.clone())
                        .chain(row.iter().map(u64::to_string))
                        .collect()
                })
                .collect(),
        });
    }
    tables
}

fn summary(a: &Analysis) -> Vec<String> {
    vec![
        format!(
            "{}: {} assessors, {} documents, {} labels, {} topics, scale {}",
            a.labels,
            a.assessors.len(),
            a.items,
            a.labels_read,
            a.topics,
            a.scale
        ),
        format!(
            "High-agreement topics (every pair's per-topic κ significantly positive): {} of {}; low-agreement: {}",
            a.high_agreement_topics.len(),
            a.topics,
            a.low_agreement_topics.len()
        ),
        format!("High: {}", list(&a.high_agreement_topics)),
        format!("Low: {}", list(&a.low_agreement_topics)),
    ]
}

fn list(topics: &[String]) -> String {
    if topics.is_empty() {
        "none".to_string()
    } else {
        topics.join(" ")
    }
}

/// Renders `a` in `format` (not JSON).
pub(crate) fn render(a: &Analysis, format: Format) -> String {
    let mut out = String::new();
    let tables = tables(a);
    match format {
        Format::Text | Format::Json => {
            for line in summary(a) {
                let _ = writeln!(out, "{line}");
            }
            for t in &tables {
                let _ = writeln!(out, "\n{}", t.title);
                text_table(&mut out, t);
            }
        }
        Format::Md => {
            for line in summary(a) {
                let _ = writeln!(out, "{line}\n");
            }
            for t in &tables {
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
            for line in summary(a) {
                let _ = writeln!(out, "{}\n", escape_latex_literal(&line));
            }
            for t in &tables {
                tex_table(&mut out, t);
            }
        }
    }
    out
}

fn text_table(out: &mut String, t: &Table) {
    let mut widths: Vec<usize> = t.headers.iter().map(|h| h.chars().count()).collect();
    for row in &t.rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&t.headers).chain(&t.rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, &w))| {
                let pad = " ".repeat(w - c.chars().count());
                if i == 0 {
                    format!("{c}{pad}")
                } else {
                    format!("{pad}{c}")
                }
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
}

fn tex_table(out: &mut String, t: &Table) {
    let _ = writeln!(
        out,
        "\\begin{{table}}[ht]\n\\centering\n\\caption{{{}}}",
        escape_latex_literal(&t.title)
    );
    let _ = writeln!(
        out,
        "\\begin{{tabular}}{{l{}}}\n\\toprule",
        "r".repeat(t.headers.len() - 1)
    );
    let row = |cells: &[String]| {
        cells
            .iter()
            .map(|c| escape_latex_literal(c))
            .collect::<Vec<_>>()
            .join(" & ")
            + " \\\\"
    };
    let _ = writeln!(out, "{}\n\\midrule", row(&t.headers));
    for r in &t.rows {
        let _ = writeln!(out, "{}", row(r));
    }
    let _ = writeln!(out, "\\bottomrule\n\\end{{tabular}}\n\\end{{table}}\n");
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
