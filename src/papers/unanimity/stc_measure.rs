//! [`StcMeasure`]: a measure of paper A's STC experiments, as the manifest names it.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A measure of paper A's STC experiments, parsed from its NTCIREVAL-style name when the manifest
/// loads (an unknown name is an error at its line and column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum StcMeasure {
    /// `nG@1` = g(1)/g*(1) (tests/fixtures/measures.md §5.9).
    NG1,
    /// `P+` over the evaluated list (§5.4).
    PPlus,
    /// `nERR@l` (§5.12).
    NErr(usize),
}

impl StcMeasure {
    /// Parses `nG@1`, `P+` or `nERR@<l>` (l ≥ 1).
    pub(crate) fn parse(name: &str) -> Option<Self> {
        match name {
            "nG@1" => Some(StcMeasure::NG1),
            "P+" => Some(StcMeasure::PPlus),
            _ => name
                .strip_prefix("nERR@")
                .and_then(|l| l.parse().ok())
                .filter(|&l| l > 0)
                .map(StcMeasure::NErr),
        }
    }

    /// The manifest's name of the measure (`nERR@10`).
    pub(crate) fn name(self) -> String {
        match self {
            StcMeasure::NG1 => "nG@1".to_string(),
            StcMeasure::PPlus => "P+".to_string(),
            StcMeasure::NErr(l) => format!("nERR@{l}"),
        }
    }

    /// The panel id of the measure in the manifest's layouts (`nG@1`, `P+`, `nERR`).
    pub(crate) fn panel(self) -> &'static str {
        match self {
            StcMeasure::NG1 => "nG@1",
            StcMeasure::PPlus => "P+",
            StcMeasure::NErr(_) => "nERR",
        }
    }
}

impl Serialize for StcMeasure {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for StcMeasure {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(NameVisitor)
    }
}

/// Reads a measure name; an unknown one fails inside the reader, which reports its position.
struct NameVisitor;

impl Visitor<'_> for NameVisitor {
    type Value = StcMeasure;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a measure name: nG@1, P+ or nERR@<cutoff>")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<StcMeasure, E> {
        StcMeasure::parse(name).ok_or_else(|| {
            E::custom(format!(
                "unknown measure `{name}`; expected nG@1, P+ or nERR@<cutoff>"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn parses_the_measure_names_of_the_manifest() {
        assert_eq!(StcMeasure::parse("nG@1"), Some(StcMeasure::NG1));
        assert_eq!(StcMeasure::parse("P+"), Some(StcMeasure::PPlus));
        assert_eq!(StcMeasure::parse("nERR@10"), Some(StcMeasure::NErr(10)));
        assert_eq!(StcMeasure::NErr(10).panel(), "nERR");
        for bad in ["nERR@0", "nERR@", "nDCG@10", "Q"] {
            assert_eq!(StcMeasure::parse(bad), None, "{bad}");
        }
    }

    /// Read from and written back as the manifest's names; an unknown name is a reader error.
    #[test]
    fn round_trips_through_the_manifest_spelling() {
        let measures: Vec<StcMeasure> = serde_yaml::from_str("[nG@1, P+, nERR@10]").unwrap();
        assert_eq!(
            measures,
            [StcMeasure::NG1, StcMeasure::PPlus, StcMeasure::NErr(10)]
        );
        assert_eq!(
            serde_json::to_string(&measures).unwrap(),
            r#"["nG@1","P+","nERR@10"]"#
        );
        let err = serde_yaml::from_str::<Vec<StcMeasure>>("[nG@1, nDCG@10]").unwrap_err();
        assert!(
            err.to_string().contains("unknown measure `nDCG@10`"),
            "{err}"
        );
    }
}
