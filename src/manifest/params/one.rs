//! [`One`]: a list-valued parameter of which an experiment uses exactly one value.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The one value of a parameter that the manifest writes as a list (`n: [5]`, `p: [0.2]`) but the
/// experiment uses one value of. Another number of values is a manifest error at the list's own line
/// and column, raised while the YAML is read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct One<T>(pub(crate) T);

impl<T: Copy> One<T> {
    /// The value.
    pub(crate) fn get(self) -> T {
        self.0
    }
}

impl<T: Serialize> Serialize for One<T> {
    /// Written back as the list of one it was read from.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(1))?;
        seq.serialize_element(&self.0)?;
        seq.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for One<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(OneVisitor(PhantomData))
    }
}

struct OneVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for OneVisitor<T> {
    type Value = One<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of exactly one value")
    }

    /// The error is raised inside the list, so the reader reports the list's line and column.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<One<T>, A::Error> {
        let Some(value) = seq.next_element()? else {
            return Err(de::Error::custom(
                "found no value; this experiment uses exactly one, written as a list of one ([v])",
            ));
        };
        let mut extra = 0usize;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            extra += 1;
        }
        if extra > 0 {
            return Err(de::Error::custom(format!(
                "found {} values; this experiment uses exactly one, written as a list of one ([v])",
                extra + 1
            )));
        }
        Ok(One(value))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// A list of one is its value and is written back as a list of one; none or two are rejected.
    #[test]
    fn exactly_one_value() {
        let one: One<u32> = serde_yaml::from_str("[5]").unwrap();
        assert_eq!(one.get(), 5);
        assert_eq!(serde_json::to_string(&one).unwrap(), "[5]");
        let two = serde_yaml::from_str::<One<u32>>("[5, 10]").unwrap_err();
        assert!(two.to_string().contains("found 2 values"), "{two}");
        let none = serde_yaml::from_str::<One<u32>>("[]").unwrap_err();
        assert!(none.to_string().contains("found no value"), "{none}");
        assert!(serde_yaml::from_str::<One<u32>>("5").is_err());
    }
}
