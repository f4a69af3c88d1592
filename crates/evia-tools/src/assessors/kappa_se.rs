//! Which standard error a kappa interval uses, as the manifest (`kappa_se:`) and `agree --kappa-se`
//! name it: Cohen's simple SE (Cohen 1960) or the Fleiss–Cohen–Everitt SE (Fleiss, Cohen and Everitt
//! 1969), both computed by `evia_engine::agreement`.

use evia_engine::agreement::StandardError;
use serde::{Deserialize, Serialize};

/// The kappa interval's standard error, as named in the manifest (Cohen's simple SE when absent).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize, Serialize, clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum KappaSe {
    /// Cohen's simple SE, the default, as paper B's Table 1 uses.
    #[default]
    Cohen,
    /// The Fleiss–Cohen–Everitt SE.
    Fce,
}

impl KappaSe {
    /// The engine's standard error this name selects (`evia_engine::agreement`).
    pub fn standard_error(self) -> StandardError {
        match self {
            KappaSe::Cohen => StandardError::CohenSimple,
            KappaSe::Fce => StandardError::FleissCohenEveritt,
        }
    }
}
