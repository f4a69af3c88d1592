//! Why a seeded stand-in collection could not be generated. A stand-in stands for data a paper used
//! but nobody may redistribute (provenance class `simulated`); every generator is a pure function of
//! its knobs (read from `data/`) and a seed, and never returns a collection that misses the targets it
//! was asked to meet: it reports which target and by how much instead.

/// Why a stand-in collection could not be generated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum SimError {
    /// A parameter (from a knob file under `data/`) is out of range or inconsistent with another.
    #[error("stand-in parameter `{name}`: {message}")]
    InvalidParameter { name: String, message: String },
    /// The fit targets admit no solution (for example margins that disagree, or no non-negative
    /// integer table with the requested counts).
    #[error("stand-in targets are infeasible: {0}")]
    Infeasible(String),
    /// An iterative fit or search stopped at its limit before meeting its targets.
    #[error("stand-in search did not converge: {0}")]
    NotConverged(String),
}
