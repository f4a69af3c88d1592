//! The plausible values of a stand-in's knobs: the `plausible:` section of every knob file (a YAML
//! input of an artefact that declares `builds_in:` or `plausible:`), read for the knob-space studies
//! (A.M1, B.M1).
//!
//! ```yaml
//! plausible:
//!   ranged:
//!     - knob: within_team_drop.max          # a knob path (model::knob_path)
//!       range: [0.6, 2.0]                   # the knob takes any value in [lo, hi] …
//!       why: …                              # … for this reason
//!     - knob: teams[*].quality
//!       scale: [0.7, 1.3]                   # every knob the path reaches, times a factor in [lo, hi]
//!       why: …
//!   fixed:
//!     - knob: topics                        # kept at its value, for this reason
//!       why: …
//! ```
//!
//! Loading checks, each failure an error naming the file, the line and the cause: every path reads
//! and reaches knobs of the file; a `range` reaches exactly one number and contains its value, a
//! `scale` reaches numbers and contains 1; `lo < hi`, both finite; an integer knob has integer ends;
//! every `why` says something; and every knob of the file is ranged by exactly one declaration or
//! fixed by at least one (the most specific declaration wins: `teams[*].quality` ranged inside a
//! fixed `teams`). The ranges are stated before any study runs and never tuned to its results
//! (docs/robustness.md).

mod tree;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use serde_yaml::Value;

use super::Artefact;
use crate::io::{SourceError, parse_yaml, read_text, yaml_key_line};
use crate::model::KnobPath;

/// How a design value sets a ranged knob.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Setting {
    /// The knob takes the value.
    Value,
    /// Every knob the path reaches is multiplied by the value.
    Scale,
}

/// A knob with a plausible range.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RangedKnob {
    /// The knob file, relative to the project root.
    pub(crate) file: String,
    pub(crate) path: KnobPath,
    pub(crate) setting: Setting,
    pub(crate) lo: f64,
    pub(crate) hi: f64,
    /// Whether the knob is an integer (its value is rounded to the nearest).
    pub(crate) integer: bool,
    /// Its shipped value (a [`Setting::Scale`]'s is 1: the file's own values).
    pub(crate) shipped: f64,
    pub(crate) why: String,
    /// The line of its declaration.
    pub(crate) line: usize,
}

impl RangedKnob {
    /// Its name in every view: the path, with `×` for a scale (`teams[*].quality ×`).
    pub(crate) fn name(&self) -> String {
        match self.setting {
            Setting::Value => self.path.to_string(),
            Setting::Scale => format!("{} ×", self.path),
        }
    }

    /// The value at `u` ∈ [0, 1) of the range: `lo + u·(hi − lo)`, rounded for an integer knob.
    pub(crate) fn at(&self, u: f64) -> f64 {
        let value = self.lo + u * (self.hi - self.lo);
        if self.integer { value.round() } else { value }
    }

    /// The range in words: `0.15 to 0.6`, or `×0.7 to ×1.3` for a scale.
    pub(crate) fn range_words(&self) -> String {
        match self.setting {
            Setting::Value => format!("{} to {}", self.lo, self.hi),
            Setting::Scale => format!("×{} to ×{}", self.lo, self.hi),
        }
    }
}

/// A knob kept at its value, with the reason.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FixedKnob {
    pub(crate) file: String,
    pub(crate) path: KnobPath,
    pub(crate) why: String,
    pub(crate) line: usize,
}

/// The plausible space of the knob files of a set of artefacts, and the files' documents (to write
/// a design point's files, [`KnobSpace::rewritten`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct KnobSpace {
    /// The ranged knobs, file by file in the order the artefacts name the files, then in
    /// declaration order.
    pub(crate) ranged: Vec<RangedKnob>,
    pub(crate) fixed: Vec<FixedKnob>,
    documents: BTreeMap<String, Value>,
}

