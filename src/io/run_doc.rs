//! One retrieved document of a run: its id, score and line, what the run reader yields and the
//! duplicate finder checks.

/// One retrieved document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RunDoc<'a> {
    pub(crate) doc: &'a str,
    pub(crate) score: f64,
    /// 1-based line in the file.
    pub(crate) line: usize,
}
