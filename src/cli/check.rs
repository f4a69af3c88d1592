//! `evia-repro check`: the claims ledger (reviewer mode).

use std::path::Path;

use anyhow::Context as _;
use clap::{Args, ValueEnum};

use crate::account::{Item, Term};
use crate::cli::Outcome;
use crate::cli::reproduce::load_manifest;
use crate::cli::stdout::{note, print};
use crate::ledger::{TranscriptionNote, Verdict};
use crate::manifest::params::{MAX_DESIGN_POINTS, MAX_REPLICATES, MIN_DESIGN_POINTS};
use crate::render::escape::{escape_markdown, escape_terminal};
use crate::report;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum LedgerFormat {
    Text,
    Md,
    Json,
}

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    #[command(flatten)]
    pub(crate) root: crate::cli::RootArg,
    /// Output format of the ledger.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: LedgerFormat,
    /// Global seed (default: the manifest's).
    #[arg(long, value_name = "N")]
    pub(crate) seed: Option<u64>,
    /// The output directory of a previous `reproduce` (relative to the current directory, like
    /// `reproduce --out`): artefacts whose inputs are unchanged since are taken from its build state
    /// instead of being rebuilt.
    #[arg(long, value_name = "DIR", default_value = "build")]
    pub(crate) state: std::path::PathBuf,
    /// Only these tables or text sections (comma-separated ids such as `B.T3,A.text`).
    #[arg(long, value_name = "TABLE", value_delimiter = ',')]
    pub(crate) only: Vec<String>,
    /// Only entries with these verdicts, in the vocabulary's words (docs/vocabulary.md), comma-
    /// separated: `borne out`, `cannot be judged`, `inconsistent`, … (or hyphenated,
    /// `borne-out`).
    #[arg(long, value_name = "V", value_delimiter = ',', value_parser = parse_term)]
    pub(crate) verdict: Vec<Term>,
    /// In the text view, show the arithmetic behind each verdict beneath its entry's line.
    #[arg(long)]
    pub(crate) detail: bool,
    /// Print the findings about the papers (every inconsistency, in a reviewer's words) instead of
    /// the ledger.
    #[arg(long)]
    pub(crate) findings: bool,
    /// Also exit with code 1 when an entry is `inconsistent`, or when a knob-space study in the
    /// build state finds a claim decided by a knob no `builds_in` declaration names (by default only
    /// a mismatching `exact` cell does: a finding is information, not a failure).
    #[arg(long)]
    pub(crate) strict: bool,
    /// Replicates R of the robustness studies (A.R1, B.R1), in place of the manifest's: the holding
    /// rates are those of a `reproduce --replicates R` into `--state` (a study is never run here).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_REPLICATES)))]
    pub(crate) replicates: Option<u32>,
    /// Design points N of the knob-space studies (A.M1, B.M1), in place of the manifest's: their
    /// classes are those of a `reproduce --design-points N` into `--state` (never run here).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(i64::from(MIN_DESIGN_POINTS)..=i64::from(MAX_DESIGN_POINTS)))]
    pub(crate) design_points: Option<u32>,
}

