//! One retrieved document of a run: its id, score and line, what the run reader yields and the
//! duplicate finder checks.

/// One retrieved document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunDoc<'a> {
    pub doc: &'a str,
    pub score: f64,
    /// 1-based line in the file.
    pub line: usize,
}
