//! p-values, differences and effect sizes of one run pair must tell the same story.
//!
//! Paper A §5 defines `ES_HSD = |d| / sqrt(V_E)`, V_E the residual variance of the two-way ANOVA
//! (tests/fixtures/statistics.md §4). From a printed |d| and ES_HSD we therefore infer V_E, and the
//! classical Tukey HSD p-value of the pair is `P(Q_{m,(n−1)(m−1)} ≥ |d| / sqrt(V_E / n))`
//! (tests/fixtures/statistics.md §5): with the stated definition, `q = ES_HSD·sqrt(n)` whatever |d| is. The
//! randomised Tukey HSD the paper uses approximates the classical one, so the two p-values should be
//! of the same order; a printed randomised p more than `factor` times away from the classical one
//! (in either direction) is incompatible.
//!
//! Other readings of the definition are tried and reported:
//! - `|d| / V_E` (the variance, not the standard deviation): V_E = |d|/ES, q = sqrt(n·|d|·ES);
//! - `|d| / sqrt(V_E / n)` (the standard error): q = ES.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use super::context::CheckContext;
use super::error::WiringError;
use super::{CheckKind, CheckResult, Hint};
use crate::published::PublishedCell;
use evia_engine::significance::ptukey::studentized_range_sf;

/// The most topics a `tukey` entry may name (the runs are bounded as in a `tau` entry).
pub(crate) const MAX_TOPICS: usize = 100_000;

/// The part of a row's printed |d| (the mean difference the p-value and effect size follow from).
const ABS_D: &str = "abs_d";

/// A `tukey` entry of the wiring: a table whose rows are run pairs, with `p`, `abs_d` and `es_hsd`
/// per condition (column), from a test over `topics` topics and `runs` runs.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TukeySpec {
    pub(crate) table: String,
    pub(crate) topics: usize,
    pub(crate) runs: usize,
    /// The significance level the table's discrepancies are defined by (a p below it is bold).
    pub(crate) alpha: f64,
}

/// A reading of the definition other than the stated one under which every failing row's printed
/// p-values come within the check's factor of the classical ones, with what speaks against it: the
/// classical p-values it gives for those rows, against α and against the printed ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Candidate {
    pub(crate) reading: EffectSizeReading,
    /// The printed p-values of the failing rows, and how many the reading's classical p puts
    /// below α.
    pub(crate) p_values: usize,
    pub(crate) below_alpha: usize,
    /// α in thousandths (0.05 is 50).
    pub(crate) alpha_thousandths: u32,
    /// How many times smaller than the printed p the reading's classical p is, over those p-values:
    /// the least and the most, in tenths, rounded outward (2.3 to 4.8 times is 23 and 48).
    pub(crate) smaller_tenths: (u32, u32),
}

impl Candidate {
    /// The reading's ratio range in words: `2.3 to 4.8`.
    pub(crate) fn smaller_words(self) -> String {
        let tenths = |t: u32| format!("{}.{}", t / 10, t % 10);
        format!(
            "{} to {}",
            tenths(self.smaller_tenths.0),
            tenths(self.smaller_tenths.1)
        )
    }

    /// α as printed (`0.05`).
    pub(crate) fn alpha_words(self) -> String {
        let alpha = f64::from(self.alpha_thousandths) / 1000.0;
        format!("{alpha}")
    }
}

