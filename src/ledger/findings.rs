//! The findings about a paper: its `inconsistent` entries and failing statements, in a reviewer's
//! words.

use serde::Serialize;

use super::{Basis, Entry, Ledger, Verdict, artefact_words, cell_name, grouped, grouped_words};
use crate::consistency::Hint;
use crate::consistency::repair::Repair;
use crate::consistency::tukey::{Candidate, EffectSizeReading};

/// One inconsistency found in a paper's own numbers, for the report's "Findings" section.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Finding {
    pub(crate) paper: String,
    pub(crate) table: String,
    pub(crate) cell: String,
    pub(crate) printed: String,
    /// The tables the finding's numbers are printed in (`A.T3`; `B.T4`, `B.T5`).
    pub(crate) tables: Vec<String>,
    /// Where the finding is, in words: its table(s) and how many rows, intervals or numbers
    /// (`Table 3 — 24 rows`).
    pub(crate) place: String,
    /// The affected cells in words, what they share named once (`nG@1, Dmax = 2, N = 5: X vs. Y,
    /// Z vs. W; …`); empty when `place` and `text` already say it (a statement). `cell` keeps
    /// their ids, for machine readers.
    pub(crate) cells: String,
    /// The affected cells under their groups (`nG@1, Dmax = 2, N = 5` → its system pairs), for a
    /// small table of them.
    pub(crate) affected_groups: Vec<(String, Vec<String>)>,
    /// Numbers of the running text that repeat an affected cell: the same printed numbers, counted
    /// in this finding only (`95%CI lower limit of that tau (§4.1.1)`).
    pub(crate) also_in_text: Vec<String>,
    /// The finding in a reviewer's words, with the arithmetic behind it (where it is, `table` and
    /// `cell`, is not repeated in it).
    pub(crate) text: String,
    /// The finding in one or two sentences a reviewer could paste into a review (the reports'
    /// opening summary), without the arithmetic.
    pub(crate) headline: String,
    /// The headline's LaTeX spelling, when it has math (ES$_\mathrm{HSD}$ = $|d|/\sqrt{V_E}$);
    /// LaTeX output escapes `headline` otherwise.
    pub(crate) headline_latex: Option<String>,
    /// How many ledger entries (printed numbers or statements) the cause affects.
    pub(crate) affected: usize,
    /// What the inconsistency points to (worded in `text`).
    #[serde(skip)]
    pub(crate) hint: Option<Hint>,
    /// The ledger entries of the finding as (table, cell), in ledger order, then the numbers of the
    /// running text that repeat one of them: a reader links each to its entry.
    #[serde(skip)]
    pub(crate) entries: Vec<(String, String)>,
}

/// Every `inconsistent` entry of `paper` in the ledger, as findings in a reviewer's words, one per
/// root cause. A cause is typed, never read from the detail's prose (`Cause::of`): every cell broken
/// by one typesetting slip is one cause, named by the single change that repairs it (paper B's
/// Table 4 SSO and the Table 5 count it feeds); every row of a table whose printed p-value and effect
/// size disagree under the stated definition is one cause (paper A's ES_HSD), as is every interval
/// of a table shifted from or off its estimate; any other entry is grouped only with the entries of
/// its table that share its arithmetic (an interval's two limits, a row's six numbers). A grouped
/// finding's `cell` lists the affected cells (rows, for a definition mismatch) and its text gives
/// the evidence once; the ledger keeps every cell.
pub(crate) fn findings(ledger: &Ledger, paper: &str) -> Vec<Finding> {
    let of_paper: Vec<&Entry> = ledger
        .entries
        .iter()
        .filter(|e| e.paper == paper && is_finding(e))
        .collect();
    let repeated = |e: &Entry| -> Option<&Entry> {
        let key = e.repeats.as_ref()?;
        let name = cell_name(key);
        of_paper
            .iter()
            .copied()
            .find(|c| c.table == key.table && c.cell == name)
    };
    let mut groups: Vec<(Cause, Vec<&Entry>, Vec<&Entry>)> = Vec::new();
    for &e in &of_paper {
        // A number of the text that repeats a table cell found inconsistent is the same printed
        // number: it joins that cell's finding instead of making one of its own.
        let (cause, repeat) = match repeated(e) {
            Some(cell) => (Cause::of(cell), true),
            None => (Cause::of(e), false),
        };
        let at = match groups.iter().position(|(c, _, _)| *c == cause) {
            Some(at) => at,
            None => {
                groups.push((cause, Vec::new(), Vec::new()));
                groups.len() - 1
            }
        };
        if repeat {
            groups[at].2.push(e);
        } else {
            groups[at].1.push(e);
        }
    }
    groups
        .into_iter()
        .filter(|(_, entries, _)| !entries.is_empty())
        .map(|(cause, entries, repeats)| {
            let mut f = finding(&cause, &entries);
            f.also_in_text = repeats.iter().map(|e| unit_label(e)).collect();
            f.entries
                .extend(repeats.iter().map(|e| (e.table.clone(), e.cell.clone())));
            f
        })
        .collect()
}

