//! The entry of one setting the text states (`44 runs from 16 teams`, `B = 5,000 trials`): the
//! printed value(s) against the manifest parameter the build uses for every artefact the setting
//! governs. Equal values `match`; any artefact whose parameter differs (or lacks it) makes the entry a
//! `mismatch` — a finding, since the rebuilt numbers then come from another setting than the paper's.

use super::{Basis, Entry, EntryKind, Verdict};
use crate::consistency::Hint;
use crate::manifest::Manifest;
use crate::model::ProvenanceClass;
use crate::published::SettingClaim;
use crate::published::printed_style::PrintedStyle;

/// Values closer than this are equal (manifest and published numbers are decimal literals).
const EQUAL: f64 = 1e-12;

/// The entry of `setting`, checked against the artefacts of `manifest`.
pub(super) fn setting_entry(paper: &str, manifest: &Manifest, setting: &SettingClaim) -> Entry {
    let mut used = Vec::new();
    let mut differs = Vec::new();
    for id in &setting.artefacts {
        match parameter_values(manifest, id, setting) {
            Some(values) if same(&values, &setting.values) => {
                used.push(format!("{id} {}", show(&values)))
            }
            Some(values) => differs.push(format!("{id} uses {}", show(&values))),
            None => differs.push(format!(
                "{id} has no parameter `{}` in the manifest",
                setting.parameter.key()
            )),
        }
    }
    let ok = differs.is_empty();
    let key = setting.parameter.key();
    let detail = if ok {
        format!(
            "{}: printed {} = manifest `{key}` of {}",
            setting.claim,
            setting.printed,
            used.join(", ")
        )
    } else {
        format!(
            "{}: printed {}, but {}",
            setting.claim,
            setting.printed,
            differs.join("; ")
        )
    };
    Entry {
        evidence: (!ok).then(|| detail.clone()).into_iter().collect(),
        rebuilt: Some(if ok {
            as_printed(&setting.values, &setting.printed)
        } else {
            differs.join("; ")
        }),
        verdict: if ok {
            Verdict::Match
        } else {
            Verdict::Mismatch
        },
        detail,
        hint: (!ok).then_some(Hint::SettingDiffers),
        label: Some(format!("Setting: {}", setting.claim)),
        ..Entry::pending(
            EntryKind::Setting,
            paper,
            &format!("{paper}.text"),
            format!("{} ({})", setting.id, setting.section),
            &setting.printed,
            ProvenanceClass::Exact,
            Basis::Paper,
        )
    }
}

/// The values of the setting's parameter for artefact `id`: a number, or a list of numbers.
fn parameter_values(manifest: &Manifest, id: &str, setting: &SettingClaim) -> Option<Vec<f64>> {
    let artefact = manifest.artefacts.iter().find(|a| a.id.as_str() == id)?;
    let parameters = serde_yaml::to_value(&artefact.parameters).ok()?;
    match parameters.get(setting.parameter.key())? {
        serde_yaml::Value::Sequence(items) => items.iter().map(serde_yaml::Value::as_f64).collect(),
        value => value.as_f64().map(|v| vec![v]),
    }
}

fn same(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= EQUAL)
}

/// The values in the printed form: a single number printed the way the paper prints it
/// ([`PrintedStyle`]: `10,000`, a number word as a number), a set as [`show`] writes it.
fn as_printed(values: &[f64], printed: &str) -> String {
    match values {
        [v] => PrintedStyle::of(printed).format(*v),
        _ => show(values),
    }
}

/// A value or a set of values, as the paper writes them.
fn show(values: &[f64]) -> String {
    let items: Vec<String> = values.iter().map(|v| format!("{v}")).collect();
    match items.as_slice() {
        [one] => one.clone(),
        _ => format!("{{{}}}", items.join(", ")),
    }
}
