//! Which `parameters:` each experiment takes, and the ranges every parameter value must lie in. Both
//! are checked when the manifest loads, so a bad value (`p: [.nan]`, `n: [0]`, `alpha: 2`) or a key an
//! experiment does not read is a manifest error naming the line and column, before anything runs or
//! is written.

use crate::model::ExperimentId;

use super::Parameters;

/// The keys an experiment needs and the ones it may also take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schema {
    pub required: &'static [&'static str],
    pub optional: &'static [&'static str],
    /// List-valued keys of which the experiment uses exactly one value.
    pub single: &'static [&'static str],
}

/// Stand-in size checks (`topics`, `runs`, `teams`) and the per-artefact `seed`: optional everywhere
/// a seeded stand-in is generated; reports quote them with `param(...)`.
const STANDIN_OPTIONAL: &[&str] = &["seed", "topics", "runs", "teams"];

/// The parameter schema of `id`.
pub fn schema(id: ExperimentId) -> Schema {
    const STC: &[&str] = &["data", "standin", "n", "dmax", "p", "cutoffs", "measures"];
    const STC_SIGNIFICANCE: &[&str] = &[
        "data", "standin", "n", "dmax", "p", "cutoffs", "measures", "gains", "trials", "alpha",
    ];
    const LANCERS_EVAL_OPTIONAL: &[&str] =
        &["seed", "topics", "runs", "teams", "cutoffs", "kappa_se"];
    match id {
        ExperimentId::UnanimityGainExamples => Schema {
            required: &["data", "n", "dmax", "p"],
            optional: &[],
            single: &["n", "dmax"],
        },
        ExperimentId::UnanimityRankCorrelation => Schema {
            required: STC,
            optional: STANDIN_OPTIONAL,
            single: &["p", "cutoffs"],
        },
        ExperimentId::UnanimitySignificanceDiscrepancies => Schema {
            required: STC_SIGNIFICANCE,
            optional: STANDIN_OPTIONAL,
            single: &["p", "cutoffs"],
        },
        ExperimentId::UnanimityRealRatings => Schema {
            required: &["data", "standin", "n", "dmax", "p", "cutoffs"],
            optional: &["seed"],
            single: &["n", "dmax", "p"],
        },
        ExperimentId::LancersAgreement => Schema {
            required: &["data", "standin", "pairs"],
            optional: &["seed", "kappa_se"],
            single: &[],
        },
        ExperimentId::LancersLevelCounts => Schema {
            required: &["data", "standin", "qrels"],
            optional: &["seed"],
            single: &[],
        },
        ExperimentId::LancersQrelsRankCorrelation | ExperimentId::LancersQrelsMeansFigure => {
            Schema {
                required: &[
                    "data",
                    "standin",
                    "evaluation",
                    "qrels_versions",
                    "measures",
                    "qrels",
                ],
                optional: LANCERS_EVAL_OPTIONAL,
                single: &[],
            }
        }
        ExperimentId::LancersQrelsOverlap => Schema {
            required: &[
                "data",
                "standin",
                "evaluation",
                "qrels_versions",
                "measures",
                "qrels",
                "trials",
                "alpha",
            ],
            optional: LANCERS_EVAL_OPTIONAL,
            single: &[],
        },
        // The topic sets name their qrels in the evaluation file; `qrels:` may repeat it for readers.
        ExperimentId::LancersTopicsetRankCorrelation | ExperimentId::LancersTopicsetMeansFigure => {
            Schema {
                required: &[
                    "data",
                    "standin",
                    "evaluation",
                    "qrels_versions",
                    "measures",
                    "topic_sets",
                ],
                optional: &[
                    "seed", "topics", "runs", "teams", "cutoffs", "kappa_se", "qrels",
                ],
                single: &[],
            }
        }
        ExperimentId::LancersTopicsetOverlap => Schema {
            required: &[
                "data",
                "standin",
                "evaluation",
                "qrels_versions",
                "measures",
                "topic_sets",
                "trials",
                "alpha",
            ],
            optional: &[
                "seed", "topics", "runs", "teams", "cutoffs", "kappa_se", "qrels",
            ],
            single: &[],
        },
    }
}

impl Schema {
    /// Every key the experiment reads, required or optional.
    pub fn accepts(&self, key: &str) -> bool {
        self.required.contains(&key) || self.optional.contains(&key)
    }
}

