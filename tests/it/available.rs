//! What an artifact-evaluation committee needs to call the repository available: the licence
//! Cargo.toml declares as text (both texts of the dual licence), citation metadata for the software
//! and the two papers it rebuilds, and archive metadata, all agreeing with Cargo.toml.

use std::fs;

use serde_json::Value;

use crate::common::project_root;

fn read(name: &str) -> String {
    fs::read_to_string(project_root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `key = "value"` of Cargo.toml's `[package]` section.
fn package_field(key: &str) -> String {
    let manifest = read("Cargo.toml");
    let package = manifest.split("\n[").next().unwrap();
    package
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once('=')?;
            (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
        })
        .unwrap_or_else(|| panic!("Cargo.toml has no `{key}`"))
}

/// The two papers, as the README names them.
const PAPERS: [&str; 2] = [
    "Unanimity-Aware Gain for Highly Subjective Assessments",
    "The Effect of Inter-Assessor Disagreement on IR System Evaluation: A Case Study with Lancers and Students",
];

#[test]
fn the_declared_licence_is_in_the_repository_as_text() {
    assert_eq!(package_field("license"), "MIT OR Apache-2.0");
    let top = read("LICENSE");
    for name in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(top.contains(name), "LICENSE names {name}");
    }
    assert!(read("LICENSE-MIT").starts_with("MIT License"));
    let apache = read("LICENSE-APACHE");
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    assert!(
        apache.contains("END OF TERMS AND CONDITIONS"),
        "the whole text"
    );
}

#[test]
fn citation_metadata_cites_the_software_and_both_papers() {
    let cff: serde_yaml::Value = serde_yaml::from_str(&read("CITATION.cff")).unwrap();
    assert_eq!(cff["cff-version"].as_str(), Some("1.2.0"));
    assert_eq!(cff["type"].as_str(), Some("software"));
    assert_eq!(
        cff["version"].as_str(),
        Some(package_field("version").as_str())
    );
    let licences: Vec<&str> = cff["license"]
        .as_sequence()
        .unwrap()
        .iter()
        .filter_map(|l| l.as_str())
        .collect();
    assert_eq!(licences, ["MIT", "Apache-2.0"]);
    assert!(!cff["authors"].as_sequence().unwrap().is_empty());
    let references = cff["references"].as_sequence().unwrap();
    let readme = read("README.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for title in PAPERS {
        assert!(readme.contains(title), "the README names {title:?}");
        let paper = references
            .iter()
            .find(|r| r["title"].as_str() == Some(title))
            .unwrap_or_else(|| panic!("CITATION.cff does not cite {title:?}"));
        assert_eq!(paper["type"].as_str(), Some("conference-paper"));
        assert_eq!(paper["authors"][0]["family-names"].as_str(), Some("Sakai"));
        assert_eq!(paper["year"].as_u64(), Some(2017));
        assert!(
            paper["collection-title"]
                .as_str()
                .is_some_and(|c| c.contains("EVIA 2017"))
        );
    }
}

#[test]
fn archive_metadata_agrees_with_the_package() {
    let zenodo: Value = serde_json::from_str(&read(".zenodo.json")).unwrap();
    assert_eq!(zenodo["upload_type"], "software");
    assert_eq!(zenodo["version"], package_field("version").as_str());
    assert!(!zenodo["creators"].as_array().unwrap().is_empty());
    let notes = zenodo["notes"].as_str().unwrap();
    assert!(notes.contains("MIT OR Apache-2.0"), "{notes}");
    let description = zenodo["description"].as_str().unwrap();
    for title in PAPERS {
        assert!(description.contains(title), "{description}");
    }
    // The README says how to cite and archive, naming both files.
    let readme = read("README.md");
    let section = readme
        .split("\n## Citing and archiving\n")
        .nth(1)
        .expect("a README section \"Citing and archiving\"");
    for file in ["CITATION.cff", ".zenodo.json", "LICENSE"] {
        assert!(section.contains(file), "the section names {file}");
    }
}
