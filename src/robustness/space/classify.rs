//! Each claim across the knob space: its holding rate over the whole design, its rate in each bin
//! of each knob's range, each knob's first-order index and permutation test
//! ([`super::sensitivity`]), and its class.
//!
//! The class (docs/robustness.md, "What we do not know about the data"), with α = 0.05 for the
//! claim's family of d tests (Holm-adjusted, one per ranged knob):
//!
//! - **decided by K**: K's test rejects, and K's range has a bin whose rate's whole Wilson 95%
//!   interval lies below 0.5 (there the claim mostly fails) and a bin whose whole interval lies above
//!   0.5 (there it mostly holds): within K's range the claim flips from mostly failing to mostly
//!   holding;
//! - **depends on K**: K's test rejects, but K decides nothing (no such pair of bins);
//! - **robust**: no knob's test rejects: no knob moves the rate detectably at this design size, so
//!   the rate over the space (with its words) holds across it.
//!
//! The knobs a class names are ordered by their index, largest first.

use std::collections::BTreeMap;

use crate::model::{SpaceClass, StreamScope};

use super::super::RobustnessError;
use super::super::wilson::{Interval, Z_95, wilson};
use super::sensitivity::{BINS, Index, bin_counts, first_order, holm, permutation_p};

/// The family-wise significance level of a claim's knob tests.
pub(crate) const ALPHA: f64 = 0.05;

/// A holding rate with its counts and Wilson 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rate {
    pub(crate) held: u32,
    pub(crate) checked: u32,
    pub(crate) interval: Interval,
}

impl Rate {
    fn of(held: u32, checked: u32) -> Result<Rate, RobustnessError> {
        Ok(Rate {
            held,
            checked,
            interval: wilson(held.into(), checked.into(), Z_95)?,
        })
    }

    pub(crate) fn rate(&self) -> f64 {
        f64::from(self.held) / f64::from(self.checked.max(1))
    }

    /// Mostly failing: the whole interval below ½.
    fn mostly_fails(&self) -> bool {
        self.checked > 0 && self.interval.hi < 0.5
    }

    /// Mostly holding: the whole interval above ½.
    fn mostly_holds(&self) -> bool {
        self.checked > 0 && self.interval.lo > 0.5
    }
}

/// One knob's effect on one claim.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct KnobEffect {
    pub(crate) index: Index,
    /// The permutation p-value, and Holm's adjustment over the claim's knobs.
    pub(crate) p: f64,
    pub(crate) p_holm: f64,
    /// The claim's rate in each bin of the knob's range, low to high.
    pub(crate) bins: Vec<Rate>,
}

impl KnobEffect {
    /// Whether the knob moves the claim's rate (its adjusted test rejects).
    pub(crate) fn moves(&self) -> bool {
        self.p_holm < ALPHA
    }

    /// Whether the knob decides the claim (module documentation).
    pub(crate) fn decides(&self) -> bool {
        self.moves()
            && self.bins.iter().any(Rate::mostly_fails)
            && self.bins.iter().any(Rate::mostly_holds)
    }
}

/// A claim's rate in one bin of one knob's range: the knob (its index among the ranged knobs), the
/// bin and the rate.
pub(crate) type BinRate = (usize, usize, Rate);

/// One claim across the space.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ClaimSpace {
    pub(crate) id: String,
    pub(crate) statement: String,
    /// Its rate over every design point that checked it.
    pub(crate) overall: Rate,
    /// One per ranged knob, in the space's order.
    pub(crate) effects: Vec<KnobEffect>,
    pub(crate) class: SpaceClass,
    /// The knobs (indices into the ranged knobs) its class names, largest index first.
    pub(crate) knobs: Vec<usize>,
}

impl ClaimSpace {
    /// The lowest and the highest rate over the bins of every knob, each with its knob and bin.
    pub(crate) fn extremes(&self) -> Option<(BinRate, BinRate)> {
        let all = self.effects.iter().enumerate().flat_map(|(k, e)| {
            e.bins
                .iter()
                .enumerate()
                .filter(|(_, r)| r.checked > 0)
                .map(move |(b, r)| (k, b, *r))
        });
        let lowest = all
            .clone()
            .min_by(|a, b| a.2.rate().total_cmp(&b.2.rate()))?;
        let highest = all.max_by(|a, b| a.2.rate().total_cmp(&b.2.rate()))?;
        Some((lowest, highest))
    }
}

/// One claim's outcome at every design point that checked it: the point's index and whether the
/// claim held there.
pub(crate) type Outcomes = Vec<(usize, bool)>;

