//! Calibrates paper B's stand-in run knobs (`data/lancers/www-runs.yaml`) to the replicate mean: the
//! command line of the example `bench/calibration/calibrate_b_runs.rs`, which calls
//! [`calibrate_b_runs`].
//!
//! ```text
//! cargo run --release --example calibrate_b_runs -- [--replicates 100] [--threads 2]
//!     [--set KNOB=VALUE ...] [--search KNOB LO HI] [--steps 6] [--full]
//! ```
//!
//! KNOB is `quality_scale` (every run's quality multiplied by it; 1 = the file's qualities) or one
//! of the file's scalar knobs: `team_topic_sd`, `run_topic_sd`, `doc_noise_sd`, `latent_base`
//! (`latent_noise.base`), `per_disagreement` (`latent_noise.per_disagreement`), `grade_exponent`.
//!
//! - Without `--search`: evaluates one knob setting, the shipped file with the `--set` knobs
//!   changed, and prints each calibrated quantity's replicate mean ± Monte Carlo SE beside its
//!   printed target.
//! - `--search KNOB LO HI`: bisection on one knob in [LO, HI], every other knob fixed (at the file's
//!   value or its `--set` value). The search keeps the half whose ends put the summed standardised
//!   deviation Σ_k z_k, z_k = (mean_k − printed_k) / SE_k, of the `--on` columns (default: every
//!   calibrated one) on opposite sides of 0, for `--steps` halvings, then evaluates the midpoint.
//!   Summing z rather than raw deviations balances two quantities that one knob cannot both hit
//!   at equal distances in units of their tolerances (their gap is set by `grade_exponent`, see
//!   the knob file). Every evaluation uses the same replicate seeds (common random numbers), so the
//!   comparison between settings is not blurred by redrawn collections.
//! - `--full`: evaluates B.T5 and B.T8 in full (every qrels version and topic set) instead of B.T5's
//!   all3 row alone, and adds the means of every Table 5 and Table 8 count and the holding rates of
//!   the qualitative claims the knobs are chosen for.
//!
//! Replicate r uses `robustness::replicate::replicate_seed(manifest seed, r)`; replicate 0 is the shipped draw.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::manifest::{Artefact, BuiltIns, Manifest, Parameters};
use crate::papers::lancers::params::Evaluation;
use crate::papers::lancers::params::{QrelsOverlapParams, TopicsetOverlapParams};
use crate::papers::{Context, load_manifest};
use crate::published::{PublishedFile, load};
use crate::robustness::calibration::{
    Estimate, Target, estimate, holding_rate, run_replicates, targets,
};
use crate::robustness::replicate::ReplicateOutcome;
use crate::sources::MANIFEST;
use anyhow::{Context as _, Result, bail};
use clap::Parser;

/// The knob file the calibration edits, relative to the project root.
const KNOBS: &str = "data/lancers/www-runs.yaml";
/// The claims that check the qualitative properties the knobs are chosen for.
const QUALITATIVE: [&str; 4] = [
    "B.T5.student_least_discriminative",
    "B.T5.combined_at_least_single",
    "B.T8.high_more_than_low",
    "B.T8.full_at_least_subsets",
];

/// A knob the calibration may change (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, clap::ValueEnum)]
#[value(rename_all = "snake_case")]
enum Knob {
    QualityScale,
    TeamTopicSd,
    RunTopicSd,
    DocNoiseSd,
    LatentBase,
    PerDisagreement,
    GradeExponent,
}

impl Knob {
    /// Sets this knob to `value` in the parsed knob file (`runs:` of `data/lancers/www-runs.yaml`).
    fn apply(self, runs: &mut serde_yaml::Value, value: f64) -> Result<()> {
        let scalar = |runs: &mut serde_yaml::Value, path: &[&str]| {
            let mut node = runs;
            for part in path {
                node = &mut node[*part];
            }
            *node = serde_yaml::Value::from(value);
        };
        match self {
            Knob::QualityScale => scale_qualities(runs, value)?,
            Knob::TeamTopicSd => scalar(runs, &["team_topic_sd"]),
            Knob::RunTopicSd => scalar(runs, &["run_topic_sd"]),
            Knob::DocNoiseSd => scalar(runs, &["doc_noise_sd"]),
            Knob::LatentBase => scalar(runs, &["latent_noise", "base"]),
            Knob::PerDisagreement => scalar(runs, &["latent_noise", "per_disagreement"]),
            Knob::GradeExponent => scalar(runs, &["grade_exponent"]),
        }
        Ok(())
    }
}

