//! The ledger's views for `check` and `ledger.md`: a terminal view, Markdown, JSON and the findings,
//! each rendered from the account ([`crate::account`]). Items are listed in the account's sections,
//! which never mix (the paper's numbers, settings and claims; claims re-tested on the stand-in;
//! per-cell comparisons with the stand-in; observations; what the stand-in builds in; real data;
//! claims that do not apply), each counted in the vocabulary's words. The transcription notes follow
//! in a box of their own.

use strum::IntoEnumIterator;

use crate::account::{Account, Item, Section, Tally};
use crate::ledger::TranscriptionNote;
use crate::render::escape::{escape_markdown, escape_terminal};

use super::summary::finding_anchor;

/// The terminal's width the text view fits its lines to.
const TERMINAL_WIDTH: usize = 100;
/// The width of printed and recomputed numbers in the terminal view.
const NUMBER_WIDTH: usize = 10;
/// The narrowest an entry's words are cut to before the verdict's words are.
const MIN_ENTRY_WIDTH: usize = 24;
/// The widest an entry's words are shown in one line.
const MAX_ENTRY_WIDTH: usize = 40;
/// Where an entry's words start in its line (after the paper and the table).
const LABEL_INDENT: usize = 9;

/// `text` padded to `width` characters, or cut in the middle with `…` so that its start and its end
/// both stay.
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
fn entry_words(item: &Item) -> String {
    let e = &item.entry;
    let label = e.label.as_deref().unwrap_or(&e.cell);
    match &e.words {
        Some(words) => label
            .strip_prefix(&format!("{}, ", words.table))
            .unwrap_or(label)
            .to_string(),
        None => label.to_string(),
    }
}

/// The holding rate of a claim: `0.87 [0.82, 0.91]`, or `-` when no robustness study re-tested it.
fn rate(item: &Item) -> String {
    item.entry.holding.as_ref().map_or_else(
        || "-".to_string(),
        |h| crate::model::rate_word::interval_words(h.rate, h.lo, h.hi),
    )
}

/// The items of `items` in `section`.
fn of_section<'a>(items: &[&'a Item], section: Section) -> Vec<&'a Item> {
    items
        .iter()
        .copied()
        .filter(|i| i.section() == section)
        .collect()
}

/// A section's count in words: `180 reproduced, 79 consistent`, `usually: 3`.
fn counts(items: &[&Item], section: Section) -> String {
    Tally::of(items.iter().copied()).section_words(section)
}

/// The ledger for a terminal: per section, one line per item that fits 100 columns, its words cut
/// so that what tells it apart from its neighbours stays; with `detail`, its id, its stand-in value
/// and the arithmetic behind the verdict indented beneath each line. Then the transcription notes,
/// wrapped.
pub(crate) fn text(items: &[&Item], notes: &[&TranscriptionNote], detail: bool) -> String {
    let mut out = String::new();
    for section in Section::iter() {
        let entries = of_section(items, section);
        if entries.is_empty() {
            continue;
        }
        out.push_str(&wrapped(section.heading()));
        out.push_str(&wrapped(&format!(
            "{} {}: {}",
            entries.len(),
            if entries.len() == 1 {
                "entry"
            } else {
                "entries"
            },
            counts(&entries, section)
        )));
        let numbers = section == Section::Numbers || section == Section::Settings;
        // One width for the entry column of the whole section, so that every row's columns stand
        // under the header's, whatever the length of its verdict's words.
        let width = entries
            .iter()
            .map(|item| entry_width(item, numbers))
            .min()
            .unwrap_or(MAX_ENTRY_WIDTH);
        if numbers {
            out.push_str(&format!(
                "p {} {} {} {} {:<9} verdict\n",
                fit("table", 6),
                fit("entry", width),
                fit("printed", NUMBER_WIDTH),
                fit("recomputed", NUMBER_WIDTH),
                "class"
            ));
        } else {
            out.push_str(&format!(
                "p {} {} {} verdict\n",
                fit("table", 6),
                fit("claim", width),
                fit("rate [95% CI]", 17),
            ));
        }
        // A label too long for its column gets a line of its own, wrapped at spaces and never cut,
        // so that labels stay apart; the columns go on the line below it.
        let lines: Vec<String> = entries
            .iter()
            .map(|item| {
                let label = entry_words(item);
                if label.chars().count() <= width {
                    line(item, &label, width, numbers)
                } else {
                    format!(
                        "{} {} {}{}",
                        fit(&item.entry.paper, 1),
                        fit(&item.entry.table, 6),
                        indented(&escape_terminal(&label)),
                        columns_only(&line(item, "", width, numbers))
                    )
                }
            })
            .collect();
        for (item, line) in entries.iter().zip(lines) {
            out.push_str(&line);
            if detail {
                let e = &item.entry;
                out.push_str(&format!("    {}\n", escape_terminal(&e.cell)));
                if let Some(v) = item.stand_in_value() {
                    out.push_str(&format!("    stand-in's value: {v}\n"));
                }
                if let Some(b) = &e.built_in {
                    out.push_str(&format!(
                        "    built in ({}) by {}: {}\n",
                        b.kind.words(),
                        b.knobs_in_file(),
                        escape_terminal(&one_line(&b.why))
                    ));
                }
                for p in &e.proxies {
                    out.push_str(&format!(
                        "    proxy {}: {} ({})\n",
                        p.name,
                        if p.holds { "holds" } else { "fails" },
                        p.detail
                    ));
                }
                out.push_str(&format!("    {}\n", escape_terminal(&one_line(&e.detail))));
            }
        }
        out.push('\n');
    }
    for note in notes {
        out.push_str(&note_text(note));
    }
    out
}

