//! One entry of the wiring: which check, on which printed numbers. Each variant's spec type and its
//! `apply` live in the check's own file; this file only maps the wiring's keys to them.
//!
//! A new check is one file of `src/consistency/` (its spec type, its `apply` and its unit tests), one
//! variant here (with its key in [`CheckSpec::KEYS`] and [`CheckSpec::read_list`]; the compiler
//! points at the `match` of [`CheckSpec::apply`]), and its entries in `paper/consistency.yaml`.

use serde::Deserialize;
use serde::de::MapAccess;

use super::bold::BoldSpec;
use super::ci::TextCiSpec;
use super::context::{CheckContext, Links};
use super::error::WiringError;
use super::pair_counts::PairCountSpec;
use super::shared_counts::SharedCountSpec;
use super::sso::SsoSpec;
use super::statement::StatementSpec;
use super::tau::TauSpec;
use super::text::TextSpec;
use super::tukey::TukeySpec;

/// One entry of `paper/consistency.yaml`, by the key of the list it appears in.
#[derive(Debug, Clone)]
pub(crate) enum CheckSpec {
    /// `sso`: SSO percentages against their a/b/c counts ([`super::sso`]).
    Sso(SsoSpec),
    /// `pair_counts`: a + b and b + c against the counts table ([`super::pair_counts`]).
    PairCounts(PairCountSpec),
    /// `shared_counts`: one count printed in two tables ([`super::shared_counts`]).
    SharedCounts(SharedCountSpec),
    /// `tau`: Kendall's tau grid, CI centre and width ([`super::tau`]).
    Tau(TauSpec),
    /// `bold`: bold marks against alpha ([`super::bold`]).
    Bold(BoldSpec),
    /// `tukey`: p-values against effect sizes ([`super::tukey`]).
    Tukey(TukeySpec),
    /// `text`: a number of the running text recomputed from the tables ([`super::text`]).
    Text(Box<TextSpec>),
    /// `text_ci`: an interval of the running text centred on its estimate ([`super::ci`]).
    TextCi(TextCiSpec),
    /// `statements`: a statement of the running text checked on the printed numbers
    /// ([`super::statement`]).
    Statement(Box<StatementSpec>),
}

impl CheckSpec {
    /// The wiring's keys of the check lists, in the order a reader expects them.
    pub(crate) const KEYS: [&'static str; 9] = [
        "sso",
        "pair_counts",
        "shared_counts",
        "tau",
        "bold",
        "tukey",
        "text",
        "text_ci",
        "statements",
    ];

    /// Reads the list under `key` of the wiring (the map's next value); `None` when `key` names no
    /// check.
    pub(crate) fn read_list<'de, A: MapAccess<'de>>(
        key: &str,
        map: &mut A,
    ) -> Result<Option<Vec<CheckSpec>>, A::Error> {
        Ok(Some(match key {
            "sso" => list(map, CheckSpec::Sso)?,
            "pair_counts" => list(map, CheckSpec::PairCounts)?,
            "shared_counts" => list(map, CheckSpec::SharedCounts)?,
            "tau" => list(map, CheckSpec::Tau)?,
            "bold" => list(map, CheckSpec::Bold)?,
            "tukey" => list(map, CheckSpec::Tukey)?,
            "text" => list(map, |s| CheckSpec::Text(Box::new(s)))?,
            "text_ci" => list(map, CheckSpec::TextCi)?,
            "statements" => list(map, |s| CheckSpec::Statement(Box::new(s)))?,
            _ => return Ok(None),
        }))
    }

    /// What the checks of `specs` read of each other ([`Links`]).
    pub(crate) fn links(specs: &[CheckSpec]) -> Links {
        let mut links = Links::default();
        for spec in specs {
            match spec {
                CheckSpec::Sso(s) => links.add_sso_decimals(&s.table, s.decimals),
                CheckSpec::PairCounts(p) => links.add_counts_table(&p.overlap, &p.counts),
                _ => {}
            }
        }
        links
    }

    /// Applies this entry to the printed numbers, adding its results to `context`.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        match self {
            CheckSpec::Sso(spec) => spec.apply(context),
            CheckSpec::PairCounts(spec) => spec.apply(context),
            CheckSpec::SharedCounts(spec) => spec.apply(context),
            CheckSpec::Tau(spec) => spec.apply(context),
            CheckSpec::Bold(spec) => spec.apply(context),
            CheckSpec::Tukey(spec) => spec.apply(context),
            CheckSpec::Text(spec) => spec.apply(context),
            CheckSpec::TextCi(spec) => spec.apply(context),
            CheckSpec::Statement(spec) => spec.apply(context),
        }
    }
}

/// The map's next value as a list of one check's specs.
fn list<'de, A: MapAccess<'de>, S: Deserialize<'de>>(
    map: &mut A,
    variant: fn(S) -> CheckSpec,
) -> Result<Vec<CheckSpec>, A::Error> {
    Ok(map
        .next_value::<Vec<S>>()?
        .into_iter()
        .map(variant)
        .collect())
}
