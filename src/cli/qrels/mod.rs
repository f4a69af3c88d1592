//! `evia-repro qrels`: consolidated qrels from per-assessor labels, written as NTCIR
//! level qrels (`topic doc Lx`) or direct gains (`topic doc gain`), either of which `evia-repro eval`
//! reads directly (`--qrels` and `--gain-file`).

use std::fmt::Write as _;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};

use super::Outcome;
use super::label_input::LabelInput;
use super::rounding::without_noise;
pub(crate) use crate::assessors::combine::{Rule, combine};
use crate::assessors::mapping::RuleFile;
use crate::io::qrels::MAX_LEVEL;
use crate::render::escape::escape_terminal;

/// What `qrels` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Output {
    /// NTCIR level qrels `topic doc Lx` (integer rules on labels ≥ 0 only); for `eval --qrels`.
    Levels,
    /// Direct gains `topic doc gain`; for `eval --gain-file`.
    Gains,
    /// TREC qrels `topic 0 doc level` (integer rules on labels ≥ 0 only); for `eval --qrels`,
    /// trec_eval and other TREC tools.
    Trec,
}

/// Consolidate per-assessor labels into one qrels.
#[derive(Debug, Clone, Args)]
pub(crate) struct QrelsArgs {
    #[command(flatten)]
    pub(crate) input: LabelInput,
    /// How a document's labels are combined: sum, mean, min, max, majority-low / majority-high (the
    /// most frequent label, ties to the lowest / highest), ug (unanimity-aware gain, paper A Eq. 2).
    #[arg(
        long,
        value_enum,
        value_name = "RULE",
        required_unless_present = "rules",
        conflicts_with = "rules"
    )]
    pub(crate) combine: Option<Rule>,
    /// Instead of --combine: a mapping rule file (`labels 0 1 2 -> L0`, `sum 4..6 -> L2`,
    /// `otherwise majority-low`; first match wins), such as data/qrels-rules/*.rules.
    #[arg(long, value_name = "FILE")]
    pub(crate) rules: Option<std::path::PathBuf>,
    /// p of the unanimity-aware gain (paper A uses 0.2); Dmax is the scale's highest label.
    #[arg(long, default_value_t = 0.2)]
    pub(crate) p: f64,
    /// levels (`topic doc Lx`), gains (`topic doc gain`) or trec (`topic 0 doc level`); default:
    /// levels for sum, min, max and majority, gains for mean and ug.
    #[arg(long, value_enum)]
    pub(crate) output: Option<Output>,
}

