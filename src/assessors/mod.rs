//! The papers' methods on anyone's multi-assessor labels (read by [`crate::io::labels`]): the
//! agreement analysis of `evia-repro agree` ([`agreement`]) and the consolidation rules of
//! `evia-repro qrels` ([`combine`]). Pure functions of the labels; the `cli` layer only parses
//! arguments and prints.

pub mod agreement;
pub mod combine;
