//! How a claim re-tested on a stand-in behaves across the whole space of plausible knob values (the
//! knob-space studies A.M1 and B.M1): robust, depends on a knob, or decided by a knob. The rules
//! that assign a class are the studies' (`robustness::space::classify`, docs/robustness.md); the
//! words are the vocabulary's (docs/vocabulary.md).

use serde::Serialize;

/// A claim's class across the plausible knob space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SpaceClass {
    /// No knob moves its holding rate detectably: its rate over the space holds across it.
    Robust,
    /// Its holding rate moves with a knob, but no value in the knob's range decides it.
    DependsOn,
    /// Within a knob's range the claim flips from mostly failing to mostly holding.
    DecidedBy,
}

/// Every class, from the least to the most dependent on the knobs.
pub(crate) const SPACE_CLASSES: [SpaceClass; 3] = [
    SpaceClass::Robust,
    SpaceClass::DependsOn,
    SpaceClass::DecidedBy,
];

impl SpaceClass {
    /// A stable id (the knob-space study's panel of the claims of this class).
    pub(crate) fn id(self) -> &'static str {
        match self {
            SpaceClass::Robust => "robust",
            SpaceClass::DependsOn => "depends_on",
            SpaceClass::DecidedBy => "decided_by",
        }
    }

    /// The class's words without its knobs: `robust`, `depends on`, `decided by`.
    pub(crate) fn stem(self) -> &'static str {
        match self {
            SpaceClass::Robust => "robust",
            SpaceClass::DependsOn => "depends on",
            SpaceClass::DecidedBy => "decided by",
        }
    }

    /// The class's words with the knobs it names, most influential first: `robust`,
    /// `depends on runs.doc_noise_sd`, `decided by a and b`.
    pub(crate) fn words(self, knobs: &[String]) -> String {
        match (self, knobs) {
            (SpaceClass::Robust, _) | (_, []) => self.stem().to_string(),
            (_, [one]) => format!("{} {one}", self.stem()),
            (_, [rest @ .., last]) => format!("{} {} and {last}", self.stem(), rest.join(", ")),
        }
    }

    /// What the class means, as the vocabulary states it.
    pub(crate) fn meaning(self) -> &'static str {
        match self {
            SpaceClass::Robust => {
                "no plausible knob value moves the claim's holding rate detectably: its rate over the whole space (with its words) holds across the space"
            }
            SpaceClass::DependsOn => {
                "the holding rate moves with knob K, but no value in K's plausible range decides the claim"
            }
            SpaceClass::DecidedBy => {
                "within K's plausible range the claim flips from mostly failing to mostly holding: what the stand-in says of it is K's guess"
            }
        }
    }
}

/// A claim's `builds_in` declaration checked against its class across the space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Declaration {
    /// No knob declaration builds the claim in.
    Undeclared,
    /// Declared built in, and its class names a declared knob: the analysis confirms it.
    Confirmed,
    /// Declared built in, but no ranged knob moves it: robust across the space.
    FoundRobust,
    /// Declared built in, but only knobs its declaration does not name move it.
    OtherKnobs,
    /// Declared built in by knobs that are all fixed: the space cannot test the declaration.
    KnobsFixed,
}

impl Declaration {
    /// The declaration's check in words, empty for a claim no declaration names.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Declaration::Undeclared => "",
            Declaration::Confirmed => "declared built in: confirmed",
            Declaration::FoundRobust => "declared built in, but robust across plausible data",
            Declaration::OtherKnobs => {
                "declared built in, but moved only by knobs its declaration does not name"
            }
            Declaration::KnobsFixed => {
                "declared built in by fixed knobs: the plausible space cannot test it"
            }
        }
    }

    /// Every value, in the order the studies list them.
    pub(crate) const ALL: [Declaration; 5] = [
        Declaration::Undeclared,
        Declaration::Confirmed,
        Declaration::FoundRobust,
        Declaration::OtherKnobs,
        Declaration::KnobsFixed,
    ];
}

/// The words a claim decided by knobs no declaration names carries: a finding about the stand-in.
pub(crate) const UNDECLARED_WORDS: &str = "not declared in builds_in: a finding about the stand-in";

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class's words and meaning, and every declaration's words, are the vocabulary's.
    #[test]
    fn the_words_are_the_vocabulary_s() {
        let vocabulary = include_str!("../../docs/vocabulary.md");
        for class in SPACE_CLASSES {
            let words = class.words(&["K".to_string()]);
            let row = format!("| {words} | {} |", class.meaning());
            assert!(vocabulary.contains(&row), "{row}");
        }
        for declaration in Declaration::ALL.into_iter().skip(1) {
            let row = format!("| {} |", declaration.words());
            assert!(vocabulary.contains(&row), "{row}");
        }
        assert!(vocabulary.contains(&format!("| {UNDECLARED_WORDS} |")));
    }

    #[test]
    fn words_name_the_knobs() {
        let knobs = |k: &[&str]| k.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(SpaceClass::Robust.words(&knobs(&["a"])), "robust");
        assert_eq!(SpaceClass::DependsOn.words(&knobs(&["a"])), "depends on a");
        assert_eq!(
            SpaceClass::DecidedBy.words(&knobs(&["a", "b", "c"])),
            "decided by a, b and c"
        );
    }
}
