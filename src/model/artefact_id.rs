//! The id of a table or figure.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize};

/// The most characters an artefact id may have.
pub(crate) const MAX_LEN: usize = 64;

/// An artefact's id as the manifest names it (`A.T1`, `B.F2`, `A.X1`): a paper letter, a dot and a
/// name of ASCII letters, digits, `_` and `-`. The id names the artefact's output files
/// (`A.T1.md`, `B.F1.svg`), so it is checked where it is read: nothing else could become a path.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub(crate) struct ArtefactId(String);

/// Why a text is not an artefact id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "artefact id `{0}`: expected a paper letter, a dot and a name of ASCII letters, digits, `_` or `-` (at most {MAX_LEN} characters), such as `A.T1`"
)]
pub(crate) struct ArtefactIdError(pub(crate) String);

impl ArtefactId {
    /// Parses `text` as an artefact id.
    pub(crate) fn parse(text: &str) -> Result<Self, ArtefactIdError> {
        let valid = text.len() <= MAX_LEN
            && match text.split_once('.') {
                Some((paper, name)) => {
                    paper.len() == 1
                        && paper.bytes().all(|b| b.is_ascii_uppercase())
                        && !name.is_empty()
                        && name
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
                }
                None => false,
            };
        if valid {
            Ok(ArtefactId(text.to_string()))
        } else {
            Err(ArtefactIdError(text.chars().take(MAX_LEN + 1).collect()))
        }
    }

    /// The id as text.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for ArtefactId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for ArtefactId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for ArtefactId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for ArtefactId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for ArtefactId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl fmt::Display for ArtefactId {
    /// The id, padded and aligned as the format asks (`{:<10}` lines up a column of ids).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl<'de> Deserialize<'de> for ArtefactId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        ArtefactId::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_the_manifest_parse_and_paths_do_not() {
        for id in ["A.T1", "B.F2", "A.X1", "A.T1v", "B.T3_real-2"] {
            assert_eq!(ArtefactId::parse(id).unwrap().as_str(), id);
        }
        for bad in [
            "",
            "A",
            "A.",
            ".T1",
            "AB.T1",
            "a.T1",
            "A.T1/../x",
            "A.T 1",
            "A.T1.md",
            "A.Tö",
        ] {
            assert!(ArtefactId::parse(bad).is_err(), "{bad:?}");
        }
        assert!(ArtefactId::parse(&format!("A.{}", "x".repeat(MAX_LEN))).is_err());
        let id = ArtefactId::parse("A.T1").unwrap();
        assert_eq!(format!("[{id:<6}]"), "[A.T1  ]");
    }
}
