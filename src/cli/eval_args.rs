//! `eval`'s arguments, which every part of `eval` reads (the adhoc, block-by-block, parity and
//! diversity paths): the layer those parts share, importing none of them.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::evaluate::ListRules;
use crate::io::run::{RunFormat, RunOrder};
use evia_engine::measures::{Params, RbpScale};

/// Evaluate a run with NTCIREVAL's measures (RR, O, P, P+, AP, Q, nDCG, MSnDCG, ERR, nERR, ...).
#[derive(Debug, Args)]
pub(crate) struct EvalArgs {
    /// Relevance judgements: NTCIR qrels (`topic doc Lx`) or TREC qrels (`topic 0 doc rel`, read
    /// as trec_eval reads them: `#` comment lines, relevance below 0 = in the pool but unjudged).
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "gain_file",
        conflicts_with = "gain_file"
    )]
    pub(crate) qrels: Option<PathBuf>,

    /// Direct per-item gains (`topic doc gain`), evaluated as NTCIREVAL glabel/gcompute: gain 0 =
    /// judged nonrelevant, ideal list by decreasing gain, gmax = the topic's largest gain.
    #[arg(long, value_name = "FILE")]
    pub(crate) gain_file: Option<PathBuf>,

    /// The run: TREC format (`qid Q0 doc rank score tag`, read as trec_eval reads it: blank and `#`
    /// lines skipped, fields after the tag ignored) or NTCIR res form (`topic doc`). Repeated: every
    /// run is evaluated and one run-by-measure table of means is printed (runs named after their
    /// files, without a final `.gz`).
    #[arg(
        long = "run",
        value_name = "FILE",
        required_unless_present = "runs_dir",
        conflicts_with = "runs_dir"
    )]
    pub(crate) run_files: Vec<PathBuf>,

    /// The one run evaluated per topic (the first `--run`; set after parsing).
    #[arg(skip)]
    pub(crate) run: PathBuf,

    /// A directory of runs (every file not starting with `.`, named after its file without a final
    /// `.gz`), evaluated into one run-by-measure table of means.
    #[arg(long = "runs", value_name = "DIR", conflicts_with = "intents")]
    pub(crate) runs_dir: Option<PathBuf>,

    /// Print the topic-by-run matrix of this measure (any `--measures` spelling), as `hsd --matrix`
    /// reads it, instead of the table of means.
    #[arg(long, value_name = "MEASURE", conflicts_with = "intents")]
    pub(crate) matrix: Option<String>,

    /// Gain of each level L1:L2:...:LH (NTCIREVAL -g; real values allowed, non-decreasing).
    /// Default: linear gains 1:2:...:H with H the highest level in the qrels.
    #[arg(long, value_name = "G1:G2:...", conflicts_with = "gain_file")]
    pub(crate) gains: Option<String>,

    /// Cutoffs for the @l measures, in output order (NTCIREVAL -cutoffs).
    #[arg(long, value_name = "L1,L2,...", default_value = "1000")]
    pub(crate) cutoffs: String,

    /// Print only these measures, in this order, under the names given: NTCIREVAL names
    /// (MSnDCG@10, Q@10, RR, AP; @0010 accepted) or a trec_eval or ir_measures spelling of the same
    /// measure (ndcg_cut_10, P_10, success_1, recip_rank, map, P@10, Success@10, Bpref); their
    /// cutoffs are evaluated too. nev keeps NTCIREVAL's names and order.
    #[arg(
        long,
        value_name = "M,...",
        value_delimiter = ',',
        conflicts_with = "intents"
    )]
    pub(crate) measures: Option<Vec<String>>,

    /// Patience parameter of the blended ratio (Q, O, P, P+).
    #[arg(long, default_value_t = 1.0)]
    pub(crate) beta: f64,

    /// Log base of the original nDCG discount, above 1; 0 = natural log (NTCIREVAL's; with a
    /// warning, since nDCG can then exceed 1).
    #[arg(long, default_value_t = 2.0)]
    pub(crate) logb: f64,

    /// RBP persistence (trec_eval's default is 0.9).
    #[arg(long, default_value_t = 0.95)]
    pub(crate) rbp: f64,

    /// RBP's gain divisor: `declared` = the gain of the highest declared level, the same for every
    /// topic (NTCIREVAL); `topic` = the largest gain judged for the topic (trec_eval's per-topic
    /// scaling).
    #[arg(long, value_enum, default_value_t = RbpScaleArg::Declared)]
    pub(crate) rbp_scale: RbpScaleArg,

    /// Rank-biased NCU gamma.
    #[arg(long, default_value_t = 0.95)]
    pub(crate) gamma: f64,

    /// iRBU / NCUrb,IE persistence.
    #[arg(long, default_value_t = 0.99)]
    pub(crate) rbup: f64,

    /// Condensed lists: drop unjudged documents before evaluating, and add the bpref/rpref lines
    /// (NTCIREVAL `label -j` + `compute -j`).
    #[arg(long)]
    pub(crate) condensed: bool,

    /// Keep only the top N documents of each ranked list (after --condensed, so "top N judged").
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) truncate: Option<u64>,

    /// Count a document retrieved twice for a topic again at each rank, as NTCIREVAL does
    /// (default: an error naming both lines).
    #[arg(long)]
    pub(crate) allow_duplicates: bool,

    /// Rank TREC runs in file order (NTCIREVAL TRECsplitruns) instead of by score.
    #[arg(long)]
    pub(crate) file_order: bool,

    /// Qrels syntax (auto: the first line that is not a comment decides, 3 fields NTCIR, 4 TREC).
    #[arg(long, value_enum, default_value_t = QrelsSyntax::Auto)]
    pub(crate) qrels_format: QrelsSyntax,

    /// Run syntax (auto: the first line that is neither blank nor a comment decides, 6 or more
    /// fields TREC, 2 NTCIR res form).
    #[arg(long, value_enum, default_value_t = RunSyntax::Auto)]
    pub(crate) run_format: RunSyntax,

    /// A run topic that is not in the judgements is an error (default: skipped with one warning, as
    /// trec_eval and NTCIREVAL do).
    #[arg(long)]
    pub(crate) strict: bool,

    /// Output: `nev` = NTCIREVAL compute lines prefixed by the topic id; `tsv`/`json` = per-topic
    /// and mean tables (full precision, plus the extensions nG@1 and nCG@l).
    #[arg(long, value_enum, default_value_t = OutputFormat::Nev)]
    pub(crate) format: OutputFormat,

    /// NTCIREVAL-parity options (`--truncate-ranks`), in their own module.
    #[command(flatten)]
    pub(crate) parity: ParityArgs,

    /// Diversity evaluation (`--intents`), in its own module.
    #[command(flatten)]
    pub(crate) diversity: DiversityArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum RbpScaleArg {
    Declared,
    Topic,
}

