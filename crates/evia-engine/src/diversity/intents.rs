//! A topic's intents: `Pr(i|q)` and the informational/navigational tag (survey §2.2.2).

use super::DiversityError;

/// At most this many intents per topic (NTCIREVAL's `INTENT_NUMMAX`).
pub const MAX_INTENTS: usize = 64;

/// Informational intents reward every relevant document; navigational intents only the first
/// (survey §2.2.2, Eq. 8 and Eq. 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntentKind {
    Informational,
    Navigational,
}

/// One intent of a topic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Intent {
    /// The intent's number as in the intent file (NTCIREVAL numbers intents 1, 2, ...).
    pub id: u32,
    /// `Pr(i|q)`.
    pub probability: f64,
    pub kind: IntentKind,
}

/// A topic's validated intents: at least one, at most [`MAX_INTENTS`], distinct ids, each
/// probability finite in [0, 1] and their sum 1 within 1e-6.
#[derive(Debug, Clone, PartialEq)]
pub struct IntentSet {
    intents: Vec<Intent>,
}

impl IntentSet {
    pub fn new(intents: Vec<Intent>) -> Result<Self, DiversityError> {
        if intents.is_empty() {
            return Err(DiversityError::NoIntent);
        }
        if intents.len() > MAX_INTENTS {
            return Err(DiversityError::TooManyIntents(intents.len()));
        }
        let mut sum = 0.0;
        for (k, intent) in intents.iter().enumerate() {
            if intents[..k].iter().any(|o| o.id == intent.id) {
                return Err(DiversityError::DuplicateIntent(intent.id));
            }
            let p = intent.probability;
            if !p.is_finite() || !(0.0..=1.0).contains(&p) {
                return Err(DiversityError::BadProbability {
                    intent: intent.id,
                    probability: p,
                });
            }
            sum += p;
        }
        if (sum - 1.0).abs() > 1e-6 {
            return Err(DiversityError::ProbabilitiesDoNotSumToOne(sum));
        }
        Ok(IntentSet { intents })
    }

    pub fn intents(&self) -> &[Intent] {
        &self.intents
    }

    pub fn len(&self) -> usize {
        self.intents.len()
    }

    pub fn is_empty(&self) -> bool {
        self.intents.is_empty()
    }

    /// The position of intent `id` in [`IntentSet::intents`].
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.intents.iter().position(|i| i.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inf(id: u32, probability: f64) -> Intent {
        Intent {
            id,
            probability,
            kind: IntentKind::Informational,
        }
    }

    #[test]
    fn validation() {
        assert!(IntentSet::new(vec![inf(1, 0.3), inf(2, 0.7)]).is_ok());
        assert_eq!(
            IntentSet::new(vec![inf(1, 0.3), inf(2, 0.6)]),
            Err(DiversityError::ProbabilitiesDoNotSumToOne(0.3 + 0.6))
        );
        assert_eq!(
            IntentSet::new(vec![inf(1, 0.5), inf(1, 0.5)]),
            Err(DiversityError::DuplicateIntent(1))
        );
        assert_eq!(IntentSet::new(vec![]), Err(DiversityError::NoIntent));
        assert!(matches!(
            IntentSet::new(vec![inf(1, f64::NAN)]),
            Err(DiversityError::BadProbability { .. })
        ));
    }
}
