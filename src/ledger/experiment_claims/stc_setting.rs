//! What paper A's STC claims need to know of their artefact: the upgrade strength p, the (Dmax, N)
//! conditions, the measures' panels, and the published file the printed side is read from.

use crate::experiments::unanimity_stc::StcMeasure;
use crate::manifest::Artefact;

/// The setting of an A.T2 / A.T3 artefact, from its manifest parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct StcSetting {
    pub p: f64,
    /// (Dmax, N), Dmax outer, N inner, as the experiment runs them.
    pub conditions: Vec<(u32, u32)>,
    /// The panels of the measures, in the manifest's order.
    pub panels: Vec<&'static str>,
    /// The N values, ascending and distinct.
    pub ns: Vec<u32>,
    /// `from <published file>`, naming where the printed side comes from.
    pub source: String,
}

impl StcSetting {
    /// The setting of `artefact`; `None` when a parameter the experiment requires is absent or
    /// invalid (the experiment then fails and no table reaches the ledger).
    pub fn of(artefact: &Artefact) -> Option<Self> {
        let params = &artefact.parameters;
        let p = match params.p.as_deref()? {
            [p] => *p,
            _ => return None,
        };
        let dmaxes = params.dmax.as_ref()?;
        let ns = params.n.as_ref()?;
        let conditions = dmaxes
            .iter()
            .flat_map(|&d| ns.iter().map(move |&n| (d, n)))
            .collect();
        let panels = params
            .measures
            .as_ref()?
            .iter()
            .map(|name| StcMeasure::parse(name).map(StcMeasure::panel))
            .collect::<Option<Vec<_>>>()?;
        let mut sorted = ns.clone();
        sorted.sort_unstable();
        sorted.dedup();
        Some(StcSetting {
            p,
            conditions,
            panels,
            ns: sorted,
            source: format!("from {}", params.data.as_ref()?),
        })
    }
}
