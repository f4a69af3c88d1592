//! Paper A, "Unanimity-Aware Gain for Highly Subjective Assessments" (Sakai, EVIA 2017): its
//! experiments, one file each.
//!
//! - [`gain_examples`]: Table 1, RawG, D, WG and UG of the printed example items (Eqs. 1–3).
//! - [`stc`]: Tables 2 and 3 on the seeded NTCIR-12 STC stand-in (or a user's real collection):
//!   Kendall's tau between RawG- and UG-based rankings, and the team-best run pairs whose significance
//!   differs.
//! - [`real_ratings`]: A.X1, beyond the paper, the same quantities on the real NTCIR-12 STC Japanese
//!   ratings shipped in `data/external/`.

pub mod gain_examples;
pub mod real_ratings;
pub mod stc;
