//! NTCIREVAL 20200527 `compute` output: line names, order and layout (tests/fixtures/measures.md §3.1).

use super::evaluate::{Evaluation, Params};

/// One named value of an [`Evaluation`], in NTCIREVAL's naming.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The name as NTCIREVAL prints it, e.g. `RR`, `nDCG@0010`, `bpref_R`.
    pub name: String,
    pub value: f64,
    /// `true` for values NTCIREVAL does not print (`nCG@l`, `nG@1`): extensions of this port.
    pub extension: bool,
}

/// A line's name without its text: a measure's base name and, for an `@l` measure, the cutoff.
/// Displayed as NTCIREVAL prints it: `RR`, or `nDCG@0010` (the cutoff in at least 4 digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineName {
    pub base: &'static str,
    pub cutoff: Option<usize>,
}

impl std::fmt::Display for LineName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.cutoff {
            Some(c) => write!(f, "{}@{c:04}", self.base),
            None => f.write_str(self.base),
        }
    }
}

/// The value lines of NTCIREVAL 20200527 `compute` for `ev`, in its order:
/// `RR, O-measure, P-measure, P-plus, AP, Q-measure, NCUrb,P, NCUrb,BR, NCUrb,IE, [GAP,] RBP, ERR,
/// EBR, iRBU`, then per cutoff `AP@l, Q@l, NCUrb,P@l, NCUrb,BR@l, NCUrb,IE@l, [GAP@l,] nDCG@l, MSnDCG@l, Prec@l,
/// RBP@l, nRBP@l, ERR@l, nERR@l, EBR@l, nEBR@l, iRBU@l, niRBU@l, Hit@l`, then (with bpref) the
/// bpref/rpref lines. With `extensions`, `nCG@l` follows `Hit@l` for each cutoff and `nG@1` ends
/// the whole-list block.
pub fn lines(ev: &Evaluation, extensions: bool) -> Vec<Line> {
    let mut out = Vec::with_capacity(16 + ev.at.len() * 18 + 7);
    each_line(ev, extensions, |name, value, extension| {
        out.push(Line {
            name: name.to_string(),
            value,
            extension,
        })
    });
    out
}

/// [`lines`] without their texts: `f(name, value, extension)` for each line, in the same order
/// (for callers that only need the values, or compare names, without making a string per line).
pub fn each_line(ev: &Evaluation, extensions: bool, mut f: impl FnMut(LineName, f64, bool)) {
    let mut push = |base: &'static str, cutoff: Option<usize>, value: f64, extension: bool| {
        f(LineName { base, cutoff }, value, extension)
    };
    for (name, v) in [
        ("RR", ev.rr),
        ("O-measure", ev.o_measure),
        ("P-measure", ev.p_measure),
        ("P-plus", ev.p_plus),
        ("AP", ev.ap),
        ("Q-measure", ev.q),
        ("NCUrb,P", ev.ncurb_p),
        ("NCUrb,BR", ev.ncurb_br),
        ("NCUrb,IE", ev.ncurb_ie),
    ] {
        push(name, None, v, false);
    }
    if let Some(gap) = ev.gap {
        push("GAP", None, gap, false);
    }
    for (name, v) in [
        ("RBP", ev.rbp),
        ("ERR", ev.err),
        ("EBR", ev.ebr),
        ("iRBU", ev.irbu),
    ] {
        push(name, None, v, false);
    }
    if extensions {
        push("nG@1", None, ev.ng1, true);
    }
    for a in &ev.at {
        let c = Some(a.cutoff);
        for (name, v) in [
            ("AP", a.ap),
            ("Q", a.q),
            ("NCUrb,P", a.ncurb_p),
            ("NCUrb,BR", a.ncurb_br),
            ("NCUrb,IE", a.ncurb_ie),
        ] {
            push(name, c, v, false);
        }
        if let Some(gap) = a.gap {
            push("GAP", c, gap, false);
        }
        for (name, v) in [
            ("nDCG", a.ndcg),
            ("MSnDCG", a.msndcg),
            ("Prec", a.prec),
            ("RBP", a.rbp),
            ("nRBP", a.nrbp),
            ("ERR", a.err),
            ("nERR", a.nerr),
            ("EBR", a.ebr),
            ("nEBR", a.nebr),
            ("iRBU", a.irbu),
            ("niRBU", a.nirbu),
            ("Hit", a.hit),
        ] {
            push(name, c, v, false);
        }
        if extensions {
            push("nCG", c, a.ncg, true);
        }
    }
    if let Some(b) = &ev.bpref {
        for (name, v) in [
            ("bpref", b.bpref),
            ("bpref_R", b.bpref_r),
            ("bpref_N", b.bpref_n),
            ("bpref_relative", b.bpref_relative),
            ("rpref_N", b.rpref_n),
            ("rpref_relative", b.rpref_relative),
            ("rpref_relative2", b.rpref_relative2),
        ] {
            push(name, None, v, false);
        }
    }
}