impl TukeySpec {
    /// Checks every condition of each (panel, row) and records the row's joint result on all of its
    /// cells.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        if !(2..=MAX_TOPICS).contains(&self.topics)
            || !(2..=super::tau::MAX_RUNS).contains(&self.runs)
        {
            return Err(context.invalid(
                &self.table,
                format!(
                    "tukey entry of `{}`: topics must be between 2 and {MAX_TOPICS} and runs between 2 and {}, got {} and {}",
                    self.table,
                    super::tau::MAX_RUNS,
                    self.topics,
                    self.runs
                ),
            ));
        }
        if !(self.alpha > 0.0 && self.alpha < 1.0) {
            return Err(context.invalid(
                &self.table,
                format!(
                    "tukey entry of `{}`: alpha must lie between 0 and 1, got {}",
                    self.table, self.alpha
                ),
            ));
        }
        let cells = context.require_table(&self.table)?;
        let mut rows: BTreeMap<(&str, &str), Vec<&PublishedCell>> = BTreeMap::new();
        for cell in &cells {
            rows.entry((&cell.panel, &cell.row)).or_default().push(cell);
        }
        let mut checked = Vec::new();
        for ((panel, row), row_cells) in rows {
            let conditions: BTreeSet<&str> = row_cells.iter().map(|c| c.column.as_str()).collect();
            let mut details = Vec::new();
            let mut ok = true;
            let mut hint = None;
            let mut printed = Vec::new();
            for condition in conditions {
                let get = |part: &str| {
                    context
                        .printed
                        .get(&self.table, panel, row, condition, part)
                };
                let (Some(p), Some(d), Some(es)) = (get("p"), get(ABS_D), get("es_hsd")) else {
                    continue;
                };
                printed.push((p, d, es));
                let r = p_agrees_with_effect_size(
                    p,
                    d,
                    es,
                    self.topics,
                    self.runs,
                    context.limits.tukey_factor,
                );
                ok &= r.ok;
                if !r.ok {
                    hint = Hint::first(hint, r.hint);
                }
                details.push(format!(
                    "under {}, {}",
                    crate::published::cell_label::id_words(condition, "column"),
                    r.detail
                ));
            }
            let mut result = CheckResult::new(CheckKind::Tukey, ok, details.join("; "));
            result.hint = hint;
            checked.push((row_cells, result, printed));
        }
        // The one reading every failing row fits, with the classical p-values it gives them.
        let failing: Vec<_> = checked.iter().filter(|(_, r, _)| !r.ok).collect();
        let fits: BTreeSet<Option<EffectSizeReading>> = failing
            .iter()
            .map(|(_, r, _)| match r.hint {
                Some(Hint::DefinitionMismatch { fits }) => fits.map(|c| c.reading),
                _ => None,
            })
            .collect();
        let candidate = match fits.into_iter().collect::<Vec<_>>()[..] {
            [Some(reading)] => self.candidate(
                reading,
                failing
                    .iter()
                    .flat_map(|(_, _, printed)| printed.iter().copied()),
            ),
            _ => None,
        };
        for (row_cells, mut result, _) in checked {
            if !result.ok {
                result.hint = Some(Hint::DefinitionMismatch { fits: candidate });
            }
            // The check asks whether a printed p-value, |d| and effect size can all hold together;
            // the check cannot tell which of the three is wrong, so a failing row's |d| is part of
            // its finding (the candidate reading reads it too).
            for cell in &row_cells {
                context.push(cell.key(), result.clone());
            }
        }
        Ok(())
    }

    /// `reading` as a candidate for the printed `(p, |d|, ES)` triples: the classical p each gives,
    /// against α and against the printed p.
    fn candidate(
        &self,
        reading: EffectSizeReading,
        printed: impl Iterator<Item = (f64, f64, f64)>,
    ) -> Option<Candidate> {
        let mut p_values = 0;
        let mut below_alpha = 0;
        let (mut least, mut most) = (f64::INFINITY, 0.0f64);
        for (p_printed, d, es) in printed {
            let (_, p) = classical_p(reading, d, es, self.topics, self.runs)?;
            p_values += 1;
            if p < self.alpha {
                below_alpha += 1;
            }
            let ratio = p_printed / p.max(f64::MIN_POSITIVE);
            least = least.min(ratio);
            most = most.max(ratio);
        }
        (p_values > 0).then(|| Candidate {
            reading,
            p_values,
            below_alpha,
            alpha_thousandths: (self.alpha * 1000.0).round() as u32,
            smaller_tenths: (
                (least * 10.0).floor().clamp(0.0, 1e6) as u32,
                (most * 10.0).ceil().clamp(0.0, 1e6) as u32,
            ),
        })
    }
}

/// A reading of the effect-size definition: how V_E follows from |d| and ES_HSD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum EffectSizeReading {
    /// ES = |d| / sqrt(V_E), the paper's stated definition.
    StandardDeviation,
    /// ES = |d| / V_E.
    Variance,
    /// ES = |d| / sqrt(V_E / n).
    StandardError,
}

impl EffectSizeReading {
    pub(crate) const ALL: [EffectSizeReading; 3] = [
        EffectSizeReading::StandardDeviation,
        EffectSizeReading::Variance,
        EffectSizeReading::StandardError,
    ];

    pub(crate) fn formula(self) -> &'static str {
        match self {
            EffectSizeReading::StandardDeviation => "ES = |d|/√V_E",
            EffectSizeReading::Variance => "ES = |d|/V_E",
            EffectSizeReading::StandardError => "ES = |d|/√(V_E/n)",
        }
    }

    /// The reading as the paper names the effect size, in plain text.
    pub(crate) fn formula_hsd(self) -> &'static str {
        match self {
            EffectSizeReading::StandardDeviation => "ES_HSD = |d|/√V_E",
            EffectSizeReading::Variance => "ES_HSD = |d|/V_E",
            EffectSizeReading::StandardError => "ES_HSD = |d|/√(V_E/n)",
        }
    }

    /// The reading as LaTeX math (in text mode: it opens and closes its own `$`).
    pub(crate) fn formula_latex(self) -> &'static str {
        match self {
            EffectSizeReading::StandardDeviation => "ES$_\\mathrm{HSD} = |d|/\\sqrt{V_E}$",
            EffectSizeReading::Variance => "ES$_\\mathrm{HSD} = |d|/V_E$",
            EffectSizeReading::StandardError => "ES$_\\mathrm{HSD} = |d|/\\sqrt{V_E/n}$",
        }
    }

    /// What the reading divides |d| by, in words.
    pub(crate) fn divisor_words(self) -> &'static str {
        match self {
            EffectSizeReading::StandardDeviation => "the residual standard deviation",
            EffectSizeReading::Variance => {
                "the residual variance V_E itself, not its square root (the stated residual standard deviation)"
            }
            EffectSizeReading::StandardError => "the standard error of a mean over the n topics",
        }
    }

    /// V_E implied by |d| and ES under this reading (n topics).
    pub(crate) fn residual_variance(self, d: f64, es: f64, n: usize) -> f64 {
        match self {
            EffectSizeReading::StandardDeviation => (d / es).powi(2),
            EffectSizeReading::Variance => d / es,
            EffectSizeReading::StandardError => n as f64 * (d / es).powi(2),
        }
    }
}

