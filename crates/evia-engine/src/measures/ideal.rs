//! Gains, labels and the per-topic ideal list (tests/fixtures/measures.md §1, §4.1, §7).

use super::MeasureError;

/// Per-level gain values, NTCIREVAL's `-g g1:g2:…:gH` (tests/fixtures/measures.md §1, §3).
///
/// `gv[0] = 0`; `gv[l]` is the gain of level `l` for `l = 1…H`, where H is the number of values
/// given. `gmax = gv[H]` (the last value) is used by ERR/nERR/RBP whether or not any document of
/// level H exists for a topic.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelGains {
    /// `gv[0..=H]`, with `gv[0] = 0`.
    gv: Vec<f64>,
}

impl LevelGains {
    /// Gains for levels 1…H. Values may be real (as C `compute -g` accepts with `atof`); they must
    /// be finite, non-negative and non-decreasing in level (C: "Bad gain/stop values"; C does not
    /// reject negative gains, this port does).
    pub fn new(gains: &[f64]) -> Result<Self, MeasureError> {
        if gains.is_empty() {
            return Err(MeasureError::BadGains(
                "at least one gain (for level L1) is required".into(),
            ));
        }
        for (i, &g) in gains.iter().enumerate() {
            if !g.is_finite() || g < 0.0 {
                return Err(MeasureError::BadGains(format!(
                    "the gain of L{} is {g}; gains must be finite and >= 0",
                    i + 1
                )));
            }
            if i > 0 && g < gains[i - 1] {
                return Err(MeasureError::BadGains(format!(
                    "the gain of L{} ({g}) is smaller than the gain of L{} ({}); gains must be non-decreasing in level",
                    i + 1,
                    i,
                    gains[i - 1]
                )));
            }
        }
        let mut gv = Vec::with_capacity(gains.len() + 1);
        gv.push(0.0);
        gv.extend_from_slice(gains);
        Ok(LevelGains { gv })
    }

    /// Linear gains `1:2:…:H`.
    pub fn linear(max_level: u32) -> Result<Self, MeasureError> {
        let gains: Vec<f64> = (1..=max_level).map(f64::from).collect();
        Self::new(&gains)
    }

    /// H, the highest declared level.
    pub fn max_level(&self) -> u32 {
        // gv has at most u32::MAX entries in practice; levels are parsed as u32.
        u32::try_from(self.gv.len() - 1).unwrap_or(u32::MAX)
    }

    /// `gmax = gv[H]`.
    pub fn gmax(&self) -> f64 {
        self.gv[self.gv.len() - 1]
    }

    /// `gv[level]`, or an error if `level > H` (C: "max rel level mismatch").
    pub fn gain(&self, level: u32) -> Result<f64, MeasureError> {
        self.gv
            .get(level as usize)
            .copied()
            .ok_or(MeasureError::LevelAboveMax {
                level,
                max: self.max_level(),
            })
    }

    /// The label of a judged document of `level`.
    pub fn label(&self, level: u32) -> Result<Label, MeasureError> {
        Ok(Label {
            gain: self.gain(level)?,
            grade: f64::from(level),
        })
    }

    /// The gains `g1…gH` (without `gv[0]`).
    pub fn values(&self) -> &[f64] {
        &self.gv[1..]
    }
}

/// The relevance a qrels file gives a listed document: a level (L0 = judged nonrelevant), or
/// none — TREC relevance below 0 (`-1`, `-2`), which trec_eval reads as "in the pool, but
/// unjudged" (`form_res_rels.c`, `RELVALUE_UNJUDGED`).
///
/// An [`Relevance::Unjudged`] document is labelled as an unjudged one is: nonrelevant in a full
/// list, dropped from a condensed list (as trec_eval's bpref skips it and `-J` drops it), and not
/// counted in N, the judged nonrelevant documents. It is still a listed document: listing it twice
/// for a topic is an error, as for any judged document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relevance {
    Level(u32),
    Unjudged,
}

/// What the measures need to know about the document at one rank.
///
/// * `gain`: `g(r)`, the gain value (0 for L0 and for unjudged documents).
/// * `grade`: the key that decides relevance and the preferred rank `rp`: the relevance level in
///   per-level mode (NTCIREVAL `compute`: relevant ⇔ level ≥ 1, rp by the highest level present),
///   the gain itself in direct-gain mode (`gcompute`: relevant ⇔ gain > 0, rp by the highest gain).
///
/// A document is relevant (`I(r) = 1`) iff `grade > 0` (tests/fixtures/measures.md §1, §4.4, §7).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Label {
    pub gain: f64,
    pub grade: f64,
}

impl Label {
    /// An unjudged document (or judged nonrelevant, L0): gain 0, not relevant.
    pub const NONRELEVANT: Label = Label {
        gain: 0.0,
        grade: 0.0,
    };

    /// The table entry of a document listed without a judgement ([`Relevance::Unjudged`]); the
    /// negative grade sets it apart. Never part of a labelled list: labelling turns it into
    /// [`Label::NONRELEVANT`] or drops it, as an unjudged document.
    pub(crate) const LISTED_UNJUDGED: Label = Label {
        gain: 0.0,
        grade: -1.0,
    };

    /// Whether this is the entry of a document listed without a judgement.
    pub(crate) fn is_listed_unjudged(&self) -> bool {
        self.grade < 0.0
    }

    /// A direct-gain label (`glabel`/`gcompute` path): relevant iff `gain > 0`.
    pub fn direct(gain: f64) -> Label {
        Label { gain, grade: gain }
    }

