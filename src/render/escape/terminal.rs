//! Plain text for a terminal, so that a name from a user's file can never be a control sequence:
//! [`crate::model::show_invisible`], which error messages (read below this layer) use too.

pub(crate) use crate::model::show_invisible as escape_terminal;
