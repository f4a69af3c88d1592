//! Mapping rule files for `qrels --rules FILE`: the STC-style consolidation
//! schemes of the NTCIR graded-relevance survey (Sakai, §4.9) written as data instead of code.
//!
//! A rule file holds one rule a line (`#` starts a comment); the first rule that matches a
//! document's labels gives its level (`Lx`) or gain (a number):
//!
//! ```text
//! labels 0 1 2 -> L0        the labels as a multiset (assessors are interchangeable)
//! sum 4..6 -> L2            the sum of the labels within LO..HI, both ends included
//! otherwise majority-low    a built-in rule (crate::assessors::combine) for every other document
//! ```
//!
//! Example (shipped as `data/qrels-rules/ntcir14-stc-cecg.rules`): NTCIR-14 STC CECG consolidated
//! three crowd labels "on a majority-vote basis, but if all three labels differed from one other
//! (i.e., L2 vs. L1 vs. L0), the final relevance level was set to L0" (survey §4.9).

use std::path::{Path, PathBuf};

use crate::assessors::combine::{CombineError, Rule, combine};
use crate::io::input::MAX_INPUT;
use crate::io::labels::Scale;
use crate::io::lines::{LineSource, Lines, TextLines};

/// The most rules a file may hold, and the most labels a `labels` rule may list.
pub const MAX_RULES: usize = 10_000;
pub const MAX_TUPLE: usize = 1_000;

/// What a matching rule gives.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    /// A relevance level `Lx`.
    Level(u32),
    /// A gain value.
    Gain(f64),
}

impl Target {
    fn value(self) -> f64 {
        match self {
            Target::Level(l) => f64::from(l),
            Target::Gain(g) => g,
        }
    }
}

/// A condition on a document's labels.
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    /// Exactly these labels, in any order (sorted here).
    Labels(Vec<i32>),
    /// The labels' sum within `lo..=hi`.
    Sum { lo: i64, hi: i64 },
}

/// A parsed rule file.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleFile {
    pub path: PathBuf,
    /// `(condition, target, line)` in file order.
    pub rules: Vec<(Condition, Target, usize)>,
    /// The built-in rule for documents no line matches.
    pub otherwise: Option<Rule>,
}

