//! Checkable statements of the running text, checked on the printed numbers: every selected cell
//! satisfies a bound (paper B §4.1.1: "all the rankings are statistically equivalent", every CI upper
//! limit ≥ 1), one group of cells exceeds another, a count of distinct keys satisfies a bound, or the
//! largest unanimity-aware gain is (1 + p)·N·Dmax (paper A §3, by enumerating every rating vector).

use crate::model::artefact_words;
use crate::published::cell_label::CellWords;
use serde::Deserialize;

use super::CheckResult;
use super::context::CheckContext;
use super::error::WiringError;
use super::outcome::{Judgement, StatementOutcome};
use super::printed::Printed;
use super::readings::{Readings, Values};
use super::selector::{CountSpec, Op, Selector, count_distinct};
use crate::model::CellKey;
use crate::model::ProvenanceClass;
use crate::published::PublishedCell;
use evia_engine::gain::{GainSetting, item_gains, max_unanimity_aware_gain};
use std::collections::BTreeMap;

/// A `statements` entry of the wiring: a statement of the running text and what checks it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StatementSpec {
    pub(crate) id: String,
    pub(crate) table: String,
    pub(crate) section: String,
    pub(crate) claim: String,
    pub(crate) printed: String,
    pub(crate) class: ProvenanceClass,
    /// Every selected cell satisfies `op bound`.
    #[serde(default)]
    pub(crate) all: Vec<Bound>,
    /// Every `higher` cell exceeds every `lower` cell that shares its `by` dimensions.
    #[serde(default)]
    pub(crate) greater: Option<Greater>,
    /// The number of distinct selected keys satisfies `op bound`.
    #[serde(default)]
    pub(crate) count: Option<CountBound>,
    /// The largest UG_i over every rating vector equals (1 + p)·N·Dmax (paper A §3).
    #[serde(default)]
    pub(crate) max_gain: Option<MaxGain>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Bound {
    pub(crate) select: Selector,
    pub(crate) op: Op,
    pub(crate) bound: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Greater {
    pub(crate) higher: Selector,
    pub(crate) lower: Selector,
    pub(crate) by: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountBound {
    #[serde(flatten)]
    pub(crate) count: CountSpec,
    pub(crate) op: Op,
    pub(crate) bound: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MaxGain {
    pub(crate) n: usize,
    pub(crate) dmax: u32,
    pub(crate) p: f64,
}

impl StatementSpec {
    /// Checks the statement and records whether it holds, with the arithmetic.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        let paper = context.printed.paper_of(&self.table).ok_or_else(|| {
            context.invalid(
                &self.id,
                format!(
                    "statement `{}` names an unknown table `{}`",
                    self.id, self.table
                ),
            )
        })?;
        let (judgement, detail) = self
            .check(&context.printed, &Values::default())
            .map_err(|m| context.invalid(&self.id, m))?;
        let rests_on = self.values_read(&context.printed);
        context.checks.statements.push(StatementOutcome {
            paper,
            id: self.id.clone(),
            table: self.table.clone(),
            section: self.section.clone(),
            claim: self.claim.clone(),
            printed: self.printed.clone(),
            class: self.class,
            judgement,
            detail,
            rests_on,
            readings: None,
        });
        Ok(())
    }

    /// The printed numbers whose values the statement reads (its bounds and comparisons; a count
    /// reads which rows are printed, not their values).
    pub(super) fn values_read(&self, printed: &Printed) -> Vec<crate::model::CellKey> {
        let mut keys = Vec::new();
        for bound in &self.all {
            keys.extend(printed.select(&bound.select).iter().map(|c| c.key()));
        }
        if let Some(greater) = &self.greater {
            for selector in [&greater.higher, &greater.lower] {
                keys.extend(printed.select(selector).iter().map(|c| c.key()));
            }
        }
        keys.sort();
        keys.dedup();
        keys
    }

    /// Whether every part of the statement holds, with each part's arithmetic: it fails when one
    /// part fails, and the print cannot decide it when no part fails but one is undecided.
    /// `values` replaces the printed value of the cells it names (another reading of them).
    pub(super) fn check(
        &self,
        printed: &Printed,
        values: &Values,
    ) -> Result<(Judgement, String), String> {
        let mut parts = Vec::new();
        for bound in &self.all {
            parts.push(bound.check(printed, &self.id, values)?);
        }
        if let Some(greater) = &self.greater {
            parts.push(decided(greater.check(printed, &self.id, values)?));
        }
        if let Some(count) = &self.count {
            parts.push(decided(count.check(printed)?));
        }
        if let Some(max_gain) = &self.max_gain {
            parts.push(decided(max_gain.check()?));
        }
        if parts.is_empty() {
            return Err(format!("statement `{}` has nothing to check", self.id));
        }
        let judgement = if parts.iter().any(|(j, _)| *j == Judgement::Fails) {
            Judgement::Fails
        } else if parts.iter().any(|(j, _)| *j == Judgement::Undecided) {
            Judgement::Undecided
        } else {
            Judgement::Holds
        };
        let details: Vec<String> = parts.into_iter().map(|(_, detail)| detail).collect();
        Ok((judgement, details.join("; ")))
    }
}

