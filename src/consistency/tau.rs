//! Kendall's tau between two rankings of n runs: which printed values and interval widths are
//! attainable at all (tests/fixtures/statistics.md §2).
//!
//! Without ties `tau = 1 − 2D/N`, N = n(n−1)/2, D the discordant pairs: with 13 runs every tau is a
//! multiple of 1/39, with 44 runs of 1/473. The Hollander–Wolfe–Chicken interval is
//! `tau ± z·sigma`, `sigma² = 2/(n(n−1))·[2(n−2)/(n(n−1))·var_C + 1 − tau²]`, where
//! `C_i = Σ_{k≠i} sign((x_k − x_i)(y_k − y_i))` and `var_C = Σ (C_i − C̄)²/(n − 1)`.
//!
//! Without ties `C_i = (n − 1) − 2·d_i`, where d_i is the number of discordant pairs run i is in
//! (its degree in the inversion graph of the permutation), so `Σ C_i = n(n−1) − 4D` and
//! `Σ C_i² = n(n−1)² − 8(n−1)D + 4·S` with `S = Σ d_i²`: for given n and D the width depends only on S.
//! The width is increasing in S, and S is bounded by
//! - below: the most even degree sequence with sum 2D (⌊2D/n⌋ or ⌈2D/n⌉ each), which no pattern can
//!   beat (a necessary bound; for 2D ≤ n it is attained by D disjoint adjacent swaps);
//! - above: the larger of the quasi-star and the quasi-clique with D edges, the maximum of Σ d_i² over
//!   all graphs with D edges (Ahlswede & Katona, 1978); both are threshold graphs, hence inversion
//!   graphs of permutations, so the bound is attained.
//!
//! A printed half-width outside `[h(S_min), h(S_max)]` (widened by the printing's rounding) is
//! therefore not attainable by any pair of rankings without ties.
//!
//! Ties: at tau = 1 with a nonzero width (paper A Table 2's `1 [.995, 1.005]`) the runs tied in both
//! rankings are the only possible cause: T disjoint tied pairs give `C_i = (n − 1) − t_i` with t_i ∈
//! {0, 1}, tau-b = 1 and `var_C = (2T − (2T)²/n)/(n − 1)`.

use crate::published::cell_label::CellWords;
use serde::Deserialize;

use super::context::CheckContext;
use super::error::WiringError;
use super::printed::Printed;
use super::{CheckKind, CheckResult, Hint, ci, half_unit};
use crate::model::CellKey;
use crate::published::PublishedCell;
use crate::published::printed_style::{PrintedStyle, typographic_minus};
use evia_engine::ranking::{Z_975, attainable_tau};

/// The most runs a `tau` entry may name (the grid of 2,000 runs already has about 2·10^6 points).
pub(crate) const MAX_RUNS: usize = 2_000;

/// A `tau` entry of the wiring: a table of taus (part `tau`, with `ci_lo`/`ci_hi` when an interval
/// is printed) between rankings of `runs` runs, printed with `decimals` decimals.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TauSpec {
    pub(crate) table: String,
    pub(crate) runs: usize,
    pub(crate) decimals: u32,
    /// Whether the text implies runs tied in both rankings where tau = 1 has a nonzero width.
    #[serde(default)]
    pub(crate) ties_at_one: bool,
}

