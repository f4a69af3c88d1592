//! Reading an [`Artefact`] from the manifest: its `parameters:` are read as those of the experiment it
//! names, so `experiment:` must come before `parameters:` (as it does in every entry of
//! `paper/manifest.yaml`). Everything else is what `#[derive(Deserialize)]` with
//! `deny_unknown_fields` would do: unknown and duplicate keys are errors, as are missing required ones.

use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::Artefact;
use super::ExperimentId;
use super::params::{Parameters, mark_failed};

/// The keys of an artefact entry.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Field {
    Id,
    Paper,
    Kind,
    Caption,
    Experiment,
    Status,
    PendingReason,
    Parameters,
    Layout,
    Outputs,
}

const FIELDS: &[&str] = &[
    "id",
    "paper",
    "kind",
    "caption",
    "experiment",
    "status",
    "pending_reason",
    "parameters",
    "layout",
    "outputs",
];

impl<'de> Deserialize<'de> for Artefact {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("Artefact", FIELDS, ArtefactVisitor)
    }
}

struct ArtefactVisitor;

/// `Ok` when `slot` is still empty, else serde's "duplicate field" error for `name`.
fn vacant<T, E: de::Error>(slot: &Option<T>, name: &'static str) -> Result<(), E> {
    match slot {
        Some(_) => Err(E::duplicate_field(name)),
        None => Ok(()),
    }
}

impl<'de> Visitor<'de> for ArtefactVisitor {
    type Value = Artefact;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an artefact: id, paper, kind, caption, experiment, status, parameters, …")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Artefact, A::Error> {
        let (mut id, mut paper, mut kind, mut caption, mut experiment) =
            (None, None, None, None, None);
        let (mut status, mut pending_reason, mut parameters, mut layout, mut outputs) =
            (None, None, None, None, None);
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Id => {
                    vacant(&id, "id")?;
                    id = Some(map.next_value()?);
                }
                Field::Paper => {
                    vacant(&paper, "paper")?;
                    paper = Some(map.next_value()?);
                }
                Field::Kind => {
                    vacant(&kind, "kind")?;
                    kind = Some(map.next_value()?);
                }
                Field::Caption => {
                    vacant(&caption, "caption")?;
                    caption = Some(map.next_value()?);
                }
                Field::Experiment => {
                    vacant(&experiment, "experiment")?;
                    experiment = Some(map.next_value()?);
                }
                Field::Status => {
                    vacant(&status, "status")?;
                    status = Some(map.next_value()?);
                }
                Field::PendingReason => {
                    vacant(&pending_reason, "pending_reason")?;
                    pending_reason = Some(map.next_value()?);
                }
                Field::Parameters => {
                    vacant(&parameters, "parameters")?;
                    let Some(experiment) = experiment else {
                        return Err(de::Error::custom(
                            "`parameters` come before `experiment`; expected `experiment:` first, \
                             since it decides which parameters the artefact takes",
                        ));
                    };
                    parameters = Some(map.next_value_seed(ParamsSeed(experiment))?);
                }
                Field::Layout => {
                    vacant(&layout, "layout")?;
                    layout = Some(map.next_value()?);
                }
                Field::Outputs => {
                    vacant(&outputs, "outputs")?;
                    outputs = Some(map.next_value()?);
                }
            }
        }
        Ok(Artefact {
            id: id.ok_or_else(|| de::Error::missing_field("id"))?,
            paper: paper.ok_or_else(|| de::Error::missing_field("paper"))?,
            kind: kind.ok_or_else(|| de::Error::missing_field("kind"))?,
            caption: caption.ok_or_else(|| de::Error::missing_field("caption"))?,
            experiment: experiment.ok_or_else(|| de::Error::missing_field("experiment"))?,
            status: status.ok_or_else(|| de::Error::missing_field("status"))?,
            pending_reason: pending_reason.flatten(),
            parameters: parameters.ok_or_else(|| de::Error::missing_field("parameters"))?,
            layout: layout.flatten(),
            outputs: outputs.ok_or_else(|| de::Error::missing_field("outputs"))?,
        })
    }
}

/// Reads an artefact's `parameters:` as those of `experiment` (the artefact's `experiment:`, read
/// before them).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ParamsSeed(pub(crate) ExperimentId);

impl<'de> DeserializeSeed<'de> for ParamsSeed {
    type Value = Parameters;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(deserializer);
        // An error here loses its position crossing the erasure: it stops this reading, and the
        // manifest is read again with the type known to report it ([`super::params`]).
        (self.0.kind().parse.read)(&mut erased).map_err(|e| {
            mark_failed();
            serde::de::Error::custom(e)
        })
    }
}
