//! The joint 3 × 3 × 3 label table of paper B's stand-in: how many pooled documents got each triple of
//! labels (lancer1, lancer2, student), fitted so that the three pairwise confusion matrices of Table 1
//! and all five rows of Table 2 (all3 included) come out exactly.
//!
//! # The fit
//!
//! Unknowns: the 27 counts `x[a][b][c]` (`a` lancer1's label, `b` lancer2's, `c` the student's).
//! Equations: the 27 cells of the three pairwise matrices (`Σ_c x[a][b][c] = AB[a][b]`,
//! `Σ_b x[a][b][c] = AC[a][c]`, `Σ_a x[a][b][c] = BC[b][c]`) and the 7 all3 level counts
//! (`Σ_{a+b+c=L} x[a][b][c] = all3[L]`, Table 2).
//!
//! 1. **Iterative proportional fitting** (Deming & Stephan 1940; Darroch & Ratcliff 1972 for
//!    partition constraints): start from 1 in every cell and rescale, in turn, the cells of each
//!    pairwise-margin cell and each all3 level to their target, until the largest violation is below
//!    [`IPF_TOLERANCE`]. Every constraint group partitions the 27 cells, so this converges to the
//!    maximum-entropy table meeting all 34 equations whenever a positive one exists.
//! 2. **Exact integer rounding.** Given the pairwise margins (whose single-assessor margins agree),
//!    the 8 "core" cells with every label in {1, 2} determine all 27: `x[0][b][c] = BC[b][c] −
//!    x[1][b][c] − x[2][b][c]` for `b, c ∈ {1, 2}`, and so on down to `x[0][0][0]`. Every integer
//!    choice of the core cells therefore meets the 27 pairwise equations exactly. In these
//!    coordinates the all3 level counts depend on the core cells only through four sums — the cell
//!    (1,1,1), the three permutations of (1,1,2), the three of (1,2,2), and the cell (2,2,2) — whose
//!    level-count vectors are linearly independent, so the 7 level equations fix exactly those four
//!    sums. The rounding keeps each sum (rounded to the nearest integer; it is integral when an integer
//!    solution exists) and splits it over its cells by largest remainders, then derives the other 19
//!    cells. A repair step moves single units between cells of the same sum (which changes no
//!    equation) while any derived cell is negative. Finally every one of the 34 equations and the
//!    non-negativity of every cell are verified; a failure is an error, never a silently wrong table.
//!
//! With the published inputs, the four sums come out as (1,1,1) = 460, the (1,1,2) permutations 1,166,
//! the (1,2,2) permutations 1,035 and (2,2,2) = 472: the real collection's counts of those label
//! triples are therefore determined by the printed tables.

use crate::papers::standin_error::SimError;
use evia_engine::agreement::ConfusionMatrix;

/// IPF stops when no pairwise-margin cell or all3 level is further than this from its target.
pub(crate) const IPF_TOLERANCE: f64 = 1e-9;

/// IPF sweeps (each sweep rescales all 34 groups) before giving up.
pub(crate) const IPF_MAX_SWEEPS: usize = 10_000;

/// Number of all3 levels (sums of three labels 0..=2).
pub(crate) const ALL3_LEVELS: usize = 7;

/// What the joint table must reproduce: the pairwise confusion matrices of Table 1 (rows the first
/// assessor of the pair, in the order of [`super::PAIRS`]) and the all3 level counts of Table 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JointTargets {
    /// lancer1 × lancer2, lancer1 × student, lancer2 × student.
    pub(crate) pairs: [ConfusionMatrix; 3],
    /// Documents whose three labels sum to 0, 1, …, 6.
    pub(crate) all3_levels: [u64; ALL3_LEVELS],
}

/// Counts of documents per label triple `(lancer1, lancer2, student)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JointTable {
    counts: [[[u64; 3]; 3]; 3],
}

impl JointTable {
    /// A table from its counts, indexed `[lancer1][lancer2][student]`.
    #[cfg(test)]
    pub(crate) fn from_counts(counts: [[[u64; 3]; 3]; 3]) -> Self {
        JointTable { counts }
    }