pub(crate) fn run(root: &Path, args: CheckArgs) -> anyhow::Result<Outcome> {
    let mut manifest = load_manifest(root)?;
    if let Some(replicates) = args.replicates {
        manifest = manifest.with_replicates(replicates);
    }
    if let Some(points) = args.design_points {
        manifest = manifest.with_design_points(points);
    }
    let seed = args.seed.unwrap_or(manifest.seed);
    // Relative to the current directory, like `reproduce --out`.
    let state_dir = args.state.clone();
    let options = crate::pipeline::reproduce::Options::new(root, seed);
    let (account, sources) =
        crate::pipeline::check_with_state(&manifest, &options, &args.only, &state_dir)
            .context("check failed")?;
    if !sources.reused.is_empty() {
        note(&format!(
            "check: results of {} taken from the build state in {} (inputs unchanged); {} rebuilt",
            sources.reused.join(", "),
            state_dir.display(),
            sources.rebuilt.len()
        ));
    }
    // Without the studies' results, a claim re-tested on the stand-in is judged on the one shipped
    // draw: said first, on stderr and as the output's first line, so that the words are not read as
    // the reports' holding rates.
    // What was not found, with the build state's directory as the output format shows it.
    let missing = (!sources.studies_missing.is_empty()).then(|| {
        let studies = sources.studies_missing.join(", ");
        let dir = state_dir.display().to_string();
        move |shown_dir: fn(&str) -> String| {
            format!(
                "robustness and knob-space results not found ({studies}) in the build state {}",
                shown_dir(&dir)
            )
        }
    });
    let meaning = "claims re-tested on the stand-in are judged on its one shipped draw only, which says nothing of how often they hold; the reports give the rates (run `evia-repro reproduce` first)";
    if let Some(found) = &missing {
        note(&format!("check: {}: {meaning}", found(escape_terminal)));
    }
    let tables: std::collections::BTreeSet<&str> = account
        .items
        .iter()
        .map(|i| i.entry.table.as_str())
        .chain(manifest.artefacts.iter().map(|a| a.id.as_str()))
        .collect();
    if let Some(unknown) = args.only.iter().find(|id| !tables.contains(id.as_str())) {
        anyhow::bail!(
            "unknown table or text section `{unknown}` in --only; known: {}",
            tables.iter().copied().collect::<Vec<_>>().join(", ")
        );
    }
    let verdicts = &args.verdict;
    let items: Vec<&Item> = account
        .items
        .iter()
        .filter(|i| args.only.is_empty() || args.only.contains(&i.entry.table))
        .filter(|i| verdicts.is_empty() || verdicts.contains(&i.term))
        .collect();
    let notes: Vec<&TranscriptionNote> = account
        .notes
        .iter()
        .filter(|n| args.only.is_empty() || args.only.contains(&n.table))
        .filter(|_| verdicts.is_empty())
        .collect();
    if args.findings {
        let format = match args.format {
            LedgerFormat::Text => report::FindingsFormat::Text,
            LedgerFormat::Md => report::FindingsFormat::Md,
            LedgerFormat::Json => report::FindingsFormat::Json,
        };
        // With --only, the findings of the papers whose tables are named.
        let papers: std::collections::BTreeSet<&str> =
            items.iter().map(|i| i.entry.paper.as_str()).collect();
        let shown = |paper: &str| args.only.is_empty() || papers.contains(paper);
        print(&report::findings_view(&account, &shown, format))?;
    } else {
        // The note leads the output, written with it (one writer for standard output).
        let lead = match (args.format, &missing) {
            (LedgerFormat::Text, Some(found)) => format!(
                "Note: {}.\n{}\n",
                found(escape_terminal),
                wrapped(meaning, 100)
            ),
            (LedgerFormat::Md, Some(found)) => {
                format!("> **Note:** {}: {meaning}.\n\n", found(escape_markdown))
            }
            _ => String::new(),
        };
        let body = match args.format {
            LedgerFormat::Text => report::text(&items, &notes, args.detail),
            LedgerFormat::Md => report::markdown(&items, &notes),
            LedgerFormat::Json => report::json(&items)?,
        };
        print(&(lead + &body))?;
    }
    let full: Vec<&crate::ledger::Entry> = account.items.iter().map(|i| &i.entry).collect();
    if account.items.iter().any(|i| i.term == Term::Differs) {
        note("check: at least one `exact` cell does not match its published value");
        return Ok(Outcome::Failed);
    }
    // Under --strict every reason to fail is said, not only the first.
    let inconsistent = args.strict && full.iter().any(|e| e.verdict == Verdict::Inconsistent);
    if inconsistent {
        note("check --strict: at least one published number is inconsistent with the others");
    }
    let undeclared: Vec<String> = full
        .iter()
        .filter_map(|e| e.across.as_ref().filter(|a| a.is_finding()).map(|a| (e, a)))
        .map(|(e, a)| format!("{} ({})", e.cell, a.undeclared.join(", ")))
        .collect();
    if args.strict && !undeclared.is_empty() {
        note(&format!(
            "check --strict: across plausible data, {} decided by a knob no `builds_in` declaration names (a finding about the stand-in): {}",
            if undeclared.len() == 1 {
                "a claim is"
            } else {
                "claims are"
            },
            undeclared.join("; ")
        ));
        return Ok(Outcome::Failed);
    }
    if inconsistent {
        return Ok(Outcome::Failed);
    }
    Ok(Outcome::Success)
}

/// `text` and a full stop, in lines of at most `width` characters broken at spaces.
fn wrapped(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in format!("{text}.").split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines.join("\n")
}

/// A term of the vocabulary by its words (`borne out`) or its id in `account.json`
/// (`borne-out`, `held-on-one-draw`), in any case.
fn parse_term(text: &str) -> Result<Term, String> {
    use strum::IntoEnumIterator;
    let wanted = text.trim().to_lowercase();
    let id = |t: Term| {
        serde_json::to_value(t)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
    };
    Term::iter()
        .find(|&t| t.word() == wanted || id(t).as_deref() == Some(wanted.as_str()))
        .ok_or_else(|| {
            let words: Vec<&str> = Term::iter().map(Term::word).collect();
            format!(
                "`{text}` is not a term of the vocabulary; one of: {}",
                words.join(", ")
            )
        })
}