/// Tables in words: `Table 2`, `Tables 4 and 5`, `Table 3 and the running text`.
fn tables_words(tables: &[String]) -> String {
    let numbers: Vec<String> = tables
        .iter()
        .map(|t| artefact_words(t))
        .filter_map(|w| w.strip_prefix("Table ").map(str::to_string))
        .collect();
    if numbers.len() == tables.len() && numbers.len() > 1 {
        let (last, rest) = numbers.split_last().unwrap_or((&numbers[0], &[]));
        return format!("Tables {} and {last}", rest.join(", "));
    }
    let words: Vec<String> = tables.iter().map(|t| artefact_words(t)).collect();
    words.join(" and ")
}

/// What a finding is about: one slip, one property of a whole table, or one piece of arithmetic.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cause {
    /// Every cell, in any table, whose failed checks one changed number repairs.
    Slip(Repair),
    /// A hint that speaks for every affected cell of the table at once.
    TableWide { table: String, hint: Hint },
    /// Entries of one table that share their detail (an interval's limits, a row's numbers).
    SameArithmetic { table: String, detail: String },
}

impl Cause {
    fn of(e: &Entry) -> Cause {
        if let Some(repair) = &e.repair {
            return Cause::Slip(repair.clone());
        }
        match e.hint {
            // An interval that excludes its estimate is one case of an interval not centred on
            // it: one finding per table, whose words say how many exclude it.
            Some(Hint::ExcludingInterval) => Cause::TableWide {
                table: e.table.clone(),
                hint: Hint::OffCentreInterval,
            },
            Some(
                hint @ (Hint::DefinitionMismatch { .. }
                | Hint::ShiftedInterval
                | Hint::OffCentreInterval),
            ) => Cause::TableWide {
                table: e.table.clone(),
                hint,
            },
            _ => Cause::SameArithmetic {
                table: e.table.clone(),
                detail: e.detail.clone(),
            },
        }
    }
}

/// The finding of one cause from its entries (at least one), in ledger order.
fn finding(cause: &Cause, entries: &[&Entry]) -> Finding {
    let first = entries[0];
    let join = |f: fn(&Entry) -> &str| -> String {
        entries.iter().map(|e| f(e)).collect::<Vec<_>>().join("; ")
    };
    let mut tables: Vec<String> = Vec::new();
    for e in entries {
        if !tables.contains(&e.table) {
            tables.push(e.table.clone());
        }
    }
    let mut out = Finding {
        paper: first.paper.clone(),
        table: first.table.clone(),
        cell: join(|e| &e.cell),
        printed: join(|e| &e.printed),
        tables,
        place: String::new(),
        cells: String::new(),
        affected_groups: Vec::new(),
        also_in_text: Vec::new(),
        text: String::new(),
        headline: String::new(),
        headline_latex: None,
        affected: entries.len(),
        hint: first.hint,
        entries: entries
            .iter()
            .map(|e| (e.table.clone(), e.cell.clone()))
            .collect(),
    };
    match cause {
        Cause::Slip(repair) => slip(&mut out, repair, entries),
        Cause::TableWide { hint, .. } => table_wide(&mut out, *hint, entries),
        Cause::SameArithmetic { .. } => same_arithmetic(&mut out, entries),
    }
    out
}

/// Entries of one table sharing their arithmetic: the evidence once, the cells in words.
fn same_arithmetic(out: &mut Finding, entries: &[&Entry]) {
    let first = entries[0];
    let table = artefact_words(&first.table);
    let place = capitalised(&table);
    out.text = format!("{} {}", sentence(&evidence(first)), pointer(out.hint));
    if entries.iter().any(|e| e.words.is_some()) {
        let units: Vec<(String, String)> = entries.iter().map(|e| in_table(e)).collect();
        out.cells = grouped_words(&units);
        out.affected_groups = grouped(&units);
    }
    out.place = match entries.len() {
        1 => place,
        n => format!("{place} — {n} numbers"),
    };
    out.headline = match out.hint {
        Some(Hint::StatementContradicted) => statement_headline(first, &table),
        _ => format!(
            "{} ({}): the printed numbers contradict each other: {}.",
            out.place,
            out.cells,
            evidence(first)
        ),
    };
}

