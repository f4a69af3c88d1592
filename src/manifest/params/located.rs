//! Where an artefact's `parameters:` break their experiment's type, at the offending key's line and
//! column.
//!
//! The manifest is read in one pass with each artefact's parameters read through its experiment
//! kind's reader ([`super::super::artefact_de`]); that reader is type-erased (the kinds live in the papers'
//! folders), and an error crossing the erasure loses the YAML position of the key it is about. So a
//! parameters error in that pass only marks the artefact ([`mark_failed`]), and the manifest is read
//! again with the failing kind's parameter type known statically ([`first_error`]): serde_yaml then
//! reports the exact line, column and key path, as for every other manifest error.

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::io::{SourceError, parse_yaml};

thread_local! {
    /// Whether the pass under way met parameters its experiment's type rejects.
    static FAILED: Cell<bool> = const { Cell::new(false) };
    /// The experiment kind whose artefacts [`first_error`] reads.
    static KIND: Cell<&'static str> = const { Cell::new("") };
}

/// Records that an artefact's parameters did not read as its experiment's type.
pub(crate) fn mark_failed() {
    FAILED.with(|f| f.set(true));
}

/// Runs `read` and says whether it met parameters that did not read ([`mark_failed`]).
pub(crate) fn watching<T>(read: impl FnOnce() -> T) -> (T, bool) {
    let previous = FAILED.with(|f| f.replace(false));
    let out = read();
    let failed = FAILED.with(|f| f.replace(previous));
    (out, failed)
}

/// The first error, in document order, of the `parameters:` of the artefacts of `text` whose
/// `experiment:` is `kind`, read as `P`; `None` when they all read.
pub(crate) fn first_error<P: DeserializeOwned>(
    path: &Path,
    text: &str,
    kind: &'static str,
) -> Option<SourceError> {
    let previous = KIND.with(|k| k.replace(kind));
    let result = parse_yaml::<Document<P>>(path, text);
    KIND.with(|k| k.set(previous));
    result.err()
}

/// The manifest with only the artefacts' parameters of one kind read as `P`; everything else is
/// skipped (the first pass has checked it).
struct Document<P>(PhantomData<P>);

impl<'de, P: DeserializeOwned> Deserialize<'de> for Document<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(DocumentVisitor::<P>(PhantomData))
    }
}

struct DocumentVisitor<P>(PhantomData<P>);

impl<'de, P: DeserializeOwned> Visitor<'de> for DocumentVisitor<P> {
    type Value = Document<P>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a manifest")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "artefacts" {
                map.next_value::<Artefacts<P>>()?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(Document(PhantomData))
    }
}

struct Artefacts<P>(PhantomData<P>);

impl<'de, P: DeserializeOwned> Deserialize<'de> for Artefacts<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(ArtefactsVisitor::<P>(PhantomData))
    }
}

struct ArtefactsVisitor<P>(PhantomData<P>);

impl<'de, P: DeserializeOwned> Visitor<'de> for ArtefactsVisitor<P> {
    type Value = Artefacts<P>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of artefacts")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<Entry<P>>()?.is_some() {}
        Ok(Artefacts(PhantomData))
    }
}

/// One artefact: its parameters read as `P` when its experiment is the kind looked for.
struct Entry<P>(PhantomData<P>);

impl<'de, P: DeserializeOwned> Deserialize<'de> for Entry<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(EntryVisitor::<P>(PhantomData))
    }
}

struct EntryVisitor<P>(PhantomData<P>);

impl<'de, P: DeserializeOwned> Visitor<'de> for EntryVisitor<P> {
    type Value = Entry<P>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an artefact")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut ours = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "experiment" => {
                    let name = map.next_value::<String>()?;
                    ours = KIND.with(|k| k.get()) == name;
                }
                "parameters" if ours => {
                    map.next_value::<P>()?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Entry(PhantomData))
    }
}
