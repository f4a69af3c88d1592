//! `evia-repro list`.

use std::path::Path;

use comfy_table::{ColumnConstraint, Row, Width};

use crate::cli::Outcome;
use crate::cli::reproduce::load_manifest;
use crate::manifest::{Kind, Status};
use crate::render::terminal::new_table;

/// Widest the class column may be (`exact + simulated (partly a stand-in)` wraps).
const CLASS_WIDTH: u16 = 24;

pub(crate) fn run(root: &Path) -> anyhow::Result<Outcome> {
    let manifest = load_manifest(root)?;
    let mut table = new_table();
    table.set_header(vec![
        "id",
        "kind",
        "status",
        "class",
        "caption / pending reason",
    ]);
    // The class wraps at CLASS_WIDTH so that the caption keeps the rest of the line.
    if let Some(class) = table.column_mut(3) {
        class.set_constraint(ColumnConstraint::UpperBoundary(Width::Fixed(CLASS_WIDTH)));
    }
    for a in &manifest.artefacts {
        let kind = match a.kind {
            Kind::Table => "table",
            Kind::Figure => "figure",
        };
        let caption = a.caption.text();
        let detail = match a.status {
            Status::Built => caption.to_string(),
            Status::Pending => format!(
                "{caption}\npending: {}",
                a.pending_reason.as_deref().unwrap_or("")
            ),
        };
        // A caption too long for the terminal wraps at spaces onto the lines below: never cut, so
        // captions that open alike stay apart.
        table.add_row(Row::from(vec![
            a.id.to_string(),
            kind.to_string(),
            a.status.to_string(),
            a.experiment.data_class(false).to_string(),
            detail,
        ]));
    }
    let built = manifest
        .artefacts
        .iter()
        .filter(|a| a.status == Status::Built)
        .count();
    super::stdout::print(&format!(
        "{table}\n{} artefacts: {built} built, {} pending\n",
        manifest.artefacts.len(),
        manifest.artefacts.len() - built
    ))?;
    Ok(Outcome::Success)
}
