//! Each experiment's own parameter type, read from the artefact's `parameters:` by the experiment kind
//! the artefact names ([`super::artefact_de`]).
//!
//! The types are strict (`deny_unknown_fields`): a key the experiment does not read, a key it needs
//! that is missing, a value of the wrong type, or a list where the experiment uses one value
//! ([`One`]) is an error of the YAML reader, at the offending line and column. The value rules
//! (p in [0, 1], counts positive and bounded, lists non-empty; [`super::parameter_rules`]) are each
//! type's [`Params::validate`], applied when the manifest loads.

mod knob_space;
mod located;
mod one;
mod robustness;

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub(crate) use knob_space::{KnobSpaceParams, MAX_DESIGN_POINTS, MIN_DESIGN_POINTS};
pub(crate) use located::{mark_failed, watching};
pub(crate) use one::One;
pub(crate) use robustness::{MAX_REPLICATES, ReplicatesParams};

use super::parameter_rules::{self as rules, Violation};
use crate::model::column_id::ParameterColumns;

/// What every experiment's parameter type answers.
pub(crate) trait Params: fmt::Debug + erased_serde::Serialize + Send + Sync + Any {
    /// Every file-valued parameter, as `(name, path relative to the project root)`: the files the
    /// experiment reads. Incremental rebuilds hash exactly these files (with the manifest entry, the
    /// templates and the program) to decide whether an artefact is up to date, so a new file-valued
    /// parameter must be listed here.
    fn input_files(&self) -> Vec<(&'static str, &str)>;

    /// The artefact's own `seed:`, overriding the manifest's, if the experiment takes one.
    fn seed(&self) -> Option<u64>;

    /// The first value rule a parameter breaks ([`super::parameter_rules`]).
    fn validate(&self) -> Result<(), Violation>;

    /// The randomised Tukey HSD's trials B, for the experiments that run it.
    fn trials(&self) -> Option<u32> {
        None
    }

    /// The randomised Tukey HSD's significance level alpha, for the experiments that run it.
    fn alpha(&self) -> Option<f64> {
        None
    }

    /// The columns the experiment writes one per value of a list-valued parameter, with the values
    /// in the manifest's order: published values, wiring and templates name them by index
    /// (`prefix[i]`, [`ParameterColumns::resolve`]).
    fn parameter_columns(&self) -> Option<ParameterColumns> {
        None
    }

    /// These parameters with the randomised test's trials set to `trials`, for the experiments that
    /// run it.
    fn with_trials(&self, _trials: u32) -> Option<Parameters> {
        None
    }
}

/// The stand-in sizes an artefact states (`topics`, `runs`, `teams`): the experiments check them
/// against the generated collection, and the reports quote them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StandinSizes {
    pub(crate) topics: Option<u32>,
    pub(crate) runs: Option<u32>,
    pub(crate) teams: Option<u32>,
}

impl StandinSizes {
    pub(crate) fn validate(self) -> Result<(), Violation> {
        rules::size("topics", self.topics)?;
        rules::size("runs", self.runs)?;
        rules::size("teams", self.teams)
    }
}

/// An artefact's parameters, of the type of the experiment kind it names (read by that kind's
/// [`super::experiment::ExperimentKind::parse`]), shared between clones. Written back (in stamps'
/// manifest-entry hashes and the reports' `param(...)`) as the plain mapping it was read from.
#[derive(Debug, Clone)]
pub(crate) struct Parameters(Arc<dyn Params>);

impl Parameters {
    pub(crate) fn new<P: Params>(params: P) -> Self {
        Parameters(Arc::new(params))
    }

    /// The parameters as their experiment's own type, when they are of type `P`.
    pub(crate) fn get<P: Params>(&self) -> Option<&P> {
        // `Any` is a supertrait of `Params`: the trait object upcasts to `dyn Any`.
        let params: &dyn Any = &*self.0;
        params.downcast_ref::<P>()
    }

    /// Changes the parameters as their own type `P` with `edit` (on a copy: parameters are shared
    /// between clones); `None`, and nothing changed, when they are not of type `P`.
    #[cfg(test)]
    pub(crate) fn edit<P: Params + Clone>(&mut self, edit: impl FnOnce(&mut P)) -> Option<()> {
        let mut params = self.get::<P>()?.clone();
        edit(&mut params);
        *self = Parameters::new(params);
        Some(())
    }