/// The width an item's words may take in its line: what the line's other columns leave of 100
/// (a claim's long verdict goes on a line of its own, so a claim's words take the widest).
fn entry_width(item: &Item, numbers: bool) -> usize {
    if !numbers {
        return MAX_ENTRY_WIDTH;
    }
    // p, table, printed, recomputed, class and the spaces between.
    let fixed = 1 + 1 + 6 + 1 + 1 + NUMBER_WIDTH + 1 + NUMBER_WIDTH + 1 + 9 + 1;
    TERMINAL_WIDTH
        .saturating_sub(fixed + item.words.chars().count())
        .clamp(MIN_ENTRY_WIDTH, MAX_ENTRY_WIDTH)
}

/// One item's line.
fn line(item: &Item, label: &str, width: usize, numbers: bool) -> String {
    let e = &item.entry;
    if numbers {
        format!(
            "{} {} {} {} {} {:<9} {}\n",
            fit(&e.paper, 1),
            fit(&e.table, 6),
            fit(label, width),
            fit(&e.printed, NUMBER_WIDTH),
            fit(e.rebuilt.as_deref().unwrap_or("—"), NUMBER_WIDTH),
            e.class.to_string(),
            item.words
        )
    } else {
        let line = format!(
            "{} {} {} {}",
            fit(&e.paper, 1),
            fit(&e.table, 6),
            fit(label, width),
            fit(&rate(item), 17),
        );
        // Long verdict words go on a line of their own, indented, so no line passes 100 columns.
        if line.chars().count() + 1 + item.words.chars().count() > TERMINAL_WIDTH {
            format!("{}\n    {}\n", line.trim_end(), item.words)
        } else {
            format!("{line} {}\n", item.words)
        }
    }
}

/// An item's line under its label's own line: the paper and table columns left blank, so that
/// each item has one line that names its paper.
fn columns_only(line: &str) -> String {
    let rest: String = line.chars().skip(LABEL_INDENT).collect();
    format!("{}{rest}", " ".repeat(LABEL_INDENT))
}

