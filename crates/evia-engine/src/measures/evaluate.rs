//! One pass over a labelled ranked list computing every measure (tests/fixtures/measures.md §4, §5).

use super::gap::{GapSum, weight as gap_weight};
use super::ideal::{Label, TopicIdeal};
use super::{MeasureError, MeasureParam};

/// Measure parameters, NTCIREVAL `compute` options (tests/fixtures/measures.md §3).
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    /// Cutoffs l for the `@l` measures, in output order (`-cutoffs`, default `1000`). Each ≥ 1.
    pub cutoffs: Vec<usize>,
    /// β of the blended ratio (Q, O, P, P+, EBR; `-beta`, default 1).
    pub beta: f64,
    /// Log base b of the original (Järvelin–Kekäläinen) nDCG; 0 means natural log (`-logb`, default 2).
    pub logb: f64,
    /// RBP persistence p (`-rbp`, default 0.95).
    pub rbp: f64,
    /// γ of rank-biased NCU (`-gamma`, default 0.95).
    pub gamma: f64,
    /// Persistence of iRBU and NCUrb,IE (`-rbup`, default 0.99).
    pub rbup: f64,
    /// Compute the bpref/rpref family (NTCIREVAL `compute -j`; needs N > 0).
    pub bpref: bool,
    /// Compute GAP and GAP@l (NTCIREVAL `compute -gap` / `gcompute -gap`; quadratic in the number
    /// of relevant documents retrieved, so off by default as in NTCIREVAL).
    pub gap: bool,
    /// What RBP and RBP@l divide the gains by ([`RbpScale`]).
    pub rbp_scale: RbpScale,
}

/// The divisor that puts RBP's gains in [0, 1].
///
/// RBP (Moffat and Zobel 2008) is defined on gains in [0, 1]; graded gains are divided by one
/// value per topic. NTCIREVAL divides by gmax, the gain of the highest *declared* level
/// (per-level mode; the same for every topic), trec_eval 10.0 (`m_rbp.c`) by the gain of the
/// highest level *judged for the topic* (its gains are the levels; it rescales only when a gain
/// is above 1). In direct-gain mode gmax is the topic's largest gain, so the two agree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RbpScale {
    /// gmax, the gain of the highest declared level (NTCIREVAL).
    #[default]
    Declared,
    /// g*(1), the largest gain judged for the topic (trec_eval).
    Topic,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            cutoffs: vec![1000],
            beta: 1.0,
            logb: 2.0,
            rbp: 0.95,
            gamma: 0.95,
            rbup: 0.99,
            bpref: false,
            gap: false,
            rbp_scale: RbpScale::Declared,
        }
    }
}

/// The largest β: with gains at most 1e15 per document, `β·cg(r)` stays far from overflowing,
/// so a value that is not finite can only be a measure undefined for a topic (0/0), never an
/// overflow.
pub const MAX_BETA: f64 = 1e15;

impl Params {
    /// Checks the parameters: cutoffs ≥ 1 (C prints `-nan` for cutoff 0; this port rejects it),
    /// β in [0, [`MAX_BETA`]], b = 0 (natural log) or b > 1, and p, γ, rbup in [0, 1].
    pub fn validate(&self) -> Result<(), MeasureError> {
        if self.cutoffs.contains(&0) {
            return Err(MeasureError::BadParam {
                param: MeasureParam::Cutoffs,
                reason: "a cutoff of 0 has no ranks to evaluate; cutoffs must be >= 1".into(),
            });
        }
        // log_b(r) is a discount only for b > 1 (b ≤ 1 makes it zero, negative or undefined);
        // b = 0 is NTCIREVAL's natural log (`-logb 0`), whose discount at rank 2 is ln 2 < 1.
        if !(self.logb == 0.0 || (self.logb.is_finite() && self.logb > 1.0)) {
            return Err(MeasureError::BadParam {
                param: MeasureParam::Logb,
                reason: format!(
                    "{:?} is not a log base: give a finite number > 1, or 0 for the natural log (NTCIREVAL's convention)",
                    self.logb
                ),
            });
        }
        let checks = [
            (
                MeasureParam::Beta,
                self.beta,
                MAX_BETA,
                "a number from 0 to 1e15",
            ),
            (MeasureParam::Rbp, self.rbp, 1.0, "a number from 0 to 1"),
            (MeasureParam::Gamma, self.gamma, 1.0, "a number from 0 to 1"),
            (MeasureParam::Rbup, self.rbup, 1.0, "a number from 0 to 1"),
        ];
        for (param, v, hi, domain) in checks {
            if !(v.is_finite() && (0.0..=hi).contains(&v)) {
                return Err(MeasureError::BadParam {
                    param,
                    reason: format!("{v:?} is not {domain}"),
                });
            }
        }
        Ok(())
    }
}

