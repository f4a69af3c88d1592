//! The meta-evaluation of relevance judges (human, crowd or LLM) as typed inputs and results, with
//! no printing ([`analysis`] runs the whole of it): label agreement ([`label_agreement`]) on each
//! judge's labels ([`judge_labels`]), ranking agreement per measure ([`rankings`], each pair of
//! rankings by [`ranking`]) on the runs' scores ([`run_scores`]), significance agreement
//! ([`significance`]), the high/low-agreement topic split ([`subsets`]), coverage ([`coverage`])
//! and the headline ([`headline`]). The command line renders these results (`cli/judges/`, `cli/tau.rs`).

pub(crate) mod analysis;
pub(crate) mod coverage;
pub(crate) mod estimate;
pub(crate) mod headline;
pub(crate) mod judge_labels;
pub(crate) mod label_agreement;
pub(crate) mod ranking;
pub(crate) mod rankings;
pub(crate) mod run_scores;
pub(crate) mod significance;
pub(crate) mod subsets;
