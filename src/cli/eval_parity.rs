//! `eval` options that reproduce an NTCIREVAL 20200527 semantics where `eval`'s documented default
//! differs.
//!
//! * `--truncate-ranks N`: keep the documents at the first N *original* ranks, unjudged ones
//!   included, and only then drop unjudged documents with `--condensed`: NTCIREVAL's
//!   `label -j -truncate N` (its counter counts every res line). `--truncate N` keeps the top N
//!   documents after condensing instead ("top N judged", pyNTCIREVAL's semantics). Without
//!   `--condensed` the two agree.
//!
//! NTCIREVAL's `-gap` (Robertson, Kanoulas and Yilmaz's graded average precision, `compute -gap`)
//! and `-ec` (equivalence-class evaluation, `label -ec`/`compute -ec`) exist in the C source but
//! are not implemented by `eval`.

use clap::Args;

/// NTCIREVAL-parity options of `eval`.
#[derive(Debug, Args)]
pub struct ParityArgs {
    /// Keep the first N original ranks (unjudged documents included) before --condensed drops
    /// unjudged documents, as NTCIREVAL `label -j -truncate N` does.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "truncate")]
    pub truncate_ranks: Option<u64>,
}

impl ParityArgs {
    /// How many original ranks to read (all when the option is absent).
    pub fn rank_limit(&self) -> usize {
        self.truncate_ranks
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX))
    }
}