/// Whole-list values and per-cutoff values of one ranked list for one topic.
///
/// Field names follow NTCIREVAL's output lines (tests/fixtures/measures.md §3.1, §5).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Evaluation {
    /// L, the length of the (labelled, possibly condensed/truncated) list.
    pub syslen: usize,
    /// R.
    pub jrel: usize,
    /// N.
    pub jnonrel: usize,
    /// Rank of the first relevant document (0 if none).
    pub r1: usize,
    /// Preferred rank: first occurrence of the highest grade present in the list (0 if none).
    pub rp: usize,
    /// RR = 1/r1 (§5.1).
    pub rr: f64,
    /// O-measure = BR(r1) (§5.2).
    pub o_measure: f64,
    /// P-measure = BR(rp) (§5.3).
    pub p_measure: f64,
    /// P+ = (1/C(rp)) Σ_{r≤rp, g(r)>0} BR(r) (§5.4).
    pub p_plus: f64,
    /// AP = (1/R) Σ_{g(r)>0} C(r)/r (§5.5).
    pub ap: f64,
    /// Q = (1/R) Σ_{g(r)>0} BR(r) (§5.6).
    pub q: f64,
    /// NCUrb,P, NCUrb,BR, NCUrb,IE (§5.13).
    pub ncurb_p: f64,
    pub ncurb_br: f64,
    pub ncurb_ie: f64,
    /// GAP, with [`Params::gap`] (formula: `super::gap`):
    /// `GAP = (Σ_{r≤L} GAPsum(r)/r) / Σ_{k≤R} x*_k (x*_k + 1)`.
    pub gap: Option<f64>,
    /// RBP = (1−p) Σ g(r) p^{r−1} / gmax (§5.13; / g*(1) with [`RbpScale::Topic`]).
    pub rbp: f64,
    /// ERR = Σ (1/r) π(r) Π_{k<r}(1−π(k)), π = g/(gmax+1) (§5.12).
    pub err: f64,
    /// EBR, iRBU (§4.3; layout only, formulas as documented there).
    pub ebr: f64,
    pub irbu: f64,
    /// nG@1 = g(1)/g*(1) (§5.9; equals nDCG@1 and MSnDCG@1).
    pub ng1: f64,
    /// Per-cutoff values, in the order of [`Params::cutoffs`].
    pub at: Vec<AtCutoff>,
    /// The bpref/rpref family, when [`Params::bpref`] is set.
    pub bpref: Option<Bpref>,
}

impl Evaluation {
    /// The values at cutoff `l`, if `l` was one of [`Params::cutoffs`].
    pub fn at_cutoff(&self, l: usize) -> Option<&AtCutoff> {
        self.at.iter().find(|a| a.cutoff == l)
    }
}

