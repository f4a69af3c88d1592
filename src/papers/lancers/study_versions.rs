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
    #[error(
        "--version `{spec}`: `{name}` is the study's name for {meaning}; a version of other assessors cannot take it (choose another name)"
    )]
    ShadowsGenerated {
        spec: String,
        name: String,
        meaning: String,
    },
    #[error(
        "assessor `{assessor}` has the name of the study's version {meaning}; rename the assessor, or list the versions with --version NAME=A,B,…"
    )]
    AssessorShadows { assessor: String, meaning: String },
}

/// The id of the version of every one of `assessors` (paper B's all3).
pub(crate) fn all_version_id(assessors: &[String]) -> String {
    format!("all{}", assessors.len())
}

/// The default versions for `assessors` (at least two, as the label reader guarantees): each
/// assessor alone, then `all<k>` (every assessor), then `no-<name>` for each leave-one-out set.
/// With two assessors a leave-one-out set is a single assessor, already listed, so none is added.
/// An assessor named like a generated version (`all3`, `no-b`) is an error: one id would name two
/// versions.
pub(crate) fn default_versions(
    assessors: &[String],
) -> Result<Vec<QrelsVersionDef>, VersionSpecError> {
    let all = all_version_id(assessors);
    for assessor in assessors {
        let meaning = if *assessor == all {
            Some(format!("`{all}` (every assessor)"))
        } else {
            assessors
                .iter()
                .filter(|_| assessors.len() > 2)
                .find(|left| format!("no-{left}") == *assessor)
                .map(|left| format!("`{assessor}` (every assessor but `{left}`)"))
        };
        if let Some(meaning) = meaning {
            return Err(VersionSpecError::AssessorShadows {
                assessor: assessor.clone(),
                meaning,
            });
        }
    }
    let mut versions: Vec<QrelsVersionDef> = assessors
        .iter()
        .map(|a| QrelsVersionDef {
            id: a.clone(),
            assessors: vec![a.clone()],
        })
        .collect();
    versions.push(QrelsVersionDef {
        id: all,
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
    Ok(versions)
}

/// Reads the `--version` specifications `specs` against the label file's `assessors`: each
/// `NAME=a,b,c` names known, distinct assessors, and no two versions share a name. A name the
/// study gives its own versions keeps its meaning: `all<k>` holds every assessor, and a version
/// named after an assessor holds that assessor alone (the default versions' names), so a user's
/// version never stands in for the every-assessor version of B.T6–B.T8 and B.F2.
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
    let shadows = |meaning: String| VersionSpecError::ShadowsGenerated {
        spec: spec.to_string(),
        name: name.to_string(),
        meaning,
    };
    if name == all_version_id(assessors) && members.len() != assessors.len() {
        return Err(shadows("the version of every assessor".to_string()));
    }
    if assessors.iter().any(|a| a == name) && members != [name] {
        return Err(shadows(format!("the version of assessor `{name}` alone")));
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
        let versions = default_versions(&names(&["a", "b", "c"])).unwrap();
        let ids: Vec<&str> = versions.iter().map(|v| v.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c", "all3", "no-a", "no-b", "no-c"]);
        assert_eq!(versions[3].assessors, names(&["a", "b", "c"]));
        assert_eq!(versions[5].assessors, names(&["a", "c"]));
        let two = default_versions(&names(&["x", "y"])).unwrap();
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
            ("all3=lancer1,lancer2", "the version of every assessor"),
            ("student=lancer1,student", "assessor `student` alone"),
        ];
        for (spec, expected) in bad {
            let err = parse_versions(&names(&[spec]), &known)
                .unwrap_err()
                .to_string();
            assert!(err.contains(expected), "{spec}: {err}");
        }
        let twice = parse_versions(&names(&["x=lancer1", "x=student"]), &known).unwrap_err();
        assert_eq!(twice, VersionSpecError::DuplicateName("x".into()));
        let own = parse_versions(
            &names(&["all3=student,lancer1,lancer2", "student=student"]),
            &known,
        );
        assert_eq!(own.unwrap()[1].assessors, names(&["student"]));
    }

    #[test]
    fn assessors_named_like_generated_versions_are_refused() {
        for (list, expected) in [
            (&["all3", "b", "c"][..], "`all3` (every assessor)"),
            (&["a", "no-a", "c"][..], "every assessor but `a`"),
        ] {
            let err = default_versions(&names(list)).unwrap_err().to_string();
            assert!(err.contains(expected), "{list:?}: {err}");
        }
        // With two assessors there is no leave-one-out version to shadow.
        assert!(default_versions(&names(&["a", "no-a"])).is_ok());
    }
}
