//! The two papers' ids.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which paper a file transcribes: A (unanimity-aware gain) or B (lancers and students).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PaperId {
    A,
    B,
}

impl fmt::Display for PaperId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PaperId::A => "A",
            PaperId::B => "B",
        })
    }
}
