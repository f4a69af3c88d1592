//! GAP, graded average precision (Robertson, Kanoulas and Yilmaz, "Extending average precision to
//! graded relevance judgments", SIGIR 2010), exactly as NTCIREVAL 20200527 computes it with
//! `compute -gap` and `gcompute -gap`.
//!
//! With `x(r)` the grade of the document at rank r — its relevance *level* in per-level mode
//! (NTCIREVAL `compute` compares levels, not gain values) and its gain in direct-gain mode
//! (`gcompute`, e.g. the global gains of the D-measures) — and 0 for a nonrelevant or unjudged
//! document, and `m(r, k) = min(x(r), x(k))`:
//!
//! * `GAPsum(r) = Σ_{k≤r} m(r, k)·(m(r, k) + 1)` for a relevant document at rank r, 0 otherwise;
//! * `GAP = (Σ_{r≤L} GAPsum(r)/r) / Σ_{k≤R} x*(k)·(x*(k) + 1)`, with `x*(1…R)` the grades of the
//!   ideal list;
//! * `GAP@l = (Σ_{r≤min(l,L)} GAPsum(r)/r) / Σ_{k≤min(l,R)} x*(k)·(x*(k) + 1)`.
//!
//! This is Robertson et al.'s GAP with the grade-threshold probabilities of NTCIREVAL (each level
//! weighted by its number, so that `Σ_{t ≤ m} t = m(m+1)/2`; the factor 1/2 cancels). The sums are
//! taken in NTCIREVAL's order (ranks ascending), so the doubles match its output. The cost is
//! quadratic in the number of relevant documents retrieved, which is why NTCIREVAL (and `eval`)
//! only computes GAP on request.

/// `x·(x + 1)`, the weight of grade x.
#[inline]
pub(crate) fn weight(x: f64) -> f64 {
    x * (x + 1.0)
}

/// The running numerator `Σ_{r'≤r} GAPsum(r')/r'` of a system list.
#[derive(Debug, Default)]
pub(crate) struct GapSum {
    /// Grades of the relevant documents seen so far, in rank order.
    grades: Vec<f64>,
    /// `Σ GAPsum(r')/r'` up to the last rank pushed.
    pub(crate) sum: f64,
}

impl GapSum {
    /// Adds the relevant document of grade `x` at rank `r` (nonrelevant ranks add 0).
    pub(crate) fn push_relevant(&mut self, r: usize, x: f64) {
        self.grades.push(x);
        // C: for k = 1 … r, `if x(r) < x(k)` add x(r)(x(r)+1), else x(k)(x(k)+1); nonrelevant k
        // add 0.
        let gapsum: f64 = self.grades.iter().fold(0.0, |acc, &xk| {
            acc + if x < xk { weight(x) } else { weight(xk) }
        });
        self.sum += gapsum / r as f64;
    }
}
