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
    for a in &manifest.artefacts {
        let kind = match a.kind {
            Kind::Table => "table",
            Kind::Figure => "figure",
        };
        let detail = match a.status {
            Status::Built => a.caption.text().to_string(),
            Status::Pending => format!(
                "{}\npending: {}",
                a.caption.text(),
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
    println!("{table}");
    println!("A caption ending in … is cut; `evia-repro show ID` prints it and the experiment.");
    let built = manifest
        .artefacts
        .iter()
        .filter(|a| a.status == Status::Built)
        .count();
    println!(
        "{} artefacts: {built} built, {} pending",
        manifest.artefacts.len(),
        manifest.artefacts.len() - built
    );
    Ok(Outcome::Success)
}