/// A contradicted statement in words: what the text says (quoted, then as the checked claim) and
/// what the paper's own table shows instead.
fn statement_headline(entry: &Entry, table: &str) -> String {
    let claim = entry.label.as_deref().unwrap_or_default();
    let evidence = entry
        .detail
        .strip_prefix(claim)
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(&entry.detail);
    format!(
        "The paper's own {table} contradicts the text (“{}”): the text says {}, yet {evidence}.",
        entry.printed,
        lower_first(claim)
    )
}

/// `text` with its first letter lower-case (a claim quoted inside a sentence).
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_lowercase().chain(chars).collect())
}

/// `text` with its first letter upper-case (`the running text` opening a finding).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}

/// An entry's cell within its table, as a group and an item (`nDCG@10, all3` and `2lancers: 95%CI
/// lower limit`); an entry without cell words (a text claim) as its label alone.
fn in_table(e: &Entry) -> (String, String) {
    match &e.words {
        Some(words) => {
            let (group, column) = words.cell_in_table();
            (group, format!("{column}: {}", words.short_part()))
        }
        None => (String::new(), unit_label(e)),
    }
}

/// An entry without cell words in words: its label (a claim's words, with its section when its
/// id names one), else its id.
fn unit_label(e: &Entry) -> String {
    let section = e
        .cell
        .rsplit_once(" (")
        .map(|(_, s)| s.trim_end_matches(')'));
    match (&e.label, section) {
        (Some(label), Some(section)) => format!("{label} ({section})"),
        (Some(label), None) => label.clone(),
        (None, _) => e.cell.clone(),
    }
}