/// The `plausible:` section as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Plausible {
    #[serde(default)]
    ranged: Vec<RangedDecl>,
    #[serde(default)]
    fixed: Vec<FixedDecl>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RangedDecl {
    knob: String,
    #[serde(default)]
    range: Option<[f64; 2]>,
    #[serde(default)]
    scale: Option<[f64; 2]>,
    why: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FixedDecl {
    knob: String,
    why: String,
}

/// The part of a knob file this module reads.
#[derive(Debug, Deserialize)]
struct Section {
    #[serde(default)]
    plausible: Option<Plausible>,
    #[serde(default)]
    builds_in: Option<serde::de::IgnoredAny>,
}

impl KnobSpace {
    /// The plausible space of every knob file among the YAML inputs of `artefacts` (each file read
    /// once, paths relative to `root`): a YAML input that declares `builds_in:` must declare
    /// `plausible:` too.
    pub(crate) fn load<'a>(
        root: &Path,
        artefacts: impl IntoIterator<Item = &'a Artefact>,
    ) -> Result<KnobSpace, SourceError> {
        let mut space = KnobSpace::default();
        let mut seen: Vec<String> = Vec::new();
        for artefact in artefacts {
            for (_, file) in artefact.parameters.input_files() {
                let yaml = file.ends_with(".yaml") || file.ends_with(".yml");
                if !yaml || seen.iter().any(|f| f == file) {
                    continue;
                }
                seen.push(file.to_string());
                let path = root.join(file);
                space.read_file(&path, file, &read_text(&path)?)?;
            }
        }
        let mut names: BTreeMap<String, &RangedKnob> = BTreeMap::new();
        for knob in &space.ranged {
            if let Some(other) = names.insert(knob.name(), knob) {
                return Err(SourceError::at_line(
                    root.join(&knob.file),
                    knob.line,
                    format!(
                        "knob `{}` is ranged in {} too (line {}); a knob's name must be unique across the knob files",
                        knob.name(),
                        other.file,
                        other.line
                    ),
                ));
            }
        }
        Ok(space)
    }

    /// Reads the declarations of one knob file (`file` as the artefacts name it, read from `path`).
    fn read_file(&mut self, path: &Path, file: &str, text: &str) -> Result<(), SourceError> {
        let section: Section = parse_yaml(path, text)?;
        let Some(plausible) = section.plausible else {
            if section.builds_in.is_some() {
                return Err(SourceError::at_line(
                    path,
                    yaml_key_line(text, "builds_in").unwrap_or(1),
                    "this knob file declares `builds_in:` but no `plausible:` section: every knob needs a plausible range or the reason it is fixed",
                ));
            }
            return Ok(());
        };
        let document: Value = parse_yaml(path, text)?;
        let lines: Vec<&str> = text.lines().collect();
        let start = yaml_key_line(text, "plausible").unwrap_or(1);
        let at = |knob: &str| declaration_line(&lines, start, knob);
        let mut ranged = Vec::new();
        for decl in plausible.ranged {
            ranged.push(ranged_knob(path, file, &document, decl, &at)?);
        }
        let mut fixed = Vec::new();
        for decl in plausible.fixed {
            let line = at(&decl.knob);
            let bad = |message: String| SourceError::at_line(path, line, message);
            let knob_path = KnobPath::parse(&decl.knob).map_err(|e| bad(e.to_string()))?;
            if !tree::leaves(&document)
                .iter()
                .any(|(leaf, _)| knob_path.covers(leaf))
            {
                return Err(bad(format!(
                    "fixed knob `{knob_path}` is not a knob of this file"
                )));
            }
            if decl.why.trim().is_empty() {
                return Err(bad(format!("fixed knob `{knob_path}` needs its `why`")));
            }
            fixed.push(FixedKnob {
                file: file.to_string(),
                path: knob_path,
                why: decl.why,
                line,
            });
        }
        check_coverage(path, text, &document, &ranged, &fixed)?;
        self.ranged.extend(ranged);
        self.fixed.extend(fixed);
        self.documents.insert(file.to_string(), document);
        Ok(())
    }

    /// The knob files with the ranged knobs set to `values` (one per [`KnobSpace::ranged`], in
    /// order), as YAML text by file; files without a ranged knob are left out (read from disk).
    pub(crate) fn rewritten(&self, values: &[f64]) -> BTreeMap<String, String> {
        let mut documents: BTreeMap<&str, Value> = BTreeMap::new();
        for (knob, &value) in self.ranged.iter().zip(values) {
            let document = documents
                .entry(&knob.file)
                .or_insert_with(|| self.documents[&knob.file].clone());
            let integer = knob.integer;
            match knob.setting {
                Setting::Value => tree::update(document, &knob.path, &|_| number(value, integer)),
                Setting::Scale => tree::update(document, &knob.path, &|old| {
                    number(old.as_f64().unwrap_or(0.0) * value, integer)
                }),
            }
        }
        documents
            .into_iter()
            .map(|(file, document)| {
                let text = serde_yaml::to_string(&document).unwrap_or_default();
                (file.to_string(), text)
            })
            .collect()
    }
}

/// A YAML number: an integer when the knob is one.
fn number(value: f64, integer: bool) -> Value {
    if integer {
        Value::from(value.round() as i64)
    } else {
        Value::from(value)
    }
}

