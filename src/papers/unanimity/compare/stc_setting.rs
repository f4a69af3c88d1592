//! What paper A's STC claims need to know of their artefact: the upgrade strength p, the (Dmax, N)
//! conditions and the measures' panels.

use crate::manifest::Artefact;
use crate::papers::unanimity::params::{StcInputs, StcParams, StcSignificanceParams};

/// A (panel, Dmax, N) group of a table: one measure's panel at one condition.
pub(super) type Group = (String, u32, u32);

/// The setting of an A.T2 / A.T3 artefact, from its manifest parameters.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StcSetting {
    pub(crate) p: f64,
    /// (Dmax, N), Dmax outer, N inner, as the experiment runs them.
    pub(crate) conditions: Vec<(u32, u32)>,
    /// The panels of the measures, in the manifest's order.
    pub(crate) panels: Vec<&'static str>,
    /// The N values, ascending and distinct.
    pub(crate) ns: Vec<u32>,
}

impl StcSetting {
    /// The setting of `artefact`; `None` when it is not an STC artefact (A.T2 or A.T3). Its parameters
    /// were validated when the manifest loaded.
    pub(crate) fn of(artefact: &Artefact) -> Option<Self> {
        let inputs = stc_inputs(artefact)?;
        let conditions = inputs
            .dmax
            .iter()
            .flat_map(|&d| inputs.n.iter().map(move |&n| (d, n)))
            .collect();
        let panels = inputs.measures.iter().map(|m| m.panel()).collect();
        let mut sorted = inputs.n.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        Some(StcSetting {
            p: inputs.p,
            conditions,
            panels,
            ns: sorted,
        })
    }
}

/// The STC inputs of an A.T2 or A.T3 artefact's parameters; `None` for any other.
pub(crate) fn stc_inputs(artefact: &Artefact) -> Option<StcInputs<'_>> {
    let parameters = &artefact.parameters;
    parameters
        .get::<StcParams>()
        .map(StcParams::inputs)
        .or_else(|| {
            parameters
                .get::<StcSignificanceParams>()
                .map(StcSignificanceParams::inputs)
        })
}
