//! The meta-evaluation of relevance judges (human, crowd or LLM) as typed inputs and results, with
//! no printing ([`analysis`] runs the whole of it): label agreement ([`label_agreement`]) on each
//! judge's labels ([`judge_labels`]), ranking agreement per measure ([`rankings`], each pair of
//! rankings by [`ranking`]) on the runs' scores ([`run_scores`]), significance agreement
//! ([`significance`]), the high/low-agreement topic split ([`subsets`]), coverage ([`coverage`])
//! and the headline ([`headline`]). The command line renders these results (`evia-repro judges`,
//! `evia-repro tau`).

pub mod analysis;
pub mod coverage;
pub mod estimate;
pub mod headline;
pub mod judge_labels;
pub mod label_agreement;
pub mod ranking;
pub mod rankings;
pub mod run_scores;
pub mod significance;
pub mod subsets;
