//! The NTCIR-13 WWW English collection as paper B used it: per-topic pools judged by three assessors
//! (lancer1, lancer2 and student) on the scale 0/1/2, and the system runs evaluated on them.
//!
//! Shared by the seeded stand-in (`sim::www`) and by a user's real collection read with `--data`
//! (`io::www_labels`): every paper-B experiment works on [`LabelledTopic`]s and never knows which one
//! it got.

/// The three assessors of paper B, in the order of the papers' tables.
pub const ASSESSORS: [&str; 3] = ["lancer1", "lancer2", "student"];

/// One pooled document and its three labels (each 0, 1 or 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    pub doc: String,
    /// Labels in the order of [`ASSESSORS`].
    pub labels: [u8; 3],
}

/// A topic's pool with every document's three labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelledTopic {
    pub id: String,
    pub docs: Vec<Judgement>,
}

/// A system run: one ranked list of document ids per topic, aligned with the collection's topics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub name: String,
    /// The team that submitted it, when known.
    pub team: Option<String>,
    /// `lists[t]` ranks documents for topic `t` of the collection (rank 1 first; may be empty).
    pub lists: Vec<Vec<String>>,
}
