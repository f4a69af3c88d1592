//! Domain types of the two collections, shared by the seeded stand-ins (`sim`) and the readers of a
//! user's real data (`io`). Neither layer owns them, so neither imports the other.

pub mod stc;
pub mod www;