/// `text` wrapped to the terminal's width after the paper and table columns, every line after the
/// first indented to the same column, with a closing line break.
fn indented(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty()
            && line.chars().count() + 1 + word.chars().count() > TERMINAL_WIDTH - LABEL_INDENT
        {
            out.push_str(&line);
            out.push('\n');
            out.push_str(&" ".repeat(LABEL_INDENT));
            line.clear();
        } else if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// `text` with its line breaks as spaces (YAML folds keep some).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` wrapped to the terminal's width, every line after the first indented.
fn wrapped(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > TERMINAL_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = "  ".to_string();
        } else if !line.is_empty() && line != "  " {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A transcription note in plain text, wrapped to the terminal.
fn note_text(note: &TranscriptionNote) -> String {
    let depends = if note.depends.is_empty() {
        "nothing depends on the choice".to_string()
    } else {
        note.depends.join("; ")
    };
    wrapped(&escape_terminal(&one_line(&format!(
        "Transcription note ({}, {}): the paper's extractions read the row differently ({}); the ledger adopts the {}'s reading. Depends on it: {depends}.",
        note.table,
        note.row,
        note.readings.join(" / "),
        note.adopted
    ))))
}

/// The ledger as a Markdown document, for people: each section a table of its items in words
/// (their ids are in the JSON and in the text view's `--detail`), then the transcription notes.
pub(crate) fn markdown(items: &[&Item], notes: &[&TranscriptionNote]) -> String {
    let md = |t: &str| escape_markdown(t);
    let mut out = String::from("# Claims ledger: every printed number and claim, checked\n\n");
    let about_paper = items
        .iter()
        .any(|i| i.section() != Section::RealData && i.section() != Section::NotApplicable);
    out.push_str(if about_paper {
        "Checks of the paper and claims re-tested on the stand-in are never in one list: a check of \
         the paper says whether its printed numbers hold together or are recomputed; a claim \
         re-tested on the stand-in says how the stand-in behaves. What the stand-in was built to \
         produce is listed apart and is not evidence. The words are those of the vocabulary \
         (docs/vocabulary.md).\n\n"
    } else {
        "The claims below were checked on real data, with no printed number to compare: each says \
         how that collection behaves.\n\n"
    });
    out.push_str("## Summary\n\n| section | entries | in words |\n|---|---:|---|\n");
    for section in Section::iter() {
        let entries = of_section(items, section);
        if !entries.is_empty() {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                md(section.heading()),
                entries.len(),
                md(&counts(&entries, section))
            ));
        }
    }
    for section in Section::iter() {
        let entries = of_section(items, section);
        if entries.is_empty() {
            continue;
        }
        out.push_str(&format!("\n## {}\n\n", md(section.heading())));
        if section.is_about_the_paper() {
            out.push_str(
                "| paper | table | entry | printed | class | recomputed | stand-in's value | verdict | arithmetic |\n",
            );
            out.push_str("|---|---|---|---:|---|---:|---:|---|---|\n");
            for i in entries {
                let e = &i.entry;
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                    e.paper,
                    e.table,
                    md(&entry_words(i)),
                    md(&e.printed),
                    e.class,
                    e.rebuilt.as_deref().map_or("—".to_string(), md),
                    md(&i.stand_in_value().unwrap_or_else(|| "—".to_string())),
                    md(&i.words),
                    md(&one_line(&e.detail))
                ));
            }
        } else {
            out.push_str(
                "| paper | table | claim | the paper's claim, in short | the data show | verdict | holding rate [Wilson 95% CI] | built in by | why |\n",
            );
            out.push_str("|---|---|---|---|---|---|---|---|---|\n");
            for i in entries {
                let e = &i.entry;
                let (by, why) = e.built_in.as_ref().map_or_else(
                    || ("—".to_string(), md(&one_line(&e.detail))),
                    |b| {
                        (
                            md(&format!("{} ({})", b.knobs_in_file(), b.kind.words())),
                            md(&one_line(&b.why)),
                        )
                    },
                );
                let shows = e
                    .stand_in
                    .as_deref()
                    .or(e.rebuilt.as_deref())
                    .unwrap_or("—");
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} | {} | {} | {by} | {why} |\n",
                    e.paper,
                    e.table,
                    md(&entry_words(i)),
                    md(&e.printed),
                    md(shows),
                    md(&i.words),
                    md(&rate(i)),
                ));
            }
        }
    }
    if !notes.is_empty() {
        out.push_str("\n## Transcription notes\n\n");
        out.push_str(
            "Rows whose printed labels the paper's extractions read differently: a doubt about the \
             transcription, not a claim of the paper.\n\n",
        );
        out.push_str(
            "| table | row | readings | adopted | what depends on it |\n|---|---|---|---|---|\n",
        );
        for note in notes {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                note.table,
                md(&note.row),
                md(&one_line(&note.readings.join("; "))),
                md(&note.adopted),
                if note.depends.is_empty() {
                    "nothing".to_string()
                } else {
                    md(&one_line(&note.depends.join("; ")))
                }
            ));
        }
    }
    out
}

