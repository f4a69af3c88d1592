//! Why the wiring cannot be loaded or applied: the one error every check's `apply` returns.

use crate::io::SourceError;

/// Why the wiring cannot be loaded or applied.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum WiringError {
    #[error(transparent)]
    Read(SourceError),
    #[error(transparent)]
    Invalid(SourceError),
}
