//! Fuzz targets for the project's own files and directories: the manifest, the consistency wiring,
//! the published values, the stand-ins' knob files, the label and rating readers, and real-data and
//! study directories given as one bundle.

use std::path::{Path, PathBuf};

use super::super::common::project_root;
use super::{INPUT, Verdict, input_path, text};

pub(super) fn manifest(data: &[u8], dir: &Path) -> Verdict {
    let text = text(data, dir)?;
    crate::papers::parse_manifest(&input_path(dir), &text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The consistency wiring (`paper/consistency.yaml`): parsed, then applied to the shipped manifest
/// and published values, as `check` and `reproduce` do.
pub(super) fn consistency(data: &[u8], dir: &Path) -> Verdict {
    use crate::manifest::Manifest;
    use crate::published::PublishedFile;
    use std::sync::OnceLock;
    static PROJECT: OnceLock<(Manifest, Vec<PublishedFile>)> = OnceLock::new();
    let (manifest, published) = PROJECT.get_or_init(|| {
        let root = project_root();
        let manifest =
            crate::papers::load_manifest(&crate::pipeline::reproduce::manifest_path(&root))
                .unwrap();
        let published = crate::pipeline::reproduce::load_published(&manifest, &root).unwrap();
        (manifest, published)
    });
    let path = input_path(dir);
    let text = text(data, dir)?;
    let wiring = crate::consistency::wiring::parse(&text, &path).map_err(|e| e.to_string())?;
    crate::consistency::wiring::evaluate(&wiring, manifest, published, (&text, &path))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub(super) fn published(data: &[u8], dir: &Path) -> Verdict {
    let text = text(data, dir)?;
    crate::published::parse(&text, &input_path(dir))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The knob file of the STC stand-in: parsed, then validated (the experiment reports validation
/// errors under the file's name, as here).
pub(super) fn stc_standin(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    let knobs: crate::papers::unanimity::standin::StandinParams =
        crate::io::parse_yaml(&path, &text).map_err(|e| e.to_string())?;
    knobs.validate().map_err(|e| format!("{INPUT}: {e}"))
}

/// The `labels:` section of the WWW stand-in's knob file: parsed, its bounds checked, and the joint
/// table fitted to its level counts and the shipped confusion matrices.
pub(super) fn www_standin(data: &[u8], dir: &Path) -> Verdict {
    use crate::papers::lancers::standin::joint::{JointTargets, fit_joint};
    use crate::papers::lancers::standin::labels::{LabelParams, validate_bounds};
    #[derive(serde::Deserialize)]
    struct File {
        labels: LabelParams,
    }
    let path = input_path(dir);
    let text = text(data, dir)?;
    let file: File = crate::io::parse_yaml(&path, &text).map_err(|e| e.to_string())?;
    validate_bounds(&file.labels).map_err(|e| format!("{INPUT}: {e}"))?;
    let pairs = crate::io::confusion::read_confusion_matrices(
        &project_root().join("data/lancers/confusion-matrices.yaml"),
    )
    .unwrap();
    let targets = JointTargets {
        pairs: [
            pairs[0].matrix.clone(),
            pairs[1].matrix.clone(),
            pairs[2].matrix.clone(),
        ],
        all3_levels: file.labels.all3_levels,
    };
    fit_joint(&targets)
        .map(|_| ())
        .map_err(|e| format!("{INPUT}: {e}"))
}

/// The WWW evaluation file (`runs:` knobs and topic sets): parsed, then the run knobs validated.
pub(super) fn www_runs(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    let file: crate::papers::lancers::definitions::EvaluationFile =
        crate::io::parse_yaml(&path, &text).map_err(|e| e.to_string())?;
    file.runs.validate().map_err(|e| format!("{INPUT}: {e}"))
}

pub(super) fn confusion(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    std::fs::write(&path, data).unwrap();
    crate::io::confusion::read_confusion_matrices(&path)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub(super) fn stc_labels(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    crate::papers::unanimity::label_files::parse_labelled_pairs(&path, &text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub(super) fn www_labels(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    crate::papers::lancers::collection_files::parse_labels(&path, &text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The per-assessor label reader of `agree` and `qrels` in one layout, on the scale 0..2 (`-2..2`
/// for a seed that uses negative labels would need its own target; the scale is not part of the input).
pub(super) fn assessor_labels(
    data: &[u8],
    dir: &Path,
    layout: crate::io::labels::LabelLayout,
) -> Verdict {
    use crate::io::labels::{Scale, parse_labels};
    let path = input_path(dir);
    let text = text(data, dir)?;
    let scale = Scale::new(0, 2).unwrap();
    parse_labels(&path, &text, layout, scale)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub(super) fn ratings(data: &[u8], dir: &Path) -> Verdict {
    let path = input_path(dir);
    let text = text(data, dir)?;
    crate::io::ratings::parse_ratings(&path, &text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// A real-data directory as one input: files separated by lines `@@ NAME`; the mutations may break
/// a file, a separator or a name. The directory `INPUT/` is rebuilt from it for each input.
fn write_bundle(data: &[u8], dir: &Path) -> PathBuf {
    let root = input_path(dir);
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_file(&root);
    std::fs::create_dir_all(root.join("runs")).unwrap();
    let mut current: Option<(String, Vec<u8>)> = None;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for line in data.split_inclusive(|&b| b == b'\n') {
        if let Some(name) = line.strip_prefix(b"@@ ") {
            files.extend(current.take());
            let name = String::from_utf8_lossy(name).trim().to_string();
            current = Some((name, Vec::new()));
        } else if let Some((_, body)) = current.as_mut() {
            body.extend_from_slice(line);
        }
    }
    files.extend(current);
    for (name, body) in files {
        // Only plain names inside the bundle's directory (the fuzzer writes real files).
        let safe = !name.is_empty()
            && name
                .split('/')
                .all(|c| !c.is_empty() && c != ".." && c != "." && !c.contains('\\'))
            && name.len() < 100;
        if safe {
            let path = root.join(&name);
            if let Some(parent) = path.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            let _ = std::fs::write(path, body);
        }
    }
    root
}

pub(super) fn stc_directory(data: &[u8], dir: &Path) -> Verdict {
    let root = write_bundle(data, dir);
    crate::papers::unanimity::stc_files::read_stc_collection(&root, 10)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub(super) fn www_directory(data: &[u8], dir: &Path) -> Verdict {
    let root = write_bundle(data, dir);
    crate::papers::lancers::collection_files::read_collection(&root)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// `evia-repro study`'s collection as one bundle: `labels.tsv` (wide) and `runs/`, read as
/// `study` reads them: the study manifest is generated (labels read and checked, the high/low
/// split, the default versions), then the runs are read against the labelled topics.
pub(super) fn study_collection(data: &[u8], dir: &Path) -> Verdict {
    use crate::io::labels::{LabelLayout, Scale};
    use crate::papers::lancers::params::UserCollection;
    use crate::papers::lancers::study::{StudyRequest, study_manifest};
    use crate::papers::lancers::user_collection::{read_collection_labels, read_collection_runs};
    static PAPER_B: std::sync::OnceLock<crate::manifest::Manifest> = std::sync::OnceLock::new();
    let paper_b = PAPER_B.get_or_init(|| {
        let root = project_root();
        crate::papers::load_manifest(&crate::pipeline::reproduce::manifest_path(&root)).unwrap()
    });
    let root = write_bundle(data, dir);
    let collection = UserCollection {
        labels: root.join("labels.tsv").display().to_string(),
        layout: LabelLayout::Wide,
        scale: Scale::new(0, 2).unwrap(),
        runs: root.join("runs").display().to_string(),
        reading: Default::default(),
    };
    let context = crate::papers::Context::new(dir, paper_b.seed);
    let request = StudyRequest {
        collection: collection.clone(),
        versions: Vec::new(),
        measures: None,
        trials: None,
        seed: None,
        shown_as: ("labels".into(), "runs".into()),
    };
    study_manifest(&context, paper_b, &request).map_err(|e| e.to_string())?;
    let labelled = read_collection_labels(&context, &collection).map_err(|e| e.to_string())?;
    read_collection_runs(&context, &collection, &labelled.topics)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub(super) const STUDY_BUNDLE: &str = "@@ labels.tsv\ntopic doc a b c\n0001 d1 0 1 2\n0001 d2 1 1 1\n0001 d5 2 2 1\n0003 d3 2 2 0\n0003 d4 0 0 0\n@@ runs/r1\n0001 Q0 d1 1 2.5 r1\n0001 Q0 d2 2 1.5 r1\n0003 Q0 d3 1 1 r1\n@@ runs/r2\n0001 Q0 d2 1 9 r2\n0003 Q0 d4 1 1 r2\n0005 Q0 d9 1 1 r2\n@@ runs/r3\n0001 Q0 d5 1 3 r3\n0003 Q0 d3 1 2 r3\n";

pub(super) const STC_BUNDLE: &str = "@@ qrels.txt\nT1 d1 L2\nT1 d2 L0\nT2 d3 L1\nT2 d4 L0\n@@ runs/A-C-R1.txt\nT1 Q0 d1 1 2.5 x\nT1 Q0 d2 2 1.0 x\nT2 Q0 d3 1 0.5 x\nT9 Q0 d3 1 0.5 x\n@@ runs/B-C-R1\nT1 d2\nT1 d1\nT2 d3\n";
pub(super) const WWW_BUNDLE: &str = "@@ labels.tsv\n0001 d1 0 1 2\n0001 d2 1 1 1\n0003 d3 2 2 0\n0003 d4 0 0 0\n@@ runs/r1\n0001 Q0 d1 1 2.5 r1\n0001 Q0 d2 2 1.5 r1\n0003 Q0 d3 1 1 r1\n@@ runs/r2\n0001 Q0 d2 1 9 r2\n0003 Q0 d4 1 1 r2\n0005 Q0 d9 1 1 r2\n";
