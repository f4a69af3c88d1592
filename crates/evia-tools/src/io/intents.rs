//! Intent files for diversity evaluation: one line `topic intent probability [inf|nav]` per intent
//! (the layout of NTCIR INTENT/IMine's intent-probability files, with INTENT-2's
//! informational/navigational tag as an optional fourth field; default `inf`).
//!
//! `intent` is a positive integer (NTCIREVAL numbers intents 1, 2, …), `probability` is
//! `Pr(i|q)`, a finite number in [0, 1]. Fields are separated by runs of ASCII whitespace; a UTF-8
//! byte-order mark is ignored. Errors name the line: a malformed field, an intent declared twice
//! for a topic, more than 64 intents for a topic, or a topic whose probabilities do not sum to 1
//! within 1e-6 (the error names the topic's first and last lines).

use std::collections::BTreeMap;
use std::path::Path;

use super::SourceError;
use super::split_lines::{SplitLine, intent_field, split_lines};
use evia_engine::diversity::{Intent, IntentKind, IntentSet, MAX_INTENTS};

/// One topic's intents and the line of each.
#[derive(Debug, Clone, PartialEq)]
pub struct TopicIntents {
    pub intents: IntentSet,
    /// 1-based line of each intent, in the order of [`IntentSet::intents`].
    pub lines: Vec<usize>,
}

/// Parses an intent file into each topic's validated intents (topics in sorted order).
pub fn parse_intents(
    path: &Path,
    text: &str,
) -> Result<BTreeMap<String, TopicIntents>, SourceError> {
    let mut raw: BTreeMap<&str, (Vec<Intent>, Vec<usize>)> = BTreeMap::new();
    let expected = "an intent line `topic intent probability [inf|nav]`";
    for line in split_lines::<4>(path, text, 3..=4, expected) {
        let SplitLine {
            number: n,
            fields: f,
            count,
        } = line?;
        let id = intent_field(path, n, f[1])?;
        let probability = f[2]
            .parse::<f64>()
            .ok()
            .filter(|p| p.is_finite() && (0.0..=1.0).contains(p))
            .ok_or_else(|| {
                SourceError::at_line(
                    path,
                    n,
                    format!(
                        "expected a probability in [0, 1] in the third field, found `{}`",
                        f[2]
                    ),
                )
            })?;
        let kind = match (count, f[3]) {
            (3, _) | (_, "inf") => IntentKind::Informational,
            (_, "nav") => IntentKind::Navigational,
            (_, other) => {
                return Err(SourceError::at_line(
                    path,
                    n,
                    format!("expected `inf` or `nav` in the fourth field, found `{other}`"),
                ));
            }
        };
        let (intents, lines) = raw.entry(f[0]).or_default();
        if let Some(k) = intents.iter().position(|x| x.id == id) {
            return Err(SourceError::at_line(
                path,
                n,
                format!(
                    "intent {id} of topic {} is declared again (first on line {})",
                    f[0], lines[k]
                ),
            ));
        }
        if intents.len() >= MAX_INTENTS {
            return Err(SourceError::at_line(
                path,
                n,
                format!("topic {} has more than {MAX_INTENTS} intents", f[0]),
            ));
        }
        intents.push(Intent {
            id,
            probability,
            kind,
        });
        lines.push(n);
    }
    let mut out = BTreeMap::new();
    for (topic, (intents, lines)) in raw {
        let first = lines.first().copied().unwrap_or(0);
        let last = lines.last().copied().unwrap_or(0);
        let set = IntentSet::new(intents).map_err(|e| {
            SourceError::at_line(
                path,
                last,
                format!("topic {topic} (lines {first}-{last}): {e}"),
            )
        })?;
        out.insert(
            topic.to_string(),
            TopicIntents {
                intents: set,
                lines,
            },
        );
    }
    if out.is_empty() {
        return Err(SourceError::whole_file(
            path,
            "the intent file declares no intent",
        ));
    }
    Ok(out)
}
