//! `eval` options that reproduce an NTCIREVAL 20200527 semantics where `eval`'s documented default
//! differs, or that add an NTCIREVAL mode off by default.
//!
//! * `--truncate-ranks N`: keep the documents at the first N *original* ranks, unjudged ones
//!   included, and only then drop unjudged documents with `--condensed`: NTCIREVAL's
//!   `label -j -truncate N` (its counter counts every res line). `--truncate N` keeps the top N
//!   documents after condensing instead ("top N judged", pyNTCIREVAL's semantics). Without
//!   `--condensed` the two agree.
//! * `--gap`: GAP and GAP@l (graded average precision, NTCIREVAL `compute -gap`, on relevance
//!   levels; `gcompute -gap` with `--gain-file` and for the D- and DIN-measures of `--intents`, on
//!   gains); see `evia_engine::measures` (`gap.rs`).
//! * `--ec`: equivalence classes (NTCIREVAL `label -ec` + `compute -ec`): `--qrels` then has a
//!   fourth field, each document's class (`topic doc Lx class`); see `crate::io::class_qrels` and
//!   `evia_engine::measures` (`classes.rs`).

use anyhow::{Context, bail};

use super::eval_args::{EvalArgs, parse_list};
use crate::io::class_qrels::{class_judgements, max_level, parse_class_qrels};
use crate::io::qrels::{MAX_GAIN, TopicSet};
use crate::io::read_text;
use evia_engine::measures::LevelGains;

/// `--ec`: reads `--qrels` as qrels with equivalence classes and builds each topic's judgements.
pub(crate) fn load_class_topics(args: &EvalArgs) -> anyhow::Result<TopicSet> {
    let Some(path) = &args.qrels else {
        bail!("--ec needs --qrels with equivalence classes (`topic doc Lx class`)");
    };
    let text = read_text(path)?;
    let qrels = parse_class_qrels(path, &text)?;
    let gains = match &args.gains {
        Some(g) => {
            let values = parse_list::<f64>(g, ':', "--gains")?;
            if let Some(v) = values.iter().find(|v| v.abs() > MAX_GAIN) {
                bail!("--gains: {v} is above the largest gain, {MAX_GAIN:e}");
            }
            LevelGains::new(&values).context("--gains")?
        }
        None => {
            let h = max_level(&qrels);
            if h == 0 {
                bail!(
                    "{}: no relevance level above L0, so there is nothing to evaluate",
                    path.display()
                );
            }
            LevelGains::linear(h).context("default linear gains")?
        }
    };
    Ok(class_judgements(path, &qrels, &gains)?)
}
