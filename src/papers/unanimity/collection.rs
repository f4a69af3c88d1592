//! The NTCIR-12 STC Chinese collection as paper A used it (§4): topics whose judged pools carry the
//! levels L0/L1/L2, and runs of several teams returning ranked lists.
//!
//! Shared by the seeded stand-in (`standin::generate`) and by a user's real collection (read by
//! `stc_files`): every paper-A experiment on STC works on [`StcCollection`] and never knows which one it
//! got.

/// The relevance levels of STC (L0 judged nonrelevant, L1 relevant, L2 highly relevant).
pub(crate) const MAX_LEVEL: u8 = 2;

/// One topic: its judged documents and their levels (0, 1 or 2), in pool order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StcTopic {
    pub(crate) id: String,
    pub(crate) docs: Vec<String>,
    pub(crate) levels: Vec<u8>,
}

/// One retrieved document of a ranked list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Retrieved {
    /// The document judged at this index of the topic's pool.
    Judged(usize),
    /// A document absent from the topic's pool (gain 0; only in real collections).
    Unjudged,
}

/// One run: its name, its team and a ranked list per topic (indexed like [`StcCollection::topics`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StcRun {
    pub(crate) name: String,
    pub(crate) team: String,
    pub(crate) lists: Vec<Vec<Retrieved>>,
}

/// Topics with judged pools and the runs to evaluate on them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StcCollection {
    pub(crate) topics: Vec<StcTopic>,
    pub(crate) runs: Vec<StcRun>,
}

impl StcCollection {
    /// The teams in order of first appearance among the runs.
    pub(crate) fn teams(&self) -> Vec<&str> {
        let mut teams: Vec<&str> = Vec::new();
        for run in &self.runs {
            if !teams.contains(&run.team.as_str()) {
                teams.push(&run.team);
            }
        }
        teams
    }
}
