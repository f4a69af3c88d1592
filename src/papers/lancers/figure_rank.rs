//! Statements about a figure's curves checked on its rebuilt series (paper B §4.1.1: "in
//! Figure 1(c), the top performing run according to nERR@10 with all3 is only the fifth best run
//! according to the same measure with lancer1"). The printed rank comes from the published file's
//! `figure_ranks:`; the rebuilt rank is computed from the figure's cells, never typed.
//!
//! The top run of series `top_of` is the run at x position 1 (the figure sorts its runs by the first
//! series; ties by run order). Its rank under `ranked_by` is 1 + the number of runs whose mean under
//! `ranked_by` is strictly higher (competition ranking: a tie shares the better rank).

use crate::model::VALUE;
use crate::published::{FigureRankClaim, PublishedFile};
use crate::results::X_POSITION;
use crate::results::{ClaimCheck, ResultTable};

/// The rank claims of the published file about this figure.
pub(crate) fn claims(table: &ResultTable, published: &PublishedFile) -> Vec<ClaimCheck> {
    published
        .figure_ranks
        .iter()
        .filter(|c| c.figure == table.id)
        .map(|c| rank_claim(table, c))
        .collect()
}

/// One rank claim on the rebuilt series.
fn rank_claim(table: &ResultTable, claim: &FigureRankClaim) -> ClaimCheck {
    let printed = format!(
        "{} best under {} ({}, {})",
        claim.printed, claim.ranked_by, claim.panel, claim.section
    );
    let statement = format!(
        "the top run by {} with {} is only the {} best with {} ({})",
        claim.panel, claim.top_of, claim.printed, claim.ranked_by, claim.section
    );
    let mut check = ClaimCheck {
        id: claim.id.clone(),
        section: claim.figure.clone(),
        statement,
        printed,
        rebuilt: "no series rebuilt".to_string(),
        holds: false,
        detail: format!("printed: “{}”", claim.quote),
        group: None,
        observation: true,
        ..ClaimCheck::default()
    };
    let Some((top, rank, runs)) = rank_of_top(table, claim) else {
        return check;
    };
    check.rebuilt = format!(
        "the top {} run by {} ({top}) ranks {rank} of {runs} under {}",
        claim.top_of, claim.panel, claim.ranked_by
    );
    check.holds = rank as f64 == claim.value;
    check.detail = format!(
        "rank = 1 + the runs with a higher mean under {} (ties share the better rank); the paper: “{}”",
        claim.ranked_by, claim.quote
    );

    check
}

/// The top run of `top_of` (x position 1), its rank under `ranked_by`, and the number of runs.
fn rank_of_top(table: &ResultTable, claim: &FigureRankClaim) -> Option<(String, usize, usize)> {
    let rows = |column: &str| -> Vec<(String, f64)> {
        table
            .cells
            .iter()
            .filter(|(k, _)| k.panel == claim.panel && k.column == column && k.part == VALUE)
            .map(|(k, &v)| (k.row.clone(), v))
            .collect()
    };
    let top = rows(X_POSITION)
        .into_iter()
        .find(|(_, x)| *x == 1.0)
        .map(|(run, _)| run)?;
    // The x position follows the first series; the claim must name it, or the top run is another.
    let first = rows(&claim.top_of);
    let best = first
        .iter()
        .map(|(_, v)| *v)
        .fold(f64::NEG_INFINITY, f64::max);
    let top_mean = first.iter().find(|(run, _)| *run == top)?.1;
    if top_mean < best {
        return None;
    }
    let ranked = rows(&claim.ranked_by);
    let own = ranked.iter().find(|(run, _)| *run == top)?.1;
    let rank = 1 + ranked.iter().filter(|(_, v)| *v > own).count();
    Some((top, rank, ranked.len()))
}