    /// `I(r)`: relevant by level (per-level mode) or by gain > 0 (direct mode).
    pub fn is_relevant(&self) -> bool {
        self.grade > 0.0
    }
}

/// Everything about a topic's judgements that does not depend on the run: R, N, gmax and the
/// ideal list with its cumulative gains (tests/fixtures/measures.md §1, §4.1).
///
/// The ideal list holds the R relevant documents' gains in decreasing order of level (per-level
/// mode) or of gain (direct mode). Judged nonrelevant documents are not in it (no numerical
/// effect). `cg*(r)` and `msDCG*(r)` are precomputed once here; the parameter-dependent ideal
/// sums (nDCG with log base b, ERR, RBP, EBR, iRBU) are accumulated during evaluation up to the
/// largest cutoff only.
#[derive(Debug, Clone, PartialEq)]
pub struct TopicIdeal {
    /// `g*(1…R)`.
    pub(crate) gains: Vec<f64>,
    /// The grades `x*(1…R)` of the ideal list (levels in per-level mode, gains in direct mode):
    /// the ideal of GAP, which NTCIREVAL `compute` computes on levels (`super::gap`).
    pub(crate) grades: Vec<f64>,
    /// `cg*(0…R)`, `cg*(0) = 0`.
    pub(crate) cg: Vec<f64>,
    /// `X_l` for per-level mode (index = level); empty in direct mode.
    pub(crate) level_counts: Vec<usize>,
    pub(crate) jrel: usize,
    pub(crate) jnonrel: usize,
    pub(crate) gmax: f64,
}

impl TopicIdeal {
    /// Per-level mode (`compute`): `counts[l]` = X_l, the number of judged documents of level l
    /// (`counts[0]` = N). `gmax` is the gain of the highest *declared* level (§5.12).
    /// Errors if a count is given for a level above H, or if R = 0 (C: "no rel doc").
    pub fn from_level_counts(counts: &[usize], gains: &LevelGains) -> Result<Self, MeasureError> {
        // One allocation each: R = the documents counted above L0.
        let relevant = counts
            .iter()
            .skip(1)
            .fold(0usize, |r, &n| r.saturating_add(n));
        let mut ideal = Vec::with_capacity(relevant);
        let mut grades = Vec::with_capacity(relevant);
        for (level, &n) in counts.iter().enumerate().rev() {
            if level == 0 || n == 0 {
                continue;
            }
            let level = u32::try_from(level).map_err(|_| MeasureError::LevelAboveMax {
                level: u32::MAX,
                max: gains.max_level(),
            })?;
            let g = gains.gain(level)?;
            ideal.extend(std::iter::repeat_n(g, n));
            grades.extend(std::iter::repeat_n(f64::from(level), n));
        }
        let jnonrel = counts.first().copied().unwrap_or(0);
        let mut this = Self::build(ideal, grades, jnonrel, gains.gmax())?;
        this.level_counts = counts.to_vec();
        Ok(this)
    }

    /// Direct-gain mode (`gcompute`): one gain per judged document, any order. Gain 0 means
    /// judged nonrelevant; R = number of gains > 0; the ideal list is the positive gains sorted in
    /// decreasing order; `gmax` = the largest gain (C `hgain`). C takes the ideal file's order as
    /// is; this port sorts (a documented deviation that only matters for unsorted files, §9.5).
    pub fn from_direct_gains(gains: &[f64]) -> Result<Self, MeasureError> {
        let mut ideal = Vec::new();
        let mut jnonrel = 0;
        for &g in gains {
            if !g.is_finite() || g < 0.0 {
                return Err(MeasureError::BadDirectGain(g));
            }
            if g > 0.0 {
                ideal.push(g);
            } else {
                jnonrel += 1;
            }
        }
        ideal.sort_by(|a, b| b.total_cmp(a));
        let gmax = ideal.first().copied().unwrap_or(0.0);
        let grades = ideal.clone();
        Self::build(ideal, grades, jnonrel, gmax)
    }

    fn build(
        gains: Vec<f64>,
        grades: Vec<f64>,
        jnonrel: usize,
        gmax: f64,
    ) -> Result<Self, MeasureError> {
        if gains.is_empty() {
            return Err(MeasureError::NoRelevant);
        }
        let mut cg = Vec::with_capacity(gains.len() + 1);
        let mut acc = 0.0;
        cg.push(acc);
        for &g in &gains {
            acc += g;
            cg.push(acc);
        }
        Ok(TopicIdeal {
            jrel: gains.len(),
            gains,
            grades,
            cg,
            level_counts: Vec::new(),
            jnonrel,
            gmax,
        })
    }

    /// R, the number of judged relevant documents.
    pub fn jrel(&self) -> usize {
        self.jrel
    }

    /// N, the number of judged nonrelevant documents.
    pub fn jnonrel(&self) -> usize {
        self.jnonrel
    }

    /// gmax, the divisor base of the ERR stop probability `g/(gmax+1)`.
    pub fn gmax(&self) -> f64 {
        self.gmax
    }

    /// The ideal gains `g*(1…R)`.
    pub fn ideal_gains(&self) -> &[f64] {
        &self.gains
    }

    /// `cg*(r)`, saturated at `cg*(R)` for r > R.
    pub fn ideal_cg(&self, r: usize) -> f64 {
        self.cg[r.min(self.jrel)]
    }
}
