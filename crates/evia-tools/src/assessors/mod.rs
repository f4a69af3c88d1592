//! The papers' methods on anyone's multi-assessor labels (read by [`crate::io::labels`]): the
//! agreement analysis of `evia-repro agree` ([`agreement`]) and the consolidation rules of
//! `evia-repro qrels` ([`combine`], and rule files of STC-style mapping schemes, [`mapping`]), with the
//! kappa interval's standard error both name ([`kappa_se`]). Pure functions of the labels; the `cli`
//! layer only parses arguments and prints.

pub mod agreement;
pub mod agreement_summary;
pub mod agreement_values;
pub mod combine;
pub mod kappa_se;
pub mod mapping;
pub mod pair_counts;