/// Values at one cutoff l. With `l' = min(l, maxlen)`: system sums are taken at `min(l, L)`,
/// ideal sums at `min(l, R)` (both saturated arrays, §5).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AtCutoff {
    pub cutoff: usize,
    /// AP@l = (1/min(l,R)) Σ_{r≤l, g(r)>0} C(r)/r.
    pub ap: f64,
    /// Q@l = (1/min(l,R)) Σ_{r≤l, g(r)>0} BR(r).
    pub q: f64,
    /// NCUrb,*@l: the rank-biased sums up to l divided by min(l,R) (C 20200527 quirk, §5.13).
    pub ncurb_p: f64,
    pub ncurb_br: f64,
    pub ncurb_ie: f64,
    /// GAP@l = (Σ_{r≤l} GAPsum(r)/r) / Σ_{k≤min(l,R)} x*_k (x*_k + 1), with [`Params::gap`].
    pub gap: Option<f64>,
    /// nDCG@l, original Järvelin–Kekäläinen discount with log base b (§5.7).
    pub ndcg: f64,
    /// MSnDCG@l, discount 1/ln(r+1) (§5.8).
    pub msndcg: f64,
    /// nCG@l = cg(l)/cg*(l) (§5.10; an extension, not printed by NTCIREVAL).
    pub ncg: f64,
    /// Prec@l = C(l)/l (§5.11).
    pub prec: f64,
    /// RBP@l, nRBP@l (§5.13).
    pub rbp: f64,
    pub nrbp: f64,
    /// ERR@l, nERR@l (§5.12).
    pub err: f64,
    pub nerr: f64,
    /// EBR@l, nEBR@l, iRBU@l, niRBU@l (§4.3).
    pub ebr: f64,
    pub nebr: f64,
    pub irbu: f64,
    pub nirbu: f64,
    /// Hit@l = 1 if C(l) > 0 (§5.11).
    pub hit: f64,
}

/// The bpref family for condensed lists (§5.13), with `m(r) = min(R, r − C(r))`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bpref {
    pub bpref: f64,
    pub bpref_r: f64,
    pub bpref_n: f64,
    pub bpref_relative: f64,
    pub rpref_n: f64,
    pub rpref_relative: f64,
    pub rpref_relative2: f64,
}

/// Evaluates labelled ranked lists for fixed [`Params`]. Discount tables are precomputed; each
/// evaluation is one pass over the list plus a pass over the ideal list up to the largest cutoff.
#[derive(Debug, Clone)]
pub struct Evaluator {
    params: Params,
    /// Cutoffs ascending, with their index in `params.cutoffs`.
    sorted_cutoffs: Vec<(usize, usize)>,
    /// `ln(r+1)` for r < TABLE.
    ln_r1: Vec<f64>,
    /// `dcglog(b, r)` for r < TABLE.
    dcglog: Vec<f64>,
    /// `pow(rbp, r-1)` for r < TABLE (index r).
    rbp_pow: Vec<f64>,
    /// `pow(rbup, r)` for r < TABLE.
    rbup_pow: Vec<f64>,
    /// `pow(gamma, k)` for k < TABLE.
    gamma_pow: Vec<f64>,
}

const TABLE: usize = 1025;