/// The items as a JSON array: each entry's fields (`paper`, `table`, `cell`, `kind`, `printed`,
/// `class`, `basis`, `rebuilt`, `stand_in`, `verdict`, `detail`, `built_in`, `holding`, …) with
/// the account's `term`, `words` and `findings`.
pub(crate) fn json(items: &[&Item]) -> Result<String, serde_json::Error> {
    crate::render::escape::json_pretty(items)
}

/// How [`findings_view`] is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FindingsFormat {
    Text,
    Md,
    Json,
}

/// One finding as the JSON view writes it: its paper, its number and anchor, and the finding.
#[derive(Debug, serde::Serialize)]
struct NumberedFinding<'a> {
    paper: &'a str,
    number: usize,
    anchor: String,
    #[serde(flatten)]
    finding: &'a crate::ledger::Finding,
}

/// The findings of every paper of the account whose id `papers` admits (every inconsistency, in a
/// reviewer's words), numbered as in every view: numbered text, a Markdown section per paper, or a
/// JSON array.
pub(crate) fn findings_view(
    account: &Account,
    papers: &dyn Fn(&str) -> bool,
    format: FindingsFormat,
) -> String {
    let shown: Vec<_> = account.papers.iter().filter(|p| papers(&p.id)).collect();
    match format {
        FindingsFormat::Json => {
            let all: Vec<NumberedFinding<'_>> = shown
                .iter()
                .flat_map(|p| {
                    p.findings.iter().enumerate().map(|(i, f)| NumberedFinding {
                        paper: &p.id,
                        number: i + 1,
                        anchor: finding_anchor(&p.id, i + 1),
                        finding: f,
                    })
                })
                .collect();
            crate::render::escape::json_pretty(&all).unwrap_or_else(|e| e.to_string())
        }
        FindingsFormat::Md | FindingsFormat::Text => {
            let mut out = String::new();
            for paper in shown {
                let list = &paper.findings;
                out.push_str(&format!(
                    "## Findings: paper {} ({} found)\n\n",
                    paper.id,
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

/// The whole account as JSON (`account.json` beside the index), for tools and the audit: every
/// item as `check --format json` writes it, then per paper its findings (numbered), its scope line,
/// the claims that need attention, its summary rows and its counts by term, each in the words every
/// view prints.
pub(crate) fn account_json(account: &Account) -> Result<String, serde_json::Error> {
    let papers: Vec<serde_json::Value> = account
        .papers
        .iter()
        .map(|p| {
            serde_json::json!({
                "paper": p.id,
                "scope": super::summary::scope(p),
                "attention": p.attention.iter().map(|&i| {
                    let e = &account.items[i].entry;
                    serde_json::json!({"table": e.table, "cell": e.cell, "words": account.items[i].words})
                }).collect::<Vec<_>>(),
                "findings": p.findings.iter().enumerate().map(|(i, f)| serde_json::json!({
                    "number": i + 1,
                    "anchor": finding_anchor(&p.id, i + 1),
                    "headline": f.headline,
                    "tables": f.tables,
                    "entries": f.entries,
                })).collect::<Vec<_>>(),
                "rows": p.rows.iter().map(|r| serde_json::json!({
                    "artefact": r.artefact,
                    "name": r.name,
                    "rests_on": r.rests_on,
                    "numbers": r.tally.numbers_and_settings_words(),
                    "findings": r.findings,
                    "claims": r.tally.claims_words(),
                    "built_in": r.tally.built_in_words(),
                })).collect::<Vec<_>>(),
                "terms": p.tally.terms,
                "stand_in_claims": p.tally.section_words(Section::StandInClaims),
                "per_cell": p.tally.per_cell_words(),
                "built_in": p.tally.built_in_words(),
            })
        })
        .collect();
    let items: Vec<&Item> = account.items.iter().collect();
    Ok(serde_json::to_string_pretty(&serde_json::json!({
        "items": items,
        "papers": papers,
    }))? + "\n")
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