/// Which way a statement reads a number (for [`StatementSpec::readings`]): a larger value helps it hold, or hurts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    Up,
    Down,
    /// An equality, or both ways at once: no reading is the least favourable.
    Neither,
}

impl StatementSpec {
    /// How the statement's verdict stands on the printed numbers it reads that a check in `cells`
    /// finds inconsistent; `None` when it reads none.
    pub(crate) fn readings(
        &self,
        printed: &Printed,
        cells: &BTreeMap<CellKey, Vec<CheckResult>>,
    ) -> Option<Readings> {
        let mut rejected: Vec<(CellKey, Vec<f64>)> = Vec::new();
        for key in self.values_read(printed) {
            let failed: Vec<&CheckResult> = cells
                .get(&key)
                .into_iter()
                .flatten()
                .filter(|r| !r.ok)
                .collect();
            if failed.is_empty() {
                continue;
            }
            let Some(cell) = printed.cell(&key) else {
                return Some(Readings::Unknown);
            };
            let mut values = vec![cell.value];
            for result in failed {
                match result.implied {
                    Some(v) => values.push(v),
                    None => return Some(Readings::Unknown),
                }
            }
            rejected.push((key, values));
        }
        if rejected.is_empty() {
            return None;
        }
        let mut worst = BTreeMap::new();
        let mut best = BTreeMap::new();
        for (key, values) in rejected {
            let lowest = values.iter().copied().fold(f64::INFINITY, f64::min);
            let highest = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let (w, b) = match self.direction(printed, &key) {
                Direction::Up => (lowest, highest),
                Direction::Down => (highest, lowest),
                Direction::Neither if lowest == highest => (lowest, lowest),
                Direction::Neither => return Some(Readings::Unknown),
            };
            worst.insert(key.clone(), w);
            best.insert(key, b);
        }
        let judge = |values: BTreeMap<CellKey, f64>| {
            self.check(printed, &Values(values))
                .map(|(j, _)| j)
                .unwrap_or(Judgement::Undecided)
        };
        if judge(worst) == judge(best) {
            return Some(Readings::Same);
        }
        let as_printed = judge(BTreeMap::new());
        Some(Readings::Differ {
            as_printed_holds: as_printed == Judgement::Holds,
        })
    }

    /// Which way the statement reads the cell `key`, over every part that reads it.
    fn direction(&self, printed: &Printed, key: &CellKey) -> Direction {
        let mut ways = Vec::new();
        for bound in &self.all {
            if printed
                .select(&bound.select)
                .iter()
                .any(|c| &c.key() == key)
            {
                ways.push(match bound.op {
                    Op::Gt | Op::Ge => Direction::Up,
                    Op::Lt | Op::Le => Direction::Down,
                    Op::Eq => Direction::Neither,
                });
            }
        }
        if let Some(greater) = &self.greater {
            for (selector, way) in [
                (&greater.higher, Direction::Up),
                (&greater.lower, Direction::Down),
            ] {
                if printed.select(selector).iter().any(|c| &c.key() == key) {
                    ways.push(way);
                }
            }
        }
        match ways.split_first() {
            Some((&first, rest)) if rest.iter().all(|&w| w == first) => first,
            _ => Direction::Neither,
        }
    }
}

/// A part of a statement that the print always decides.
fn decided((holds, detail): (bool, String)) -> (Judgement, String) {
    (
        if holds {
            Judgement::Holds
        } else {
            Judgement::Fails
        },
        detail,
    )
}