impl TauSpec {
    /// Checks every tau of the table on the grid, and its interval for centre and width; both limits
    /// carry the interval's results.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        if !(2..=MAX_RUNS).contains(&self.runs) {
            return Err(context.invalid(
                &self.table,
                format!(
                    "tau entry of `{}`: runs must be between 2 and {MAX_RUNS}, got {}",
                    self.table, self.runs
                ),
            ));
        }
        if self.decimals > MAX_DECIMALS {
            return Err(context.invalid(
                &self.table,
                format!(
                    "tau entry of `{}`: decimals must be at most {MAX_DECIMALS}, got {}",
                    self.table, self.decimals
                ),
            ));
        }
        let cells = context.require_table(&self.table)?;
        for cell in cells.iter().filter(|c| c.part == "tau") {
            let key =
                |part: &str| CellKey::new(&cell.table, &cell.panel, &cell.row, &cell.column, part);
            let grid = on_grid(cell.value, self.decimals, self.runs);
            let grid = if !grid.ok && self.ties_at_one {
                CheckResult::new(
                    CheckKind::TauGrid,
                    true,
                    format!(
                        "{} (the text implies tied runs in this table, so tau-b may be off the grid)",
                        grid.detail
                    ),
                )
            } else {
                grid
            };
            context.push(key("tau"), grid);
            let limit = |part: &str| context.printed.cell(&key(part)).map(|c| c.value);
            let (Some(lo), Some(hi)) = (limit("ci_lo"), limit("ci_hi")) else {
                continue;
            };
            let centre = self.centre(&context.printed, cell, lo, hi, context.limits.ci_tolerance);
            let width = self.width(cell.value, lo, hi);
            // An off-centre limit's other reading: the other limit mirrored about the estimate.
            for (part, mirrored) in [
                ("ci_lo", 2.0 * cell.value - hi),
                ("ci_hi", 2.0 * cell.value - lo),
            ] {
                let centre = if centre.ok {
                    centre.clone()
                } else {
                    centre.clone().implying(mirrored)
                };
                context.push(key(part), centre);
                context.push(key(part), width.clone());
            }
        }
        Ok(())
    }

    /// The interval's centre check; an off-centre interval names the other cells that print the same
    /// interval (shifted intervals when it is centred there).
    fn centre(
        &self,
        printed: &Printed,
        cell: &PublishedCell,
        lo: f64,
        hi: f64,
        tolerance: f64,
    ) -> CheckResult {
        let mut centre = ci::centred(cell.value, lo, hi, tolerance);
        if !centre.ok {
            let same = same_interval_elsewhere(printed, cell, lo, hi);
            if !same.is_empty() {
                let names: Vec<&str> = same.iter().map(|(name, _)| name.as_str()).collect();
                centre.detail.push_str(&format!(
                    "; the same interval is printed for {}",
                    names.join(", ")
                ));
            }
            if same.iter().any(|&(_, centred)| centred) {
                centre.hint = Some(Hint::ShiftedInterval);
            }
        }
        centre
    }

    /// The interval's width check; where the text implies ties, a width the no-ties bound does not
    /// cover is not held against the paper.
    fn width(&self, tau: f64, lo: f64, hi: f64) -> CheckResult {
        let width = width_attainable(self.runs, tau, lo, hi, self.decimals, self.ties_at_one);
        if !width.ok && self.ties_at_one && tau != 1.0 {
            CheckResult::new(
                CheckKind::CiWidth,
                true,
                format!(
                    "{} — but the text implies tied runs in this table, which this bound does not cover",
                    width.detail
                ),
            )
        } else {
            width
        }
    }
}

/// Other cells of the same paper whose printed interval is exactly `[lo, hi]`, each named with its
/// tau and whether the interval is centred on it there.
fn same_interval_elsewhere(
    printed: &Printed,
    cell: &PublishedCell,
    lo: f64,
    hi: f64,
) -> Vec<(String, bool)> {
    let here = (&cell.table, &cell.panel, &cell.row, &cell.column);
    printed
        .cells()
        .filter(|c| c.part == "ci_lo" && c.value == lo && c.table.starts_with(&cell.table[..2]))
        .filter(|c| (&c.table, &c.panel, &c.row, &c.column) != here)
        .filter(|c| printed.get(&c.table, &c.panel, &c.row, &c.column, "ci_hi") == Some(hi))
        .map(|c| {
            let tau = printed.get(&c.table, &c.panel, &c.row, &c.column, "tau");
            let centred = tau.is_some_and(|t| (t - (lo + hi) / 2.0).abs() <= 0.001);
            let name = format!(
                "{} (τ = {}{})",
                CellWords::of(c).place(),
                tau.map_or("?".to_string(), |t| t.to_string()),
                if centred { ", centred there" } else { "" }
            );
            (name, centred)
        })
        .collect()
}

