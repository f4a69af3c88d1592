//! Lists and maps that reject duplicates and check each entry while it is read, so that
//! serde_yaml reports a bad or repeated entry at the entry's own line and column.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};

/// An entry of a list that must be unique by some key and may be checked on its own.
pub(super) trait Entry: DeserializeOwned {
    type Key: Ord + fmt::Display;
    /// What the entry is called in error messages.
    const WHAT: &'static str;
    fn key(&self) -> Self::Key;
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A list whose entries are checked and de-duplicated as they are read.
pub(super) struct UniqueSeq<T>(pub(super) Vec<T>);

impl<T> Default for UniqueSeq<T> {
    fn default() -> Self {
        UniqueSeq(Vec::new())
    }
}

impl<'de, T: Entry> Deserialize<'de> for UniqueSeq<T> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(UniqueSeqVisitor(PhantomData))
    }
}

struct UniqueSeqVisitor<T>(PhantomData<T>);

impl<'de, T: Entry> Visitor<'de> for UniqueSeqVisitor<T> {
    type Value = UniqueSeq<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of {} entries", T::WHAT)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut seen = BTreeSet::new();
        let mut entries = Vec::new();
        while let Some(entry) = seq.next_element_seed(EntrySeed {
            seen: &mut seen,
            entry: PhantomData,
        })? {
            entries.push(entry);
        }
        Ok(UniqueSeq(entries))
    }
}

struct EntrySeed<'a, T: Entry> {
    seen: &'a mut BTreeSet<T::Key>,
    entry: PhantomData<T>,
}

impl<'de, T: Entry> DeserializeSeed<'de> for EntrySeed<'_, T> {
    type Value = T;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        // Deserialising through our own map visitor keeps the entry's mapping open while it is
        // checked, so serde_yaml marks any error with the entry's own line and column.
        deserializer.deserialize_map(self)
    }
}

impl<'de, T: Entry> Visitor<'de> for EntrySeed<'_, T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {} entry (a mapping)", T::WHAT)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        let entry = T::deserialize(de::value::MapAccessDeserializer::new(map))?;
        entry.check().map_err(de::Error::custom)?;
        let key = entry.key();
        let message = format!("duplicate {} `{key}`", T::WHAT);
        if !self.seen.insert(key) {
            return Err(de::Error::custom(message));
        }
        Ok(entry)
    }
}

/// A string-to-string map that rejects duplicate keys (serde's own maps keep the last one).
#[derive(Default)]
pub(super) struct UniqueMap(pub(super) BTreeMap<String, String>);

impl<'de> Deserialize<'de> for UniqueMap {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(UniqueMapVisitor)
    }
}

struct UniqueMapVisitor;

impl<'de> Visitor<'de> for UniqueMapVisitor {
    type Value = UniqueMap;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a mapping of strings to strings")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueMap, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((key, value)) = map.next_entry::<String, String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!("duplicate meta key `{key}`")));
            }
            out.insert(key, value);
        }
        Ok(UniqueMap(out))
    }
}
