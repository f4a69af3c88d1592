//! The meta-evaluation of relevance judges (human, crowd or LLM) as typed inputs and results, with
//! no printing ([`analysis`] runs the whole of it): label agreement ([`label_agreement`]) on each
//! judge's labels ([`judge_labels`]), ranking agreement per measure ([`rankings`], each pair of
//! rankings by [`ranking`]) on the runs' scores ([`run_scores`]), significance agreement
//! ([`significance`]), the high/low-agreement topic split ([`subsets`]), coverage ([`coverage`])
//! and the headline ([`headline`]). The command line renders these results (`cli/tau.rs`).

// The analysis modules are read by the `judges` command's rendering; until that is in the binary,
// only their tests use them.
#[allow(dead_code)]
pub(crate) mod analysis;
#[allow(dead_code)]
pub(crate) mod coverage;
#[allow(dead_code)]
pub(crate) mod estimate;
#[allow(dead_code)]
pub(crate) mod headline;
#[allow(dead_code)]
pub(crate) mod judge_labels;
#[allow(dead_code)]
pub(crate) mod label_agreement;
pub(crate) mod ranking;
#[allow(dead_code)]
pub(crate) mod rankings;
#[allow(dead_code)]
pub(crate) mod run_scores;
#[allow(dead_code)]
pub(crate) mod significance;
#[allow(dead_code)]
pub(crate) mod subsets;
