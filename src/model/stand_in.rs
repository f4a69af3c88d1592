//! Whether a rebuilt artefact rests on a seeded stand-in collection, and the note that travels with
//! it: in the caption of its Markdown and LaTeX table, inside its SVG figure, and in its report block,
//! so that no simulated table or figure can be copied out of the build directory without saying so.

/// How much of an artefact comes from the stand-in collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StandIn {
    /// Every number (paper A's STC tables, paper B's evaluation tables and figures).
    Whole,
    /// The numbers the printed inputs do not determine (B.T1's per-topic statistics, B.T2's all3
    /// levels); the rest is recomputed from the paper's printed confusion matrices.
    Part,
}

impl StandIn {
    /// The short mark repeated on every page a long table continues onto, where the caption with
    /// the full [`StandIn::note`] is not in sight.
    pub(crate) fn mark(self) -> &'static str {
        match self {
            StandIn::Whole => "STAND-IN, not the paper's data",
            StandIn::Part => "PARTLY A STAND-IN",
        }
    }

    /// The visible note, plain text (escaped by the caller for its format).
    pub(crate) fn note(self) -> &'static str {
        match self {
            StandIn::Whole => {
                "STAND-IN: computed on a seeded stand-in collection with placeholder run names, not on the paper's data; compare with the paper only qualitatively."
            }
            StandIn::Part => {
                "PARTLY A STAND-IN: the numbers the paper's printed inputs do not determine (class simulated) come from a seeded stand-in collection, not from the paper's data."
            }
        }
    }
}
