//! `evia-repro list`.

use std::path::Path;

use comfy_table::{ColumnConstraint, Row, Width};

use crate::cli::Outcome;
use crate::cli::reproduce::load_manifest;
use crate::manifest::{Kind, Status};
use crate::render::terminal::new_table;

/// Widest the class column may be (`exact + simulated (partly a stand-in)` is cut with an ellipsis).
const CLASS_WIDTH: u16 = 24;

pub(crate) fn run(root: &Path) -> anyhow::Result<Outcome> {
    let manifest = load_manifest(root)?;
    let mut table = new_table();
    table.set_truncation_indicator("…");
    table.set_header(vec![
        "id",
        "kind",
        "status",
        "class",
        "caption / pending reason",
    ]);
    // The class is cut at CLASS_WIDTH so that the caption keeps the rest of the line.
    if let Some(class) = table.column_mut(3) {
        class.set_constraint(ColumnConstraint::UpperBoundary(Width::Fixed(CLASS_WIDTH)));
    }
    // The caption column's width: what the table's width leaves after the other columns, each
    // padded by one space a side, and the borders.
    let others: usize = 4 + 6 + 7 + usize::from(CLASS_WIDTH);
    let budget = usize::from(table.width().unwrap_or(100)).saturating_sub(others + 2 * 5 + 6);
    let captions: Vec<String> = manifest
        .artefacts
        .iter()
        .map(|a| a.caption.text().to_string())
        .collect();
    let shown = distinguishing_cut(&captions, budget.max(20));
    for (a, caption) in manifest.artefacts.iter().zip(shown) {
        let kind = match a.kind {
            Kind::Table => "table",
            Kind::Figure => "figure",
        };
        let detail = match a.status {
            Status::Built => caption,
            Status::Pending => format!(
                "{caption}\npending: {}",
                a.pending_reason.as_deref().unwrap_or("")
            ),
        };
        // One line per artefact (two for a pending one: caption, then reason); a caption too long
        // for the terminal ends in an ellipsis, and `show ID` prints it in full.
        let mut row = Row::from(vec![
            a.id.to_string(),
            kind.to_string(),
            a.status.to_string(),
            a.experiment.data_class(false).to_string(),
            detail,
        ]);
        row.max_height(match a.status {
            Status::Built => 1,
            Status::Pending => 2,
        });
        table.add_row(row);
    }
    let built = manifest
        .artefacts
        .iter()
        .filter(|a| a.status == Status::Built)
        .count();
    super::stdout::print(&format!(
        "{table}\nA caption ending in … is cut; `evia-repro show ID` prints it and the experiment.\n{} artefacts: {built} built, {} pending\n",
        manifest.artefacts.len(),
        manifest.artefacts.len() - built
    ))?;
    Ok(Outcome::Success)
}

/// Each caption of `captions` fitted to `width` characters so that captions that open alike stay
/// apart: a caption that fits is kept; one that does not keeps its opening words, then `…`, then
/// the words from the first one that tells it apart from every other caption (`System ranking … pair
/// of topic sets (13 runs)`), cut at the end with `…` when still too long.
fn distinguishing_cut(captions: &[String], width: usize) -> Vec<String> {
    let words: Vec<Vec<&str>> = captions.iter().map(|c| c.split(' ').collect()).collect();
    captions
        .iter()
        .zip(&words)
        .map(|(caption, mine)| {
            if caption.chars().count() <= width {
                return caption.clone();
            }
            // The first word at which this caption parts from the one it shares most words with.
            let shared = words
                .iter()
                .filter(|other| !std::ptr::eq(*other, mine))
                .map(|other| mine.iter().zip(other).take_while(|(a, b)| a == b).count())
                .max()
                .unwrap_or(0);
            let head_words = 2.min(shared);
            let cut = |text: String| -> String {
                if text.chars().count() <= width {
                    text
                } else {
                    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
                    format!("{}…", kept.trim_end())
                }
            };
            if shared <= head_words {
                return cut(caption.clone());
            }
            let head = mine[..head_words].join(" ");
            // As many words before the parting one as fit, so the tail reads as a phrase.
            let mut start = shared;
            let tail_of = |from: usize| mine[from..].join(" ");
            while start > head_words
                && format!("{head} … {}", tail_of(start - 1)).chars().count() <= width
            {
                start -= 1;
            }
            cut(format!("{head} … {}", tail_of(start)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Captions that open alike keep what tells them apart.
    #[test]
    fn cut_captions_stay_apart() {
        let captions = [
            "System ranking consistency in terms of Kendall's tau, with 95%CIs, for every pair of qrels (13 runs)",
            "System ranking consistency in terms of Kendall's tau, with 95%CIs, for every pair of topic sets (13 runs)",
        ]
        .map(str::to_string);
        let cut = distinguishing_cut(&captions, 40);
        assert_ne!(cut[0], cut[1]);
        assert!(cut[0].contains("qrels"), "{}", cut[0]);
        assert!(cut[1].contains("topic sets"), "{}", cut[1]);
        assert!(cut.iter().all(|c| c.chars().count() <= 40), "{cut:?}");
    }
}
