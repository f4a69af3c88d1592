//! The registry of experiments against the shipped manifest (`paper/manifest.yaml`).

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use crate::manifest::Status;
use crate::papers::{experiments, parse_manifest};

use super::common;

fn real_manifest() -> String {
    fs::read_to_string(common::project_root().join("paper/manifest.yaml")).unwrap()
}

/// An experiment kind the manifest names is one the papers declare (an unknown name is an error at
/// its line), so what must hold instead is that the registry and the manifest agree: every declared
/// experiment computes at least one artefact, each kind is declared once, its name is its paper's
/// (`<slug>.<name>`), and every artefact is built.
#[test]
fn every_registered_experiment_is_used_by_its_paper() {
    let manifest = parse_manifest(Path::new("paper/manifest.yaml"), &real_manifest()).unwrap();
    let mut names = BTreeSet::new();
    for experiment in experiments() {
        let id = experiment.id();
        assert!(names.insert(id.as_str()), "experiment {id} declared twice");
        assert!(
            manifest.artefacts.iter().any(|a| a.experiment == id),
            "no artefact uses experiment {id}"
        );
    }
    for a in &manifest.artefacts {
        assert_eq!(a.status, Status::Built, "{}", a.id);
        let slug = &manifest.paper(&a.paper).unwrap().slug;
        assert!(
            a.experiment.as_str().starts_with(&format!("{slug}.")),
            "{}: {} is not paper {}'s",
            a.id,
            a.experiment,
            a.paper
        );
    }
}