/// Runs `evia-repro qrels`.
pub(crate) fn run(args: QrelsArgs) -> anyhow::Result<Outcome> {
    if !(args.p.is_finite() && (0.0..=1000.0).contains(&args.p)) {
        bail!("--p must be a number from 0 to 1000, got {}", args.p);
    }
    let consolidation = Consolidation::of(&args)?;
    if let Consolidation::File(file) = &consolidation {
        file.check_scale(args.input.scale)?;
        for warning in file.unreachable() {
            crate::cli::stdout::note(&warning.to_string());
        }
    }
    let output = args.output.unwrap_or(if consolidation.integral() {
        Output::Levels
    } else {
        Output::Gains
    });
    let labels = args.input.read()?;
    if matches!(consolidation, Consolidation::Builtin(Rule::Sum)) {
        warn_about_uneven_sums(&labels.items);
    }
    let (min, max) = (labels.scale.min(), labels.scale.max());
    let mut out = String::new();
    let mut unlabelled = Vec::new();
    for item in &labels.items {
        if item.labels.is_empty() {
            unlabelled.push(format!("{} {}", item.topic, item.doc));
            continue;
        }
        let values: Vec<i32> = item
            .labels
            .iter()
            .map(|&(_, l)| labels.scale.label(usize::from(l)))
            .collect();
        let value = consolidation
            .apply(&values, min, max, args.p)
            .with_context(|| {
                format!(
                    "{}: document `{}` of topic `{}`",
                    args.input.labels.display(),
                    item.doc,
                    item.topic
                )
            })?;
        if value < 0.0 {
            bail!(
                "{}: document `{}` of topic `{}` combines to {value}; qrels levels and gains must be at least 0 (shift the labels to start at 0 and declare --scale 0..MAX)",
                args.input.labels.display(),
                item.doc,
                item.topic
            );
        }
        let value = without_noise(value);
        let integral = matches!(output, Output::Levels | Output::Trec);
        if integral && value.fract() != 0.0 {
            bail!(
                "{}: document `{}` of topic `{}` combines to {value} by {}, which is not a whole number, so it cannot be a level Lx; write gains with --output gains",
                args.input.labels.display(),
                item.doc,
                item.topic,
                consolidation.name()
            );
        }
        if integral && value > f64::from(MAX_LEVEL) {
            bail!(
                "{}: document `{}` of topic `{}` combines to level L{value}; NTCIR levels go up to L{MAX_LEVEL} (use --output gains)",
                args.input.labels.display(),
                item.doc,
                item.topic
            );
        }
        // Ids printed with their control and invisible characters as code points.
        let (topic, doc) = (escape_terminal(&item.topic), escape_terminal(&item.doc));
        let _ = match output {
            Output::Levels => writeln!(out, "{topic} {doc} L{}", value as u64),
            Output::Gains => writeln!(out, "{topic} {doc} {value}"),
            Output::Trec => writeln!(out, "{topic} 0 {doc} {}", value as u64),
        };
    }
    if !unlabelled.is_empty() {
        crate::cli::stdout::note(&format!(
            "warning: {} document(s) have no label and are left out of the qrels (first: {})",
            unlabelled.len(),
            escape_terminal(&unlabelled[..unlabelled.len().min(3)].join(", "))
        ));
    }
    crate::cli::stdout::print(&out)?;
    Ok(Outcome::Success)
}

/// Warns when documents carry different numbers of labels: a sum then grows with the number of
/// assessors, so a document labelled by fewer assessors sums lower for the same judgements. Names
/// how many documents have fewer labels than the most any document has, with one example.
fn warn_about_uneven_sums(items: &[crate::io::labels::LabelledItem]) {
    let counts = items.iter().map(|i| i.labels.len()).filter(|&n| n > 0);
    let Some(most) = counts.clone().max() else {
        return;
    };
    let fewer: Vec<&crate::io::labels::LabelledItem> = items
        .iter()
        .filter(|i| !i.labels.is_empty() && i.labels.len() < most)
        .collect();
    if let Some(example) = fewer.first() {
        crate::cli::stdout::note(&format!(
            "warning: --combine sum adds different numbers of labels: {} document(s) have fewer than the {most} labels others have (e.g. document {} of topic {} has {}), so their sums are lower for the same judgements (--combine mean does not depend on the number of labels)",
            fewer.len(),
            escape_terminal(&example.doc),
            escape_terminal(&example.topic),
            example.labels.len()
        ));
    }
}

/// A built-in rule (`--combine`) or a mapping rule file (`--rules`).
enum Consolidation {
    Builtin(Rule),
    File(RuleFile),
}

impl Consolidation {
    fn of(args: &QrelsArgs) -> anyhow::Result<Self> {
        match (&args.rules, args.combine) {
            (Some(path), _) => Ok(Consolidation::File(RuleFile::read(path)?)),
            (None, Some(rule)) => Ok(Consolidation::Builtin(rule)),
            (None, None) => bail!("give --combine RULE or --rules FILE"),
        }
    }

    fn integral(&self) -> bool {
        match self {
            Consolidation::Builtin(rule) => rule.integral(),
            Consolidation::File(file) => file.integral(),
        }
    }

    fn name(&self) -> String {
        match self {
            Consolidation::Builtin(rule) => format!(
                "--combine {}",
                rule.to_possible_value()
                    .map_or_else(String::new, |v| v.get_name().to_string())
            ),
            Consolidation::File(file) => format!("--rules {}", file.path.display()),
        }
    }

    fn apply(&self, labels: &[i32], min: i32, max: i32, p: f64) -> anyhow::Result<f64> {
        Ok(match self {
            Consolidation::Builtin(rule) => combine(*rule, labels, min, max, p)?,
            Consolidation::File(file) => file.apply(labels, min, max, p)?,
        })
    }
}
