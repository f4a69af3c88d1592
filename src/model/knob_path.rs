//! A knob of a stand-in's knob file as a typed path: the keys of nested mappings and the positions
//! in lists that lead to it, `runs.latent_noise.per_disagreement`, `level_signal[2]`, or every item
//! of a list at once, `teams[*].quality`. Parsed once, where a knob file's `plausible:` section is
//! read; the rest of the program compares steps, never strings.

use std::fmt;

/// One step of a [`KnobPath`].
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Step {
    /// A key of a mapping.
    Key(String),
    /// The item at this position of a list (0-based).
    Index(usize),
    /// Every item of a list (`[*]`).
    Each,
}

/// A path from a knob file's top level to one knob or to a family of knobs (module documentation).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct KnobPath {
    steps: Vec<Step>,
}

/// Why text is not a knob path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a knob path like `runs.latent_noise.base`, `level_signal[2]` or `teams[*].quality`: {why}"
)]
pub(crate) struct KnobPathError {
    text: String,
    why: &'static str,
}

impl KnobPath {
    /// Reads `text`: keys of letters, digits and `_` joined by `.`, each followed by any number of
    /// `[<position>]` or `[*]`.
    pub(crate) fn parse(text: &str) -> Result<KnobPath, KnobPathError> {
        let error = |why| KnobPathError {
            text: text.to_string(),
            why,
        };
        if text.is_empty() {
            return Err(error("it is empty"));
        }
        let mut steps = Vec::new();
        for segment in text.split('.') {
            let (key, mut rest) = segment.split_at(segment.find('[').unwrap_or(segment.len()));
            if key.is_empty() {
                return Err(error("a key is empty"));
            }
            if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(error(
                    "a key holds a character other than a letter, digit or `_`",
                ));
            }
            steps.push(Step::Key(key.to_string()));
            while !rest.is_empty() {
                let Some(inner) = rest.strip_prefix('[') else {
                    return Err(error("text follows a `]`"));
                };
                let Some(end) = inner.find(']') else {
                    return Err(error("a `[` is not closed"));
                };
                let position = &inner[..end];
                steps.push(match position {
                    "*" => Step::Each,
                    _ => Step::Index(
                        position
                            .parse()
                            .map_err(|_| error("a position is neither a number nor `*`"))?,
                    ),
                });
                rest = &inner[end + 1..];
            }
        }
        Ok(KnobPath { steps })
    }

    /// A concrete path (no [`Step::Each`]) from its steps.
    pub(crate) fn from_steps(steps: Vec<Step>) -> KnobPath {
        KnobPath { steps }
    }

    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Whether this path leads to `leaf` or to something containing it: every step of this path
    /// matches the step of `leaf` at its place (`[*]` matches any position), and `leaf` may go on.
    pub(crate) fn covers(&self, leaf: &KnobPath) -> bool {
        self.steps.len() <= leaf.steps.len()
            && self
                .steps
                .iter()
                .zip(&leaf.steps)
                .all(|(mine, theirs)| match (mine, theirs) {
                    (Step::Each, Step::Index(_) | Step::Each) => true,
                    _ => mine == theirs,
                })
    }

    /// How many steps lead to it: a longer path is more specific than one that covers it.
    pub(crate) fn depth(&self) -> usize {
        self.steps.len()
    }

    /// The first key, the file's top-level knob the path starts at.
    pub(crate) fn top(&self) -> Option<&str> {
        match self.steps.first() {
            Some(Step::Key(key)) => Some(key),
            _ => None,
        }
    }
}

impl fmt::Display for KnobPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            match step {
                Step::Key(key) if i == 0 => f.write_str(key)?,
                Step::Key(key) => write!(f, ".{key}")?,
                Step::Index(at) => write!(f, "[{at}]")?,
                Step::Each => f.write_str("[*]")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> KnobPath {
        KnobPath::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn paths_read_and_print_back() {
        for text in [
            "topics",
            "runs.latent_noise.per_disagreement",
            "level_signal[2]",
            "teams[*].quality",
            "runs.teams[*].runs[*].quality",
            "grid[1][2]",
        ] {
            assert_eq!(path(text).to_string(), text);
        }
        assert_eq!(
            path("a[2].b").steps(),
            [Step::Key("a".into()), Step::Index(2), Step::Key("b".into())]
        );
    }

    #[test]
    fn malformed_paths_are_errors_saying_why() {
        for (text, why) in [
            ("", "empty"),
            ("a..b", "empty"),
            ("a[x]", "neither a number"),
            ("a[2", "not closed"),
            ("a[2]b", "follows"),
            ("a b", "character"),
            (".a", "empty"),
        ] {
            let err = KnobPath::parse(text).unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn a_path_covers_what_lies_below_it() {
        let leaf = path("runs.teams[1].runs[3].quality");
        assert!(path("runs").covers(&leaf));
        assert!(path("runs.teams").covers(&leaf));
        assert!(path("runs.teams[*].runs[*].quality").covers(&leaf));
        assert!(path("runs.teams[1]").covers(&leaf));
        assert!(!path("runs.teams[0]").covers(&leaf));
        assert!(!path("runs.teams[*].runs[*].name").covers(&leaf));
        assert!(!path("runs.teams[*].runs[*].quality.x").covers(&leaf));
        assert!(path("teams[*].quality").covers(&path("teams[*].quality")));
        assert_eq!(leaf.top(), Some("runs"));
    }
}