/// Largest count accepted for N, Dmax, cutoffs and stand-in sizes: far above the papers' values
/// (N ≤ 80, Dmax ≤ 8, cutoffs ≤ 10, 100 topics, 44 runs), small enough that no allocation sized by it
/// can exhaust memory.
pub const MAX_COUNT: u32 = 10_000;

/// Largest number of randomised Tukey HSD trials B (the papers use 5,000 and 10,000).
pub const MAX_TRIALS: u32 = 1_000_000;

/// A parameter that breaks a rule: its key and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub key: &'static str,
    pub message: String,
}

fn violation(key: &'static str, message: impl Into<String>) -> Violation {
    Violation {
        key,
        message: message.into(),
    }
}

/// The keys present in `parameters`, by their manifest names.
pub fn present_keys(parameters: &Parameters) -> Vec<&'static str> {
    let p = parameters;
    [
        ("data", p.data.is_some()),
        ("standin", p.standin.is_some()),
        ("evaluation", p.evaluation.is_some()),
        ("qrels_versions", p.qrels_versions.is_some()),
        ("n", p.n.is_some()),
        ("dmax", p.dmax.is_some()),
        ("p", p.p.is_some()),
        ("gains", p.gains.is_some()),
        ("trials", p.trials.is_some()),
        ("alpha", p.alpha.is_some()),
        ("cutoffs", p.cutoffs.is_some()),
        ("measures", p.measures.is_some()),
        ("seed", p.seed.is_some()),
        ("topic_sets", p.topic_sets.is_some()),
        ("qrels", p.qrels.is_some()),
        ("pairs", p.pairs.is_some()),
        ("kappa_se", p.kappa_se.is_some()),
        ("topics", p.topics.is_some()),
        ("runs", p.runs.is_some()),
        ("teams", p.teams.is_some()),
    ]
    .into_iter()
    .filter_map(|(key, present)| present.then_some(key))
    .collect()
}

/// The first value rule `parameters` breaks, whatever the experiment: numbers finite and in range,
/// counts positive and bounded, lists non-empty.
pub fn check_values(parameters: &Parameters) -> Option<Violation> {
    let p = parameters;
    let counts = [
        ("n", p.n.as_deref(), MAX_COUNT),
        ("dmax", p.dmax.as_deref(), MAX_COUNT),
        ("cutoffs", p.cutoffs.as_deref(), MAX_COUNT),
    ];
    for (key, values, max) in counts {
        if let Some(v) = values.and_then(|v| check_counts(key, v, max)) {
            return Some(v);
        }
    }
    let scalars = [
        ("trials", p.trials, MAX_TRIALS),
        ("topics", p.topics, MAX_COUNT),
        ("runs", p.runs, MAX_COUNT),
        ("teams", p.teams, MAX_COUNT),
    ];
    for (key, value, max) in scalars {
        if let Some(v) = value.and_then(|v| check_counts(key, &[v], max)) {
            return Some(v);
        }
    }
    if let Some(ps) = &p.p {
        if let Some(bad) = ps.iter().find(|x| !(0.0..=1.0).contains(*x)) {
            return Some(violation(
                "p",
                format!(
                    "p = {bad}: the unanimity upgrade strength of Eq. 2 must be a number in [0, 1]"
                ),
            ));
        }
    }
    if let Some(alpha) = p.alpha {
        if !(alpha > 0.0 && alpha < 1.0) {
            return Some(violation(
                "alpha",
                format!("alpha = {alpha}: the significance level must be a number in (0, 1)"),
            ));
        }
    }
    if let Some(gains) = &p.gains {
        if let Some(bad) = gains.iter().find(|g| !(g.is_finite() && **g >= 0.0)) {
            return Some(violation(
                "gains",
                format!("gain {bad}: every level's gain must be a finite number ≥ 0"),
            ));
        }
    }
    let lists = [
        ("n", p.n.as_ref().map(Vec::len)),
        ("dmax", p.dmax.as_ref().map(Vec::len)),
        ("p", p.p.as_ref().map(Vec::len)),
        ("gains", p.gains.as_ref().map(Vec::len)),
        ("cutoffs", p.cutoffs.as_ref().map(Vec::len)),
        ("measures", p.measures.as_ref().map(Vec::len)),
        ("topic_sets", p.topic_sets.as_ref().map(Vec::len)),
        ("qrels", p.qrels.as_ref().map(Vec::len)),
        ("pairs", p.pairs.as_ref().map(Vec::len)),
    ];
    lists
        .into_iter()
        .find(|(_, len)| *len == Some(0))
        .map(|(key, _)| {
            violation(
                key,
                format!("`{key}` is empty; expected at least one value"),
            )
        })
}

