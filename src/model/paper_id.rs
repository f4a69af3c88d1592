//! A paper's id, as the manifest's `papers:` and a published-values file name it (`A`, `B`): the
//! prefix of its artefact ids (`A.T1`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The longest paper id accepted.
const MAX_LEN: usize = 16;

/// Which paper a file transcribes: one or more ASCII letters or digits.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub(crate) struct PaperId(String);

impl PaperId {
    /// `text` as a paper id, or why it is not one.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        if text.is_empty() || text.len() > MAX_LEN {
            return Err(format!(
                "a paper id has 1 to {MAX_LEN} characters, found {}",
                text.len()
            ));
        }
        if !text.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(format!(
                "a paper id is ASCII letters and digits (it prefixes artefact ids), found `{}`",
                text.escape_debug()
            ));
        }
        Ok(PaperId(text.to_string()))
    }
}

impl TryFrom<String> for PaperId {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        PaperId::parse(&text)
    }
}

impl From<PaperId> for String {
    fn from(id: PaperId) -> String {
        id.0
    }
}

impl fmt::Display for PaperId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_short_ascii_alphanumerics() {
        assert_eq!(PaperId::parse("C").unwrap().to_string(), "C");
        assert!(PaperId::parse("").is_err());
        assert!(PaperId::parse("A.B").is_err());
        assert!(PaperId::parse(&"X".repeat(MAX_LEN + 1)).is_err());
    }
}
