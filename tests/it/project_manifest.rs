//! The project's manifest as the tests read it: `paper/manifest.yaml` parsed with serde into the
//! fields the tests look at (papers, artefact ids, status, outputs, parameters), and what of each
//! artefact a stand-in computes, from the class column of `evia-repro list`. The binary validates
//! the manifest; the tests only list what it holds.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::common::TestCommand;

/// The manifest file of the project at `root`.
pub fn manifest_path(root: &Path) -> PathBuf {
    root.join("paper/manifest.yaml")
}

#[derive(Debug, Deserialize)]
pub struct Manifest {
    pub papers: Vec<Paper>,
    pub artefacts: Vec<Artefact>,
}

#[derive(Debug, Deserialize)]
pub struct Paper {
    pub id: String,
    pub slug: String,
}

#[derive(Debug, Deserialize)]
pub struct Artefact {
    pub id: String,
    pub paper: String,
    /// `built` or `pending`.
    pub status: String,
    pub pending_reason: Option<String>,
    /// `markdown`, `latex`, `json`, `svg`.
    #[serde(default)]
    pub outputs: Vec<String>,
    #[serde(default)]
    pub parameters: serde_yaml::Value,
}

impl Manifest {
    /// The manifest of the project at `root`.
    pub fn load(root: &Path) -> Manifest {
        let path = manifest_path(root);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    pub fn paper(&self, id: &str) -> &Paper {
        (self.papers.iter().find(|p| p.id == id)).unwrap_or_else(|| panic!("no paper {id}"))
    }

    /// The directory of `artefact`'s paper under an output directory (its slug).
    pub fn slug(&self, artefact: &Artefact) -> &str {
        &self.paper(&artefact.paper).slug
    }

    /// The artefacts with `status: built`, in manifest order.
    pub fn built(&self) -> impl Iterator<Item = &Artefact> {
        self.artefacts.iter().filter(|a| a.status == "built")
    }
}

impl Artefact {
    pub fn has_output(&self, format: &str) -> bool {
        self.outputs.iter().any(|o| o == format)
    }

    /// Whether a parameter of the artefact, at any depth, is the path `path` (an input file).
    pub fn names_file(&self, path: &str) -> bool {
        fn names(value: &serde_yaml::Value, path: &str) -> bool {
            match value {
                serde_yaml::Value::String(s) => s == path,
                serde_yaml::Value::Sequence(items) => items.iter().any(|v| names(v, path)),
                serde_yaml::Value::Mapping(map) => map.values().any(|v| names(v, path)),
                serde_yaml::Value::Tagged(tagged) => names(&tagged.value, path),
                _ => false,
            }
        }
        names(&self.parameters, path)
    }
}

/// The file extension of an output format of the manifest.
pub fn extension(format: &str) -> &'static str {
    match format {
        "markdown" => "md",
        "latex" => "tex",
        "json" => "json",
        "svg" => "svg",
        other => panic!("unknown output format {other}"),
    }
}

/// What of an artefact a seeded stand-in collection computes rather than the paper's data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandIn {
    /// Every number (`list`'s class `simulated (stand-in)`).
    Whole,
    /// The numbers the paper's printed inputs do not determine (`exact + simulated (partly a
    /// stand-in)`).
    Part,
}

impl StandIn {
    /// The short mark a page of a long table repeats.
    pub fn mark(self) -> &'static str {
        match self {
            StandIn::Whole => "STAND-IN, not the paper's data",
            StandIn::Part => "PARTLY A STAND-IN",
        }
    }

    /// The visible note of every output (the JSON's `stand_in` field).
    pub fn note(self) -> &'static str {
        match self {
            StandIn::Whole => {
                "STAND-IN: computed on a seeded stand-in collection with placeholder run names, not on the paper's data; compare with the paper only qualitatively."
            }
            StandIn::Part => {
                "PARTLY A STAND-IN: the numbers the paper's printed inputs do not determine (class simulated) come from a seeded stand-in collection, not from the paper's data."
            }
        }
    }
}

/// Every artefact of the project at `root` with what a stand-in computes of it, read off the class
/// column of `evia-repro list` (cut to its first words there, which tell the classes apart).
pub fn stand_ins(root: &Path) -> BTreeMap<String, Option<StandIn>> {
    let text = TestCommand::new().root(root).arg("list").stdout();
    let mut found = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split(['│', '┆']).map(str::trim).collect();
        // `│ id ┆ kind ┆ status ┆ class ┆ caption │`: empty before the first border.
        let [_, id, _, _, class, ..] = cells[..] else {
            continue;
        };
        if id.is_empty() || id == "id" {
            continue;
        }
        let stand_in = if class.starts_with("simulated") {
            Some(StandIn::Whole)
        } else if class.starts_with("exact + simulated") {
            Some(StandIn::Part)
        } else {
            None
        };
        found.insert(id.to_string(), stand_in);
    }
    assert!(
        found.len() >= 10,
        "`list` printed no artefact table:\n{text}"
    );
    found
}
