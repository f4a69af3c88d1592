//! The engine: pure functions over plain data, with no I/O.
//!
//! Every measure and statistic documents its formula and the source it follows (paper, equation,
//! or section of the project's reference notes).

pub mod agreement;
pub mod gain;
pub mod measures;
pub mod ranking;
pub mod rng;
pub mod significance;
pub mod unanimity_stats;