/// The claim `id` (`statement`) across the space from its `outcomes`, the points' bins (`bins[i][k]`
/// for point i and knob k) and `seed` (the permutations' streams, [`StreamScope::KnobSpace`], unit
/// `permutation/<claim>/<knob>`).
pub(crate) fn classify(
    id: &str,
    statement: &str,
    outcomes: &Outcomes,
    bins: &[Vec<usize>],
    knob_names: &[String],
    seed: u64,
) -> Result<ClaimSpace, RobustnessError> {
    let held: Vec<bool> = outcomes.iter().map(|&(_, h)| h).collect();
    let overall = Rate::of(
        held.iter().filter(|&&h| h).count() as u32,
        held.len() as u32,
    )?;
    let mut effects = Vec::with_capacity(knob_names.len());
    let mut p = Vec::with_capacity(knob_names.len());
    for (k, name) in knob_names.iter().enumerate() {
        let knob_bins: Vec<usize> = outcomes.iter().map(|&(i, _)| bins[i][k]).collect();
        let mut rng = StreamScope::KnobSpace.stream(seed, &format!("permutation/{id}/{name}"));
        p.push(permutation_p(&held, &knob_bins, &mut rng));
        let counts = bin_counts(&held, &knob_bins);
        let mut rates = Vec::with_capacity(BINS);
        for (n, m) in counts {
            rates.push(if n == 0 {
                Rate {
                    held: 0,
                    checked: 0,
                    interval: Interval { lo: 0.0, hi: 1.0 },
                }
            } else {
                Rate::of(m, n)?
            });
        }
        effects.push(KnobEffect {
            index: first_order(&held, &knob_bins),
            p: 0.0,
            p_holm: 1.0,
            bins: rates,
        });
    }
    for ((effect, p), p_holm) in effects.iter_mut().zip(&p).zip(holm(&p)) {
        effect.p = *p;
        effect.p_holm = p_holm;
    }
    let by_index = |keep: &dyn Fn(&KnobEffect) -> bool| -> Vec<usize> {
        let mut knobs: Vec<usize> = (0..effects.len()).filter(|&k| keep(&effects[k])).collect();
        knobs.sort_by(|&a, &b| {
            effects[b]
                .index
                .corrected
                .total_cmp(&effects[a].index.corrected)
                .then(a.cmp(&b))
        });
        knobs
    };
    let decided = by_index(&KnobEffect::decides);
    let moved = by_index(&KnobEffect::moves);
    let (class, knobs) = if !decided.is_empty() {
        (SpaceClass::DecidedBy, decided)
    } else if !moved.is_empty() {
        (SpaceClass::DependsOn, moved)
    } else {
        (SpaceClass::Robust, Vec::new())
    };
    Ok(ClaimSpace {
        id: id.to_string(),
        statement: statement.to_string(),
        overall,
        effects,
        class,
        knobs,
    })
}

/// Every claim's outcomes by claim id, from the points' claim verdicts (`points[i]`: claim id →
/// held), and each claim's statement.
pub(crate) fn outcomes_by_claim(
    points: &[BTreeMap<String, (String, bool)>],
) -> BTreeMap<String, (String, Outcomes)> {
    let mut by_claim: BTreeMap<String, (String, Outcomes)> = BTreeMap::new();
    for (i, point) in points.iter().enumerate() {
        for (id, (statement, held)) in point {
            by_claim
                .entry(id.clone())
                .or_insert_with(|| (statement.clone(), Vec::new()))
                .1
                .push((i, *held));
        }
    }
    by_claim
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robustness::space::design::latin_hypercube;
    use crate::robustness::space::sensitivity::bin_of;
    use evia_engine::rng::uniform_f64;

    /// A toy claim over two knobs and a dummy, `p` its holding probability at a point.
    fn toy(p: fn(&[f64]) -> f64) -> ClaimSpace {
        let names: Vec<String> = ["x1", "x2", "dummy"].map(String::from).to_vec();
        let design = latin_hypercube(11, &names, 256);
        let mut rng = StreamScope::KnobSpace.stream(11, "toy");
        let outcomes: Outcomes = design
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (i, uniform_f64(&mut rng) < p(u)))
            .collect();
        let bins: Vec<Vec<usize>> = design
            .units
            .iter()
            .map(|u| u.iter().map(|&x| bin_of(x)).collect())
            .collect();
        classify("T.claim", "a toy claim", &outcomes, &bins, &names, 11).unwrap()
    }

    #[test]
    fn a_claim_that_flips_within_a_range_is_decided_by_its_knob() {
        let claim = toy(|u| if u[0] < 0.5 { 0.1 } else { 0.9 });
        assert_eq!(claim.class, SpaceClass::DecidedBy);
        assert_eq!(claim.knobs, [0]);
        let (low, high) = claim.extremes().unwrap();
        assert_eq!((low.0, high.0), (0, 0));
        assert!(low.2.rate() < 0.25 && high.2.rate() > 0.75);
    }

    #[test]
    fn a_claim_that_moves_but_never_flips_depends_on_its_knob() {
        let claim = toy(|u| 0.6 + 0.35 * u[1]);
        assert_eq!(claim.class, SpaceClass::DependsOn);
        assert_eq!(claim.knobs, [1]);
    }

    #[test]
    fn a_claim_no_knob_moves_is_robust() {
        let claim = toy(|_| 0.85);
        assert_eq!(claim.class, SpaceClass::Robust);
        assert!(claim.knobs.is_empty());
        assert!(claim.overall.interval.lo > 0.75, "{:?}", claim.overall);
    }
}
