//! The literate sources' `param(id, name)` on the shipped manifest (`paper/manifest.yaml`).

#![allow(clippy::unwrap_used)]

use crate::manifest::Manifest;
use crate::papers::unanimity::params::StcParams;
use crate::pipeline::reproduce::manifest_path;
use crate::report::parameter_text;

use super::common;

fn manifest() -> Manifest {
    crate::papers::load_manifest(&manifest_path(&common::project_root())).unwrap()
}

/// The literate sources quote experiment settings with `param(id, name)`: it renders the manifest's own
/// value (scalars as written, lists joined) and is absent for a parameter the artefact does not set.
#[test]
fn report_param_quotes_the_manifest() {
    let manifest = manifest();
    let a_t3 = manifest.artefact("A.T3").unwrap();
    let trials = a_t3.parameters.trials().unwrap();
    assert_eq!(parameter_text(a_t3, "trials"), Some(trials.to_string()));
    let a_t2 = manifest.artefact("A.T2").unwrap();
    let a_t2_params =
        (a_t2.parameters.get::<StcParams>()).expect("A.T2 is unanimity.rank_correlation");
    let n = a_t2_params.n.clone();
    let joined = n.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    assert_eq!(parameter_text(a_t2, "n"), Some(joined));
    assert_eq!(parameter_text(a_t2, "trials"), None);
    assert_eq!(parameter_text(a_t2, "no_such"), None);
}
