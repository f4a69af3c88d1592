//! Renderings of the claims ledger: a terminal view, Markdown and JSON.
//!
//! The entries are shown in [`Section`]s that never mix: checks of the paper's printed numbers;
//! claims re-tested on the stand-in; what the stand-in was built to produce (fitted or calibrated
//! numbers, designed-in claims), never evidence; claims re-tested on real data. The transcription
//! notes (rows whose printed labels the paper's extractions read differently) follow in a box of
//! their own.

use serde::Serialize;

use crate::ledger::{Basis, Entry, Ledger, TranscriptionNote, Verdict, findings as paper_findings};
use crate::render::grid::{escape_markdown, escape_terminal};

/// A section of the ledger's views (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub(crate) enum Section {
    Paper,
    StandIn,
    BuiltIn,
    RealData,
}

/// The sections in the order the views show them.
pub(crate) const SECTIONS: [Section; 4] = [
    Section::Paper,
    Section::StandIn,
    Section::BuiltIn,
    Section::RealData,
];

impl Section {
    /// The section of `e`. A claim or printed number the stand-in was built to produce goes to
    /// [`Section::BuiltIn`]; a paper check of a number a stand-in knob was calibrated to stays a
    /// check of the paper (its stand-in value carries the dagger).
    pub(crate) fn of(e: &Entry) -> Section {
        match e.basis {
            Basis::Paper => Section::Paper,
            Basis::RealData => Section::RealData,
            Basis::StandIn if e.is_built_in_claim() || e.verdict == Verdict::Fitted => {
                Section::BuiltIn
            }
            Basis::StandIn => Section::StandIn,
        }
    }

    pub(crate) fn heading(self) -> &'static str {
        match self {
            Section::Paper => "Checks of the paper's printed numbers",
            Section::StandIn => {
                "Claims re-tested on the stand-in (how the stand-in behaves, not whether the paper is right)"
            }
            Section::BuiltIn => {
                "Built into the stand-in — not evidence (fitted or calibrated to the print, or designed in)"
            }
            Section::RealData => "Claims re-tested on real data",
        }
    }
}

/// The width of the entry's words in the terminal view's one-line entries.
const ENTRY_WIDTH: usize = 36;
/// The width of printed and recomputed numbers in the terminal view.
const NUMBER_WIDTH: usize = 10;
/// The width of a verdict in words (`paper self-consistent`, `holds on the stand-in`).
const VERDICT_WIDTH: usize = 21;

/// `text` fitted to `width` characters: padded, or cut in the middle with `…` so that its start and
/// its end (where a cell's part, an interval's lower or upper limit, is named) both stay.
fn fit(text: &str, width: usize) -> String {
    let text = escape_terminal(text);
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= width {
        return format!("{text}{}", " ".repeat(width - chars.len()));
    }
    let tail = width / 2;
    let head = width.saturating_sub(tail + 1);
    let start: String = chars[..head].iter().collect();
    let end: String = chars[chars.len() - tail..].iter().collect();
    format!("{start}…{end}")
}

/// An entry's words within its table: its label without the table's own name, which the table
/// column gives (`nG@1, Dmax = 4, N = 5: 95%CI upper limit`).
fn entry_words(e: &Entry) -> String {
    let label = e.label.as_deref().unwrap_or(&e.cell);
    match &e.words {
        Some(words) => label
            .strip_prefix(&format!("{}, ", words.table))
            .unwrap_or(label)
            .to_string(),
        None => label.to_string(),
    }
}

/// The holding rate of a claim in a line: `0.87 [0.82, 0.91] usually`, or `-` when no robustness
/// study re-tested it.
fn rate(e: &Entry) -> String {
    e.holding.as_ref().map_or_else(
        || "-".to_string(),
        |h| {
            format!(
                "{:.2} [{:.2}, {:.2}] {}",
                h.rate,
                h.lo,
                h.hi,
                h.word.words()
            )
        },
    )
}

/// The stand-in's value with the calibration dagger when a knob was calibrated to the number.
fn stand_in_value(e: &Entry) -> String {
    match &e.stand_in {
        Some(v) if e.is_calibrated() => format!("{v}†"),
        Some(v) => v.clone(),
        None => "—".to_string(),
    }
}

fn entries_of(ledger: &Ledger, section: Section) -> Vec<&Entry> {
    ledger
        .entries
        .iter()
        .filter(|e| Section::of(e) == section)
        .collect()
}

