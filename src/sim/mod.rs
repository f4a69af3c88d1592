//! Seeded stand-in collections for the data the papers used but nobody may redistribute (provenance
//! class `simulated`, see `../shared/DESIGN.md`).
//!
//! Every generator is a pure function of its parameters (read from `data/`) and a seed; it never reads
//! files itself. A stand-in reproduces the papers' *published aggregates* where the issue demands it and
//! their qualitative behaviour otherwise; it is never presented as the real collection.

pub mod stc;
pub mod www;
