//! `evia-repro list`.

use std::path::Path;

use crate::cli::Outcome;
use crate::cli::reproduce::load_manifest;
use crate::manifest::{Kind, Status};
use crate::render::stand_in::data_class;
use crate::render::terminal::new_table;

pub fn run(root: &Path) -> anyhow::Result<Outcome> {
    let manifest = load_manifest(root)?;
    let mut table = new_table();
    table.set_header(vec![
        "id",
        "kind",
        "status",
        "experiment",
        "class",
        "caption / pending reason",
    ]);
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
        table.add_row(vec![
            a.id.to_string(),
            kind.to_string(),
            a.status.to_string(),
            a.experiment.to_string(),
            data_class(a.experiment, false).to_string(),
            detail,
        ]);
    }
    println!("{table}");
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
