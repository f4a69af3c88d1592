//! Writing into the output directory: every output path checked before anything runs, and files
//! written (or staged) only when their content changed.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

use super::ReproduceError;
use super::render::output_paths;
use crate::io::output::{OutputDir, Staged};
use crate::manifest::Manifest;
use crate::provenance::ContentHash;

/// Every output path of the manifest, checked against the output directory before anything runs or is
/// written.
pub(super) fn check_output_paths(
    manifest: &Manifest,
    out: &OutputDir,
) -> Result<(), ReproduceError> {
    for artefact in &manifest.artefacts {
        for path in output_paths(manifest, artefact) {
            out.resolve(&path)?;
        }
    }
    for paper in &manifest.papers {
        for name in ["report.md", "report.tex", "tables.tex"] {
            out.resolve(&format!("{}/{name}", paper.slug))?;
        }
    }
    Ok(())
}

/// Writes `text` to `relative` unless the file already holds exactly it (or always, with `force`);
/// returns the path if written.
pub(super) fn write_if_changed(
    out: &OutputDir,
    relative: &str,
    text: &[u8],
    hashes: &mut BTreeMap<String, ContentHash>,
    force: bool,
) -> Result<Option<PathBuf>, ReproduceError> {
    hashes.insert(relative.to_string(), ContentHash::of(text));
    let dest = out.resolve(relative)?;
    if !force && fs::read(&dest).is_ok_and(|old| old == text) {
        return Ok(None);
    }
    Ok(Some(out.write(relative, text)?))
}

/// Like [`write_if_changed`], but only stages the file ([`OutputDir::stage`]) for a later commit.
pub(super) fn stage_if_changed(
    out: &OutputDir,
    relative: &str,
    text: &[u8],
    hashes: &mut BTreeMap<String, ContentHash>,
    force: bool,
) -> Result<Option<Staged>, ReproduceError> {
    hashes.insert(relative.to_string(), ContentHash::of(text));
    let dest = out.resolve(relative)?;
    if !force && fs::read(&dest).is_ok_and(|old| old == text) {
        return Ok(None);
    }
    Ok(Some(out.stage(relative, text)?))
}
