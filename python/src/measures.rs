//! Measure names as pytrec_eval (trec_eval 10.0) and NTCIREVAL spell them, resolved to what
//! evia-tools' evaluation computes. Each trec_eval measure is one of the engine's values or a
//! value derived from them by the relation `eval --help` documents (src/cli/eval_conventions.rs):
//!
//! | trec_eval | here |
//! | --- | --- |
//! | `map` | `AP` |
//! | `recip_rank` | `RR` |
//! | `P_l` | `Prec@l` |
//! | `success_l` | `Hit@l` |
//! | `ndcg_cut_l` | `MSnDCG@l` |
//! | `ndcg` | `MSnDCG@l`, l at least the list's length and R |
//! | `map_cut_l` | `AP@l`·min(l, R)/R |
//! | `recall_l` | `Prec@l`·l/R |
//! | `num_ret`, `num_rel` | `syslen`, `jrel` (R) |
//! | `num_rel_ret` | `Prec@l`·l, l at least the list's length |
//! | `bpref` | `bpref` on the condensed list; with no judged nonrelevant document, trec_eval's value num_rel_ret/R |
//!
//! A family name without a cutoff (`P`, `ndcg_cut`, …) stands for pytrec_eval's default cutoffs.
//! Every other name is resolved by the engine ([`MeasureName::parse`]: NTCIREVAL's names such as
//! `Q-measure`, `nERR@10`, `RBP`, and ir_measures' spellings), or refused with the reason.

use evia_engine::measures::lines::LineName;
use evia_engine::measures::names::MeasureName;

/// trec_eval's default cutoffs of `P`, `recall`, `ndcg_cut` and `map_cut`.
const DEFAULT_CUTOFFS: &[usize] = &[5, 10, 15, 20, 30, 100, 200, 500, 1000];
/// trec_eval's default cutoffs of `success`.
const SUCCESS_CUTOFFS: &[usize] = &[1, 5, 10];

/// What one output value is, in terms of the engine's evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// One of the engine's lines.
    Line(LineName),
    /// `MSnDCG@l` with l at least every list's length and R.
    Ndcg,
    /// `AP@l`·min(l, R)/R.
    MapCut(usize),
    /// `Prec@l`·l/R.
    Recall(usize),
    NumRet,
    NumRel,
    NumRelRet,
    Bpref,
}

/// One requested value: the key it has in the output and what it is.
#[derive(Debug, Clone)]
pub struct Output {
    pub key: String,
    pub value: Value,
}

/// The families pytrec_eval's `supported_measures` lists that are computed here.
pub const SUPPORTED: &[&str] = &[
    "map",
    "map_cut",
    "ndcg",
    "ndcg_cut",
    "P",
    "recall",
    "success",
    "recip_rank",
    "bpref",
    "num_ret",
    "num_rel",
    "num_rel_ret",
];

/// Resolves every requested name; the outputs keep the order given, without repeats.
pub fn resolve<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Vec<Output>, String> {
    let mut out: Vec<Output> = Vec::new();
    for name in names {
        for o in resolve_one(name)? {
            if !out.iter().any(|p| p.key == o.key) {
                out.push(o);
            }
        }
    }
    Ok(out)
}

fn line(base: &'static str, cutoff: usize) -> Value {
    Value::Line(LineName {
        base,
        cutoff: Some(cutoff),
    })
}

fn resolve_one(name: &str) -> Result<Vec<Output>, String> {
    let whole = |key: &str, value| {
        Ok(vec![Output {
            key: key.to_string(),
            value,
        }])
    };
    match name {
        "map" => {
            return whole(
                "map",
                Value::Line(LineName {
                    base: "AP",
                    cutoff: None,
                }),
            );
        }
        "recip_rank" => {
            return whole(
                "recip_rank",
                Value::Line(LineName {
                    base: "RR",
                    cutoff: None,
                }),
            );
        }
        "ndcg" => return whole("ndcg", Value::Ndcg),
        "bpref" => return whole("bpref", Value::Bpref),
        "num_ret" => return whole("num_ret", Value::NumRet),
        "num_rel" => return whole("num_rel", Value::NumRel),
        "num_rel_ret" => return whole("num_rel_ret", Value::NumRelRet),
        "Rprec" | "Rprec_mult" => {
            return Err(format!(
                "measure `{name}` is not computed by evia (R-precision); supported trec_eval measures: {}",
                SUPPORTED.join(", ")
            ));
        }
        _ => {}
    }
    type Family = (&'static str, &'static [usize], fn(usize) -> Value);
    let families: [Family; 5] = [
        ("P", DEFAULT_CUTOFFS, |l| line("Prec", l)),
        ("recall", DEFAULT_CUTOFFS, Value::Recall),
        ("ndcg_cut", DEFAULT_CUTOFFS, |l| line("MSnDCG", l)),
        ("map_cut", DEFAULT_CUTOFFS, Value::MapCut),
        ("success", SUCCESS_CUTOFFS, |l| line("Hit", l)),
    ];
    for (family, defaults, value) in families {
        let cutoffs: Vec<usize> = if name == family {
            defaults.to_vec()
        } else if let Some(rest) = name
            .strip_prefix(family)
            .and_then(|r| r.strip_prefix('_').or_else(|| r.strip_prefix('.')))
        {
            rest.split(',')
                .map(|c| match c.parse::<usize>() {
                    Ok(l) if l >= 1 && c.bytes().all(|b| b.is_ascii_digit()) => Ok(l),
                    _ => Err(format!(
                        "measure `{name}`: the cutoff `{c}` is not a whole number of at least 1"
                    )),
                })
                .collect::<Result<_, _>>()?
        } else {
            continue;
        };
        return Ok(cutoffs
            .into_iter()
            .map(|l| Output {
                key: format!("{family}_{l}"),
                value: value(l),
            })
            .collect());
    }
    let parsed = MeasureName::parse(name).map_err(|e| e.to_string())?;
    Ok(vec![Output {
        key: name.to_string(),
        value: Value::Line(parsed.line),
    }])
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn families_expand_to_pytrec_evals_keys() {
        let keys: Vec<String> = resolve(["P", "ndcg_cut.5,10", "success", "map"])
            .unwrap()
            .into_iter()
            .map(|o| o.key)
            .collect();
        assert_eq!(
            keys,
            [
                "P_5",
                "P_10",
                "P_15",
                "P_20",
                "P_30",
                "P_100",
                "P_200",
                "P_500",
                "P_1000",
                "ndcg_cut_5",
                "ndcg_cut_10",
                "success_1",
                "success_5",
                "success_10",
                "map"
            ]
        );
    }

    #[test]
    fn ntcireval_names_and_refusals() {
        let o = resolve(["nERR@10"]).unwrap();
        assert_eq!(o[0].value, line("nERR", 10));
        assert!(resolve(["Rprec"]).unwrap_err().contains("not computed"));
        assert!(resolve(["P_0"]).unwrap_err().contains("at least 1"));
        assert!(resolve(["rbp"]).unwrap_err().contains("persistence"));
    }
}