/// Multiplies every run's quality by `scale`.
fn scale_qualities(runs: &mut serde_yaml::Value, scale: f64) -> Result<()> {
    let teams = runs["teams"]
        .as_sequence_mut()
        .context("runs.teams is not a list")?;
    for team in teams {
        let list = team["runs"]
            .as_sequence_mut()
            .context("a team has no runs")?;
        for run in list {
            let q = run["quality"].as_f64().context("a run has no quality")?;
            run["quality"] = serde_yaml::Value::from(q * scale);
        }
    }
    Ok(())
}

/// `settings` with each knob once, at its last value, in the order knobs first appear.
fn dedup(settings: &[(Knob, f64)]) -> Vec<(Knob, f64)> {
    let mut out: Vec<(Knob, f64)> = Vec::new();
    for &(knob, value) in settings {
        match out.iter_mut().find(|(k, _)| *k == knob) {
            Some(slot) => slot.1 = value,
            None => out.push((knob, value)),
        }
    }
    out
}

/// `KNOB=VALUE`.
fn parse_setting(text: &str) -> Result<(Knob, f64), String> {
    let (knob, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}`: expected KNOB=VALUE"))?;
    let knob = <Knob as clap::ValueEnum>::from_str(knob, false)?;
    let value = value
        .parse::<f64>()
        .map_err(|e| format!("`{text}`: the value is not a number: {e}"))?;
    Ok((knob, value))
}

/// The one knob a search moves and its bracket.
#[derive(Debug, Clone, Copy)]
struct Search {
    knob: Knob,
    lo: f64,
    hi: f64,
}

#[derive(Debug, Parser)]
struct Args {
    #[arg(long, default_value_t = 100)]
    replicates: u32,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// KNOB=VALUE, repeatable.
    #[arg(long = "set", value_parser = parse_setting)]
    settings: Vec<(Knob, f64)>,
    /// KNOB LO HI.
    #[arg(long, num_args = 3, value_names = ["KNOB", "LO", "HI"])]
    search: Option<Vec<String>>,
    #[arg(long, default_value_t = 6)]
    steps: u32,
    /// The calibrated columns whose deviations the search sums (default: every one).
    #[arg(long, num_args = 1..)]
    on: Vec<String>,
    #[arg(long)]
    full: bool,
}

impl Args {
    fn search(&self) -> Result<Option<Search>> {
        let Some(words) = &self.search else {
            return Ok(None);
        };
        let knob = <Knob as clap::ValueEnum>::from_str(&words[0], false)
            .map_err(|e| anyhow::anyhow!("--search: {e}"))?;
        let number = |w: &String| w.parse::<f64>().with_context(|| format!("--search: `{w}`"));
        Ok(Some(Search {
            knob,
            lo: number(&words[1])?,
            hi: number(&words[2])?,
        }))
    }
}

/// Runs the calibration (module documentation) on the project at `root` with the command line
/// `args` (the first item is the program name).
pub fn calibrate_b_runs<I, T>(root: &Path, args: I) -> Result<()>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args = Args::parse_from(args);
    let root = root.to_path_buf();
    let manifest = load_manifest(&root.join(MANIFEST)).context("loading the manifest")?;
    let published = load(&root.join("paper/published/lancers.yaml"))
        .context("loading paper/published/lancers.yaml")?;
    // The calibrated cells of Table 5 (its all3 row), as the knob file's `calibrated` declaration
    // names them.
    let t5 = manifest
        .artefacts
        .iter()
        .find(|a| a.id.as_str() == "B.T5")
        .context("the manifest has no B.T5")?;
    let built_ins = BuiltIns::load(&root, [t5]).context("reading the knob files' `builds_in:`")?;
    let targets = targets(&published, &built_ins, &[t5])?;
    let context = Context {
        threads: args.threads,
        ..Context::new(&root, manifest.seed)
    };
    let scratch = tempfile::tempdir().context("creating a scratch directory")?;
    let setup = Setup {
        root: &root,
        manifest: &manifest,
        published: &published,
        targets: &targets,
        context: &context,
        scratch: scratch.path(),
        args: &args,
    };
    let settings = match args.search()? {
        Some(search) => {
            let value = setup.bisect(search)?;
            setup.with(search.knob, value)
        }
        None => dedup(&args.settings),
    };
    let (estimates, outcomes) = setup.evaluate(&settings, args.full)?;
    report(&settings, &args, &estimates);
    if args.full {
        report_full(&estimates, &outcomes, &published)?;
    }
    Ok(())
}

/// Everything one evaluation needs.
struct Setup<'a> {
    root: &'a Path,
    manifest: &'a Manifest,
    published: &'a PublishedFile,
    targets: &'a [Target],
    context: &'a Context,
    scratch: &'a Path,
    args: &'a Args,
}

impl Setup<'_> {
    /// The `--set` knobs with `knob` set to `value`.
    fn with(&self, knob: Knob, value: f64) -> Vec<(Knob, f64)> {
        let mut settings = self.args.settings.clone();
        settings.push((knob, value));
        dedup(&settings)
    }

    /// Bisection on `search.knob` (module documentation); returns the final midpoint.
    fn bisect(&self, search: Search) -> Result<f64> {
        let Search {
            knob,
            mut lo,
            mut hi,
        } = search;
        let mut f_lo = self.deviation(&self.with(knob, lo))?;
        let f_hi = self.deviation(&self.with(knob, hi))?;
        if f_lo.signum() == f_hi.signum() {
            bail!("the summed z has one sign on [{lo}, {hi}] ({f_lo:.2}, {f_hi:.2})");
        }
        for _ in 0..self.args.steps {
            let mid = 0.5 * (lo + hi);
            let f_mid = self.deviation(&self.with(knob, mid))?;
            if f_mid.signum() == f_lo.signum() {
                (lo, f_lo) = (mid, f_mid);
            } else {
                hi = mid;
            }
        }
        Ok(0.5 * (lo + hi))
    }

    /// Σ_k z_k = Σ_k (mean_k − printed_k) / SE_k over the calibrated quantities of the `--on`
    /// columns (every one without `--on`) with `settings`.
    fn deviation(&self, settings: &[(Knob, f64)]) -> Result<f64> {
        for column in &self.args.on {
            if !self.targets.iter().any(|t| &t.key.column == column) {
                bail!("--on {column}: not a calibrated column");
            }
        }
        let (estimates, _) = self.evaluate(settings, false)?;
        report(settings, self.args, &estimates);
        Ok(estimates
            .iter()
            .filter(|e| self.args.on.is_empty() || self.args.on.contains(&e.key.column))
            .map(Estimate::z)
            .sum())
    }

    /// The calibrated quantities' estimates with `settings` (and the replicates' outcomes).
    fn evaluate(
        &self,
        settings: &[(Knob, f64)],
        full: bool,
    ) -> Result<(Vec<Estimate>, Vec<ReplicateOutcome>)> {
        let knobs = self.write_knobs(settings)?;
        let artefacts = self.artefacts(&knobs, full)?;
        let chosen: Vec<&Artefact> = artefacts.iter().collect();
        let started = std::time::Instant::now();
        let outcomes = run_replicates(
            &chosen,
            self.published,
            self.context,
            self.args.replicates,
            &|done, all| eprint!("\r  replicate {done}/{all}"),
        )?;
        crate::cli::stdout::note(&format!(" ({:.1} s)", started.elapsed().as_secs_f64()));
        let estimates = self
            .targets
            .iter()
            .map(|t| estimate(t, &outcomes))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((estimates, outcomes))
    }

    /// Writes the knob file with `settings` applied into the scratch directory; returns its path.
    fn write_knobs(&self, settings: &[(Knob, f64)]) -> Result<PathBuf> {
        let source = self.root.join(KNOBS);
        let text = std::fs::read_to_string(&source)
            .with_context(|| format!("reading {}", source.display()))?;
        let mut knobs: serde_yaml::Value =
            serde_yaml::from_str(&text).with_context(|| format!("parsing {}", source.display()))?;
        for &(knob, value) in settings {
            knob.apply(&mut knobs["runs"], value)?;
        }
        let path = self.scratch.join("www-runs.yaml");
        std::fs::write(&path, serde_yaml::to_string(&knobs)?)
            .with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }

    /// B.T5 reading `knobs` (restricted to the all3 qrels unless `full`), and B.T8 when `full`.
    fn artefacts(&self, knobs: &Path, full: bool) -> Result<Vec<Artefact>> {
        let find = |id: &str| {
            self.manifest
                .artefacts
                .iter()
                .find(|a| a.id.as_str() == id)
                .cloned()
                .with_context(|| format!("the manifest has no {id}"))
        };
        let file = Evaluation::File(knobs.display().to_string());
        let mut t5 = find("B.T5")?;
        let mut p = t5
            .parameters
            .get::<QrelsOverlapParams>()
            .cloned()
            .context("B.T5 is not a lancers.qrels_overlap experiment")?;
        p.evaluation = file.clone();
        if !full {
            p.qrels.retain(|q| q == "all3");
        }
        t5.parameters = Parameters::new(p);
        if !full {
            return Ok(vec![t5]);
        }
        let mut t8 = find("B.T8")?;
        let mut p = t8
            .parameters
            .get::<TopicsetOverlapParams>()
            .cloned()
            .context("B.T8 is not a lancers.topicset_overlap experiment")?;
        p.evaluation = file;
        t8.parameters = Parameters::new(p);
        Ok(vec![t5, t8])
    }
}

/// One line per calibrated quantity: mean ± SE against the printed target.
fn report(settings: &[(Knob, f64)], args: &Args, estimates: &[Estimate]) {
    let knobs: Vec<String> = settings
        .iter()
        .map(|(k, v)| format!("{k:?} {v:.5}"))
        .collect();
    println!(
        "knob file with [{}], R = {}:",
        knobs.join(", "),
        args.replicates
    );
    for e in estimates {
        println!(
            "  {} {:<8} mean {:6.2} ± {:.2} (sd {:.2}), printed {:3}, z {:+.2}{}",
            e.key.row,
            e.key.column,
            e.mean,
            e.se,
            e.sd,
            e.printed,
            e.z(),
            if e.on_target() { "" } else { "  OFF TARGET" }
        );
    }
}

/// The means of every Table 5 and Table 8 count, and the qualitative claims' holding rates.
fn report_full(
    estimates: &[Estimate],
    outcomes: &[ReplicateOutcome],
    published: &PublishedFile,
) -> Result<()> {
    println!("every count of B.T5 and B.T8 (replicate mean ± SE; replicate 0; printed):");
    for cell in published
        .cells()
        .filter(|c| c.table == "B.T5" || c.table == "B.T8")
    {
        let target = Target {
            key: cell.key(),
            printed: cell.value,
        };
        let e = estimate(&target, outcomes)?;
        let shipped = outcomes[0]
            .cells
            .get(&target.key)
            .copied()
            .unwrap_or(f64::NAN);
        println!(
            "  {} {:<12} {:<8} mean {:6.2} ± {:.2}; replicate 0: {shipped:3}; printed {:3}",
            cell.table, cell.row, cell.column, e.mean, e.se, cell.value
        );
    }
    println!("qualitative claims (held / checked; replicate 0):");
    for id in QUALITATIVE {
        let (held, checked) = holding_rate(outcomes, id);
        let shipped = outcomes[0].claims.get(id).is_some_and(|c| c.holds);
        println!("  {id}: {held}/{checked}; replicate 0 holds: {shipped}");
    }
    println!(
        "calibrated quantities on target: {}/{}",
        estimates.iter().filter(|e| e.on_target()).count(),
        estimates.len()
    );
    Ok(())
}
