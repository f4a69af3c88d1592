//! Randomised Tukey HSD p-values of every condition and measure, computed once per [`HsdKey`], and the
//! significance cells built from them: discriminative power and Statistical Significance Overlap.

use super::evaluated::Evaluated;
use crate::manifest::Artefact;
use crate::model::StreamScope;
use crate::papers::lancers::params::Significance;
use crate::papers::shared::Shared;
use crate::papers::{Context, ExperimentError};
use crate::results::ResultTable;
use evia_engine::significance::ScoreMatrix;
use evia_engine::significance::overlap::{discriminative_power, overlap_of_p_values};
use evia_engine::significance::randomised_hsd::randomised_hsd;

/// The stream (artefact part) of every randomised Tukey HSD of paper B.
pub(crate) const HSD_STREAM: StreamScope<'static> = StreamScope::Shared("lancers.hsd");

impl Evaluated {
    /// The randomised Tukey HSD p-values of every condition and measure (`p[c][k]`, pairs in
    /// `run_pairs` order).
    fn p_values(
        &self,
        artefact: &Artefact,
        trials: u32,
        context: &Context,
    ) -> Result<Vec<Vec<Vec<f64>>>, ExperimentError> {
        let seed = context.seed_for(artefact);
        let mut p = Vec::with_capacity(self.conditions.len());
        for (c, condition) in self.conditions.iter().enumerate() {
            let mut per_measure = Vec::with_capacity(self.measures.len());
            for (k, measure) in self.measures.iter().enumerate() {
                let unit = format!(
                    "{}/{}/{}",
                    condition.qrels.id,
                    condition.subset.id(),
                    measure.name()
                );
                let p = hsd_p_values(
                    &context.shared,
                    &self.matrices[c][k],
                    (u64::from(trials), seed, &unit),
                    context.threads.max(1),
                )
                .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
                per_measure.push(p);
            }
            p.push(per_measure);
        }
        Ok(p)
    }
}

/// What a randomised Tukey HSD's p-values depend on, in full: the stream (seed and unit; the
/// artefact part is always [`HSD_STREAM`]), the number of trials, the worker threads (kept in the key
/// so that a thread-count comparison in one process still runs both computations) and the score
/// matrix itself, as the bits of its values (exact: no hash, so no collision).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct HsdKey {
    seed: u64,
    unit: String,
    trials: u64,
    threads: usize,
    topics: usize,
    runs: usize,
    values: Vec<u64>,
}

/// The randomised Tukey HSD p-values of every run pair of `matrix` (in `run_pairs` order), with the
/// stream `lancers.hsd` / `unit` of `seed` (tests/fixtures/statistics.md §3), computed once per
/// [`HsdKey`] in `shared` ([`crate::papers::shared`]). Tables 4 and 5 (and 7 and 8) share an
/// experiment, and Table 8's all3 (50 topics) is Table 5's all3: without it one `reproduce` would run
/// the same tests twice or three times. The randomised Tukey HSD is a pure function of its
/// [`HsdKey`], so a remembered result is the result.
fn hsd_p_values(
    shared: &Shared,
    matrix: &ScoreMatrix,
    (trials, seed, unit): (u64, u64, &str),
    threads: usize,
) -> Result<Vec<f64>, evia_engine::significance::randomised_hsd::HsdError> {
    let key = HsdKey {
        seed,
        unit: unit.to_string(),
        trials,
        threads,
        topics: matrix.topics(),
        runs: matrix.runs(),
        values: matrix.values().iter().map(|v| v.to_bits()).collect(),
    };
    let p = shared.memo::<HsdKey, Vec<f64>>().get_or_try(key, || {
        let stream = HSD_STREAM.spec(seed, unit);
        let result = randomised_hsd(matrix, trials, stream, threads, None)?;
        Ok(result.pairs.iter().map(|r| r.p).collect())
    })?;
    Ok(p.to_vec())
}

/// Significance cells: discriminative power `main/<condition>/<measure>/count` and the overlap of
/// every pair of conditions `<measure>/<row>/<column>/{a, b, c, sso_pct}`.
pub(super) fn significance_cells(
    artefact: &Artefact,
    significance: Significance,
    context: &Context,
    evaluated: &Evaluated,
    table: &mut ResultTable,
) -> Result<(), ExperimentError> {
    let Significance { trials, alpha } = significance;
    let p = evaluated.p_values(artefact, trials, context)?;
    for (k, measure) in evaluated.measures.iter().enumerate() {
        let panel = measure.printed_name();
        for (i, a) in evaluated.conditions.iter().enumerate() {
            let power = discriminative_power(&p[i][k], alpha);
            table.set("main", &a.id, &panel, "count", power as f64);
            for (j, b) in evaluated.conditions.iter().enumerate().skip(i + 1) {
                let o = overlap_of_p_values(&p[i][k], &p[j][k], alpha)
                    .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
                table.set(&panel, &a.id, &b.id, "a", o.only_a as f64);
                table.set(&panel, &a.id, &b.id, "b", o.both as f64);
                table.set(&panel, &a.id, &b.id, "c", o.only_b as f64);
                if let Some(pct) = o.sso_percent() {
                    table.set(&panel, &a.id, &b.id, "sso_pct", pct);
                }
            }
        }
    }
    let pairs = evaluated.collection.runs.len() * (evaluated.collection.runs.len() - 1) / 2;
    table.note(format!(
        "Randomised Tukey HSD, B = {trials} trials, significant when p < {alpha}, over the {pairs} run pairs; one seeded stream per qrels version, topic subset and measure ({}/<qrels>/<subset>/<measure>). a/b/c = significant only with the row condition / with both / only with the column condition; SSO = b/(a+b+c) (tests/fixtures/statistics.md §3–§4). An SSO with no significant pair under either condition is left empty.",
        HSD_STREAM.name()
    ));
    Ok(())
}