    /// Documents labelled `labels` (in the order of [`super::ASSESSORS`]).
    pub(crate) fn count(&self, labels: [u8; 3]) -> u64 {
        self.counts[usize::from(labels[0])][usize::from(labels[1])][usize::from(labels[2])]
    }

    /// Every label triple with its count, lancer1's label varying slowest.
    pub(crate) fn cells(&self) -> impl Iterator<Item = ([u8; 3], u64)> + '_ {
        (0..27u8).map(|i| {
            let labels = [i / 9, (i / 3) % 3, i % 3];
            (labels, self.count(labels))
        })
    }

    /// Number of documents.
    pub(crate) fn total(&self) -> u64 {
        self.cells().map(|(_, n)| n).sum()
    }

    /// The counts of pair `pair` (index into [`super::PAIRS`]): rows the first assessor's label,
    /// columns the second's.
    pub(crate) fn pair_counts(&self, pair: usize) -> [[u64; 3]; 3] {
        let (first, second) = super::PAIRS[pair];
        let mut rows = [[0u64; 3]; 3];
        for (labels, n) in self.cells() {
            rows[usize::from(labels[first])][usize::from(labels[second])] += n;
        }
        rows
    }

    /// The confusion matrix of pair `pair` (see [`JointTable::pair_counts`]).
    pub(crate) fn pair_matrix(&self, pair: usize) -> ConfusionMatrix {
        ConfusionMatrix::from_rows(&self.pair_counts(pair).map(Vec::from))
            .expect("a 3 x 3 matrix is square with at least two labels")
    }

    /// Counts of the summed labels 0..=6: the all3 qrels levels (paper B §3, Table 2).
    pub(crate) fn all3_levels(&self) -> [u64; ALL3_LEVELS] {
        let mut levels = [0; ALL3_LEVELS];
        for (labels, n) in self.cells() {
            levels[labels.iter().map(|&l| usize::from(l)).sum::<usize>()] += n;
        }
        levels
    }
}

/// The 27 cells as label triples, lancer1's label varying slowest.
fn all_cells() -> impl Iterator<Item = [usize; 3]> {
    (0..27).map(|i| [i / 9, (i / 3) % 3, i % 3])
}

/// Fits the joint table to `targets` (module documentation: IPF, then exact integer rounding) and
/// verifies every equation.
pub(crate) fn fit_joint(targets: &JointTargets) -> Result<JointTable, SimError> {
    let pair = |p: usize| -> Result<[[u64; 3]; 3], SimError> {
        let m = &targets.pairs[p];
        if m.labels() != 3 {
            return Err(SimError::Infeasible(format!(
                "pair {}: expected a 3 x 3 matrix, got {} labels",
                super::PAIR_IDS[p],
                m.labels()
            )));
        }
        Ok(std::array::from_fn(|i| {
            std::array::from_fn(|j| m.count(i, j))
        }))
    };
    let (ab, ac, bc) = (pair(0)?, pair(1)?, pair(2)?);
    check_shared_margins(&targets.pairs)?;
    let total = targets.pairs[0].total();
    let Some(level_total) = targets
        .all3_levels
        .iter()
        .try_fold(0u64, |sum, &c| sum.checked_add(c))
    else {
        return Err(SimError::Infeasible(format!(
            "the all3 level counts {:?} do not fit a 64-bit sum",
            targets.all3_levels
        )));
    };
    if level_total != total {
        return Err(SimError::Infeasible(format!(
            "the all3 level counts sum to {level_total} but the confusion matrices count {total} documents"
        )));
    }
    let real = ipf(&ab, &ac, &bc, &targets.all3_levels)?;
    let table = round_exactly(&real, &ab, &ac, &bc)?;
    verify(&table, targets)?;
    Ok(table)
}

