//! One name per measure: the NTCIREVAL 20200527 names this engine prints ([`super::lines`]),
//! written without NTCIREVAL's zero padding (`MSnDCG@10` for `MSnDCG@0010`, which is accepted
//! too), and the trec_eval 10.0 and ir_measures spellings that denote the same measure
//! ([`ALIASES`]). A name resolves to the engine's line ([`LineName`]) and keeps its spelling
//! ([`MeasureName::written`]), so that an output can use the name its user gave.
//!
//! An alias is listed only where the two programs compute the same value on the same input:
//!
//! | alias | here | why it is the same |
//! | --- | --- | --- |
//! | `recip_rank` (trec_eval) | `RR` | 1/rank of the first relevant document |
//! | `map` (trec_eval), `AP` (ir_measures) | `AP` | sum of precisions at relevant ranks over R |
//! | `P_l`, `P.l` (trec_eval), `P@l` (ir_measures) | `Prec@l` | relevant in the top l, over l |
//! | `success_l`, `success.l` (trec_eval), `Success@l` (ir_measures) | `Hit@l` | 1 if a relevant document is in the top l |
//! | `ndcg_cut_l`, `ndcg_cut.l` (trec_eval) | `MSnDCG@l` | Σ g(r)/log2(r + 1) over the ideal list's, with the gains given (trec_eval's gain is the level: the default linear gains here) |
//! | `Bpref` (ir_measures), `bpref` (trec_eval) | `bpref` | on condensed lists (`--condensed`), topics with a judged nonrelevant document |
//!
//! Spellings that look alike but are not the same measure are refused with the reason
//! ([`NOT_THE_SAME`]): trec_eval's `map_cut_l` divides by R where NTCIREVAL's `AP@l` divides by
//! min(l, R); ir_measures' `nDCG@l` is trec_eval's `ndcg_cut_l`, which is `MSnDCG@l` here, while
//! NTCIREVAL's `nDCG@l` (the name this engine keeps) is Järvelin and Kekäläinen's original discount;
//! trec_eval's `rbp` scales gains per topic and uses persistence 0.9; trec_eval's `ndcg` has no
//! cutoff.

use super::evaluate::{AtCutoff, Evaluation};
use super::lines::{LineName, each_line};

/// Which program a spelling comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Ntcireval,
    TrecEval,
    IrMeasures,
}

/// A spelling of another program that means one of this engine's measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alias {
    /// The spelling: the whole name, or the part before the cutoff (`ndcg_cut_`).
    pub written: &'static str,
    /// The engine's (NTCIREVAL's) base name.
    pub base: &'static str,
    /// Whether a cutoff follows `written`.
    pub cutoff: bool,
    pub origin: Origin,
}

/// The aliases (see the module documentation for why each is the same measure).
pub const ALIASES: &[Alias] = &[
    Alias {
        written: "recip_rank",
        base: "RR",
        cutoff: false,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "map",
        base: "AP",
        cutoff: false,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "P_",
        base: "Prec",
        cutoff: true,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "P.",
        base: "Prec",
        cutoff: true,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "P@",
        base: "Prec",
        cutoff: true,
        origin: Origin::IrMeasures,
    },
    Alias {
        written: "success_",
        base: "Hit",
        cutoff: true,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "success.",
        base: "Hit",
        cutoff: true,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "Success@",
        base: "Hit",
        cutoff: true,
        origin: Origin::IrMeasures,
    },
    Alias {
        written: "ndcg_cut_",
        base: "MSnDCG",
        cutoff: true,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "ndcg_cut.",
        base: "MSnDCG",
        cutoff: true,
        origin: Origin::TrecEval,
    },
    Alias {
        written: "Bpref",
        base: "bpref",
        cutoff: false,
        origin: Origin::IrMeasures,
    },
];

/// Spellings of other programs that are not the same measure here, with the reason.
pub const NOT_THE_SAME: &[(&str, &str)] = &[
    (
        "map_cut_",
        "trec_eval's map_cut_l divides by R, NTCIREVAL's AP@l by min(l, R) (map_cut_l = AP@l·min(l, R)/R)",
    ),
    (
        "map_cut.",
        "trec_eval's map_cut_l divides by R, NTCIREVAL's AP@l by min(l, R) (map_cut_l = AP@l·min(l, R)/R)",
    ),
    (
        "ndcg",
        "trec_eval's ndcg has no cutoff: use MSnDCG@l with l at least the lists' length, or ndcg_cut_l",
    ),
    (
        "rbp",
        "trec_eval's rbp scales the gains by the topic's highest level and uses persistence 0.9: RBP with --rbp-scale topic --rbp 0.9",
    ),
    ("Rprec", "R-precision is not computed here"),
    ("recall_", "recall is not computed here"),
    ("R@", "recall is not computed here"),
];

