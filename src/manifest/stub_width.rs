//! The width of a panel's row-label column in LaTeX, as a share of the line (`stub_width: 0.5` in a
//! panel of `paper/manifest.yaml`): a table whose row labels are sentences (a robustness study's
//! claims) gives them half the line instead of the default narrow paragraph.

use serde::{Deserialize, Deserializer, Serialize};

/// The narrowest and widest share of the line a stub column may take.
pub(crate) const RANGE: std::ops::RangeInclusive<f64> = 0.1..=0.7;

/// A share of the line's width in [`RANGE`], checked when the manifest is read.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct StubWidth(f64);

impl StubWidth {
    /// The share of the line, e.g. 0.5.
    pub(crate) fn fraction(self) -> f64 {
        self.0
    }
}

impl<'de> Deserialize<'de> for StubWidth {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f64::deserialize(deserializer)?;
        if RANGE.contains(&value) {
            Ok(StubWidth(value))
        } else {
            Err(serde::de::Error::custom(format!(
                "stub_width must be a share of the line between {} and {}, got {value}",
                RANGE.start(),
                RANGE.end()
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_shares_of_the_line_and_rejects_the_rest() {
        let read = |text: &str| serde_yaml::from_str::<StubWidth>(text);
        assert_eq!(read("0.5").unwrap().fraction(), 0.5);
        assert_eq!(read("0.1").unwrap().fraction(), 0.1);
        for bad in ["0.05", "0.71", "-1", "2", ".nan"] {
            let err = read(bad).unwrap_err().to_string();
            assert!(err.contains("stub_width must be a share"), "{bad}: {err}");
        }
    }
}
