//! The qrels versions of `evia-repro study`: which assessors' labels each version
//! sums. Paper B (§3) builds its versions from its three assessors: all of them (all3), one pair
//! (2lancers) and each assessor alone; for a user's assessors the default generalises this to each
//! assessor alone, all of them, and each leave-one-out set. `--version NAME=a,b,c` lists them instead.

use crate::papers::lancers::params::QrelsVersionDef;

/// Why a `--version` specification cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum VersionSpecError {
    #[error("--version `{0}`: expected NAME=ASSESSOR,ASSESSOR,… such as all3=a1,a2,a3")]
    Syntax(String),
    #[error("--version `{spec}`: unknown assessor `{assessor}`; the label file has: {known}")]
    UnknownAssessor {
        spec: String,
        assessor: String,
        known: String,
    },
    #[error("--version `{spec}`: assessor `{assessor}` is listed twice")]
    DuplicateAssessor { spec: String, assessor: String },
    #[error("--version: the name `{0}` is used twice")]
    DuplicateName(String),
}

/// The default versions for `assessors` (at least two, as the label reader guarantees): each
/// assessor alone, then `all<k>` (every assessor), then `no-<name>` for each leave-one-out set.
/// With two assessors a leave-one-out set is a single assessor, already listed, so none is added.
pub(crate) fn default_versions(assessors: &[String]) -> Vec<QrelsVersionDef> {
    let mut versions: Vec<QrelsVersionDef> = assessors
        .iter()
        .map(|a| QrelsVersionDef {
            id: a.clone(),
            assessors: vec![a.clone()],
        })
        .collect();
    versions.push(QrelsVersionDef {
        id: format!("all{}", assessors.len()),
        assessors: assessors.to_vec(),
    });
    if assessors.len() > 2 {
        for left in assessors {
            versions.push(QrelsVersionDef {
                id: format!("no-{left}"),
                assessors: assessors.iter().filter(|a| *a != left).cloned().collect(),
            });
        }
    }
    versions
}

/// Reads the `--version` specifications `specs` against the label file's `assessors`: each
/// `NAME=a,b,c` names known, distinct assessors, and no two versions share a name.
pub(crate) fn parse_versions(
    specs: &[String],
    assessors: &[String],
) -> Result<Vec<QrelsVersionDef>, VersionSpecError> {
    let mut versions: Vec<QrelsVersionDef> = Vec::new();
    for spec in specs {
        let version = parse_version(spec, assessors)?;
        if versions.iter().any(|v| v.id == version.id) {
            return Err(VersionSpecError::DuplicateName(version.id));
        }
        versions.push(version);
    }
    Ok(versions)
}

/// One `NAME=a,b,c` specification.
fn parse_version(spec: &str, assessors: &[String]) -> Result<QrelsVersionDef, VersionSpecError> {
    let syntax = || VersionSpecError::Syntax(spec.to_string());
    let (name, list) = spec.split_once('=').ok_or_else(syntax)?;
    let name = name.trim();
    let valid_name = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !valid_name {
        return Err(syntax());
    }
    let mut members: Vec<String> = Vec::new();
    for assessor in list.split(',').map(str::trim) {
        if assessor.is_empty() {
            return Err(syntax());
        }
        if !assessors.iter().any(|a| a == assessor) {
            return Err(VersionSpecError::UnknownAssessor {
                spec: spec.to_string(),
                assessor: assessor.to_string(),
                known: assessors.join(", "),
            });
        }
        if members.iter().any(|m| m == assessor) {
            return Err(VersionSpecError::DuplicateAssessor {
                spec: spec.to_string(),
                assessor: assessor.to_string(),
            });
        }
        members.push(assessor.to_string());
    }
    Ok(QrelsVersionDef {
        id: name.to_string(),
        assessors: members,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn defaults_are_singles_all_and_leave_one_out() {
        let versions = default_versions(&names(&["a", "b", "c"]));
        let ids: Vec<&str> = versions.iter().map(|v| v.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c", "all3", "no-a", "no-b", "no-c"]);
        assert_eq!(versions[3].assessors, names(&["a", "b", "c"]));
        assert_eq!(versions[5].assessors, names(&["a", "c"]));
        let two = default_versions(&names(&["x", "y"]));
        let ids: Vec<&str> = two.iter().map(|v| v.id.as_str()).collect();
        assert_eq!(ids, ["x", "y", "all2"]);
    }

    #[test]
    fn listed_versions_are_read_and_checked() {
        let known = names(&["lancer1", "lancer2", "student"]);
        let specs = names(&["all3=lancer1,lancer2,student", "2lancers=lancer1, lancer2"]);
        let versions = parse_versions(&specs, &known).unwrap();
        assert_eq!(versions[1].id, "2lancers");
        assert_eq!(versions[1].assessors, names(&["lancer1", "lancer2"]));
        let bad = [
            ("all3", "expected NAME=ASSESSOR"),
            ("=lancer1", "expected NAME=ASSESSOR"),
            ("a/b=lancer1", "expected NAME=ASSESSOR"),
            ("x=lancer1,", "expected NAME=ASSESSOR"),
            ("x=lancer3", "unknown assessor `lancer3`"),
            ("x=lancer1,lancer1", "listed twice"),
        ];
        for (spec, expected) in bad {
            let err = parse_versions(&names(&[spec]), &known)
                .unwrap_err()
                .to_string();
            assert!(err.contains(expected), "{spec}: {err}");
        }
        let twice = parse_versions(&names(&["x=lancer1", "x=student"]), &known).unwrap_err();
        assert_eq!(twice, VersionSpecError::DuplicateName("x".into()));
    }
}
