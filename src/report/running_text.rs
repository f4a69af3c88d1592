//! The table of the numbers in a paper's running text, made compact: consecutive entries whose
//! labels open with the same words (`Setting: …`, `Worked example of Eq. 2 with p = 0.2: …`) name
//! those words once, as a heading row above them, and each row shows the rest of its label; an
//! entry alone under its words keeps its whole label.

use super::EntryView;

/// Sets [`EntryView::group`] on the first entry of each run of at least two consecutive entries
/// whose labels share the words before `": "`, and [`EntryView::item`] on every entry: its label
/// without the shared words in such a run, the whole label otherwise.
pub(super) fn group_running_text(entries: &mut [EntryView]) {
    let heads: Vec<Option<String>> = entries
        .iter()
        .map(|e| e.label.split_once(": ").map(|(head, _)| head.to_string()))
        .collect();
    let mut start = 0;
    while start < entries.len() {
        let end = (start..entries.len())
            .find(|&i| heads[i].is_none() || heads[i] != heads[start])
            .map_or(entries.len(), |i| i.max(start + 1));
        for i in start..end {
            let e = &mut entries[i];
            e.item = match (&heads[i], end - start >= 2) {
                (Some(head), true) => e.label[head.len() + 2..].to_string(),
                _ => e.label.clone(),
            };
        }
        if end - start >= 2 {
            entries[start].group = heads[start].clone();
        }
        start = end;
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
