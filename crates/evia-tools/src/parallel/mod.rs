//! Independent work shared by threads, with results in input order.
//!
//! Every helper here returns what a sequential loop over the same work would return, in the same
//! order, whichever thread computed which part: output never depends on the thread count. Threads
//! take the next part from a shared counter ([`in_turn`]), so a thread that is free early (its
//! part was cheaper, or its core was busy elsewhere for a while) takes more parts and no core sits
//! idle while the other still has a queue. This is the bottom layer of the crate: it knows nothing
//! of the project's types. It is kept rather than rayon, which was not faster on the project's work
//! (bench/README.md, "Hand-written or a crate").

mod in_turn;

pub use in_turn::{map_in_halves, map_in_turn, map_owned_in_halves, try_map_in_turn};
