//! Unit tests that run the papers' experiments, the ledger and the pipeline on the project's own
//! files (`paper/`, `data/`) through the crate's internal interfaces: what the binary cannot show
//! (typed results, stand-in internals, studies' replicates, the ledger's findings and notes).

mod agree_standin;
mod calibration;
mod claim_grids;
mod claims_ledger;
mod consistency_fixture;
mod fuzz;
mod knob_space;
mod lancers_eval;
mod latex;
mod printed_digits;
mod published_coverage;
mod registry;
mod report_figures;
mod report_param;
mod robustness;
mod shared_inputs;
mod stc;
mod study_collection;
mod text_settings;
mod unanimity_real;
mod www_standin;

/// The project's files and its ledger, shared by the tests of this module.
mod common {
    use std::fs;
    use std::path::{Path, PathBuf};
    use std::sync::OnceLock;

    use crate::ledger::Ledger;
    use crate::papers::{Context, load_manifest};
    use crate::pipeline::check::check_project;
    use crate::pipeline::reproduce::manifest_path;

    /// The design points N of the knob-space studies (A.M1, B.M1) in tests that run them: the fewest
    /// a study accepts; the manifest's N is for release builds.
    pub(super) const TEST_DESIGN_POINTS: u32 = 8;

    /// The repository root.
    pub(super) fn project_root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    /// Copies the directory tree `from` to `to`.
    pub(super) fn copy_dir(from: &Path, to: &Path) {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let dest = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy_dir(&entry.path(), &dest);
            } else {
                fs::copy(entry.path(), dest).unwrap();
            }
        }
    }

    /// A scratch copy of the project (`paper/`, `data/`, `templates/`) that a test may modify.
    pub(super) fn scratch_project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["paper", "data", "templates"] {
            copy_dir(&project_root().join(sub), &dir.path().join(sub));
        }
        dir
    }

    /// The project's ledger as `check` computes it without a build state (every artefact but the
    /// robustness studies rebuilt), computed once for every test that reads it.
    pub(super) fn ledger() -> &'static Ledger {
        static LEDGER: OnceLock<Ledger> = OnceLock::new();
        LEDGER.get_or_init(|| {
            let root = project_root();
            let manifest = load_manifest(&manifest_path(&root)).unwrap();
            check_project(&manifest, &Context::new(root.clone(), manifest.seed)).unwrap()
        })
    }
}
