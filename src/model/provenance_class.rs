//! The provenance class of a published number (ARCHITECTURE.md, "Invariants").

use std::fmt;

use serde::{Deserialize, Serialize};

/// Where a published number comes from, and so what the check demands of it:
/// `exact` — recomputable from inputs printed in the paper, equal at the printed precision;
/// `derived` — follows arithmetically from other printed numbers, checked for consistency;
/// `simulated` — needs unpublished data, rebuilt on a seeded stand-in and compared qualitatively;
/// `real-data` — the same experiment on the real collection, equal within Monte Carlo error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ProvenanceClass {
    Exact,
    Derived,
    Simulated,
    RealData,
}

impl ProvenanceClass {
    /// The spelling used in the YAML files and in reports.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ProvenanceClass::Exact => "exact",
            ProvenanceClass::Derived => "derived",
            ProvenanceClass::Simulated => "simulated",
            ProvenanceClass::RealData => "real-data",
        }
    }
}

impl fmt::Display for ProvenanceClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
