//! The experiment kinds a manifest may name. Each paper declares its own beside its experiments
//! (`src/papers/<slug>/`); the manifest is read against that catalog ([`with_catalog`]), so an
//! unknown name is an error at its line and column, and an artefact's `parameters:` are read as the
//! parameter type of the kind it names ([`ExperimentKind::parse`]). Nothing here knows a paper.

use std::cell::Cell;
use std::fmt;
use std::hash::{Hash, Hasher};

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::params::ParamsReader;
use crate::model::StandIn;

/// What an experiment's numbers are computed from, when it runs on its shipped inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DataSource {
    /// Inputs the paper prints (a worked example's ratings, printed confusion matrices).
    Printed,
    /// Real data shipped with the repository (vendored ratings).
    ShippedRealData,
    /// A seeded stand-in collection, for all its numbers or for those the printed inputs do not
    /// determine.
    StandIn(StandIn),
}

/// A study: other artefacts' experiments run many times by the pipeline rather than by its paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StudyKind {
    /// A robustness study: R runs on independent stand-in replicates at the shipped knob values.
    Replicates,
    /// A knob-space study: one run at each point of a design over the knobs' plausible ranges.
    KnobSpace,
}

impl StudyKind {
    /// What one run of the study is called in its progress (`A.R1 replicate 37/200`, `A.M1 design
    /// point 12/256`).
    pub(crate) fn unit(self) -> &'static str {
        match self {
            StudyKind::Replicates => "replicate",
            StudyKind::KnobSpace => "design point",
        }
    }

    /// What the study's numbers rest on, in a few words (the account's summary of its artefact).
    pub(crate) fn rests_on(self) -> &'static str {
        match self {
            StudyKind::Replicates => "stand-in, independent redraws",
            StudyKind::KnobSpace => "stand-in, across plausible knob values",
        }
    }
}

/// One kind of experiment, as the manifest and the generic layers see it.
#[derive(Debug)]
pub(crate) struct ExperimentKind {
    /// The manifest's spelling, `<paper slug>.<name>` (`lancers.agreement`).
    pub(crate) name: &'static str,
    pub(crate) data: DataSource,
    /// Whether it can run on a user's real collection (`reproduce --data DIR`) instead of its
    /// stand-in.
    pub(crate) real_data_mode: bool,
    /// Whether it is a study, and which: other artefacts' experiments run many times by the
    /// pipeline rather than by its paper.
    pub(crate) study: Option<StudyKind>,
    /// A coarse estimate of its running time, larger is longer (0: a typical table): the pipeline
    /// starts the longest first. It orders work only; no result depends on it.
    pub(crate) cost: u8,
    /// Reads its `parameters:`.
    pub(crate) parse: ParamsReader,
}

/// An experiment kind an artefact names: a reference into the catalog it was read against.
/// Compared, ordered and hashed by its name.
#[derive(Clone, Copy)]
pub(crate) struct ExperimentId(&'static ExperimentKind);

impl ExperimentId {
    pub(crate) fn new(kind: &'static ExperimentKind) -> Self {
        ExperimentId(kind)
    }

    pub(crate) fn kind(self) -> &'static ExperimentKind {
        self.0
    }

    /// The manifest's spelling (`lancers.agreement`).
    pub(crate) fn as_str(self) -> &'static str {
        self.0.name
    }

    /// Whether it is a robustness study (R replicates at the shipped knob values).
    pub(crate) fn is_robustness_study(self) -> bool {
        self.0.study == Some(StudyKind::Replicates)
    }

    /// Whether it is a knob-space study (a design over the plausible knob values).
    pub(crate) fn is_knob_space_study(self) -> bool {
        self.0.study == Some(StudyKind::KnobSpace)
    }

    /// Whether it is a study of either kind: run by the pipeline, never by `check`.
    pub(crate) fn is_study(self) -> bool {
        self.0.study.is_some()
    }

    /// The study it is, if it is one.
    pub(crate) fn study(self) -> Option<StudyKind> {
        self.0.study
    }

    pub(crate) fn has_real_data_mode(self) -> bool {
        self.0.real_data_mode
    }

    /// How much of an artefact of this kind comes from a stand-in: none when it ran on a user's real
    /// collection (`real_data`).
    pub(crate) fn stand_in(self, real_data: bool) -> Option<StandIn> {
        match self.0.data {
            DataSource::StandIn(s) if !real_data => Some(s),
            _ => None,
        }
    }

    /// What an artefact of this kind is computed from, by provenance class, for `list` and `show`.
    pub(crate) fn data_class(self, real_data: bool) -> &'static str {
        if real_data {
            return "real-data (your collection)";
        }
        match self.0.data {
            DataSource::StandIn(StandIn::Whole) => "simulated (stand-in)",
            DataSource::StandIn(StandIn::Part) => "exact + simulated (partly a stand-in)",
            DataSource::ShippedRealData => "real-data (vendored real ratings)",
            DataSource::Printed => "exact (printed inputs)",
        }
    }
}

impl PartialEq for ExperimentId {
    fn eq(&self, other: &Self) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for ExperimentId {}

impl PartialOrd for ExperimentId {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ExperimentId {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.name.cmp(other.0.name)
    }
}

impl Hash for ExperimentId {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.name.hash(state);
    }
}

impl fmt::Debug for ExperimentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExperimentId({})", self.0.name)
    }
}

impl fmt::Display for ExperimentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

impl Serialize for ExperimentId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.name)
    }
}

thread_local! {
    /// The catalog a manifest is being read against ([`with_catalog`]).
    static CATALOG: Cell<&'static [&'static ExperimentKind]> = const { Cell::new(&[]) };
}

/// Runs `read` with `catalog` as the experiment kinds a manifest may name on this thread, and puts
/// back the previous catalog afterwards (the manifest's reader looks names up in it).
pub(crate) fn with_catalog<T>(
    catalog: &'static [&'static ExperimentKind],
    read: impl FnOnce() -> T,
) -> T {
    let previous = CATALOG.with(|c| c.replace(catalog));
    let out = read();
    CATALOG.with(|c| c.set(previous));
    out
}

/// The kind named `name` in the catalog being read against.
pub(crate) fn lookup(name: &str) -> Option<ExperimentId> {
    CATALOG.with(|c| {
        c.get()
            .iter()
            .find(|k| k.name == name)
            .map(|k| ExperimentId(k))
    })
}

impl<'de> Deserialize<'de> for ExperimentId {
    /// Looks the name up in the catalog being read against; an unknown name is an error listing the
    /// known ones, raised while the reader points at the name.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(NameVisitor)
    }
}

struct NameVisitor;

impl Visitor<'_> for NameVisitor {
    type Value = ExperimentId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an experiment name such as `lancers.agreement`")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<ExperimentId, E> {
        lookup(name).ok_or_else(|| {
            let known: Vec<&str> = CATALOG.with(|c| c.get().iter().map(|k| k.name).collect());
            E::custom(format!(
                "unknown experiment `{name}`; expected one of: {}",
                known.join(", ")
            ))
        })
    }
}