/// A slip: the affected cells of every table, the repairing change, and the failed arithmetic of
/// the repaired table's cells once.
fn slip(out: &mut Finding, repair: &Repair, entries: &[&Entry]) {
    let mut tables: Vec<&str> = Vec::new();
    for e in entries {
        if !tables.contains(&e.table.as_str()) {
            tables.push(&e.table);
        }
    }
    out.table = tables.join(" and ");
    out.cell = entries
        .iter()
        .map(|e| e.cell.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let units: Vec<(String, String)> = entries
        .iter()
        .map(|e| match &e.words {
            Some(words) => {
                let (group, column) = words.cell_in_table();
                (
                    format!("{}, {group}, {column}", words.table),
                    words.short_part(),
                )
            }
            None => (String::new(), unit_label(e)),
        })
        .collect();
    out.cells = grouped_words(&units);
    out.affected_groups = grouped(&units);
    let owned: Vec<String> = tables.iter().map(|t| t.to_string()).collect();
    let words = tables_words(&owned);
    out.place = format!("{words} — {} numbers", entries.len());
    out.printed = entries
        .iter()
        .map(|e| e.printed.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    let mut shown: Vec<String> = Vec::new();
    let repaired = entries.iter().any(|e| e.table == repair.table);
    for e in entries
        .iter()
        .filter(|e| !repaired || e.table == repair.table)
    {
        let each = evidence(e);
        if !shown.contains(&each) {
            shown.push(each);
        }
    }
    let cells = match entries.len() {
        1 => "this cell".to_string(),
        n => format!("these {n} cells"),
    };
    out.text = format!(
        "The single change {repair} repairs every check {cells} fail. {} The arithmetic: {}",
        pointer(out.hint),
        sentence(&shown.join("; "))
    );
    out.headline = format!(
        "{words}: a typesetting slip; the single change {repair} makes {} consistent.",
        match entries.len() {
            1 => "the one affected printed number".to_string(),
            n => format!("all {n} affected printed numbers"),
        }
    );
}

/// A property of a whole table: the affected rows (for a definition mismatch: p, |d| and ES of one
/// system pair) or cells (an interval's two limits together), and the evidence of the first once.
fn table_wide(out: &mut Finding, hint: Hint, entries: &[&Entry]) {
    let first = entries[0];
    let depth = if matches!(hint, Hint::DefinitionMismatch { .. }) {
        2
    } else {
        3
    };
    let mut affected: Vec<String> = Vec::new();
    let mut units: Vec<(String, String)> = Vec::new();
    // The intervals that do not even contain their estimate.
    let mut excluding: Vec<String> = Vec::new();
    for e in entries {
        let unit = e.cell.split('/').take(depth).collect::<Vec<_>>().join("/");
        if e.hint == Some(Hint::ExcludingInterval) && !excluding.contains(&unit) {
            excluding.push(unit.clone());
        }
        if !affected.contains(&unit) {
            affected.push(unit);
            units.push(match &e.words {
                Some(words) if depth == 2 => words.row_in_table(),
                Some(words) => words.cell_in_table(),
                None => (String::new(), unit_label(e)),
            });
        }
    }
    let same: Vec<&Entry> = entries
        .iter()
        .copied()
        .filter(|e| e.detail == first.detail)
        .collect();
    let noun = match (depth, first.words.is_some()) {
        (2, _) => "rows",
        (_, true) => "intervals",
        (_, false) => "numbers",
    };
    out.cell = format!("{} {noun}: {}", affected.len(), affected.join(", "));
    out.cells = grouped_words(&units);
    out.affected_groups = grouped(&units);
    out.printed = same
        .iter()
        .map(|e| e.printed.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    let (group, item) = &units[0];
    let first_words = match (group.is_empty(), depth) {
        (true, _) => item.clone(),
        (false, 2) => format!("{group}: {item}"),
        (false, _) => format!("{group}, {item}"),
    };
    out.text = format!(
        "{} The arithmetic, for the first of them ({first_words}): {}",
        pointer(Some(hint)),
        sentence(&evidence(first))
    );
    let place = format!(
        "{} — {} {noun}",
        capitalised(&artefact_words(&out.table)),
        affected.len()
    );
    out.place = place.clone();
    if let Hint::DefinitionMismatch { fits } = hint {
        let (headline, latex) = definition_headline(&place, fits);
        out.headline = headline;
        out.headline_latex = Some(latex);
        return;
    }
    let unless = "which is inconsistent if each interval is estimate ± z·SE, as is usual for this statistic but which the paper does not say";
    let what = match (hint, excluding.len()) {
        (Hint::ShiftedInterval, _) => {
            "confidence intervals are not centred on their estimates, and each is printed, centred, for another cell: the intervals look shifted between cells (if each interval is estimate ± z·SE, which the paper does not say)".to_string()
        }
        (_, 0) => format!(
            "confidence intervals contain their estimates but are not centred on them, {unless}"
        ),
        (_, n) if n == affected.len() => {
            format!("confidence intervals do not contain their estimates, {unless}")
        }
        (_, n) => format!(
            "confidence intervals are not centred on their estimates, and {n} of them do not even contain it, {unless}"
        ),
    };
    out.headline = format!("{place}: {what}.");
}

/// The headline of a definition that does not fit, in plain text and in LaTeX (math as math): what
/// is solid (the stated definition is incompatible with the printed numbers) and, when another
/// reading brings every row within the check's tolerance, that reading as one loose candidate with
/// what speaks against it.
fn definition_headline(place: &str, fits: Option<Candidate>) -> (String, String) {
    let stated = EffectSizeReading::StandardDeviation;
    let opening = format!(
        "{place}: the printed p-values and effect sizes are incompatible with the stated definition {}",
        stated.formula_hsd()
    );
    let opening_latex = format!(
        "{place}: the printed $p$-values and effect sizes are incompatible with the stated definition {}",
        stated.formula_latex()
    );
    let Some(candidate) = fits else {
        return (
            format!("{opening}, and with every other reading tried."),
            format!("{opening_latex}, and with every other reading tried."),
        );
    };
    let against = if candidate.p_values == 0 {
        String::new()
    } else {
        let all = candidate.below_alpha == candidate.p_values;
        format!(
            "; against it: under it {} of the {} p-values of these rows would be below α = {}, {} times smaller than printed{}",
            if all {
                "all".to_string()
            } else {
                candidate.below_alpha.to_string()
            },
            candidate.p_values,
            candidate.alpha_words(),
            candidate.smaller_words(),
            if all {
                ", so no row would be a discrepancy (a row is one because exactly one of its p-values is below α)"
            } else {
                ""
            }
        )
    };
    let reading = candidate.reading;
    (
        format!(
            "{opening}. One loose candidate is {}, |d| divided by {}, which brings each printed p within the check's tolerance{against}.",
            reading.formula_hsd(),
            reading.divisor_words()
        ),
        format!(
            "{opening_latex}. One loose candidate is {}, $|d|$ divided by {}, which brings each printed $p$ within the check's tolerance{}.",
            reading.formula_latex(),
            reading.divisor_words().replace("V_E", "$V_E$"),
            against
                .replace("α", "$\\alpha$")
                .replace("p-values", "$p$-values")
        ),
    )
}

/// The findings ranked by weight: a definition that does not fit the printed numbers first, then a
/// statement the paper's own table contradicts, intervals shifted or off their estimates, a
/// typesetting slip, and other contradictions; within a kind, the cause affecting more numbers first
/// (ledger order otherwise).
pub(crate) fn ranked(mut findings: Vec<Finding>) -> Vec<Finding> {
    let weight = |f: &Finding| match f.hint {
        Some(Hint::DefinitionMismatch { .. }) => 0,
        Some(Hint::StatementContradicted) => 1,
        Some(Hint::ShiftedInterval) => 2,
        Some(Hint::ExcludingInterval | Hint::OffCentreInterval) => 3,
        Some(Hint::TypesettingSlip) => 4,
        Some(Hint::SettingDiffers) => 5,
        None => 6,
    };
    findings.sort_by_key(|f| (weight(f), std::cmp::Reverse(f.affected)));
    findings
}

/// The arithmetic of an entry's failed checks in prose (its detail when it has none recorded).
fn evidence(e: &Entry) -> String {
    if e.evidence.is_empty() {
        e.detail.clone()
    } else {
        e.evidence.join("; ")
    }
}

/// `text` as a sentence: its first word capitalised (not a one-letter variable such as `b + c`) and a
/// closing full stop.
fn sentence(text: &str) -> String {
    let text = text.trim();
    let variable = text.chars().nth(1).is_none_or(|c| !c.is_alphabetic());
    let text = if variable {
        text.to_string()
    } else {
        capitalised(text)
    };
    if text.ends_with('.') {
        text
    } else {
        format!("{text}.")
    }
}

/// An entry that says something about the paper itself: an `inconsistent` number, a statement of
/// the text that `fails` on the paper's own printed numbers (not a stand-in's qualitative claim), or
/// a setting of the text the build does not use.
pub(crate) fn is_finding(e: &Entry) -> bool {
    e.verdict == Verdict::Inconsistent
        || (e.verdict == Verdict::Mismatch && e.hint == Some(Hint::SettingDiffers))
        || (e.verdict == Verdict::Fails && e.basis == Basis::Paper)
}

/// Which way the checks of a finding point (a typesetting or extraction slip in one number, or a
/// property of the whole table), in a reviewer's words.
fn pointer(hint: Option<Hint>) -> &'static str {
    match hint {
        Some(Hint::TypesettingSlip) => {
            "Every check on these cells passes once that one number is changed, which points to a typesetting slip rather than to the analysis."
        }
        Some(Hint::ShiftedInterval) => {
            "The same interval is printed, centred, for another cell: if each interval is estimate ± z·SE, which the paper does not say, the intervals look shifted between cells, which points to a typesetting error rather than to a wrong computation."
        }
        Some(Hint::ExcludingInterval) => {
            "If the interval is estimate ± z·SE, which the paper does not say, it must contain its estimate: either the estimate or a limit is misprinted, or the interval was computed another way."
        }
        Some(Hint::OffCentreInterval) => {
            "If the interval is estimate ± z·SE, which the paper does not say, it cannot have this midpoint: either the estimate or a limit is misprinted, or the interval was computed another way."
        }
        Some(Hint::DefinitionMismatch { fits: Some(_) }) => {
            "A row's p-value and effect size cannot both hold under the stated ES_HSD = |d|/√V_E; another reading of the definition comes within the check's loose tolerance (see the evidence), which makes it a candidate, not a diagnosis."
        }
        Some(Hint::DefinitionMismatch { .. }) => {
            "A row's p-value and effect size cannot both hold under the stated ES_HSD = |d|/√V_E, nor under any other reading of the definition tried (see the evidence)."
        }
        Some(Hint::StatementContradicted) => {
            "The statement in the text is not borne out by the paper's own table."
        }
        Some(Hint::SettingDiffers) => {
            "The build does not use the setting the text states, so its numbers are not those of the paper's setting."
        }
        None => "The printed numbers contradict each other.",
    }
}
