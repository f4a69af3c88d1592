//! What a ledger verdict is about: the paper's own printed numbers, or a claim re-tested on the
//! seeded stand-in, or on real data. The two kinds never share a list: a check of the paper says
//! something about the paper; a claim re-tested on the stand-in says how the stand-in behaves.

use serde::Serialize;

/// What a verdict is about (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Basis {
    /// A check of the paper's printed numbers: recomputed from the inputs it prints (exact),
    /// recomputed from its other numbers (derived), checked for internal consistency, or a setting
    /// or statement of its text checked on its own tables.
    Paper,
    /// A claim of the paper re-tested on the seeded stand-in collection, or a printed number the
    /// stand-in was fitted to.
    StandIn,
    /// A claim re-tested, or a number rebuilt, on real data (vendored or given with `--data`).
    RealData,
}