/// The counts of one section's verdicts in words: `180 match, 79 paper self-consistent`.
fn counts(entries: &[&Entry]) -> String {
    let mut seen: Vec<(&'static str, usize)> = Vec::new();
    for e in entries {
        let words = e.verdict_words();
        match seen.iter_mut().find(|(w, _)| *w == words) {
            Some((_, n)) => *n += 1,
            None => seen.push((words, 1)),
        }
    }
    seen.iter()
        .map(|(w, n)| format!("{n} {w}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The ledger for a terminal: per section, one line per entry that fits 100 columns, the entry's
/// words cut in the middle when long; with `detail`, the entry's id, its stand-in value and the
/// arithmetic behind the verdict indented beneath each line. Then the transcription notes.
pub(crate) fn text(ledger: &Ledger, detail: bool) -> String {
    let mut out = String::new();
    for section in SECTIONS {
        let entries = entries_of(ledger, section);
        if entries.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "{}\n{} entries: {}\n",
            section.heading(),
            entries.len(),
            counts(&entries)
        ));
        out.push_str(&match section {
            Section::Paper | Section::RealData => format!(
                "p {} {} {} {} {:<9} verdict\n",
                fit("table", 6),
                fit("entry", ENTRY_WIDTH),
                fit("printed", NUMBER_WIDTH),
                fit("recomputed", NUMBER_WIDTH),
                "class"
            ),
            Section::StandIn | Section::BuiltIn => format!(
                "p {} {} {} holding rate [Wilson 95% CI]\n",
                fit("table", 6),
                fit("claim or printed number", ENTRY_WIDTH),
                fit("verdict", VERDICT_WIDTH),
            ),
        });
        for e in entries {
            out.push_str(&match section {
                Section::Paper | Section::RealData => format!(
                    "{} {} {} {} {} {:<9} {}\n",
                    fit(&e.paper, 1),
                    fit(&e.table, 6),
                    fit(&entry_words(e), ENTRY_WIDTH),
                    fit(&e.printed, NUMBER_WIDTH),
                    fit(e.rebuilt.as_deref().unwrap_or("—"), NUMBER_WIDTH),
                    e.class.to_string(),
                    e.verdict_words()
                ),
                Section::StandIn | Section::BuiltIn => format!(
                    "{} {} {} {} {}\n",
                    fit(&e.paper, 1),
                    fit(&e.table, 6),
                    fit(&entry_words(e), ENTRY_WIDTH),
                    fit(e.verdict_words(), VERDICT_WIDTH),
                    rate(e)
                ),
            });
            if detail {
                out.push_str(&format!("    {}\n", escape_terminal(&e.cell)));
                if e.stand_in.is_some() {
                    out.push_str(&format!("    stand-in value: {}\n", stand_in_value(e)));
                }
                if let Some(b) = &e.built_in {
                    out.push_str(&format!(
                        "    built in ({}) by {}: {}\n",
                        b.kind.words(),
                        b.knobs_in_file(),
                        escape_terminal(&b.why)
                    ));
                }
                out.push_str(&format!("    {}\n", escape_terminal(&e.detail)));
            }
        }
        out.push('\n');
    }
    for note in &ledger.notes {
        out.push_str(&note_text(note));
    }
    out
}

/// A transcription note in plain text.
fn note_text(note: &TranscriptionNote) -> String {
    let depends = if note.depends.is_empty() {
        "nothing depends on the choice".to_string()
    } else {
        note.depends.join("; ")
    };
    escape_terminal(&format!(
        "Transcription note ({}, {}): the paper's extractions read the row differently ({}); the ledger adopts the {}'s reading. Depends on it: {depends}.\n",
        note.table,
        note.row,
        note.readings.join(" / "),
        note.adopted
    ))
}

/// The ledger as a Markdown document, for people: each section a table of its entries in words
/// (their ids are in the JSON and in the text view's `--detail`), then the transcription notes.
pub fn markdown(ledger: &Ledger) -> String {
    let md = |t: &str| escape_markdown(t);
    let mut out = String::from("# Claims ledger: every printed number and claim, checked\n\n");
    let about_paper = ledger.entries.iter().any(|e| {
        matches!(
            Section::of(e),
            Section::Paper | Section::StandIn | Section::BuiltIn
        )
    });
    out.push_str(if about_paper {
        "Checks of the paper and claims re-tested on the stand-in are never in one list: a check of \
         the paper says whether its printed numbers hold together or are recomputed; a claim \
         re-tested on the stand-in says how the stand-in behaves. What the stand-in was built to \
         produce is listed apart and is not evidence.\n\n"
    } else {
        "The claims below were checked on real data, with no printed number to compare: each says \
         how that collection behaves.\n\n"
    });
    out.push_str("## Summary\n\n| section | entries | verdicts |\n|---|---:|---|\n");
    for section in SECTIONS {
        let entries = entries_of(ledger, section);
        if !entries.is_empty() {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                md(section.heading()),
                entries.len(),
                counts(&entries)
            ));
        }
    }
    for section in SECTIONS {
        let entries = entries_of(ledger, section);
        if entries.is_empty() {
            continue;
        }
        out.push_str(&format!("\n## {}\n\n", md(section.heading())));
        match section {
            Section::Paper | Section::RealData => {
                out.push_str(
                    "| paper | table | entry | printed | class | recomputed | stand-in value | verdict | arithmetic |\n",
                );
                out.push_str("|---|---|---|---:|---|---:|---:|---|---|\n");
                for e in entries {
                    out.push_str(&format!(
                        "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                        e.paper,
                        e.table,
                        md(&entry_words(e)),
                        md(&e.printed),
                        e.class,
                        e.rebuilt.as_deref().map_or("—".to_string(), md),
                        md(&stand_in_value(e)),
                        e.verdict_words(),
                        md(&e.detail)
                    ));
                }
            }
            Section::StandIn | Section::BuiltIn => {
                out.push_str(
                    "| paper | table | claim or printed number | the paper says | the stand-in shows | verdict | holding rate [Wilson 95% CI] | built in by | why |\n",
                );
                out.push_str("|---|---|---|---|---|---|---|---|---|\n");
                for e in entries {
                    let (by, why) = e.built_in.as_ref().map_or_else(
                        || ("—".to_string(), md(&e.detail)),
                        |b| {
                            (
                                md(&format!("{} ({})", b.knobs_in_file(), b.kind.words())),
                                md(&b.why),
                            )
                        },
                    );
                    out.push_str(&format!(
                        "| {} | {} | {} | {} | {} | {} | {} | {by} | {why} |\n",
                        e.paper,
                        e.table,
                        md(&entry_words(e)),
                        md(&e.printed),
                        md(&stand_in_value(e)),
                        e.verdict_words(),
                        md(&rate(e)),
                    ));
                }
            }
        }
    }
    if !ledger.notes.is_empty() {
        out.push_str("\n## Transcription notes\n\n");
        out.push_str(
            "Rows whose printed labels the paper's extractions read differently: a doubt about the \
             transcription, not a claim of the paper.\n\n",
        );
        out.push_str(
            "| table | row | readings | adopted | what depends on it |\n|---|---|---|---|---|\n",
        );
        for note in &ledger.notes {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                note.table,
                md(&note.row),
                md(&note.readings.join("; ")),
                md(&note.adopted),
                if note.depends.is_empty() {
                    "nothing".to_string()
                } else {
                    md(&note.depends.join("; "))
                }
            ));
        }
    }
    out
}

