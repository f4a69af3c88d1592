//! What decides whether an output is rebuilt: an artefact's provenance stamp (its manifest entry,
//! input files and seed), and the fingerprints of what its experiment and its renderings read.

use std::fs;
use std::path::Path;

use serde::Serialize;

use super::Options;
use super::render::template_of;
use crate::manifest::{Artefact, Manifest, OutputFormat};
use crate::provenance::{ContentHash, Fnv1a64, Stamp};
use crate::render::Templates;

/// The name of a manifest entry among a stamp's inputs.
pub(crate) fn manifest_entry_name(id: &str) -> String {
    format!("paper/manifest.yaml#{id}")
}

/// The content hash of the file `relative` under `root`, or `None` when it cannot be read.
pub(crate) fn hash_file(root: &Path, relative: &str) -> Option<ContentHash> {
    fs::read(root.join(relative))
        .ok()
        .map(|b| ContentHash::of(&b))
}

/// The hash of `value` serialised as JSON (a manifest entry, a cached result).
pub(super) fn hash_json(value: &impl Serialize) -> ContentHash {
    ContentHash::of(serde_json::to_string(value).unwrap_or_default().as_bytes())
}

/// The stamp of an artefact's files before the template of each format is added: its manifest entry,
/// the files its experiment reads, and the seed its streams were drawn with ([`Artefact::seed_or`]
/// of the run's global `seed`).
pub(crate) fn artefact_stamp(root: &Path, artefact: &Artefact, commit: &str, seed: u64) -> Stamp {
    let mut stamp = Stamp::new(commit, artefact.seed_or(seed));
    stamp
        .inputs
        .insert(manifest_entry_name(&artefact.id), hash_json(artefact));
    for (_, path) in artefact.parameters.input_files() {
        if let Some(hash) = hash_file(root, path) {
            stamp.inputs.insert(path.to_string(), hash);
        }
    }
    stamp
}

/// Fingerprint of what `artefact`'s experiment reads.
pub(crate) fn experiment_fingerprint(
    manifest: &Manifest,
    artefact: &Artefact,
    options: &Options,
) -> ContentHash {
    let mut h = Fnv1a64::new();
    h.field(b"experiment");
    h.field(options.program.as_bytes());
    h.field(&artefact.seed_or(options.seed).to_le_bytes());
    h.field(
        serde_json::to_string(artefact)
            .unwrap_or_default()
            .as_bytes(),
    );
    h.field(
        serde_json::to_string(&manifest.paper(&artefact.paper))
            .unwrap_or_default()
            .as_bytes(),
    );
    hash_input_files(&mut h, artefact, &options.root);
    // A robustness study reads what its replicated artefacts read, and the published values its
    // claims compare with: a changed stand-in knob or printed value rebuilds it too.
    for replicated in manifest.replicated(artefact) {
        h.field(
            serde_json::to_string(replicated)
                .unwrap_or_default()
                .as_bytes(),
        );
        hash_input_files(&mut h, replicated, &options.root);
    }
    let published = manifest
        .paper(&artefact.paper)
        .and_then(|p| p.published.as_deref())
        .filter(|_| artefact.experiment.is_study());
    if let Some(path) = published {
        h.field(path.as_bytes());
        match hash_file(&options.root, path) {
            Some(hash) => h.field(&hash.0.to_le_bytes()),
            None => h.field(b"missing"),
        }
    }
    h.finish()
}

/// Adds the names, paths and contents of `artefact`'s input files to `h`.
fn hash_input_files(h: &mut Fnv1a64, artefact: &Artefact, root: &Path) {
    for (name, path) in artefact.parameters.input_files() {
        h.field(name.as_bytes());
        h.field(path.as_bytes());
        match hash_file(root, path) {
            Some(hash) => h.field(&hash.0.to_le_bytes()),
            None => h.field(b"missing"),
        }
    }
}

/// Fingerprint of what `artefact`'s renderings read besides its results.
pub(super) fn render_fingerprint(
    artefact: &Artefact,
    options: &Options,
    templates: &Templates,
) -> ContentHash {
    let mut h = Fnv1a64::new();
    h.field(b"render");
    for format in &artefact.outputs {
        h.field(format!("{format:?}").as_bytes());
        if let Some(name) = template_of(*format) {
            h.field(name.as_bytes());
            match templates.sources().template_hash(name) {
                Some(hash) => h.field(&hash.0.to_le_bytes()),
                None => h.field(b"missing"),
            }
        }
        if *format == OutputFormat::Svg {
            let converter = options
                .svg_converter
                .as_ref()
                .map_or_else(String::new, |c| c.display().to_string());
            h.field(converter.as_bytes());
        }
    }
    h.finish()
}