/// Each assessor's label counts must be the same in the two matrices that contain them.
fn check_shared_margins(pairs: &[ConfusionMatrix; 3]) -> Result<(), SimError> {
    let checks = [
        ("lancer1", pairs[0].row_totals(), pairs[1].row_totals()),
        ("lancer2", pairs[0].column_totals(), pairs[2].row_totals()),
        (
            "student",
            pairs[1].column_totals(),
            pairs[2].column_totals(),
        ),
    ];
    for (who, a, b) in checks {
        if a != b {
            return Err(SimError::Infeasible(format!(
                "{who}'s label counts differ between the pairwise matrices: {a:?} vs {b:?}"
            )));
        }
    }
    Ok(())
}

/// Iterative proportional fitting over the 34 constraint groups (module documentation, step 1).
fn ipf(
    ab: &[[u64; 3]; 3],
    ac: &[[u64; 3]; 3],
    bc: &[[u64; 3]; 3],
    levels: &[u64; ALL3_LEVELS],
) -> Result<[[[f64; 3]; 3]; 3], SimError> {
    // Each group: its target and the cells it sums.
    let mut groups: Vec<(f64, Vec<[usize; 3]>)> = Vec::with_capacity(34);
    for i in 0..3 {
        for j in 0..3 {
            groups.push((ab[i][j] as f64, (0..3).map(|c| [i, j, c]).collect()));
            groups.push((ac[i][j] as f64, (0..3).map(|b| [i, b, j]).collect()));
            groups.push((bc[i][j] as f64, (0..3).map(|a| [a, i, j]).collect()));
        }
    }
    for (level, &n) in levels.iter().enumerate() {
        groups.push((
            n as f64,
            all_cells()
                .filter(|c| c.iter().sum::<usize>() == level)
                .collect(),
        ));
    }
    let mut x = [[[1.0f64; 3]; 3]; 3];
    for _ in 0..IPF_MAX_SWEEPS {
        let mut worst = 0.0f64;
        for (target, cells) in &groups {
            let sum: f64 = cells.iter().map(|&[a, b, c]| x[a][b][c]).sum();
            worst = worst.max((sum - target).abs());
            let factor = if sum > 0.0 { target / sum } else { 0.0 };
            for &[a, b, c] in cells {
                x[a][b][c] *= factor;
            }
        }
        if worst < IPF_TOLERANCE {
            return Ok(x);
        }
    }
    Err(SimError::NotConverged(format!(
        "iterative proportional fitting of the joint label table did not reach {IPF_TOLERANCE} in {IPF_MAX_SWEEPS} sweeps (are the all3 level counts compatible with the pairwise matrices?)"
    )))
}

/// The four groups of core cells whose sums the all3 levels fix: (1,1,1); permutations of (1,1,2);
/// permutations of (1,2,2); (2,2,2).
const CORE_GROUPS: [&[[usize; 3]]; 4] = [
    &[[1, 1, 1]],
    &[[1, 1, 2], [1, 2, 1], [2, 1, 1]],
    &[[1, 2, 2], [2, 1, 2], [2, 2, 1]],
    &[[2, 2, 2]],
];

/// Repair moves tried at most this many times (each removes at least one unit of negativity).
const REPAIR_STEPS: usize = 10_000;

/// Signed counts of the 27 cells, during rounding.
type Cube = [[[i64; 3]; 3]; 3];

