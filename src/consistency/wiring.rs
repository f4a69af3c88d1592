//! Which printed numbers feed which consistency check: `paper/consistency.yaml`, read into a list of
//! [`CheckSpec`]s and applied to the published files by dispatching each entry to its check's file.
//!
//! The file is a map: three limits shared by several checks (`ci_tolerance`, `tukey_factor`,
//! `correction_limit`) and, under each check's key ([`CheckSpec::KEYS`]), the list of its entries.
//! Entries are applied in file order, so the results on a printed cell are listed in that order.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::check_spec::CheckSpec;
use super::context::CheckContext;
use super::error::WiringError;
use super::limits::Limits;
use super::outcome::Checks;
use super::printed::Printed;
use crate::io::{Position, SourceError, read_text};
use crate::manifest::Manifest;
use crate::published::PublishedFile;

/// The wiring file, relative to the package root.
pub(crate) const CONSISTENCY_FILE: &str = "paper/consistency.yaml";

/// The whole wiring file.
#[derive(Debug, Clone, Default)]
pub(crate) struct Wiring {
    pub(crate) limits: Limits,
    /// Every entry, in file order.
    pub(crate) checks: Vec<CheckSpec>,
}

const LIMIT_KEYS: [&str; 3] = ["ci_tolerance", "tukey_factor", "correction_limit"];

impl<'de> Deserialize<'de> for Wiring {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(WiringVisitor)
    }
}

struct WiringVisitor;

impl<'de> Visitor<'de> for WiringVisitor {
    type Value = Wiring;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a map of {} and lists of checks ({})",
            LIMIT_KEYS.join(", "),
            CheckSpec::KEYS.join(", ")
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Wiring, A::Error> {
        let (mut ci_tolerance, mut tukey_factor, mut correction_limit) = (None, None, None);
        let mut checks = Vec::new();
        let mut seen = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!("duplicate key `{key}`")));
            }
            match key.as_str() {
                "ci_tolerance" => ci_tolerance = Some(map.next_value()?),
                "tukey_factor" => tukey_factor = Some(map.next_value()?),
                "correction_limit" => correction_limit = Some(map.next_value()?),
                other => match CheckSpec::read_list(other, &mut map)? {
                    Some(list) => checks.extend(list),
                    None => {
                        return Err(de::Error::custom(format!(
                            "unknown key `{other}`, expected one of {}, {}",
                            LIMIT_KEYS.join(", "),
                            CheckSpec::KEYS.join(", ")
                        )));
                    }
                },
            }
        }
        let limits = Limits {
            ci_tolerance: ci_tolerance.ok_or_else(|| de::Error::missing_field("ci_tolerance"))?,
            tukey_factor: tukey_factor.ok_or_else(|| de::Error::missing_field("tukey_factor"))?,
            correction_limit: correction_limit
                .ok_or_else(|| de::Error::missing_field("correction_limit"))?,
        };
        limits.check().map_err(de::Error::custom)?;
        Ok(Wiring { limits, checks })
    }
}

/// Parses the wiring file's text; `path` is used in errors.
pub(crate) fn parse(text: &str, path: &Path) -> Result<Wiring, WiringError> {
    crate::io::yaml_depth::check_depth(path, text).map_err(WiringError::Invalid)?;
    serde_yaml::from_str(text).map_err(|err| {
        let position = err.location().map(|l| Position::at(l.line(), l.column()));
        WiringError::Invalid(SourceError::new(path, position, err.to_string()))
    })
}