impl Evaluator {
    pub fn new(params: Params) -> Result<Self, MeasureError> {
        params.validate()?;
        let mut sorted_cutoffs: Vec<(usize, usize)> = params
            .cutoffs
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .collect();
        sorted_cutoffs.sort();
        let n = TABLE.max(
            params
                .cutoffs
                .iter()
                .copied()
                .max()
                .unwrap_or(0)
                .saturating_add(1),
        );
        let n = n.min(1 << 16);
        let logb = params.logb;
        let ln_r1 = (0..n).map(|r| ((r + 1) as f64).ln()).collect();
        let dcglog = (0..n).map(|r| dcglog(logb, r)).collect();
        let rbp_pow = (0..n).map(|r| params.rbp.powf(r as f64 - 1.0)).collect();
        let rbup_pow = (0..n).map(|r| params.rbup.powf(r as f64)).collect();
        let gamma_pow = (0..n).map(|k| params.gamma.powf(k as f64)).collect();
        Ok(Evaluator {
            params,
            sorted_cutoffs,
            ln_r1,
            dcglog,
            rbp_pow,
            rbup_pow,
            gamma_pow,
        })
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    #[inline]
    fn ln_r1(&self, r: usize) -> f64 {
        match self.ln_r1.get(r) {
            Some(&v) => v,
            None => ((r + 1) as f64).ln(),
        }
    }

    #[inline]
    fn dcglog(&self, r: usize) -> f64 {
        match self.dcglog.get(r) {
            Some(&v) => v,
            None => dcglog(self.params.logb, r),
        }
    }

    #[inline]
    fn rbp_pow(&self, r: usize) -> f64 {
        match self.rbp_pow.get(r) {
            Some(&v) => v,
            None => self.params.rbp.powf(r as f64 - 1.0),
        }
    }

    #[inline]
    fn rbup_pow(&self, r: usize) -> f64 {
        match self.rbup_pow.get(r) {
            Some(&v) => v,
            None => self.params.rbup.powf(r as f64),
        }
    }

    #[inline]
    fn gamma_pow(&self, k: usize) -> f64 {
        match self.gamma_pow.get(k) {
            Some(&v) => v,
            None => self.params.gamma.powf(k as f64),
        }
    }

    /// Evaluates one labelled ranked list (rank 1 first) against a topic's ideal.
    pub fn evaluate(&self, ideal: &TopicIdeal, list: &[Label]) -> Result<Evaluation, MeasureError> {
        let mut out = Evaluation::default();
        self.evaluate_into(ideal, list, &mut out)?;
        Ok(out)
    }

    /// As [`Evaluator::evaluate`], reusing `out`'s allocation (for tight loops).
    ///
    /// Formulas and operation order follow tests/fixtures/measures.md §4.1–§4.3 so that doubles match
    /// NTCIREVAL's: e.g. ERR adds `(dsat/r) * (g/(gmax+1))`, BR is
    /// `(beta*cg + count)/(beta*cg*(r) + r)`, the nDCG discount is `ln(r)/ln(b)`.
    pub fn evaluate_into(
        &self,
        ideal: &TopicIdeal,
        list: &[Label],
        out: &mut Evaluation,
    ) -> Result<(), MeasureError> {
        let p = &self.params;
        let big_r = ideal.jrel;
        let rf = big_r as f64;
        let beta = p.beta;
        let gmax1 = ideal.gmax + 1.0;
        let rbp_divisor = match p.rbp_scale {
            RbpScale::Declared => ideal.gmax,
            RbpScale::Topic => ideal.gains[0],
        };
        if p.bpref && ideal.jnonrel == 0 {
            return Err(MeasureError::BprefWithoutNonrelevant);
        }

        out.syslen = list.len();
        out.jrel = big_r;
        out.jnonrel = ideal.jnonrel;
        out.at.clear();
        out.at.resize(p.cutoffs.len(), AtCutoff::default());

        // Running system values at rank r (§4.2), and sums over ranks with g(r) > 0 (§4.4).
        let mut sys = SysAt::default();
        let mut dsat = 1.0;
        // r1, rp and the P-measure/P+ snapshots.
        let mut r1 = 0usize;
        let mut o_measure = 0.0;
        let mut rp = 0usize;
        let mut best_grade = 0.0f64;
        let mut p_measure = 0.0;
        let mut p_plus = 0.0;

        // Ideal cursor for the cutoff-dependent normalisers (§4.1), advanced on demand.
        let mut ic = IdealCursor::default();
        // GAP's numerator (allocates only when GAP is asked for).
        let mut gap = GapSum::default();

        let mut next_cut = 0usize;
        let cuts = &self.sorted_cutoffs;

        for (i, label) in list.iter().enumerate() {
            let r = i + 1;
            let g = label.gain;
            let relevant = label.is_relevant();
            if relevant {
                sys.count += 1;
                sys.cg += g;
                sys.dcg += g / self.dcglog(r);
                sys.msdcg += g / self.ln_r1(r);
            }
            let g_for_sums = if relevant { g } else { 0.0 };
            let cgi = ideal.ideal_cg(r);
            let br = (beta * sys.cg + sys.count as f64) / (beta * cgi + r as f64);
            sys.rbpsum += g_for_sums * self.rbp_pow(r);
            let stop = g_for_sums / gmax1;
            sys.err += (dsat / r as f64) * stop;
            sys.ebr += ((br * dsat) * g_for_sums) / gmax1;
            sys.irbu += ((self.rbup_pow(r) * dsat) * g_for_sums) / gmax1;
            dsat *= 1.0 - stop;

            if g_for_sums > 0.0 {
                let prec = sys.count as f64 / r as f64;
                sys.ap_sum += prec;
                sys.q_sum += br;
                let rb = self.gamma_pow(sys.count - 1);
                sys.ncu_p += prec * rb;
                sys.ncu_br += br * rb;
                sys.ncu_ie += self.rbup_pow(r) * rb;
            }
            if relevant {
                if p.gap {
                    gap.push_relevant(r, label.grade);
                }
                if r1 == 0 {
                    r1 = r;
                    o_measure = br;
                }
                if label.grade > best_grade {
                    best_grade = label.grade;
                    rp = r;
                    p_measure = br;
                    p_plus = sys.q_sum / sys.count as f64;
                }
            }

            while next_cut < cuts.len() && cuts[next_cut].0 == r {
                let (l, idx) = cuts[next_cut];
                ic.advance_to(self, ideal, l.min(big_r));
                out.at[idx] = self.at_cutoff(l, big_r, rbp_divisor, &sys, &ic);
                out.at[idx].gap = p.gap.then(|| gap.sum / ic.gap);
                next_cut += 1;
            }
        }
        // Cutoffs beyond L: system arrays are saturated at L.
        while next_cut < cuts.len() {
            let (l, idx) = cuts[next_cut];
            ic.advance_to(self, ideal, l.min(big_r));
            out.at[idx] = self.at_cutoff(l, big_r, rbp_divisor, &sys, &ic);
            out.at[idx].gap = p.gap.then(|| gap.sum / ic.gap);
            next_cut += 1;
        }

        let denom_rb: f64 = (0..big_r).map(|k| self.gamma_pow(k)).sum();
        out.r1 = r1;
        out.rp = rp;
        out.rr = if r1 > 0 { 1.0 / r1 as f64 } else { 0.0 };
        out.o_measure = o_measure;
        out.p_measure = p_measure;
        out.p_plus = p_plus;
        out.ap = sys.ap_sum / rf;
        out.q = sys.q_sum / rf;
        out.ncurb_p = sys.ncu_p / denom_rb;
        out.ncurb_br = sys.ncu_br / denom_rb;
        out.ncurb_ie = sys.ncu_ie / denom_rb;
        out.gap = p.gap.then(|| {
            let ideal_sum = ideal.grades.iter().fold(0.0, |acc, &x| acc + gap_weight(x));
            gap.sum / ideal_sum
        });
        out.rbp = (1.0 - p.rbp) * sys.rbpsum / rbp_divisor;
        out.err = sys.err;
        out.ebr = sys.ebr;
        out.irbu = sys.irbu;
        // g(1)/g*(1): 0/0, undefined, when the ideal gain is 0, whatever is at rank 1.
        let g1 = match list.first() {
            Some(l) if l.is_relevant() => l.gain,
            _ => 0.0,
        };
        out.ng1 = g1 / ideal.gains[0];
        out.bpref = if p.bpref {
            Some(bpref(ideal, list))
        } else {
            None
        };
        Ok(())
    }

    fn at_cutoff(
        &self,
        l: usize,
        big_r: usize,
        rbp_divisor: f64,
        s: &SysAt,
        ic: &IdealCursor,
    ) -> AtCutoff {
        let p = &self.params;
        let denom = l.min(big_r) as f64;
        AtCutoff {
            cutoff: l,
            ap: s.ap_sum / denom,
            q: s.q_sum / denom,
            ncurb_p: s.ncu_p / denom,
            ncurb_br: s.ncu_br / denom,
            ncurb_ie: s.ncu_ie / denom,
            gap: None,
            ndcg: s.dcg / ic.dcg,
            msndcg: s.msdcg / ic.msdcg,
            ncg: s.cg / ic.cg,
            prec: s.count as f64 / l as f64,
            rbp: (1.0 - p.rbp) * s.rbpsum / rbp_divisor,
            nrbp: s.rbpsum / ic.rbpsum,
            err: s.err,
            nerr: s.err / ic.err,
            ebr: s.ebr,
            nebr: s.ebr / ic.ebr,
            irbu: s.irbu,
            nirbu: s.irbu / ic.irbu,
            hit: if s.count > 0 { 1.0 } else { 0.0 },
        }
    }
}

/// `dcglog(b, r)` of the original nDCG (§5.7): 1 if r = 1 or r ≤ b; otherwise `ln(r)/ln(b)`,
/// or `ln(r)` when b = 0.
fn dcglog(b: f64, r: usize) -> f64 {
    let rf = r as f64;
    if r <= 1 || rf <= b {
        1.0
    } else if b == 0.0 {
        rf.ln()
    } else {
        rf.ln() / b.ln()
    }
}

/// Running system values at a rank (§4.2, §4.4), read at each cutoff.
#[derive(Default)]
struct SysAt {
    count: usize,
    cg: f64,
    dcg: f64,
    msdcg: f64,
    err: f64,
    rbpsum: f64,
    ebr: f64,
    irbu: f64,
    ap_sum: f64,
    q_sum: f64,
    ncu_p: f64,
    ncu_br: f64,
    ncu_ie: f64,
}

/// Ideal cumulative arrays (§4.1) at index `i`, advanced incrementally.
#[derive(Default)]
struct IdealCursor {
    i: usize,
    cg: f64,
    dcg: f64,
    msdcg: f64,
    err: f64,
    dsat: f64,
    rbpsum: f64,
    ebr: f64,
    irbu: f64,
    /// `Σ x*(k)(x*(k)+1)` (GAP's denominator).
    gap: f64,
}

impl IdealCursor {
    fn advance_to(&mut self, ev: &Evaluator, ideal: &TopicIdeal, target: usize) {
        if self.i == 0 {
            self.dsat = 1.0;
        }
        let gmax1 = ideal.gmax + 1.0;
        while self.i < target {
            self.i += 1;
            let r = self.i;
            let g = ideal.gains[r - 1];
            self.cg += g;
            self.dcg += g / ev.dcglog(r);
            self.msdcg += g / ev.ln_r1(r);
            let stop = g / gmax1;
            self.err += (self.dsat / r as f64) * stop;
            self.ebr += self.dsat * stop;
            self.irbu += ev.rbup_pow(r) * self.dsat * stop;
            self.dsat *= 1.0 - stop;
            self.rbpsum += g * ev.rbp_pow(r);
            self.gap += gap_weight(ideal.grades[r - 1]);
        }
    }
}

/// The bpref family (§5.13); sums over ranks with g(r) > 0.
fn bpref(ideal: &TopicIdeal, list: &[Label]) -> Bpref {
    let big_r = ideal.jrel as f64;
    let n = ideal.jnonrel as f64;
    let min_rn = big_r.min(n);
    let cgi_r = ideal.ideal_cg(ideal.jrel);
    let gmax = ideal.gmax;
    let mut b = Bpref::default();
    let mut count = 0usize;
    for (i, label) in list.iter().enumerate() {
        let r = i + 1;
        if label.is_relevant() {
            count += 1;
        }
        let g = if label.is_relevant() { label.gain } else { 0.0 };
        if g <= 0.0 {
            continue;
        }
        let nonrel_above = (r - count) as f64;
        let m = big_r.min(nonrel_above);
        b.bpref += 1.0 - m / min_rn;
        b.bpref_r += 1.0 - m / big_r;
        b.bpref_n += 1.0 - nonrel_above / n;
        if r > 1 {
            b.bpref_relative += 1.0 - nonrel_above / (r - 1) as f64;
        }
        let pen: f64 = list[..i]
            .iter()
            .map(|o| if o.is_relevant() { o.gain } else { 0.0 })
            .filter(|&gj| gj < g)
            .map(|gj| (g - gj) / g)
            .sum();
        b.rpref_n += g * (1.0 - pen / (big_r + n - cgi_r / gmax));
        if r > 1 {
            b.rpref_relative += g * (1.0 - pen / (r - 1) as f64);
        }
        b.rpref_relative2 += g * (1.0 - pen / r as f64);
    }
    b.bpref /= big_r;
    b.bpref_r /= big_r;
    b.bpref_n /= big_r;
    b.bpref_relative /= big_r;
    b.rpref_n /= cgi_r;
    b.rpref_relative /= cgi_r;
    b.rpref_relative2 /= cgi_r;
    b
}