fn check_counts(key: &'static str, values: &[u32], max: u32) -> Option<Violation> {
    values.iter().find(|&&v| v == 0 || v > max).map(|v| {
        violation(
            key,
            format!("{key} = {v}: expected a whole number from 1 to {max}"),
        )
    })
}

/// The number of values of the list-valued key `key`, if present.
pub fn list_len(parameters: &Parameters, key: &str) -> Option<usize> {
    let p = parameters;
    match key {
        "n" => p.n.as_ref().map(Vec::len),
        "dmax" => p.dmax.as_ref().map(Vec::len),
        "p" => p.p.as_ref().map(Vec::len),
        "gains" => p.gains.as_ref().map(Vec::len),
        "cutoffs" => p.cutoffs.as_ref().map(Vec::len),
        "measures" => p.measures.as_ref().map(Vec::len),
        "topic_sets" => p.topic_sets.as_ref().map(Vec::len),
        "qrels" => p.qrels.as_ref().map(Vec::len),
        "pairs" => p.pairs.as_ref().map(Vec::len),
        _ => None,
    }
}

/// The first rule of `schema` that `parameters` breaks: a key the experiment does not read, a
/// required key missing, or several values where the experiment uses one.
pub fn check_schema(
    experiment: ExperimentId,
    parameters: &Parameters,
) -> Result<(), SchemaViolation> {
    let schema = schema(experiment);
    let present = present_keys(parameters);
    if let Some(key) = present.iter().find(|k| !schema.accepts(k)) {
        let mut takes: Vec<&str> = schema.required.to_vec();
        takes.extend_from_slice(schema.optional);
        return Err(SchemaViolation::Unused {
            key,
            takes: takes.join(", "),
        });
    }
    if let Some(key) = schema.required.iter().find(|k| !present.contains(k)) {
        return Err(SchemaViolation::Missing { key });
    }
    if let Some(key) = schema
        .single
        .iter()
        .find(|k| list_len(parameters, k).is_some_and(|n| n != 1))
    {
        return Err(SchemaViolation::NotSingle { key });
    }
    Ok(())
}

/// How an artefact's parameters disagree with its experiment's [`Schema`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemaViolation {
    /// A key the experiment does not read (listing the ones it does).
    Unused { key: &'static str, takes: String },
    /// A key the experiment needs is absent.
    Missing { key: &'static str },
    /// A list-valued key with other than one value where the experiment uses exactly one.
    NotSingle { key: &'static str },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`present_keys`] names every field of [`Parameters`] by its manifest (serde) name: a new
    /// parameter must be added there too, or no schema could accept it.
    #[test]
    fn present_keys_covers_every_parameter() {
        let yaml = "{data: a, standin: b, evaluation: c, qrels_versions: d, n: [1], dmax: [1], \
                    p: [0.5], gains: [1], trials: 1, alpha: 0.05, cutoffs: [1], measures: [m], \
                    seed: 1, topic_sets: [t], qrels: [q], pairs: [x], kappa_se: cohen, topics: 1, \
                    runs: 1, teams: 1}";
        let all: Parameters = serde_yaml::from_str(yaml).unwrap();
        let json = serde_json::to_value(&all).unwrap();
        let mut fields: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut present = present_keys(&all);
        fields.sort_unstable();
        present.sort_unstable();
        assert_eq!(present, fields);
        assert_eq!(check_values(&all), None);
    }

    /// Every schema's keys are real parameter names, and no key is both required and optional.
    #[test]
    fn schemas_name_real_parameters() {
        let known = [
            "data",
            "standin",
            "evaluation",
            "qrels_versions",
            "n",
            "dmax",
            "p",
            "gains",
            "trials",
            "alpha",
            "cutoffs",
            "measures",
            "seed",
            "topic_sets",
            "qrels",
            "pairs",
            "kappa_se",
            "topics",
            "runs",
            "teams",
        ];
        for id in ExperimentId::ALL {
            let s = schema(id);
            for key in s.required.iter().chain(s.optional).chain(s.single) {
                assert!(known.contains(key), "{id}: unknown key {key}");
                assert!(s.accepts(key), "{id}: single-valued {key} is not accepted");
            }
            for key in s.required {
                assert!(
                    !s.optional.contains(key),
                    "{id}: {key} both required and optional"
                );
            }
        }
    }
}