/// Applies the wiring to the published files, entry by entry; a parameter-derived column of a cell
/// key (`ug_p[0]`) resolves against `manifest`. `source` (the wiring's text and path) is used to
/// name the line of a reference that does not resolve.
pub(crate) fn evaluate(
    wiring: &Wiring,
    manifest: &Manifest,
    files: &[PublishedFile],
    source: (&str, &Path),
) -> Result<Checks, WiringError> {
    let mut context = CheckContext::new(
        Printed::new(files),
        manifest,
        &wiring.limits,
        CheckSpec::links(&wiring.checks),
        source,
    );
    for spec in &wiring.checks {
        spec.apply(&mut context)?;
    }
    // Once every check has run: each statement under every reading of the inconsistent numbers it
    // reads.
    for spec in &wiring.checks {
        if let CheckSpec::Statement(statement) = spec {
            let readings = statement.readings(&context.printed, &context.checks.cells);
            if let Some(outcome) = context
                .checks
                .statements
                .iter_mut()
                .find(|o| o.id == statement.id)
            {
                outcome.readings = readings;
            }
        }
    }
    Ok(context.checks)
}

/// Reads the wiring at `path` and applies it to the published files.
pub(crate) fn load_and_evaluate(
    path: &Path,
    manifest: &Manifest,
    files: &[PublishedFile],
) -> Result<Checks, WiringError> {
    let text = read_text(path).map_err(WiringError::Read)?;
    let wiring = parse(&text, path)?;
    evaluate(&wiring, manifest, files, (&text, path))
}

/// Reads the project's wiring (`paper/consistency.yaml` under `root`) and applies it to the
/// `published` values.
pub(crate) fn load_project_checks(
    root: &Path,
    manifest: &Manifest,
    published: &[PublishedFile],
) -> Result<Checks, WiringError> {
    load_and_evaluate(&root.join(CONSISTENCY_FILE), manifest, published)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: &str = "ci_tolerance: 0.001\ntukey_factor: 10\ncorrection_limit: 78\n";

    /// Found by the fuzz campaign: limits and counts whose cost would explode are rejected when
    /// the wiring is read, with the line.
    #[test]
    fn limits_out_of_range_are_errors() {
        let path = Path::new("consistency.yaml");
        for (limits, expected) in [
            (
                "ci_tolerance: 0.001\ntukey_factor: 10\ncorrection_limit: 1000000000000\n",
                "correction_limit must be at most 100000",
            ),
            (
                "ci_tolerance: .nan\ntukey_factor: 10\ncorrection_limit: 78\n",
                "ci_tolerance must be a finite number",
            ),
            (
                "ci_tolerance: 0.001\ntukey_factor: 0.5\ncorrection_limit: 78\n",
                "tukey_factor must be a finite number >= 1",
            ),
        ] {
            let err = parse(limits, path).unwrap_err().to_string();
            assert!(
                err.contains(expected) && err.contains("consistency.yaml"),
                "{err}"
            );
        }
    }

    #[test]
    fn every_key_reads_its_list() {
        for key in CheckSpec::KEYS {
            let text = format!("{LIMITS}{key}: []\n");
            let wiring =
                parse(&text, Path::new("w.yaml")).unwrap_or_else(|e| panic!("key `{key}`: {e}"));
            assert!(wiring.checks.is_empty());
        }
    }

    #[test]
    fn unknown_and_duplicate_keys_and_missing_limits_are_errors() {
        let err =
            parse(&format!("{LIMITS}ssso: []\n"), Path::new("w.yaml")).expect_err("unknown key");
        assert!(err.to_string().contains("unknown key `ssso`"), "{err}");
        let err = parse(&format!("{LIMITS}sso: []\nsso: []\n"), Path::new("w.yaml"))
            .expect_err("duplicate key");
        assert!(err.to_string().contains("duplicate key `sso`"), "{err}");
        let err = parse("ci_tolerance: 0.001\nsso: []\n", Path::new("w.yaml"))
            .expect_err("missing limit");
        assert!(err.to_string().contains("tukey_factor"), "{err}");
    }

    #[test]
    fn entries_keep_file_order() {
        let text = format!(
            "{LIMITS}bold:\n  - {{table: A.T3, alpha: 0.05}}\nsso:\n  - {{table: B.T4, decimals: 1}}\n"
        );
        let wiring = parse(&text, Path::new("w.yaml")).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            wiring.checks.as_slice(),
            [CheckSpec::Bold(_), CheckSpec::Sso(_)]
        ));
    }
}