impl Bound {
    /// Every selected cell against the bound. A strict bound (`>`, `<`) on a number printed exactly
    /// at the bound cannot be decided at the printed precision: a printed `1` may stand for 0.9996
    /// or 1.0004.
    fn check(
        &self,
        printed: &Printed,
        id: &str,
        values: &Values,
    ) -> Result<(Judgement, String), String> {
        let cells = printed.select(&self.select);
        if cells.is_empty() {
            return Err(format!("statement `{id}` selects no cell"));
        }
        let strict = matches!(self.op, Op::Gt | Op::Lt);
        let at_bound = |c: &&PublishedCell| strict && values.of(c) == self.bound;
        let words = |c: &&PublishedCell| {
            let words = CellWords::of(c).within_table_up_to_column();
            format!("{words} = {}", c.printed)
        };
        let failing: Vec<String> = cells
            .iter()
            .filter(|c| !at_bound(c) && !self.op.holds(values.of(c), self.bound))
            .map(words)
            .collect();
        let undecided = cells.iter().filter(|c| at_bound(c)).count();
        let equal = cells.iter().filter(|c| values.of(c) == self.bound).count();
        if failing.is_empty() && undecided > 0 {
            let detail = format!(
                "{} of {} values of {} are {} {}, and {undecided} print as exactly {}, which the printed precision cannot place {} {}",
                cells.len() - undecided,
                cells.len(),
                artefact_words(&self.select.table),
                self.op.symbol(),
                self.bound,
                self.bound,
                if self.op == Op::Gt { "above" } else { "below" },
                self.bound,
            );
            return Ok((Judgement::Undecided, detail));
        }
        let detail = if failing.is_empty() {
            let table = artefact_words(&self.select.table);
            // "the 1 selected value … is", never "all 1 selected values … are".
            let subject = match cells.len() {
                1 => format!("the 1 selected value of {table} is"),
                n => format!("all {n} selected values of {table} are"),
            };
            format!(
                "{subject} {} {}{}",
                self.op.symbol(),
                self.bound,
                if equal > 0 && self.op == Op::Ge {
                    format!(" ({equal} of them exactly {})", self.bound)
                } else {
                    String::new()
                }
            )
        } else {
            format!(
                "{} of {} values of {} are not {} {}: {}",
                failing.len(),
                cells.len(),
                artefact_words(&self.select.table),
                self.op.symbol(),
                self.bound,
                failing.join(", ")
            )
        };
        Ok(decided((failing.is_empty(), detail)))
    }
}

impl Greater {
    fn check(
        &self,
        printed: &Printed,
        id: &str,
        values: &Values,
    ) -> Result<(bool, String), String> {
        let highs = printed.select(&self.higher);
        let lows = printed.select(&self.lower);
        let dims = |c: &PublishedCell| -> Vec<String> {
            self.by
                .iter()
                .map(|d| match d.as_str() {
                    "panel" => c.panel.clone(),
                    "row" => c.row.clone(),
                    _ => c.column.clone(),
                })
                .collect()
        };
        let mut compared = 0;
        let mut failing = Vec::new();
        for low in &lows {
            for high in highs.iter().filter(|h| dims(h) == dims(low)) {
                compared += 1;
                if values.of(high) <= values.of(low) {
                    failing.push(format!(
                        "{}, {} {} ≤ {}, {} {}",
                        high.row, high.column, high.printed, low.row, low.column, low.printed
                    ));
                }
            }
        }
        if compared == 0 {
            return Err(format!("statement `{id}` compares no cells"));
        }
        let detail = if failing.is_empty() {
            format!(
                "all {compared} comparisons hold (higher > lower by {})",
                self.by.join(", ")
            )
        } else {
            format!(
                "{} of {compared} comparisons fail: {}",
                failing.len(),
                failing.join("; ")
            )
        };
        Ok((failing.is_empty(), detail))
    }
}

impl CountBound {
    fn check(&self, printed: &Printed) -> Result<(bool, String), String> {
        let (n, shown) = count_distinct(&printed.select(&self.count.select), &self.count)?;
        let ok = self.op.holds(n as f64, self.bound);
        Ok((
            ok,
            format!(
                "{shown}; {n} {} {} {}",
                self.op.symbol(),
                self.bound,
                if ok { "holds" } else { "does not hold" }
            ),
        ))
    }
}

/// The most rating vectors a `max_gain` statement enumerates (paper A's setting has 4^5 = 1,024).
const MAX_RATING_VECTORS: usize = 1_000_000;

impl MaxGain {
    /// Enumerates every rating vector of N ratings on 0..=Dmax and compares the largest UG_i with
    /// (1 + p)·N·Dmax.
    fn check(&self) -> Result<(bool, String), String> {
        let setting = GainSetting {
            dmax: self.dmax,
            p: self.p,
        };
        let levels = self.dmax as usize + 1;
        let total = u32::try_from(self.n)
            .ok()
            .and_then(|n| levels.checked_pow(n))
            .filter(|&t| t <= MAX_RATING_VECTORS)
            .ok_or_else(|| {
                format!(
                    "max_gain: (Dmax + 1)^N = {levels}^{} rating vectors exceed the {MAX_RATING_VECTORS} this check enumerates",
                    self.n
                )
            })?;
        let mut best = f64::MIN;
        let mut ratings = vec![0u32; self.n];
        for code in 0..total {
            let mut rest = code;
            for r in ratings.iter_mut() {
                *r = (rest % levels) as u32;
                rest /= levels;
            }
            let gains = item_gains(&ratings, setting).map_err(|e| e.to_string())?;
            best = best.max(gains.unanimity_aware);
        }
        let formula = max_unanimity_aware_gain(self.n, setting);
        let ok = (best - formula).abs() < 1e-9;
        Ok((
            ok,
            format!(
                "max UG over all {total} rating vectors (N = {}, Dmax = {}, p = {}) = {best} {} (1 + p)·N·Dmax = {formula}",
                self.n,
                self.dmax,
                self.p,
                if ok { "=" } else { "≠" }
            ),
        ))
    }
}
