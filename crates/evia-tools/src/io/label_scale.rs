//! The integer scale of a label file (`--scale MIN..MAX`): both ends included, bounded so that
//! every label fits a level `label − MIN` below [`MAX_LEVELS`].

use std::fmt;
use std::str::FromStr;

/// The most labels a scale may have.
pub const MAX_LEVELS: usize = 101;
/// The largest magnitude of a scale's ends.
pub const MAX_ABS_LABEL: i32 = 1000;

/// An integer label scale `min..max`, both ends included (written `MIN..MAX` in manifests too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct Scale {
    min: i32,
    max: i32,
}

/// A scale that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a label scale `MIN..MAX` of integers with MIN < MAX, magnitudes at most {MAX_ABS_LABEL} and at most {MAX_LEVELS} labels, got `{0}`"
)]
pub struct ScaleError(String);

impl Scale {
    /// The scale `min..max`, checked against the bounds.
    pub fn new(min: i32, max: i32) -> Result<Self, ScaleError> {
        let ok = min < max
            && min.abs() <= MAX_ABS_LABEL
            && max.abs() <= MAX_ABS_LABEL
            && ((max - min) as usize) < MAX_LEVELS;
        if ok {
            Ok(Scale { min, max })
        } else {
            Err(ScaleError(format!("{min}..{max}")))
        }
    }

    /// The lowest label.
    pub fn min(self) -> i32 {
        self.min
    }

    /// The highest label.
    pub fn max(self) -> i32 {
        self.max
    }

    /// Number of labels `k = MAX − MIN + 1`.
    pub fn levels(self) -> usize {
        (self.max - self.min) as usize + 1
    }

    /// The label of level `level` (`MIN + level`).
    pub fn label(self, level: usize) -> i32 {
        self.min + level as i32
    }

    /// The level of a label written as `text`, if it is an integer on the scale.
    pub fn level_of(self, text: &str) -> Option<u16> {
        let value: i32 = text.parse().ok()?;
        (self.min..=self.max)
            .contains(&value)
            .then(|| (value - self.min) as u16)
    }
}

impl FromStr for Scale {
    type Err = ScaleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (min, max) = s
            .split_once("..")
            .ok_or_else(|| ScaleError(s.to_string()))?;
        let parse = |t: &str| {
            t.trim()
                .parse::<i32>()
                .map_err(|_| ScaleError(s.to_string()))
        };
        Scale::new(parse(min)?, parse(max)?)
    }
}

impl TryFrom<String> for Scale {
    type Error = ScaleError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Scale> for String {
    fn from(scale: Scale) -> String {
        scale.to_string()
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}