/// Exact integer rounding (module documentation, step 2).
fn round_exactly(
    real: &[[[f64; 3]; 3]; 3],
    ab: &[[u64; 3]; 3],
    ac: &[[u64; 3]; 3],
    bc: &[[u64; 3]; 3],
) -> Result<JointTable, SimError> {
    let mut core = [[[0i64; 3]; 3]; 3];
    for group in CORE_GROUPS {
        let values: Vec<f64> = group.iter().map(|&[a, b, c]| real[a][b][c]).collect();
        let sum = values.iter().sum::<f64>().round() as i64;
        let mut floors: Vec<i64> = values.iter().map(|v| v.floor() as i64).collect();
        let mut short = sum - floors.iter().sum::<i64>();
        // Largest remainders first; ties by cell order, so the result is deterministic.
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&i, &j| {
            let (ri, rj) = (values[i] - values[i].floor(), values[j] - values[j].floor());
            rj.total_cmp(&ri).then(i.cmp(&j))
        });
        for &i in order.iter().cycle().take(values.len() * 3) {
            if short == 0 {
                break;
            }
            let step = short.signum();
            floors[i] += step;
            short -= step;
        }
        for (&[a, b, c], v) in group.iter().zip(floors) {
            core[a][b][c] = v;
        }
    }
    let mut table = derive(&core, ab, ac, bc);
    for _ in 0..REPAIR_STEPS {
        let negativity = |t: &[[[i64; 3]; 3]; 3]| -> i64 {
            all_cells()
                .map(|[a, b, c]| (-t[a][b][c]).max(0))
                .sum::<i64>()
        };
        let current = negativity(&table);
        if current == 0 {
            break;
        }
        // The best unit transfer between two cells of one core group.
        let mut best: Option<(Cube, Cube, i64)> = None;
        for group in &CORE_GROUPS[1..3] {
            for &from in *group {
                for &to in *group {
                    if from == to || core[from[0]][from[1]][from[2]] <= 0 {
                        continue;
                    }
                    let mut trial = core;
                    trial[from[0]][from[1]][from[2]] -= 1;
                    trial[to[0]][to[1]][to[2]] += 1;
                    let derived = derive(&trial, ab, ac, bc);
                    let n = negativity(&derived);
                    if n < current && best.as_ref().is_none_or(|b| n < b.2) {
                        best = Some((trial, derived, n));
                    }
                }
            }
        }
        match best {
            Some((c, t, _)) => {
                core = c;
                table = t;
            }
            None => {
                return Err(SimError::Infeasible(format!(
                    "no non-negative integer joint table found near the IPF solution ({current} units negative)"
                )));
            }
        }
    }
    let mut counts = [[[0u64; 3]; 3]; 3];
    for [a, b, c] in all_cells() {
        counts[a][b][c] = u64::try_from(table[a][b][c]).map_err(|_| {
            SimError::Infeasible(format!(
                "joint table cell ({a},{b},{c}) is negative after repair"
            ))
        })?;
    }
    Ok(JointTable { counts })
}

/// All 27 cells from the 8 core cells (labels in {1, 2}) and the pairwise margins.
fn derive(
    core: &[[[i64; 3]; 3]; 3],
    ab: &[[u64; 3]; 3],
    ac: &[[u64; 3]; 3],
    bc: &[[u64; 3]; 3],
) -> [[[i64; 3]; 3]; 3] {
    let m = |v: u64| v as i64;
    let mut x = *core;
    for j in 1..3 {
        for k in 1..3 {
            x[0][j][k] = m(bc[j][k]) - x[1][j][k] - x[2][j][k];
            x[j][0][k] = m(ac[j][k]) - x[j][1][k] - x[j][2][k];
            x[j][k][0] = m(ab[j][k]) - x[j][k][1] - x[j][k][2];
        }
    }
    for k in 1..3 {
        x[0][0][k] = m(ac[0][k]) - x[0][1][k] - x[0][2][k];
        x[0][k][0] = m(ab[0][k]) - x[0][k][1] - x[0][k][2];
        x[k][0][0] = m(ab[k][0]) - x[k][0][1] - x[k][0][2];
    }
    x[0][0][0] = m(ab[0][0]) - x[0][0][1] - x[0][0][2];
    x
}

/// Checks all 34 equations; the error names the first one that fails.
fn verify(table: &JointTable, targets: &JointTargets) -> Result<(), SimError> {
    for (p, target) in targets.pairs.iter().enumerate() {
        let got = table.pair_matrix(p);
        if &got != target {
            return Err(SimError::Infeasible(format!(
                "fitted joint table gives pair {} matrix {:?}, expected {:?}",
                super::PAIR_IDS[p],
                got.rows(),
                target.rows()
            )));
        }
    }
    let levels = table.all3_levels();
    if levels != targets.all3_levels {
        return Err(SimError::Infeasible(format!(
            "fitted joint table gives all3 levels {levels:?}, expected {:?} (no integer table meets both the pairwise matrices and these counts)",
            targets.all3_levels
        )));
    }
    Ok(())
}