/// The ledger as a JSON array of entries: `paper`, `table`, `cell`, `kind`, `printed`, `class`,
/// `basis`, `rebuilt`, `stand_in`, `verdict`, `detail`, `built_in`, `holding`.
pub(crate) fn json(ledger: &Ledger) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string_pretty(&ledger.entries)? + "\n")
}

/// How [`findings`] are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FindingsFormat {
    Text,
    Md,
    Json,
}

/// The findings of both papers (every inconsistency, in a reviewer's words): numbered text, a
/// Markdown section per paper, or a JSON array of [`crate::ledger::Finding`].
pub(crate) fn findings(ledger: &Ledger, format: FindingsFormat) -> String {
    let papers = ["A", "B"];
    match format {
        FindingsFormat::Json => {
            let all: Vec<_> = papers
                .iter()
                .flat_map(|p| paper_findings(ledger, p))
                .collect();
            serde_json::to_string_pretty(&all).map_or_else(|e| e.to_string(), |s| s + "\n")
        }
        FindingsFormat::Md | FindingsFormat::Text => {
            let mut out = String::new();
            for paper in papers {
                let list = paper_findings(ledger, paper);
                out.push_str(&format!(
                    "## Findings: paper {paper} ({} found)\n\n",
                    list.len()
                ));
                if list.is_empty() {
                    out.push_str("No printed number contradicts another.\n\n");
                }
                for (i, f) in list.iter().enumerate() {
                    let line = match f.cells.is_empty() {
                        true => format!("{}: {}", f.place, f.text),
                        false => format!("{}: {} Affected: {}.", f.place, f.text, f.cells),
                    };
                    let line = if matches!(format, FindingsFormat::Md) {
                        escape_markdown(&line)
                    } else {
                        line
                    };
                    out.push_str(&format!("{}. {line}\n", i + 1));
                }
                out.push('\n');
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_entries_are_cut_in_the_middle_so_the_two_limits_stay_apart() {
        let lo = fit("Table 2, nG@1, Dmax = 4, N = 5: 95%CI lower limit", 36);
        let hi = fit("Table 2, nG@1, Dmax = 4, N = 5: 95%CI upper limit", 36);
        assert_eq!(lo.chars().count(), 36);
        assert_ne!(lo, hi);
        assert!(lo.ends_with("lower limit"), "{lo}");
        assert_eq!(fit("short", 8), "short   ");
    }
}