/// Checks that a printed tau is on the k/N grid of n runs (no ties).
pub(crate) fn on_grid(printed: f64, decimals: u32, n: usize) -> CheckResult {
    let style = arithmetic_style(decimals);
    let pairs = n * (n - 1) / 2;
    let hits = attainable_tau(printed, decimals, n);
    match hits.first() {
        Some(&(d, tau)) => CheckResult::new(
            CheckKind::TauGrid,
            true,
            format!(
                "{} = 1 − 2·{d}/{pairs} = {} (n = {n} runs, D = {d} discordant pairs)",
                shown(printed),
                style.guarded(tau)
            ),
        ),
        None => {
            let d = ((1.0 - printed) * pairs as f64 / 2.0).round().max(0.0) as usize;
            let below = 1.0 - 2.0 * (d as f64 + 1.0) / pairs as f64;
            let above = 1.0 - 2.0 * (d as f64) / pairs as f64;
            CheckResult::new(
                CheckKind::TauGrid,
                false,
                format!(
                    "{} is not 1 − 2D/{pairs} for any D (n = {n} runs): nearest {} and {}",
                    shown(printed),
                    style.guarded(below),
                    style.guarded(above)
                ),
            )
        }
    }
}

/// The HWC half-width z·sigma of tau = 1 − 2D/N for n runs without ties whose discordance degrees
/// have sum of squares `s`.
pub(crate) fn half_width(n: usize, d: usize, s: f64) -> f64 {
    let nf = n as f64;
    let pairs = nf * (nf - 1.0) / 2.0;
    let tau = 1.0 - 2.0 * d as f64 / pairs;
    let sum_c = nf * (nf - 1.0) - 4.0 * d as f64;
    let sum_c2 = nf * (nf - 1.0).powi(2) - 8.0 * (nf - 1.0) * d as f64 + 4.0 * s;
    let var_c = (sum_c2 - sum_c * sum_c / nf) / (nf - 1.0);
    sigma_to_half_width(nf, var_c, tau)
}

fn sigma_to_half_width(nf: f64, var_c: f64, tau: f64) -> f64 {
    let sigma2 =
        2.0 / (nf * (nf - 1.0)) * (2.0 * (nf - 2.0) / (nf * (nf - 1.0)) * var_c + 1.0 - tau * tau);
    Z_975 * sigma2.max(0.0).sqrt()
}

/// The smallest Σ d_i² of n non-negative integers with sum 2D (the most even sequence).
pub(crate) fn min_degree_squares(n: usize, d: usize) -> f64 {
    let (q, r) = ((2 * d) / n, (2 * d) % n);
    ((n - r) * q * q + r * (q + 1) * (q + 1)) as f64
}

/// The largest Σ d_i² of a graph with D edges on n vertices: the larger of the quasi-star and the
/// quasi-clique (Ahlswede & Katona 1978). `None` if D exceeds n(n−1)/2.
pub(crate) fn max_degree_squares(n: usize, d: usize) -> Option<f64> {
    if d > n * (n - 1) / 2 {
        return None;
    }
    // Quasi-star: k vertices joined to every other vertex, then one more joined to r others.
    let mut degrees = vec![0usize; n];
    let mut remaining = d;
    let mut full = 0;
    while full < n && remaining >= n - 1 - full && n - 1 - full > 0 {
        remaining -= n - 1 - full;
        full += 1;
    }
    for (i, deg) in degrees.iter_mut().enumerate() {
        *deg = if i < full { n - 1 } else { full };
    }
    if remaining > 0 {
        degrees[full] += remaining;
        for deg in degrees.iter_mut().skip(full + 1).take(remaining) {
            *deg += 1;
        }
    }
    let star: usize = degrees.iter().map(|x| x * x).sum();
    // Quasi-clique: a clique on k vertices plus one vertex joined to r of them.
    let mut k = 0;
    while (k + 1) * k / 2 <= d {
        k += 1;
    }
    let r = d - k * (k - 1) / 2;
    let mut clique = vec![0usize; n];
    for deg in clique.iter_mut().take(k) {
        *deg = k - 1;
    }
    for deg in clique.iter_mut().take(r) {
        *deg += 1;
    }
    if r > 0 && k < n {
        clique[k] += r;
    }
    let quasi_clique: usize = clique.iter().map(|x| x * x).sum();
    Some(star.max(quasi_clique) as f64)
}

