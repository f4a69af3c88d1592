//! The meta-evaluation of relevance judges as typed inputs and results, with no printing: how
//! alike two judges' run rankings are ([`ranking`]). The command line renders these results
//! (`cli/tau.rs`).

pub mod ranking;