/// One ranged declaration, checked against the file's `document`.
fn ranged_knob(
    path: &Path,
    file: &str,
    document: &Value,
    decl: RangedDecl,
    at: &dyn Fn(&str) -> usize,
) -> Result<RangedKnob, SourceError> {
    let line = at(&decl.knob);
    let bad = |message: String| SourceError::at_line(path, line, message);
    let knob = KnobPath::parse(&decl.knob).map_err(|e| bad(e.to_string()))?;
    let (setting, [lo, hi]) = match (decl.range, decl.scale) {
        (Some(range), None) => (Setting::Value, range),
        (None, Some(scale)) => (Setting::Scale, scale),
        _ => {
            return Err(bad(format!(
                "ranged knob `{knob}` needs exactly one of `range: [lo, hi]` and `scale: [lo, hi]`"
            )));
        }
    };
    if !(lo.is_finite() && hi.is_finite() && lo < hi) {
        return Err(bad(format!(
            "knob `{knob}`: the range [{lo}, {hi}] is not two finite numbers with lo < hi"
        )));
    }
    if decl.why.trim().is_empty() {
        return Err(bad(format!("ranged knob `{knob}` needs its `why`")));
    }
    let leaves = tree::reached(document, &knob);
    let numbers: Vec<&serde_yaml::Number> = leaves
        .iter()
        .filter_map(|v| match v {
            Value::Number(n) => Some(n),
            _ => None,
        })
        .collect();
    if leaves.is_empty() || numbers.len() != leaves.len() {
        return Err(bad(format!(
            "ranged knob `{knob}` does not reach numbers of this file"
        )));
    }
    let integer = numbers.iter().all(|n| !n.is_f64());
    let shipped = match setting {
        Setting::Value if numbers.len() != 1 => {
            return Err(bad(format!(
                "knob `{knob}` reaches {} numbers; a `range` sets one (give each its own, or use `scale`)",
                numbers.len()
            )));
        }
        Setting::Value => numbers[0].as_f64().unwrap_or(f64::NAN),
        Setting::Scale => 1.0,
    };
    if setting == Setting::Value && integer && (lo.fract() != 0.0 || hi.fract() != 0.0) {
        return Err(bad(format!(
            "knob `{knob}` is an integer, so its range needs integer ends, not [{lo}, {hi}]"
        )));
    }
    if !(lo <= shipped && shipped <= hi) {
        return Err(bad(format!(
            "knob `{knob}`: the shipped {} {shipped} lies outside the plausible range [{lo}, {hi}]",
            match setting {
                Setting::Value => "value",
                Setting::Scale => "scale",
            }
        )));
    }
    Ok(RangedKnob {
        file: file.to_string(),
        path: knob,
        setting,
        lo,
        hi,
        integer: integer && setting == Setting::Value,
        shipped,
        why: decl.why,
        line,
    })
}

/// Every knob of the file is ranged by exactly one declaration, or fixed (module documentation).
fn check_coverage(
    path: &Path,
    text: &str,
    document: &Value,
    ranged: &[RangedKnob],
    fixed: &[FixedKnob],
) -> Result<(), SourceError> {
    for (leaf, _) in tree::leaves(document) {
        let by: Vec<&RangedKnob> = ranged.iter().filter(|k| k.path.covers(&leaf)).collect();
        let fixed_depth = fixed
            .iter()
            .filter(|k| k.path.covers(&leaf))
            .map(|k| k.path.depth())
            .max();
        let line = || leaf.top().and_then(|t| yaml_key_line(text, t)).unwrap_or(1);
        match (by.as_slice(), fixed_depth) {
            ([], None) => {
                return Err(SourceError::at_line(
                    path,
                    line(),
                    format!(
                        "knob `{leaf}` has neither a plausible range nor a reason it is fixed (`plausible:` lists every knob)"
                    ),
                ));
            }
            ([first, second, ..], _) => {
                return Err(SourceError::at_line(
                    path,
                    second.line,
                    format!(
                        "knob `{leaf}` is ranged twice (lines {} and {})",
                        first.line, second.line
                    ),
                ));
            }
            ([one], Some(depth)) if depth >= one.path.depth() => {
                return Err(SourceError::at_line(
                    path,
                    one.line,
                    format!("knob `{leaf}` is both ranged (`{}`) and fixed", one.path),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The line (1-based) of the declaration of `knob` in the `plausible:` section, which starts at line
/// `start`: the first line from there that reads `knob: <knob>` (or holds it), else `start`.
fn declaration_line(lines: &[&str], start: usize, knob: &str) -> usize {
    let exact = |l: &&str| {
        let l = l.trim_start().trim_start_matches("- ");
        l.strip_prefix("knob:")
            .is_some_and(|rest| rest.trim().trim_matches(['"', '\'']) == knob)
    };
    let from = start.saturating_sub(1);
    lines
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, l)| exact(l))
        .or_else(|| {
            lines
                .iter()
                .enumerate()
                .skip(from)
                .find(|(_, l)| l.contains(knob))
        })
        .map_or(start, |(i, _)| i + 1)
}

#[cfg(test)]
mod tests;
