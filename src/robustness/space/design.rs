//! The design of a knob-space study: a Latin hypercube over the ranged knobs, and the seed of the
//! stand-in draw at each of its points.
//!
//! A Latin hypercube of N points in d dimensions (McKay, Beckman & Conover, "A comparison of three
//! methods for selecting values of input variables in the analysis of output from a computer
//! code", Technometrics 21 (1979) 239–245): for each knob k, a uniformly random permutation π_k of
//! 0 … N−1 and independent jitters U_ik ~ U(0, 1) place point i at
//!
//! ```text
//! u_ik = (π_k(i) + U_ik) / N        ∈ [0, 1),
//! ```
//!
//! so each knob's range is cut into N equal cells and every cell holds exactly one point: every
//! knob's values are spread evenly over its range whatever the others' (stratified margins), and a
//! quarter of the range holds exactly N/4 points when 4 divides N. For an additive response the
//! variance of a mean over the design is at most that of N independent points (Stein, "Large sample
//! properties of simulations using Latin hypercube sampling", Technometrics 29 (1987) 143–151), and
//! for any square-integrable response at most N/(N − 1) times it (Owen, "Monte Carlo variance of
//! scrambled net quadrature", SIAM J. Numer. Anal. 34 (1997) 1884–1910, §3), so binomial intervals
//! computed as if the points were independent are at worst slightly optimistic by that factor.
//!
//! Each knob's column is drawn from its own stream (seed, `robustness.knob_space`,
//! `design/<knob>`): the permutation by the engine's Fisher–Yates, then the N jitters in point
//! order. Adding or removing a knob leaves the other knobs' columns as they were. Point i's stand-in
//! is drawn with the seed (seed, `robustness.knob_space`, `point/<i>`)'s first `u64`.

use rand_core::RngCore;

use evia_engine::rng::{shuffle, uniform_f64};

use crate::model::StreamScope;

/// The design: `units[i][k]` ∈ [0, 1) is point i's place in knob k's range.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Design {
    pub(crate) units: Vec<Vec<f64>>,
}

/// A Latin hypercube of `points` points over the knobs named `knobs` (module documentation).
pub(crate) fn latin_hypercube(seed: u64, knobs: &[String], points: usize) -> Design {
    let mut units = vec![Vec::with_capacity(knobs.len()); points];
    for knob in knobs {
        let mut rng = StreamScope::KnobSpace.stream(seed, &format!("design/{knob}"));
        let mut cells: Vec<usize> = (0..points).collect();
        shuffle(&mut rng, &mut cells);
        for (point, cell) in cells.into_iter().enumerate() {
            let u = (cell as f64 + uniform_f64(&mut rng)) / points as f64;
            units[point].push(u.min(1.0 - f64::EPSILON));
        }
    }
    Design { units }
}

/// The seed of design point `point`'s stand-in draw (module documentation).
pub(crate) fn point_seed(seed: u64, point: usize) -> u64 {
    StreamScope::KnobSpace
        .stream(seed, &format!("point/{point}"))
        .next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|k| format!("k{k}")).collect()
    }

    #[test]
    fn every_cell_of_every_knob_holds_one_point() {
        let design = latin_hypercube(7, &names(3), 64);
        assert_eq!(design.units.len(), 64);
        for k in 0..3 {
            let mut cells: Vec<usize> = design
                .units
                .iter()
                .map(|p| (p[k] * 64.0).floor() as usize)
                .collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..64).collect::<Vec<_>>());
            let quarters = (0..4)
                .map(|b| {
                    design
                        .units
                        .iter()
                        .filter(|p| (p[k] * 4.0) as usize == b)
                        .count()
                })
                .collect::<Vec<_>>();
            assert_eq!(quarters, [16, 16, 16, 16]);
        }
    }

    #[test]
    fn a_knob_column_depends_on_its_name_only_and_seeds_differ() {
        let two = latin_hypercube(7, &names(2), 32);
        let three = latin_hypercube(7, &names(3), 32);
        for (a, b) in two.units.iter().zip(&three.units) {
            assert_eq!(a[..], b[..2]);
        }
        assert_ne!(latin_hypercube(8, &names(2), 32), two);
        assert_eq!(latin_hypercube(7, &names(2), 32), two);
        assert_ne!(point_seed(7, 0), point_seed(7, 1));
        assert_eq!(point_seed(7, 3), point_seed(7, 3));
    }
}
