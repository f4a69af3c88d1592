//! `eval --measures`: the measures to print, in the order given and under the names given, each an
//! NTCIREVAL name (`MSnDCG@10`; NTCIREVAL's `MSnDCG@0010` too) or a trec_eval or ir_measures
//! spelling of the same measure (`ndcg_cut_10`, `P_10`, `recip_rank`, `P@10`;
//! `evia_engine::measures::names`). Their cutoffs are evaluated whether or not `--cutoffs` lists
//! them. `tsv` and `json` print the chosen columns under the user's names; `nev` is NTCIREVAL's
//! format and keeps its names and order, printing the chosen lines only.

use anyhow::bail;

use evia_engine::measures::lines::LineName;
use evia_engine::measures::names::MeasureName;

/// The measures of `--measures`, resolved, or `None` without it.
pub(super) fn resolve(given: Option<&[String]>) -> anyhow::Result<Option<Vec<MeasureName>>> {
    let Some(given) = given else {
        return Ok(None);
    };
    let mut out: Vec<MeasureName> = Vec::with_capacity(given.len());
    for name in given {
        let m = MeasureName::parse(name.trim()).map_err(|e| anyhow::anyhow!("--measures: {e}"))?;
        if out.iter().any(|o| o.written() == m.written()) {
            bail!("--measures: `{}` is given twice", m.written());
        }
        out.push(m);
    }
    Ok(Some(out))
}

/// `cutoffs` with every cutoff of `measures` added (in order, each once).
pub(super) fn with_cutoffs(mut cutoffs: Vec<usize>, measures: &[MeasureName]) -> Vec<usize> {
    for c in measures.iter().filter_map(|m| m.line.cutoff) {
        if !cutoffs.contains(&c) {
            cutoffs.push(c);
        }
    }
    cutoffs
}

/// The output's columns (names and lines) for `measures` among the lines evaluated (`keys`); a
/// measure whose line is not evaluated is an error naming the option it needs.
pub(super) fn columns(
    measures: &[MeasureName],
    keys: &[LineName],
) -> anyhow::Result<(Vec<String>, Vec<LineName>)> {
    let mut names = Vec::with_capacity(measures.len());
    let mut lines = Vec::with_capacity(measures.len());
    for m in measures {
        if !keys.contains(&m.line) {
            let base = m.line.base;
            let needs = if base.starts_with("GAP") {
                "--gap"
            } else if base.starts_with("bpref") || base.starts_with("rpref") {
                "--condensed"
            } else {
                "another option"
            };
            bail!(
                "--measures: `{}` ({}) is evaluated only with {needs}",
                m.written(),
                m.canonical()
            );
        }
        names.push(m.written());
        lines.push(m.line);
    }
    Ok((names, lines))
}