    /// [`Params::input_files`].
    pub(crate) fn input_files(&self) -> Vec<(&'static str, &str)> {
        self.0.input_files()
    }

    /// [`Params::seed`].
    pub(crate) fn seed(&self) -> Option<u64> {
        self.0.seed()
    }

    /// [`Params::validate`].
    pub(crate) fn validate(&self) -> Result<(), Violation> {
        self.0.validate()
    }

    /// [`Params::trials`].
    pub(crate) fn trials(&self) -> Option<u32> {
        self.0.trials()
    }

    /// [`Params::alpha`].
    pub(crate) fn alpha(&self) -> Option<f64> {
        self.0.alpha()
    }

    /// [`Params::parameter_columns`].
    pub(crate) fn parameter_columns(&self) -> Option<ParameterColumns> {
        self.0.parameter_columns()
    }

    /// A robustness study's parameters, when these are a study's.
    pub(crate) fn replicates(&self) -> Option<&ReplicatesParams> {
        self.get::<ReplicatesParams>()
    }

    /// A knob-space study's parameters, when these are one's.
    pub(crate) fn knob_space(&self) -> Option<&KnobSpaceParams> {
        self.get::<KnobSpaceParams>()
    }

    /// The artefacts a study re-runs (a robustness study's replicates or a knob-space study's
    /// design points); none for any other experiment.
    pub(crate) fn replicated(&self) -> &[crate::model::ArtefactId] {
        if let Some(p) = self.replicates() {
            &p.artefacts
        } else if let Some(p) = self.knob_space() {
            &p.artefacts
        } else {
            &[]
        }
    }

    /// These parameters with a knob-space study's design points set to `points` (`reproduce
    /// --design-points`); others unchanged.
    pub(crate) fn with_design_points(&self, points: u32) -> Parameters {
        match self.knob_space() {
            Some(p) => Parameters::new(KnobSpaceParams {
                design_points: points,
                ..p.clone()
            }),
            None => self.clone(),
        }
    }

    /// These parameters with a robustness study's R set to `replicates` (`reproduce
    /// --replicates`); others unchanged.
    pub(crate) fn with_replicates(&self, replicates: u32) -> Parameters {
        match self.replicates() {
            Some(p) => Parameters::new(ReplicatesParams {
                replicates,
                ..p.clone()
            }),
            None => self.clone(),
        }
    }

    /// These parameters with the randomised test's trials B set to `trials`, for the experiments
    /// that run it (a robustness study's `trials:` override); others unchanged.
    pub(crate) fn with_trials(&self, trials: u32) -> Parameters {
        self.0.with_trials(trials).unwrap_or_else(|| self.clone())
    }
}

impl Serialize for Parameters {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(&*self.0, serializer)
    }
}

/// Reads an artefact's `parameters:` as the parameter type of one experiment kind.
pub(crate) type ParseParams = for<'de> fn(
    &mut dyn erased_serde::Deserializer<'de>,
) -> Result<Parameters, erased_serde::Error>;

/// Finds, in a manifest's text, the first `parameters:` of the artefacts of one kind (named by the
/// last argument) that do not read as its parameter type, at the offending key's position.
pub(crate) type LocateParams =
    fn(&std::path::Path, &str, &'static str) -> Option<crate::io::SourceError>;

/// How one experiment kind's parameters are read ([`reader`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ParamsReader {
    pub(crate) read: ParseParams,
    pub(crate) locate: LocateParams,
}

/// How an experiment kind whose parameters are of type `P` reads them.
pub(crate) const fn reader<P: Params + DeserializeOwned>() -> ParamsReader {
    ParamsReader {
        read: parse::<P>,
        locate: located::first_error::<P>,
    }
}

/// Reads parameters of type `P`: the [`ParseParams`] of an experiment kind whose
/// parameters are `P`.
fn parse<P: Params + DeserializeOwned>(
    deserializer: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<Parameters, erased_serde::Error> {
    erased_serde::deserialize::<P>(deserializer).map(Parameters::new)
}