/// The names [`lines`] produces for `params`, without evaluating anything.
pub fn line_names(params: &Params, extensions: bool) -> Vec<String> {
    line_keys(params, extensions)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// [`line_names`] as [`LineName`]s (the names [`each_line`] gives).
pub fn line_keys(params: &Params, extensions: bool) -> Vec<LineName> {
    let mut keys = Vec::new();
    each_line(&every_line(params), extensions, |name, _, _| {
        keys.push(name)
    });
    keys
}

/// An evaluation with every line `params` give (each cutoff, GAP, bpref), all values 0.
fn every_line(params: &Params) -> Evaluation {
    Evaluation {
        at: params
            .cutoffs
            .iter()
            .map(|&cutoff| super::evaluate::AtCutoff {
                cutoff,
                gap: params.gap.then_some(0.0),
                ..Default::default()
            })
            .collect(),
        gap: params.gap.then_some(0.0),
        bpref: params.bpref.then(Default::default),
        ..Default::default()
    }
}

/// Formats a value as C `printf("%.4f")` does with glibc: correctly rounded from the exact binary
/// value (so ties are resolved on the exact value, e.g. 0.40625 → `0.4062`), `nan`/`-nan` by
/// the sign bit, `inf`/`-inf`.
pub fn format_4f(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "-nan" } else { "nan" }.to_string();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf" } else { "inf" }.to_string();
    }
    // Rust's fixed-precision formatting is also correctly rounded from the exact binary value.
    format!("{v:.4}")
}

/// The header lines NTCIREVAL `compute` prints before the values, prefixed by `out`.
pub fn nev_header(out: &str, ev: &Evaluation) -> String {
    format!(
        "{out} # syslen={} jrel={} jnonrel={}\n{out} # r1={} rp={}\n",
        ev.syslen, ev.jrel, ev.jnonrel, ev.r1, ev.rp
    )
}

/// One value line as NTCIREVAL prints it: `{out} NAME=` then padding so that the value starts 22
/// characters after `{out}` when cutoffs have 4 digits (the C padding is a literal in the format
/// string, so a 5-digit cutoff shifts the value right by one), then `%.4f`.
pub fn nev_line(out: &str, name: &str, value: f64) -> String {
    // Width of the name as the C format string was laid out (4-digit cutoffs).
    let laid_out = match name.split_once('@') {
        Some((base, _)) => base.len() + 1 + 4,
        None => name.len(),
    };
    let pad = 22usize.saturating_sub(2 + laid_out).max(1);
    format!("{out} {name}={:pad$}{}", "", format_4f(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tests/fixtures/measures.md §3.1: the value starts 22 characters after `{out}` for 4-digit
    /// cutoffs; a 5-digit cutoff shifts it right by one.
    #[test]
    fn nev_layout() {
        assert_eq!(nev_line("", "RR", 0.5), " RR=                  0.5000");
        assert_eq!(
            nev_line("T1", "nDCG@0010", 0.25),
            "T1 nDCG@0010=           0.2500"
        );
        assert_eq!(
            nev_line("", "AP@10000", 1.0),
            " AP@10000=             1.0000"
        );
        assert_eq!(nev_line("", "rpref_relative2", 0.0).len(), 22 + 6);
        let ev = Evaluation::default();
        assert_eq!(
            nev_header("T1", &ev),
            "T1 # syslen=0 jrel=0 jnonrel=0\nT1 # r1=0 rp=0\n"
        );
    }

    #[test]
    fn line_names_follow_ntcireval_order() {
        let p = Params {
            cutoffs: vec![10, 1],
            bpref: true,
            ..Params::default()
        };
        let names = line_names(&p, false);
        assert_eq!(names.len(), 13 + 2 * 17 + 7);
        assert_eq!(&names[..3], ["RR", "O-measure", "P-measure"]);
        assert_eq!(names[13], "AP@0010");
        assert_eq!(names[13 + 17], "AP@0001");
        assert_eq!(names[names.len() - 1], "rpref_relative2");
        let with_ext = line_names(&p, true);
        assert_eq!(with_ext.len(), names.len() + 1 + 2);
        assert_eq!(with_ext[13], "nG@1");
    }

    /// The names `each_line` gives display as `lines`' names, for every option (cutoffs of 1 to
    /// 5 digits, GAP, bpref, extensions), and `line_keys` lists them.
    #[test]
    fn line_names_display_as_the_lines_names() {
        for (gap, bpref, extensions) in [
            (false, false, false),
            (true, true, true),
            (false, true, true),
        ] {
            let params = Params {
                cutoffs: vec![1, 10, 1000, 12345],
                gap,
                bpref,
                ..Params::default()
            };
            let mut ev = every_line(&params);
            // Distinct values, so that a line given the wrong value shows.
            (ev.ap, ev.rr) = (0.25, 0.5);
            ev.at[1].ndcg = 0.75;
            let mut shown = Vec::new();
            each_line(&ev, extensions, |name, value, extension| {
                shown.push((name.to_string(), value, extension))
            });
            let listed: Vec<(String, f64, bool)> = lines(&ev, extensions)
                .into_iter()
                .map(|l| (l.name, l.value, l.extension))
                .collect();
            assert_eq!(shown, listed);
            let names: Vec<String> = listed.into_iter().map(|l| l.0).collect();
            assert_eq!(line_names(&params, extensions), names);
            assert!(
                names.contains(&"nDCG@12345".to_string()) && names.contains(&"AP@0001".to_string())
            );
        }
    }
}
