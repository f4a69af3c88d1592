//! The running text's entries of a paper (numbers, settings, statements and claims the text makes),
//! grouped by what they are, for the report's section on the text.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::account::{Item, Section, Term};

use super::entry_words::{EntryView, entry_view};
use super::{Format, ReportInput, paper_artefacts};

/// The numbers and statements of a paper's running text of one kind, as one table of the report.
#[derive(Debug, Clone, Serialize)]
pub(super) struct RunningGroup {
    /// What the rows are (a heading of its own table, never a row above rows it does not describe).
    pub(super) title: &'static str,
    /// The head of the value column (`recomputed`, `the build uses`, `the stand-in shows`).
    pub(super) value_head: &'static str,
    pub(super) rows: Vec<EntryView>,
}

/// The kinds of the running text's entries, in the order the report shows them: each entry's group,
/// its value column's head, and which value it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RunningKind {
    Recomputed,
    Derived,
    Setting,
    Statement,
    StandIn,
    RealData,
}

impl RunningKind {
    const ALL: [RunningKind; 6] = [
        RunningKind::Recomputed,
        RunningKind::Derived,
        RunningKind::Setting,
        RunningKind::Statement,
        RunningKind::StandIn,
        RunningKind::RealData,
    ];

    fn of(item: &Item) -> RunningKind {
        match item.section() {
            Section::RealData => RunningKind::RealData,
            Section::Settings => RunningKind::Setting,
            Section::PaperClaims => RunningKind::Statement,
            Section::Numbers => match item.term {
                Term::Reproduced | Term::Differs | Term::PrintedInput => RunningKind::Recomputed,
                Term::StandInOnly => RunningKind::StandIn,
                _ => RunningKind::Derived,
            },
            _ => RunningKind::StandIn,
        }
    }

    fn title(self) -> &'static str {
        match self {
            RunningKind::Recomputed => {
                "Numbers recomputed from the inputs the paper prints (its worked examples)"
            }
            RunningKind::Derived => {
                "Numbers that follow from the paper's other printed numbers (checks of the paper against itself)"
            }
            RunningKind::Setting => "Settings the text states, beside the value the build uses",
            RunningKind::Statement => "Statements of the text checked on the paper's own tables",
            RunningKind::StandIn => {
                "Numbers of the text that rest on data that is not public (stand-in only; the stand-in's value is the stand-in's)"
            }
            RunningKind::RealData => "Claims of the text re-tested on real data",
        }
    }

    fn value_head(self) -> &'static str {
        match self {
            RunningKind::Recomputed => "recomputed",
            RunningKind::Derived => "recomputed from the print",
            RunningKind::Setting => "the build uses",
            RunningKind::Statement => "recomputed",
            RunningKind::StandIn => "the stand-in shows",
            RunningKind::RealData => "real data show",
        }
    }
}

/// Whether an item of the running text is listed in the report: anything but a number reproduced
/// or consistent, a setting used and a claim borne out.
fn notable(item: &Item) -> bool {
    !matches!(
        item.term,
        Term::Reproduced
            | Term::Consistent
            | Term::SettingUsed
            | Term::BorneOut
            | Term::PrintedInput
    )
}

/// The running text's items in words, as the account counts them: `numbers: 5 reproduced, 15
/// consistent; settings: 13 setting used; claims: 11 borne out`.
pub(super) fn running_summary(input: &ReportInput<'_>) -> String {
    let Some(row) = input
        .account
        .paper(&input.paper.id)
        .and_then(|p| p.rows.iter().find(|r| r.artefact.is_none()))
    else {
        return String::new();
    };
    let mut parts = Vec::new();
    let numbers = row.tally.numbers_words();
    if numbers != "—" {
        parts.push(format!("numbers: {numbers}"));
    }
    let settings = row.tally.section_words(Section::Settings);
    if !settings.is_empty() {
        parts.push(format!("settings: {settings}"));
    }
    let claims = row.tally.claims_words();
    if claims != "—" {
        parts.push(format!("claims: {claims}"));
    }
    parts.join("; ")
}

/// The items of the paper that belong to no artefact (numbers and statements of the running text),
/// one table per [`RunningKind`]; a setting's words without the `Setting:` they all share.
pub(super) fn running_text(input: &ReportInput<'_>, format: Format) -> Vec<RunningGroup> {
    let ids: BTreeSet<&str> = paper_artefacts(input.manifest, &input.paper.id)
        .iter()
        .map(|a| a.id.as_str())
        .collect();
    let entries: Vec<&Item> = input
        .account
        .items_of(&input.paper.id)
        .filter(|i| !ids.contains(i.entry.table.as_str()) && i.artefact.is_none())
        .collect();
    RunningKind::ALL
        .into_iter()
        .filter_map(|kind| {
            // The report lists what a reviewer should see (a finding, a claim that cannot be judged,
            // a number resting on the stand-in); the rest is counted in the summary line, and listed
            // in ledger.md and on the page.
            let rows: Vec<EntryView> = entries
                .iter()
                .filter(|e| RunningKind::of(e) == kind && notable(e))
                .map(|e| {
                    let mut view = entry_view(e, format);
                    if let Some(item) = view.label.strip_prefix("Setting: ") {
                        view.item = item.to_string();
                    }
                    if kind == RunningKind::StandIn {
                        view.rebuilt = view.stand_in.clone();
                    }
                    view
                })
                .collect();
            (!rows.is_empty()).then(|| RunningGroup {
                title: kind.title(),
                value_head: kind.value_head(),
                rows,
            })
        })
        .collect()
}