/// The HWC half-width at tau = 1 with T disjoint pairs of runs tied in both rankings.
pub(crate) fn half_width_tied_pairs(n: usize, t: usize) -> f64 {
    let nf = n as f64;
    let ones = 2.0 * t as f64;
    let var_c = (ones - ones * ones / nf) / (nf - 1.0);
    sigma_to_half_width(nf, var_c, 1.0)
}

/// Checks that the printed interval `[lo, hi]` around the printed tau has a half-width attainable by
/// n runs: for every D on the grid near tau, `[h(S_min), h(S_max)]` widened by the rounding of the
/// printed limits. With `ties_at_one`, a tau of 1 may also come with T disjoint tied pairs.
pub(crate) fn width_attainable(
    n: usize,
    printed_tau: f64,
    lo: f64,
    hi: f64,
    decimals: u32,
    ties_at_one: bool,
) -> CheckResult {
    let printed_half = (hi - lo) / 2.0;
    let tolerance = half_unit(decimals) + 1e-9;
    // Half-widths and their attainable ranges at one digit beyond the print (`0.0195`), enough to
    // tell a half-width from the bounds it is held against.
    let style = arithmetic_style(decimals.saturating_add(1));
    let (shown_lo, shown_hi, half) = (shown(lo), shown(hi), style.format(printed_half));
    let mut ranges = Vec::new();
    for (d, _) in attainable_tau(printed_tau, decimals, n) {
        let low = half_width(n, d, min_degree_squares(n, d));
        let high = max_degree_squares(n, d).map_or(low, |s| half_width(n, d, s));
        if printed_half >= low - tolerance && printed_half <= high + tolerance {
            return CheckResult::new(
                CheckKind::CiWidth,
                true,
                format!(
                    "half-width ({shown_hi} − {shown_lo})/2 = {half} lies in the attainable [{}, {}] for n = {n}, D = {d}",
                    style.format(low),
                    style.format(high)
                ),
            );
        }
        ranges.push(format!(
            "D = {d}: [{}, {}]",
            style.format(low),
            style.format(high)
        ));
    }
    if ties_at_one && printed_tau == 1.0 {
        for t in 1..=n / 2 {
            let h = half_width_tied_pairs(n, t);
            if (h - printed_half).abs() <= tolerance {
                return CheckResult::new(
                    CheckKind::CiWidth,
                    true,
                    format!(
                        "half-width {half} at tau = 1 is attained with {t} pair(s) of runs tied in both rankings (z·sigma = {}, n = {n})",
                        style.format(h)
                    ),
                );
            }
        }
        ranges.push("tied pairs at tau = 1: none fits".to_string());
    }
    let ranges = if ranges.is_empty() {
        "no D on the grid".to_string()
    } else {
        ranges.join("; ")
    };
    CheckResult::new(
        CheckKind::CiWidth,
        false,
        format!(
            "half-width ({shown_hi} − {shown_lo})/2 = {half} is not attainable for tau = {} with n = {n} runs ({ranges}; ±{} rounding)",
            shown(printed_tau),
            arithmetic_style(decimals).amount(half_unit(decimals))
        ),
    )
}

/// The most decimals a printed tau may have (the papers print 3): more is a malformed entry, refused
/// before the arithmetic prints anything at that precision.
pub(crate) const MAX_DECIMALS: u32 = 9;

