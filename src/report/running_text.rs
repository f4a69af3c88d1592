//! The table of the numbers in a paper's running text, made compact: consecutive entries whose
//! labels open with the same words (`Setting: …`, `Worked example of Eq. 2 with p = 0.2: …`) name
//! those words once, as a heading row above them, and each row shows the rest of its label; an
//! entry alone under its words keeps its whole label.

use super::EntryView;
use crate::render::group_breaks::{GroupedRow, RowBreak};
use crate::render::label_runs::{label_runs, split_label};

/// Sets [`EntryView::group`] on the first entry of each run of at least two consecutive entries
/// whose labels share the words before `": "`, and [`EntryView::item`] on every entry: its label
/// without the shared words in such a run, the whole label otherwise.
pub(super) fn group_running_text(entries: &mut [EntryView]) {
    let labels: Vec<String> = entries.iter().map(|e| e.label.clone()).collect();
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    for run in label_runs(&labels) {
        let shared = run.head.filter(|_| run.positions.len() >= 2);
        for position in run.positions.clone() {
            let e = &mut entries[position];
            e.item = match (shared, split_label(labels[position])) {
                (Some(_), Some((_, item))) => item.to_string(),
                _ => e.label.clone(),
            };
        }
        if let Some(head) = shared {
            entries[run.positions.start].group = Some(head.to_string());
        }
    }
}

impl GroupedRow for EntryView {
    fn group(&self) -> Option<&str> {
        self.group.as_deref()
    }
    fn set_group(&mut self, heading: String) {
        self.group = Some(heading);
    }
    fn set_break_after(&mut self, rule: RowBreak) {
        self.break_after = rule;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(label: &str) -> EntryView {
        EntryView {
            label: label.to_string(),
            ..EntryView::default()
        }
    }

    #[test]
    fn runs_of_shared_words_become_one_heading() {
        let mut entries = vec![
            view("Setting: Runs: 44"),
            view("Setting: Teams: 16"),
            view("Worked example: WG = 5"),
            view("no words before a colon"),
            view("Eq. 2: UG = 13"),
            view("Eq. 2: UG = 11"),
        ];
        group_running_text(&mut entries);
        let shown: Vec<(Option<&str>, &str)> = entries
            .iter()
            .map(|e| (e.group.as_deref(), e.item.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (Some("Setting"), "Runs: 44"),
                (None, "Teams: 16"),
                (None, "Worked example: WG = 5"),
                (None, "no words before a colon"),
                (Some("Eq. 2"), "UG = 13"),
                (None, "UG = 11"),
            ]
        );
    }
}
