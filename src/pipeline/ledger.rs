//! The ledger of a run, assembled once for `reproduce` and `check`: the stand-in knobs' declarations
//! of what they build in ([`BuiltIns`]) are read from the knob files of the rebuilt artefacts and
//! checked against the ledger, then the verdicts are computed and the robustness studies' holding
//! rates added.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::consistency::outcome::Checks;
use crate::io::SourceError;
use crate::ledger::{EntryKind, Ledger, ledger_checked};
use crate::manifest::Manifest;
use crate::manifest::built_in::BuiltIns;
use crate::model::{BuiltInKind, CellKey};
use crate::published::PublishedFile;
use crate::results::ResultTable;

/// The ledger of the `results` of `manifest` against `published` and the consistency `checks`, with
/// the declarations of the stand-in knob files (under `root`) the results were built from.
pub(crate) fn assemble(
    root: &Path,
    manifest: &Manifest,
    published: &[PublishedFile],
    checks: &Checks,
    results: &BTreeMap<String, ResultTable>,
) -> Result<Ledger, SourceError> {
    let on_stand_in = manifest
        .artefacts
        .iter()
        .filter(|a| results.get(a.id.as_str()).is_some_and(|t| !t.real_data));
    let built_ins = BuiltIns::load(root, on_stand_in)?;
    let mut ledger = ledger_checked(manifest, published, checks, results, &built_ins);
    validate(root, manifest, &built_ins, &ledger, published, results)?;
    crate::robustness::ledger_rates::add_holding_rates(&mut ledger, manifest, results);
    crate::robustness::space::ledger_across::add_across(&mut ledger, manifest, results);
    Ok(ledger)
}

/// Every declaration names what exists: a claim its artefact checks (when that artefact was rebuilt
/// on the stand-in), a printed cell; every cell an experiment fits to the print is declared fitted,
/// and every cell declared fitted is fitted by its experiment.
fn validate(
    root: &Path,
    manifest: &Manifest,
    built_ins: &BuiltIns,
    ledger: &Ledger,
    published: &[PublishedFile],
    results: &BTreeMap<String, ResultTable>,
) -> Result<(), SourceError> {
    let claims: BTreeSet<&str> = ledger
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Claim)
        .map(|e| e.cell.as_str())
        .collect();
    let printed: BTreeSet<CellKey> = published
        .iter()
        .flat_map(PublishedFile::cells)
        .map(|c| c.key())
        .collect();
    let texts: BTreeSet<&str> = published
        .iter()
        .flat_map(|f| &f.text)
        .map(|t| t.id.as_str())
        .collect();
    let on_stand_in = |table: &str| results.get(table).is_some_and(|t| !t.real_data);
    // A paper without published values (a user's study of the stand-in) prints nothing the
    // declarations could name.
    let prints = |table: &str| {
        manifest
            .artefact(table)
            .is_some_and(|a| published.iter().any(|f| f.paper.to_string() == a.paper))
    };
    for declared in &built_ins.declarations {
        let file = root.join(&declared.reference.file);
        for (claim, line) in &declared.claims {
            let artefact = claim.split('.').take(2).collect::<Vec<_>>().join(".");
            if on_stand_in(&artefact) && !claims.contains(claim.as_str()) {
                return Err(SourceError::at_line(
                    &file,
                    *line,
                    format!(
                        "`builds_in` names claim `{claim}`, which artefact {artefact} does not check"
                    ),
                ));
            }
        }
        for (text, line) in &declared.texts {
            let paper = text.split('.').next().unwrap_or_default();
            let printed_by = published.iter().any(|f| f.paper.to_string() == paper);
            if printed_by && !texts.contains(text.as_str()) {
                return Err(SourceError::at_line(
                    &file,
                    *line,
                    format!("`builds_in` names `{text}`, which is no number of the paper's text"),
                ));
            }
        }
        for (cell, line) in declared.cells.iter().filter(|(c, _)| prints(&c.table)) {
            if !printed.contains(cell) {
                return Err(SourceError::at_line(
                    &file,
                    *line,
                    format!("`builds_in` names cell `{cell}`, which the paper does not print"),
                ));
            }
            let fitted_by_experiment = results
                .get(&cell.table)
                .filter(|t| !t.real_data)
                .map(|t| t.fitted.contains_key(cell));
            let declared_fitted = declared.reference.kind == BuiltInKind::Fitted;
            if fitted_by_experiment == Some(false) && declared_fitted {
                return Err(SourceError::at_line(
                    &file,
                    *line,
                    format!(
                        "`builds_in` declares cell `{cell}` fitted, but artefact {} does not fit it to the print",
                        cell.table
                    ),
                ));
            }
        }
    }
    for (id, table) in results.iter().filter(|(_, t)| !t.real_data) {
        for cell in table.fitted.keys() {
            let declared = built_ins
                .cell(cell)
                .is_some_and(|b| b.kind == BuiltInKind::Fitted);
            if !declared {
                let knob_files: Vec<String> = manifest
                    .artefact(id)
                    .map(|a| a.parameters.input_files())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(_, f)| f.to_string())
                    .filter(|f| f.ends_with(".yaml") || f.ends_with(".yml"))
                    .collect();
                return Err(SourceError::whole_file(
                    root.join(
                        knob_files
                            .first()
                            .map_or("paper/manifest.yaml", String::as_str),
                    ),
                    format!(
                        "artefact {id} fits cell `{cell}` to the print, but no `builds_in` entry of its knob files ({}) declares it fitted",
                        knob_files.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(())
}