/// How the arithmetic behind a tau verdict prints the numbers it computes ([`PrintedStyle`]): with
/// up to two guard digits beyond the print's `decimals`, trailing zeros dropped down to them
/// (`1.000`, not `1.00000`), a minus sign typographic.
fn arithmetic_style(decimals: u32) -> PrintedStyle {
    PrintedStyle {
        decimals: decimals.min(MAX_DECIMALS + 1) as usize,
        thousands: false,
        no_leading_zero: false,
        percent: false,
    }
}

/// A printed value as the paper gives it (`1`, `0.987`), with the typographic minus.
fn shown(printed: f64) -> String {
    typographic_minus(&printed.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use evia_engine::ranking::kendall_tau;

    #[test]
    fn grid_accepts_multiples_of_one_over_39_for_13_runs() {
        assert!(on_grid(0.974, 3, 13).ok); // 38/39
        assert!(on_grid(0.615, 3, 13).ok); // 24/39
        let r = on_grid(0.950, 3, 13);
        assert!(!r.ok, "{}", r.detail);
    }

    /// Computed numbers print at the print's precision plus two guard digits, trailing zeros
    /// dropped: tau = 1 of 44 runs reads `1 = 1 − 2·0/946 = 1.000`, not `= 1.00000`; a negative
    /// tau carries the typographic minus.
    #[test]
    fn grid_arithmetic_prints_at_the_printed_precision() {
        assert_eq!(
            on_grid(1.0, 3, 44).detail,
            "1 = 1 − 2·0/946 = 1.000 (n = 44 runs, D = 0 discordant pairs)"
        );
        assert!(
            on_grid(0.987, 3, 44)
                .detail
                .ends_with("= 0.98732 (n = 44 runs, D = 6 discordant pairs)")
        );
        let r = on_grid(-0.95, 3, 13);
        assert!(r.detail.starts_with("\u{2212}0.95 is not"), "{}", r.detail);
    }

    #[test]
    fn half_width_formula_matches_the_engine() {
        // tests/fixtures/statistics.md §2: one adjacent swap of 13 runs, tau = 38/39, CI [0.894289, 1.054429].
        let x: Vec<f64> = (0..13).map(f64::from).collect();
        let mut y = x.clone();
        y.swap(0, 1);
        let k = kendall_tau(&x, &y).unwrap();
        let h = half_width(13, 1, 2.0);
        assert!((h - (k.ci_high - k.tau)).abs() < 1e-12);
        assert!((h - (1.054429 - 0.974359)).abs() < 1e-6);
        // Three disjoint swaps: 12/13, CI [0.801565, 1.044589].
        assert!((half_width(13, 3, 6.0) - (1.044589 - 0.923077)).abs() < 1e-6);
    }

    #[test]
    fn degree_bounds_bracket_real_patterns() {
        // One run moved down by 3 places: a star with 3 edges, S = 9 + 3 = 12.
        assert_eq!(max_degree_squares(13, 3), Some(12.0));
        assert_eq!(min_degree_squares(13, 3), 6.0);
        assert_eq!(max_degree_squares(4, 7), None);
    }

    #[test]
    fn widths_are_checked_against_the_attainable_range() {
        // Paper B Table 6(a): 0.872 [0.696, 1.048] (D = 5 of 78).
        assert!(width_attainable(13, 0.872, 0.696, 1.048, 3, false).ok);
        // Paper B Table 3(a), 2lancers vs lancer1: 0.949 [0.894, 1.054]; D = 2 allows only
        // half-widths in [0.1065, 0.1263].
        let r = width_attainable(13, 0.949, 0.894, 1.054, 3, false);
        assert!(!r.ok, "{}", r.detail);
        // Paper A Table 2: 1 [.995, 1.005] needs tied runs; 44 runs with 4 tied pairs give 0.0052.
        assert!(!width_attainable(44, 1.0, 0.995, 1.005, 3, false).ok);
        let r = width_attainable(44, 1.0, 0.995, 1.005, 3, true);
        assert!(r.ok, "{}", r.detail);
    }
}