/// The classical Tukey HSD p of a pair under one reading: (q, p).
pub(crate) fn classical_p(
    reading: EffectSizeReading,
    d: f64,
    es: f64,
    topics: usize,
    runs: usize,
) -> Option<(f64, f64)> {
    if d <= 0.0 || es <= 0.0 || topics < 2 || runs < 2 {
        return None;
    }
    let v_e = reading.residual_variance(d, es, topics);
    let q = d / (v_e / topics as f64).sqrt();
    let df = ((topics - 1) * (runs - 1)) as f64;
    studentized_range_sf(q, runs, df).ok().map(|p| (q, p))
}

/// Whether two p-values are within `factor` of each other (ratio in [1/factor, factor]).
pub(crate) fn compatible(p_classical: f64, p_printed: f64, factor: f64) -> bool {
    p_classical >= p_printed / factor && p_classical <= p_printed * factor
}

/// Checks one pair's printed randomised p against |d| and ES_HSD under the stated definition, and
/// says which other readings would make them compatible.
pub(crate) fn p_agrees_with_effect_size(
    p_printed: f64,
    d: f64,
    es: f64,
    topics: usize,
    runs: usize,
    factor: f64,
) -> CheckResult {
    let mut parts = Vec::new();
    let mut stated_ok = false;
    let mut others = Vec::new();
    let mut fits = None;
    for reading in EffectSizeReading::ALL {
        let Some((q, p)) = classical_p(reading, d, es, topics, runs) else {
            return CheckResult::new(
                CheckKind::Tukey,
                false,
                format!("|d| = {d} and ES = {es} do not define a residual variance"),
            );
        };
        let ok = compatible(p, p_printed, factor);
        if reading == EffectSizeReading::StandardDeviation {
            stated_ok = ok;
            let v_e = reading.residual_variance(d, es, topics);
            let p_shown = if p < 1e-15 {
                "below 1e-15".to_string()
            } else {
                format!("{p:.2e}")
            };
            parts.push(format!(
                "the stated {} gives V_E = ({d}/{es})² = {v_e:.5} and q = |d|/√(V_E/{topics}) = {q:.2}, so the classical Tukey p is {p_shown}, {} the printed {p_printed}",
                reading.formula(),
                if ok { "compatible with" } else { "incompatible with" }
            ));
        } else if ok {
            fits = fits.or(Some(reading));
            others.push(format!("{} (q = {q:.2}, p = {p:.3})", reading.formula()));
        }
    }
    let verdict = if others.is_empty() {
        "no other reading makes them compatible".to_string()
    } else {
        format!("compatible under {}", others.join(" and "))
    };
    let result = CheckResult::new(
        CheckKind::Tukey,
        stated_ok,
        format!(
            "{}; {verdict} ({runs} runs, {} residual degrees of freedom, within a factor of {factor})",
            parts.join("; "),
            (topics - 1) * (runs - 1)
        ),
    );
    if stated_ok {
        result
    } else {
        // The reading alone; the table's check adds what speaks against it ([`TukeySpec::apply`]).
        result.with_hint(Hint::DefinitionMismatch {
            fits: fits.map(|reading| Candidate {
                reading,
                p_values: 0,
                below_alpha: 0,
                alpha_thousandths: 0,
                smaller_tenths: (0, 0),
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consistent_numbers_pass_under_the_stated_definition() {
        // A synthetic pair: 100 topics, 16 runs, V_E = 0.04 (sd 0.2). A difference of 0.1 gives
        // ES = 0.5 and q = 5.0, whose classical p is about 0.05 for m = 16.
        let (q, p) = classical_p(EffectSizeReading::StandardDeviation, 0.1, 0.5, 100, 16).unwrap();
        assert!((q - 5.0).abs() < 1e-12);
        assert!(p > 0.02 && p < 0.1, "{p}");
        let r = p_agrees_with_effect_size(p, 0.1, 0.5, 100, 16, 10.0);
        assert!(r.ok, "{}", r.detail);
    }

    #[test]
    fn paper_a_row_one_is_incompatible_but_fits_the_variance_reading() {
        // Paper A Table 3 row 1 (I): p = .064, |d| = .1373, ES_HSD = 1.808, 100 topics, 16 runs.
        let r = p_agrees_with_effect_size(0.064, 0.1373, 1.808, 100, 16, 10.0);
        assert!(!r.ok, "{}", r.detail);
        assert!(
            r.detail.contains("q = |d|/√(V_E/100) = 18.08"),
            "{}",
            r.detail
        );
        assert!(
            r.detail.contains("compatible under ES = |d|/V_E"),
            "{}",
            r.detail
        );
    }
}