/// Why a rule file cannot be read or applied.
#[derive(Debug, thiserror::Error)]
pub enum MappingError {
    #[error("{path}:{line}: {message}")]
    Syntax {
        path: String,
        line: usize,
        message: String,
    },
    #[error("{0}: no rule matches the labels {1:?} and there is no `otherwise` line")]
    NoMatch(String, Vec<i32>),
    #[error(transparent)]
    Combine(#[from] CombineError),
    #[error(transparent)]
    Read(#[from] crate::io::SourceError),
}

impl RuleFile {
    /// Parses `text`, read from `path` (for messages).
    pub fn parse(path: &Path, text: &str) -> Result<RuleFile, MappingError> {
        Self::from_lines(path, &mut TextLines::new(text))
    }

    /// Reads the rule file at `path` a line at a time ([`Lines`], through the input limit).
    pub fn read(path: &Path) -> Result<RuleFile, MappingError> {
        Self::from_lines(path, &mut Lines::open(path, MAX_INPUT)?)
    }

    /// Parses the rules `lines` gives, read from `path` (for messages).
    fn from_lines(path: &Path, lines: &mut dyn LineSource) -> Result<RuleFile, MappingError> {
        let mut file = RuleFile {
            path: path.to_path_buf(),
            rules: Vec::new(),
            otherwise: None,
        };
        while let Some((n, raw)) = lines.next_line()? {
            let i = n - 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let error = |message: String| MappingError::Syntax {
                path: path.display().to_string(),
                line: i + 1,
                message,
            };
            if file.otherwise.is_some() {
                return Err(error("no rule may follow the `otherwise` line".into()));
            }
            if file.rules.len() >= MAX_RULES {
                return Err(error(format!("more than {MAX_RULES} rules")));
            }
            if let Some(name) = line.strip_prefix("otherwise ") {
                let rule = <Rule as clap::ValueEnum>::from_str(name.trim(), false)
                    .map_err(|_| error(format!("`otherwise {}`: expected one of sum, mean, min, max, majority-low, majority-high, ug", name.trim())))?;
                file.otherwise = Some(rule);
                continue;
            }
            let (condition, target) = line.split_once("->").ok_or_else(|| {
                error("expected `labels A B C -> Lx`, `sum LO..HI -> Lx` or `otherwise RULE` (a target may be a gain such as 2.5)".into())
            })?;
            let condition = parse_condition(condition.trim()).map_err(error)?;
            let target = parse_target(target.trim()).map_err(error)?;
            file.rules.push((condition, target, i + 1));
        }
        Ok(file)
    }

    /// Checks that every `labels` rule names labels of `scale` only: a rule with a label off the
    /// scale can never match, so it is an error at its line.
    pub fn check_scale(&self, scale: Scale) -> Result<(), MappingError> {
        for (condition, _, line) in &self.rules {
            let Condition::Labels(tuple) = condition else {
                continue;
            };
            if let Some(off) = tuple.iter().find(|&&l| l < scale.min() || l > scale.max()) {
                return Err(MappingError::Syntax {
                    path: self.path.display().to_string(),
                    line: *line,
                    message: format!(
                        "label {off} is off the declared scale {scale}, so this rule can never match; fix the rule or declare the scale with --scale"
                    ),
                });
            }
        }
        Ok(())
    }

    /// Warnings for rules that can never match because earlier rules match every document they
    /// would: a `labels` rule whose labels an earlier `labels` rule lists or whose sum an earlier
    /// `sum` rule holds, and a `sum` rule whose range earlier `sum` rules cover.
    pub fn unreachable(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        for (k, (condition, _, line)) in self.rules.iter().enumerate() {
            let earlier = &self.rules[..k];
            let sums: Vec<(i64, i64)> = earlier
                .iter()
                .filter_map(|(c, _, _)| match c {
                    Condition::Sum { lo, hi } => Some((*lo, *hi)),
                    Condition::Labels(_) => None,
                })
                .collect();
            let shadowed_by = match condition {
                Condition::Labels(tuple) => {
                    let sum: i64 = tuple.iter().map(|&l| i64::from(l)).sum();
                    earlier.iter().find_map(|(c, _, l)| match c {
                        Condition::Labels(t) if t == tuple => Some(format!("line {l}")),
                        Condition::Sum { lo, hi } if (*lo..=*hi).contains(&sum) => {
                            Some(format!("line {l}"))
                        }
                        _ => None,
                    })
                }
                Condition::Sum { lo, hi } => {
                    covered(&sums, *lo, *hi).then(|| "the `sum` rules before it".to_string())
                }
            };
            if let Some(by) = shadowed_by {
                warnings.push(format!(
                    "warning: {}:{line}: this rule never applies: {by} matches every document it would",
                    self.path.display()
                ));
            }
        }
        warnings
    }

    /// Whether every value this file gives is a level (so it can be written as `Lx`).
    pub fn integral(&self) -> bool {
        self.rules
            .iter()
            .all(|(_, t, _)| matches!(t, Target::Level(_)))
            && self.otherwise.is_none_or(Rule::integral)
    }

    /// The value of a document with `labels` (not empty): the first matching rule's target, else
    /// the `otherwise` rule (`scale_min`, `scale_max` and `p` as [`combine`] takes them).
    pub fn apply(
        &self,
        labels: &[i32],
        scale_min: i32,
        scale_max: i32,
        p: f64,
    ) -> Result<f64, MappingError> {
        let mut sorted = labels.to_vec();
        sorted.sort_unstable();
        let sum: i64 = labels.iter().map(|&l| i64::from(l)).sum();
        for (condition, target, _) in &self.rules {
            let matches = match condition {
                Condition::Labels(tuple) => *tuple == sorted,
                Condition::Sum { lo, hi } => (*lo..=*hi).contains(&sum),
            };
            if matches {
                return Ok(target.value());
            }
        }
        match self.otherwise {
            Some(rule) => Ok(combine(rule, labels, scale_min, scale_max, p)?),
            None => Err(MappingError::NoMatch(
                self.path.display().to_string(),
                sorted,
            )),
        }
    }
}

/// Whether the ranges `ranges` (inclusive) together cover every integer of `lo..=hi`.
fn covered(ranges: &[(i64, i64)], lo: i64, hi: i64) -> bool {
    let mut ranges = ranges.to_vec();
    ranges.sort_unstable();
    let mut next = lo;
    for (a, b) in ranges {
        if a > next {
            break;
        }
        if b >= next {
            match b.checked_add(1) {
                Some(n) => next = n,
                None => return true,
            }
        }
        if next > hi {
            return true;
        }
    }
    next > hi
}

fn parse_condition(text: &str) -> Result<Condition, String> {
    if let Some(list) = text.strip_prefix("labels ") {
        let mut tuple = Vec::new();
        for word in list.split_whitespace() {
            if tuple.len() >= MAX_TUPLE {
                return Err(format!("more than {MAX_TUPLE} labels"));
            }
            tuple.push(
                word.parse::<i32>()
                    .map_err(|_| format!("`{word}`: expected an integer label"))?,
            );
        }
        if tuple.is_empty() {
            return Err("`labels` needs at least one label".into());
        }
        tuple.sort_unstable();
        return Ok(Condition::Labels(tuple));
    }
    if let Some(range) = text.strip_prefix("sum ") {
        let (lo, hi) = range
            .trim()
            .split_once("..")
            .ok_or_else(|| format!("`{range}`: expected LO..HI"))?;
        let bound = |s: &str| {
            s.trim()
                .parse::<i64>()
                .map_err(|_| format!("`{s}`: expected an integer"))
        };
        let (lo, hi) = (bound(lo)?, bound(hi)?);
        if lo > hi {
            return Err(format!("sum {lo}..{hi}: LO must not exceed HI"));
        }
        return Ok(Condition::Sum { lo, hi });
    }
    Err(format!(
        "`{text}`: expected `labels A B C` or `sum LO..HI` before `->`"
    ))
}

fn parse_target(text: &str) -> Result<Target, String> {
    if let Some(level) = text.strip_prefix('L') {
        return level
            .parse::<u32>()
            .ok()
            .filter(|&l| l <= crate::io::qrels::MAX_LEVEL)
            .map(Target::Level)
            .ok_or_else(|| {
                format!(
                    "`{text}`: expected a level L0..L{}",
                    crate::io::qrels::MAX_LEVEL
                )
            });
    }
    let max = crate::io::qrels::MAX_GAIN;
    text.parse::<f64>()
        .ok()
        .filter(|g| g.is_finite() && (0.0..=max).contains(g))
        // `-0` is the gain 0 (printed `0`, not `-0`).
        .map(|g| Target::Gain(if g == 0.0 { 0.0 } else { g }))
        .ok_or_else(|| {
            format!(
                "`{text}`: expected a level `Lx` or a gain (a number from 0 to {max:e}, the largest gain `eval` accepts)"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> RuleFile {
        RuleFile::parse(Path::new("r.rules"), text).unwrap()
    }

    #[test]
    fn first_matching_rule_wins_then_otherwise() {
        let rules = file("# c\nlabels 2 0 1 -> L0\nsum 4..6 -> 2.5\notherwise max\n");
        assert_eq!(rules.apply(&[1, 0, 2], 0, 2, 0.2).unwrap(), 0.0);
        assert_eq!(rules.apply(&[2, 2, 1], 0, 2, 0.2).unwrap(), 2.5);
        assert_eq!(rules.apply(&[1, 1, 0], 0, 2, 0.2).unwrap(), 1.0);
        assert!(!rules.integral());
        assert!(file("sum 0..1 -> L0\notherwise sum\n").integral());
    }

    /// `-0` is the gain 0; a rule that earlier rules shadow is named.
    #[test]
    fn negative_zero_and_unreachable_rules() {
        let rules = file(
            "sum 0..1 -> -0\nsum 2..3 -> L1\nsum 1..3 -> L2\nlabels 1 1 -> L0\nlabels 4 4 -> L2\nlabels 4 4 -> L1\nsum 4..9 -> L2\n",
        );
        let Target::Gain(g) = rules.rules[0].1 else {
            panic!("a gain")
        };
        assert!(g.is_sign_positive());
        let warnings = rules.unreachable().join("\n");
        assert!(
            warnings.contains("r.rules:3: this rule never applies"),
            "{warnings}"
        );
        assert!(warnings.contains("r.rules:4:"), "{warnings}");
        assert!(
            warnings.contains("r.rules:6: this rule never applies: line 5"),
            "{warnings}"
        );
        assert!(
            !warnings.contains("r.rules:5:") && !warnings.contains("r.rules:7:"),
            "{warnings}"
        );
        assert!(covered(&[(i64::MIN, i64::MAX)], 0, 5));
        assert!(!covered(&[(0, 1), (3, 4)], 0, 4));
    }

    #[test]
    fn bad_lines_name_file_and_line() {
        for (text, expected) in [
            ("labels 0 x -> L1\n", "r.rules:1: `x`"),
            ("\nsum 3..1 -> L1\n", "r.rules:2: sum 3..1"),
            ("sum 0..1 -> L100000\n", "expected a level"),
            ("sum 0..1 -> -1\n", "a gain"),
            ("sum 0..1 -> 2e15\n", "from 0 to 1e15"),
            ("otherwise avg\n", "expected one of"),
            (
                "otherwise sum\nsum 0..1 -> L0\n",
                "r.rules:2: no rule may follow",
            ),
            ("sum 0..1\n", "expected `labels"),
        ] {
            let err = RuleFile::parse(Path::new("r.rules"), text)
                .unwrap_err()
                .to_string();
            assert!(err.contains(expected), "{text:?}: {err}");
        }
        let off = file("labels 0 1 -> L0\nlabels 0 3 -> L1\n");
        let err = off
            .check_scale("0..2".parse().unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("r.rules:2: label 3 is off the declared scale 0..2"),
            "{err}"
        );
        assert!(off.check_scale("0..3".parse().unwrap()).is_ok());
        let none = file("sum 0..1 -> L0\n");
        let err = none.apply(&[2, 2], 0, 2, 0.2).unwrap_err().to_string();
        assert!(err.contains("no rule matches the labels [2, 2]"), "{err}");
    }
}
