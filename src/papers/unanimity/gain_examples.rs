//! Paper A ("Unanimity-Aware Gain for Highly Subjective Assessments") experiments.

use crate::io::ratings::read_ratings;
use crate::manifest::Artefact;
use crate::papers::unanimity::params::{GainExamplesParams, UG_COLUMNS};
use crate::papers::{Context, ExperimentError, display_relative};
use crate::results::{ResultTable, VALUE};
use evia_engine::gain::{GainSetting, item_gains};

/// Table 1 of paper A: for every example item, its ratings, `RawG_i`, `D_i`, `WG_i` (Eq. 1) and `UG_i`
/// (Eq. 2) for each `p` of the manifest ([`GainExamplesParams`]). Columns: `ratings` (parts `1..N`),
/// `rawg`, `d`, `wg`, and `ug_p{p}` per `p`.
pub(crate) fn gain_examples(
    artefact: &Artefact,
    params: &GainExamplesParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let (n, dmax, ps) = (params.n.get(), params.dmax.get(), &params.p);
    let path = context.data_path(&params.data);
    let items = read_ratings(&path)?;

    let mut table = ResultTable::new(&artefact.id);
    for item in &items {
        if item.ratings.len() != n as usize {
            return Err(ExperimentError::invalid(
                artefact,
                format!(
                    "item `{}` in {} has {} ratings; the manifest says N = {n}",
                    item.id,
                    display_relative(context, &path),
                    item.ratings.len()
                ),
            ));
        }
        for (i, &rating) in item.ratings.iter().enumerate() {
            table.set_input(
                "main",
                &item.id,
                "ratings",
                &(i + 1).to_string(),
                f64::from(rating),
            );
        }
        for (k, &p) in ps.iter().enumerate() {
            let gains = item_gains(&item.ratings, GainSetting { dmax, p }).map_err(|e| {
                ExperimentError::invalid(artefact, format!("item `{}`: {e}", item.id))
            })?;
            if k == 0 {
                table.set("main", &item.id, "rawg", VALUE, f64::from(gains.raw));
                table.set("main", &item.id, "d", VALUE, f64::from(gains.spread));
                table.set("main", &item.id, "wg", VALUE, gains.weighted);
            }
            table.set(
                "main",
                &item.id,
                &UG_COLUMNS.column(p),
                VALUE,
                gains.unanimity_aware,
            );
        }
    }
    table.note(format!(
        "Ratings of {} items from {}; N = {n}, Dmax = {dmax}; WG by Eq. 1, UG by Eq. 2 with p = {}.",
        items.len(),
        display_relative(context, &path),
        ps.iter().map(f64::to_string).collect::<Vec<_>>().join(" and ")
    ));
    Ok(table)
}
