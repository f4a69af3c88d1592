//! One judge's relevance labels (topic → document → label value) and the label categories a set of
//! judges shares, which the agreement statistics index.
//!
//! Labels are values: graded levels (0, 1, 2, …, or negative ones such as TREC's −2) or real-valued
//! gains. The categories of a set of judges are every integer from the lowest label to the highest
//! when all labels are integers (the declared scale, as paper B's B.T1 weighs its kappas: a level
//! nobody used still counts in the linear weights `1 − |i − j|/(k − 1)`), else the distinct values
//! in increasing order (the observed categories, weights by rank as R's `irr::kappa2` builds them).

use std::collections::BTreeMap;

/// The most categories a kappa is computed over: a k × k table needs far more documents than k²
/// cells to be estimated (2k² documents per Cicchetti and Fleiss 1977), and real-valued gains with
/// many distinct values are not categories.
pub const MAX_KAPPA_CATEGORIES: usize = 64;

/// The most categories Krippendorff's alpha is computed over (its coincidence matrix is k × k).
pub const MAX_ALPHA_CATEGORIES: usize = 1024;

/// One judge's labels.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgeLabels {
    pub name: String,
    /// Topic → document → label value (finite).
    pub topics: BTreeMap<String, BTreeMap<String, f64>>,
}

impl JudgeLabels {
    /// The number of (topic, document) pairs labelled.
    pub fn documents(&self) -> u64 {
        self.topics.values().map(|d| d.len() as u64).sum()
    }
}

/// The label categories of a set of judges, lowest first (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct Categories {
    values: Vec<f64>,
    /// Whether the categories are the integer scale from the lowest label to the highest.
    declared: bool,
    /// Whether some label is not an integer: real-valued gains, amounts rather than levels.
    real_valued: bool,
}

impl Categories {
    /// The categories of every label of `judges`.
    pub fn of(judges: &[&JudgeLabels]) -> Self {
        let mut values: Vec<f64> = judges
            .iter()
            .flat_map(|j| j.topics.values().flat_map(|d| d.values().copied()))
            .map(|v| v + 0.0)
            .collect();
        values.sort_by(f64::total_cmp);
        values.dedup();
        let real_valued = values.iter().any(|v| v.fract() != 0.0);
        let integral = !real_valued && values.iter().all(|v| v.abs() < 1e9);
        if let (true, Some(&lo), Some(&hi)) = (integral, values.first(), values.last())
            && hi - lo < MAX_KAPPA_CATEGORIES as f64
        {
            // At most MAX_KAPPA_CATEGORIES integers, so the cast is exact.
            let k = (hi - lo) as usize + 1;
            return Categories {
                values: (0..k).map(|i| lo + i as f64).collect(),
                declared: true,
                real_valued,
            };
        }
        Categories {
            values,
            declared: false,
            real_valued,
        }
    }

    /// The category values, lowest first.
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there is no category (no judge gave a label).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Whether these are the integer scale from the lowest label to the highest (else the distinct
    /// values observed).
    pub fn declared(&self) -> bool {
        self.declared
    }

    /// Whether some label is not an integer (real-valued gains): the statistics that compare
    /// levels (kappa, alpha nominal and ordinal, the confusion matrix) are not defined.
    pub fn real_valued(&self) -> bool {
        self.real_valued
    }

    /// The index of the category of `value` (one of the labels the categories were made of).
    pub fn index(&self, value: f64) -> Option<usize> {
        let v = value + 0.0;
        self.values.binary_search_by(|c| c.total_cmp(&v)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(labels: &[(&str, &str, f64)]) -> JudgeLabels {
        let mut topics: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
        for &(t, d, v) in labels {
            topics.entry(t.into()).or_default().insert(d.into(), v);
        }
        JudgeLabels {
            name: "j".into(),
            topics,
        }
    }

    #[test]
    fn integer_labels_make_the_declared_scale_with_unused_levels() {
        let a = judge(&[("1", "d1", 0.0), ("1", "d2", 3.0)]);
        let b = judge(&[("1", "d1", -0.0), ("1", "d2", 1.0)]);
        let c = Categories::of(&[&a, &b]);
        assert_eq!(c.values(), &[0.0, 1.0, 2.0, 3.0]);
        assert!(c.declared());
        assert_eq!(c.index(-0.0), Some(0));
        assert_eq!(c.index(2.0), Some(2));
    }

    #[test]
    fn real_gains_make_observed_categories() {
        let a = judge(&[("1", "d1", 0.25), ("1", "d2", 1.5)]);
        let c = Categories::of(&[&a]);
        assert_eq!(c.values(), &[0.25, 1.5]);
        assert!(!c.declared());
        assert!(c.real_valued());
        assert_eq!(c.index(0.3), None);
    }
}