/// A measure as a user named it: the engine's line and the spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeasureName {
    /// The engine's line (NTCIREVAL's base name and cutoff).
    pub line: LineName,
    /// The spelling's text before the cutoff, or the whole name.
    written: &'static str,
    pub origin: Origin,
}

/// A name that is no measure of this engine, with what to write instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown measure `{name}`: {why}")]
pub struct UnknownMeasure {
    pub name: String,
    pub why: String,
}

impl MeasureName {
    /// The name as the user wrote it (a zero-padded NTCIREVAL cutoff written without the padding).
    pub fn written(&self) -> String {
        match self.line.cutoff {
            Some(c) => format!("{}{c}", self.written),
            None => self.written.to_string(),
        }
    }

    /// The canonical name: NTCIREVAL's, without zero padding (`MSnDCG@10`, `RR`).
    pub fn canonical(&self) -> String {
        match self.line.cutoff {
            Some(c) => format!("{}@{c}", self.line.base),
            None => self.line.base.to_string(),
        }
    }

    /// Resolves `name`: an NTCIREVAL name (`RR`, `Q-measure`, `MSnDCG@10`, `MSnDCG@0010`), or an
    /// alias of [`ALIASES`].
    pub fn parse(name: &str) -> Result<Self, UnknownMeasure> {
        let (whole, at_cutoff) = bases();
        if let Some(&base) = whole.iter().find(|&&b| b == name) {
            return Ok(MeasureName {
                line: LineName { base, cutoff: None },
                written: base,
                origin: Origin::Ntcireval,
            });
        }
        if let Some((base, cutoff)) = name.rsplit_once('@')
            && let Some(&base) = at_cutoff.iter().find(|&&b| b == base)
        {
            let cutoff = parse_cutoff(name, cutoff)?;
            return Ok(MeasureName {
                line: LineName {
                    base,
                    cutoff: Some(cutoff),
                },
                written: base_with_at(base),
                origin: Origin::Ntcireval,
            });
        }
        for alias in ALIASES {
            if !alias.cutoff && name == alias.written {
                return Ok(MeasureName {
                    line: LineName {
                        base: alias.base,
                        cutoff: None,
                    },
                    written: alias.written,
                    origin: alias.origin,
                });
            }
            if alias.cutoff
                && let Some(rest) = name.strip_prefix(alias.written)
                && !rest.is_empty()
                && rest.bytes().all(|b| b.is_ascii_digit())
            {
                return Ok(MeasureName {
                    line: LineName {
                        base: alias.base,
                        cutoff: Some(parse_cutoff(name, rest)?),
                    },
                    written: alias.written,
                    origin: alias.origin,
                });
            }
        }
        let why = NOT_THE_SAME
            .iter()
            .find(|(prefix, _)| name == *prefix || name.starts_with(prefix))
            .map_or_else(
                || {
                    format!(
                        "expected one of the NTCIREVAL names ({}; with a cutoff l: {}@l) or a trec_eval or ir_measures spelling of the same measure ({})",
                        whole.join(", "),
                        at_cutoff.join("@l, "),
                        ALIASES
                            .iter()
                            .map(|a| if a.cutoff {
                                format!("{}l", a.written)
                            } else {
                                a.written.to_string()
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                },
                |(_, why)| format!("not the same measure here: {why}"),
            );
        Err(UnknownMeasure {
            name: name.to_string(),
            why,
        })
    }
}

/// `base@` as a static string (the NTCIREVAL spellings with a cutoff).
fn base_with_at(base: &'static str) -> &'static str {
    AT_NAMES
        .iter()
        .find(|(b, _)| *b == base)
        .map_or("@", |(_, with)| with)
}

/// Each base name measured at a cutoff, with `@` appended.
const AT_NAMES: &[(&str, &str)] = &[
    ("AP", "AP@"),
    ("Q", "Q@"),
    ("NCUrb,P", "NCUrb,P@"),
    ("NCUrb,BR", "NCUrb,BR@"),
    ("NCUrb,IE", "NCUrb,IE@"),
    ("GAP", "GAP@"),
    ("nDCG", "nDCG@"),
    ("MSnDCG", "MSnDCG@"),
    ("Prec", "Prec@"),
    ("RBP", "RBP@"),
    ("nRBP", "nRBP@"),
    ("ERR", "ERR@"),
    ("nERR", "nERR@"),
    ("EBR", "EBR@"),
    ("nEBR", "nEBR@"),
    ("iRBU", "iRBU@"),
    ("niRBU", "niRBU@"),
    ("Hit", "Hit@"),
    ("nCG", "nCG@"),
];

/// A cutoff of at least 1 (leading zeros allowed, as NTCIREVAL prints them).
fn parse_cutoff(name: &str, digits: &str) -> Result<usize, UnknownMeasure> {
    match digits.parse::<usize>() {
        Ok(c) if c >= 1 && digits.bytes().all(|b| b.is_ascii_digit()) => Ok(c),
        _ => Err(UnknownMeasure {
            name: name.to_string(),
            why: format!("the cutoff `{digits}` is not a whole number of at least 1"),
        }),
    }
}

/// The engine's base names without and with a cutoff, in its output order (every line, GAP,
/// bpref and the extensions included).
pub fn bases() -> (Vec<&'static str>, Vec<&'static str>) {
    let every = Evaluation {
        at: vec![AtCutoff {
            cutoff: 1,
            gap: Some(0.0),
            ..Default::default()
        }],
        gap: Some(0.0),
        bpref: Some(Default::default()),
        ..Default::default()
    };
    let (mut whole, mut at) = (Vec::new(), Vec::new());
    each_line(&every, true, |name, _, _| match name.cutoff {
        None => whole.push(name.base),
        Some(_) => at.push(name.base),
    });
    (whole, at)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn names_resolve_to_lines_and_keep_their_spelling() {
        for (name, base, cutoff, written) in [
            ("MSnDCG@10", "MSnDCG", Some(10), "MSnDCG@10"),
            ("MSnDCG@0010", "MSnDCG", Some(10), "MSnDCG@10"),
            ("ndcg_cut_10", "MSnDCG", Some(10), "ndcg_cut_10"),
            ("ndcg_cut.5", "MSnDCG", Some(5), "ndcg_cut.5"),
            ("P_20", "Prec", Some(20), "P_20"),
            ("P@10", "Prec", Some(10), "P@10"),
            ("Prec@10", "Prec", Some(10), "Prec@10"),
            ("success_1", "Hit", Some(1), "success_1"),
            ("Success@3", "Hit", Some(3), "Success@3"),
            ("recip_rank", "RR", None, "recip_rank"),
            ("RR", "RR", None, "RR"),
            ("map", "AP", None, "map"),
            ("AP", "AP", None, "AP"),
            ("AP@10", "AP", Some(10), "AP@10"),
            ("Q-measure", "Q-measure", None, "Q-measure"),
            ("nERR@10", "nERR", Some(10), "nERR@10"),
            ("nG@1", "nG@1", None, "nG@1"),
            ("Bpref", "bpref", None, "Bpref"),
            ("bpref_R", "bpref_R", None, "bpref_R"),
            ("NCUrb,IE@5", "NCUrb,IE", Some(5), "NCUrb,IE@5"),
        ] {
            let m = MeasureName::parse(name).unwrap();
            assert_eq!((m.line.base, m.line.cutoff), (base, cutoff), "{name}");
            assert_eq!(m.written(), written, "{name}");
        }
        assert_eq!(
            MeasureName::parse("ndcg_cut_10").unwrap().canonical(),
            "MSnDCG@10"
        );
    }

    #[test]
    fn look_alikes_are_refused_with_the_reason() {
        for (name, words) in [
            ("map_cut_10", "divides by R"),
            ("ndcg", "no cutoff"),
            ("rbp", "persistence 0.9"),
            ("Rprec", "not computed"),
            ("MSnDCG@0", "at least 1"),
            ("MSnDCG@x", "at least 1"),
            ("nDCG", "expected one of"),
            ("P_", "expected one of"),
        ] {
            let e = MeasureName::parse(name).unwrap_err().to_string();
            assert!(e.contains(words), "{name}: {e}");
        }
    }

    /// Every base name at a cutoff has its `@` spelling.
    #[test]
    fn every_cutoff_base_has_its_spelling() {
        let (_, at) = bases();
        for base in at {
            assert_eq!(base_with_at(base), format!("{base}@"), "{base}");
        }
    }
}