impl From<RbpScaleArg> for RbpScale {
    fn from(arg: RbpScaleArg) -> Self {
        match arg {
            RbpScaleArg::Declared => RbpScale::Declared,
            RbpScaleArg::Topic => RbpScale::Topic,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum QrelsSyntax {
    Auto,
    Ntcir,
    Trec,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum RunSyntax {
    Auto,
    Trec,
    Res,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum OutputFormat {
    Nev,
    Tsv,
    Json,
}

pub(crate) fn parse_list<T: std::str::FromStr>(
    s: &str,
    sep: char,
    what: &str,
) -> anyhow::Result<Vec<T>> {
    s.split(sep)
        .map(|x| {
            x.trim()
                .parse::<T>()
                .map_err(|_| anyhow::anyhow!("{what}: `{x}` is not a valid number (in `{s}`)"))
        })
        .collect()
}

/// NTCIREVAL-parity options of `eval`.
#[derive(Debug, Args)]
pub(crate) struct ParityArgs {
    /// Keep the first N original ranks (unjudged documents included) before --condensed drops
    /// unjudged documents, as NTCIREVAL `label -j -truncate N` does.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "truncate")]
    pub(crate) truncate_ranks: Option<u64>,

    /// Also compute GAP and GAP@l (graded average precision), as NTCIREVAL `compute -gap` and
    /// `gcompute -gap` do.
    #[arg(long)]
    pub(crate) gap: bool,

    /// Equivalence classes, as NTCIREVAL `label -ec` + `compute -ec`: --qrels lines are
    /// `topic doc Lx class`; only the first retrieved document of each class can be relevant.
    #[arg(long, conflicts_with_all = ["gain_file", "intents"])]
    pub(crate) ec: bool,
}

impl ParityArgs {
    /// How many original ranks to read (all when the option is absent).
    pub(crate) fn rank_limit(&self) -> usize {
        self.truncate_ranks
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX))
    }
}

/// The options of diversity evaluation (`eval --intents`).
#[derive(Debug, Args)]
pub(crate) struct DiversityArgs {
    /// Intent file (`topic intent probability [inf|nav]`): evaluate with the diversity measures,
    /// reading --qrels as intentwise qrels (`topic intent doc Lx`).
    #[arg(long, value_name = "FILE")]
    pub(crate) intents: Option<PathBuf>,

    /// γ of the D♯-measures: γ·I-rec + (1−γ)·D-measure.
    #[arg(long, default_value_t = 0.5, requires = "intents")]
    pub(crate) sharp_gamma: f64,

    /// α of α-nDCG.
    #[arg(long, default_value_t = 0.5, requires = "intents")]
    pub(crate) alpha: f64,
}

/// How the run file is read: its syntax and whether documents are ranked by score or file order
/// (shared by the adhoc and the diversity paths).
pub(crate) fn run_reading(args: &EvalArgs) -> (RunFormat, RunOrder) {
    let format = match args.run_format {
        RunSyntax::Auto => RunFormat::Auto,
        RunSyntax::Trec => RunFormat::Trec,
        RunSyntax::Res => RunFormat::Res,
    };
    let order = if args.file_order {
        RunOrder::File
    } else {
        RunOrder::Score
    };
    (format, order)
}

impl EvalArgs {
    /// How each topic's ranked list is prepared (`--allow-duplicates`, `--condensed`,
    /// `--truncate`, `--truncate-ranks`).
    pub(crate) fn list_rules(&self) -> ListRules {
        ListRules {
            run: self.run.clone(),
            allow_duplicates: self.allow_duplicates,
            condensed: self.condensed,
            truncate: self
                .truncate
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            rank_limit: self.parity.rank_limit(),
        }
    }

    /// The measure parameters the options give, at `cutoffs`, with the bpref/rpref lines when
    /// `bpref` (shared by the adhoc and the diversity paths).
    pub(crate) fn measure_params(&self, cutoffs: Vec<usize>, bpref: bool) -> Params {
        Params {
            cutoffs,
            beta: self.beta,
            logb: self.logb,
            rbp: self.rbp,
            gamma: self.gamma,
            rbup: self.rbup,
            bpref,
            gap: self.parity.gap,
            rbp_scale: self.rbp_scale.into(),
        }
    }
}
