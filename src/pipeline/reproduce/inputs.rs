//! The published values and the consistency checks a run reads besides the manifest: loaded once,
//! checked against the manifest's layouts, and shared by the robustness studies, the ledger and the
//! reports.

use std::path::Path;

use super::ReproduceError;
use crate::manifest::Manifest;
use crate::published::{PublishedError, PublishedFile};

/// The published values of every paper that has them (`published:`), in manifest order, their
/// parameter-derived columns resolved against the manifest.
pub(crate) fn load_published(
    manifest: &Manifest,
    root: &Path,
) -> Result<Vec<PublishedFile>, ReproduceError> {
    manifest
        .papers
        .iter()
        .filter_map(|p| p.published.as_deref())
        .map(|published| {
            let path = root.join(published);
            let text = crate::io::read_text(&path).map_err(PublishedError::Read)?;
            let mut file = crate::published::parse(&text, &path)?;
            crate::pipeline::published_layout::resolve_parameter_columns(
                manifest, &mut file, &path, &text,
            )?;
            crate::pipeline::published_layout::check_cells_exist(manifest, &file, &path, &text)?;
            Ok(file)
        })
        .collect()
}

/// The published values of `paper` among `published` (`None` when it has none).
pub(crate) fn published_of<'p>(
    published: &'p [PublishedFile],
    paper: &crate::manifest::Paper,
) -> Option<&'p PublishedFile> {
    paper.published.as_ref()?;
    published.iter().find(|f| f.paper.to_string() == paper.id)
}

/// The project's consistency checks on the `published` values
/// ([`crate::consistency::wiring::load_project_checks`]); none when no paper of the manifest has
/// published values (the wiring checks printed numbers, so it has nothing to apply to).
pub(crate) fn load_checks(
    root: &Path,
    manifest: &Manifest,
    published: &[PublishedFile],
) -> Result<crate::consistency::outcome::Checks, ReproduceError> {
    if published.is_empty() {
        return Ok(crate::consistency::outcome::Checks::default());
    }
    Ok(crate::consistency::wiring::load_project_checks(
        root, manifest, published,
    )?)
}
