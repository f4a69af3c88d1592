//! Which artefacts a run rebuilds: those named by `--only` (every built one by default), and, with
//! `--data`, only those with a real-data mode.

use super::{Options, ReproduceError};
use crate::manifest::{Artefact, Manifest, Status};

/// The artefacts selected by `only` (every built one when empty), checking that named ones exist and
/// are built.
pub(crate) fn select<'m>(
    manifest: &'m Manifest,
    only: &[String],
) -> Result<Vec<&'m Artefact>, ReproduceError> {
    if only.is_empty() {
        return Ok(manifest
            .artefacts
            .iter()
            .filter(|a| a.status == Status::Built)
            .collect());
    }
    only.iter()
        .map(|id| {
            let artefact =
                manifest
                    .artefact(id)
                    .ok_or_else(|| ReproduceError::UnknownArtefact {
                        id: id.clone(),
                        known: manifest
                            .artefacts
                            .iter()
                            .map(|a| a.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    })?;
            if artefact.status == Status::Pending {
                return Err(ReproduceError::Pending(
                    artefact.id.to_string(),
                    artefact.pending_reason.clone().unwrap_or_default(),
                ));
            }
            Ok(artefact)
        })
        .collect()
}

/// With `--data DIR`, checks that `--only` names the artefacts to run on the real collection and that
/// each of them has a real-data mode ([`crate::manifest::ExperimentId::has_real_data_mode`]); a user's
/// directory never silently feeds an experiment that ignores it.
pub(crate) fn check_real_data_selection(
    manifest: &Manifest,
    options: &Options,
) -> Result<(), ReproduceError> {
    if options.data_dir.is_none() {
        return Ok(());
    }
    let known = || {
        manifest
            .artefacts
            .iter()
            .filter(|a| a.experiment.has_real_data_mode())
            .map(|a| a.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if options.only.is_empty() {
        return Err(ReproduceError::RealDataWithoutOnly { known: known() });
    }
    for artefact in select(manifest, &options.only)? {
        if !artefact.experiment.has_real_data_mode() {
            return Err(ReproduceError::NoRealDataMode {
                id: artefact.id.to_string(),
                known: known(),
            });
        }
    }
    Ok(())
}
