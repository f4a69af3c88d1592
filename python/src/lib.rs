//! `evia._evia`: the compiled core of the `evia` Python package (python/evia/), thin PyO3
//! bindings over evia-tools' evaluation. Python values are converted here ([`convert`]), the
//! evaluation runs without the GIL ([`evaluation`]), and every error reaches Python as a
//! `ValueError` carrying the library's message.
//!
//! This crate is a member of the root workspace but not a default member, so that the README's
//! `cargo test --release` neither builds it nor needs Python's headers; `pip install ./python`
//! builds it with maturin (python/README.md).

mod agree;
mod convert;
mod evaluation;
mod files;
mod hsd;
mod judged;
mod measures;
mod tau;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFrozenSet, PyString};

use crate::judged::Qrels;
use crate::measures::Output;

/// pytrec_eval's `RelevanceEvaluator`: a qrels and a set of measures, evaluating runs.
#[pyclass(module = "evia._evia", frozen)]
struct RelevanceEvaluator {
    qrels: Qrels,
    outputs: Vec<Output>,
    judged_only: bool,
}

#[pymethods]
impl RelevanceEvaluator {
    #[new]
    #[pyo3(signature = (query_relevance, measures, relevance_level = 1, judged_docs_only_flag = false))]
    fn new(
        query_relevance: &Bound<'_, PyDict>,
        measures: &Bound<'_, PyAny>,
        relevance_level: i64,
        judged_docs_only_flag: bool,
    ) -> PyResult<Self> {
        let topics = convert::qrels(query_relevance)?;
        Self::build(topics, measures, relevance_level, judged_docs_only_flag)
    }

    /// Evaluates `scores` ({query id: {document id: score}}): {query id: {measure: value}} for
    /// every query of `scores` that the qrels judge.
    fn evaluate<'py>(
        &self,
        py: Python<'py>,
        scores: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let held = convert::run(scores)?;
        self.evaluate_held(py, held)
    }

    /// `evaluate` of a run given as three columns (query ids, document ids, scores: lists or other
    /// iterables of equal length, such as `Series.tolist()`).
    fn evaluate_columns<'py>(
        &self,
        py: Python<'py>,
        query_ids: &Bound<'py, PyAny>,
        doc_ids: &Bound<'py, PyAny>,
        scores: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let held = convert::run_columns([query_ids, doc_ids, scores])?;
        self.evaluate_held(py, held)
    }

    /// A `RelevanceEvaluator` of a qrels given as three columns (query ids, document ids,
    /// relevance).
    #[staticmethod]
    #[pyo3(signature = (query_ids, doc_ids, relevance, measures, relevance_level = 1, judged_docs_only_flag = false))]
    fn from_columns(
        query_ids: &Bound<'_, PyAny>,
        doc_ids: &Bound<'_, PyAny>,
        relevance: &Bound<'_, PyAny>,
        measures: &Bound<'_, PyAny>,
        relevance_level: i64,
        judged_docs_only_flag: bool,
    ) -> PyResult<Self> {
        let topics = convert::qrels_columns([query_ids, doc_ids, relevance])?;
        Self::build(topics, measures, relevance_level, judged_docs_only_flag)
    }

    /// The measures' keys in the order `evaluate` gives them.
    #[getter]
    fn measures(&self) -> Vec<String> {
        self.outputs.iter().map(|o| o.key.clone()).collect()
    }
}

impl RelevanceEvaluator {
    fn build(
        topics: judged::GivenQrels,
        measures: &Bound<'_, PyAny>,
        relevance_level: i64,
        judged_docs_only_flag: bool,
    ) -> PyResult<Self> {
        let names: Vec<String> = if let Ok(one) = measures.downcast::<PyString>() {
            vec![one.extract::<String>()?]
        } else {
            measures
                .try_iter()?
                .map(|m| m.and_then(|m| m.extract::<String>()))
                .collect::<PyResult<_>>()?
        };
        let mut names: Vec<&str> = names.iter().map(String::as_str).collect();
        // A set's iteration order is arbitrary: sorted, the outputs' order is reproducible.
        names.sort_unstable();
        let outputs = measures::resolve(names).map_err(PyValueError::new_err)?;
        let qrels = judged::build(topics, relevance_level).map_err(PyValueError::new_err)?;
        Ok(RelevanceEvaluator {
            qrels,
            outputs,
            judged_only: judged_docs_only_flag,
        })
    }

    /// Evaluates a converted run without the GIL and builds the result dict.
    fn evaluate_held<'py>(
        &self,
        py: Python<'py>,
        held: convert::Held<'py>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let run = held.topics();
        let keys = &held.keys;
        let values = py
            .allow_threads(|| {
                evaluation::evaluate(&self.qrels, &self.outputs, &run, self.judged_only)
            })
            .map_err(PyValueError::new_err)?;
        let names: Vec<Bound<'py, PyString>> = self
            .outputs
            .iter()
            .map(|o| PyString::intern(py, &o.key))
            .collect();
        let out = PyDict::new(py);
        for (i, topic) in values {
            let row = PyDict::new(py);
            for (name, v) in names.iter().zip(topic) {
                row.set_item(name, v)?;
            }
            out.set_item(&keys[i], row)?;
        }
        Ok(out)
    }
}

impl std::fmt::Debug for RelevanceEvaluator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RelevanceEvaluator")
            .field("topics", &self.qrels.topics.len())
            .field("outputs", &self.outputs)
            .finish()
    }
}

/// A qrels file (TREC or NTCIR; gzip read directly) as columns (query ids, document ids,
/// relevance): topics sorted, TREC's negative relevance as -1. Errors name the file, line and
/// cause.
#[pyfunction]
fn read_qrels_columns(path: std::path::PathBuf) -> PyResult<files::Columns<i64>> {
    files::read_qrels(&path).map_err(PyValueError::new_err)
}

/// A run file (TREC, or NTCIR res: scores minus the rank) as columns (query ids, document ids,
/// scores), each topic ranked as trec_eval ranks it.
#[pyfunction]
fn read_run_columns(path: std::path::PathBuf) -> PyResult<files::Columns<f64>> {
    files::read_run(&path).map_err(PyValueError::new_err)
}

/// The rank correlations of `evia-repro tau` between two scorings of the same runs (lists of
/// (run, score) pairs), as the JSON text of the CLI's row for one measure.
#[pyfunction]
#[pyo3(signature = (reference, compared, top_k = 10, rbo_p = evia_engine::ranking::rbo::DEFAULT_PERSISTENCE))]
fn tau_json(
    reference: Vec<(String, f64)>,
    compared: Vec<(String, f64)>,
    top_k: usize,
    rbo_p: f64,
) -> PyResult<String> {
    tau::tau_json(&reference, &compared, top_k, rbo_p).map_err(PyValueError::new_err)
}

/// Four columns of label rows: topics, documents, assessors, labels.
type LabelRows = (Vec<String>, Vec<String>, Vec<String>, Vec<i64>);

/// The agreement of `evia-repro agree` over a label file (`path`) or label rows (`rows`), as
/// the JSON text of `agree --format json --pairs full`; the options are the CLI's.
#[pyfunction]
#[pyo3(signature = (path, rows, *, layout, scale, header, columns, duplicates, kappa_se, weights_over, min_topic_items, relevant_from))]
#[allow(clippy::too_many_arguments)]
fn agree_json(
    py: Python<'_>,
    path: Option<std::path::PathBuf>,
    rows: Option<LabelRows>,
    layout: &str,
    scale: &str,
    header: bool,
    columns: Option<&str>,
    duplicates: &str,
    kappa_se: &str,
    weights_over: &str,
    min_topic_items: Option<usize>,
    relevant_from: Option<i32>,
) -> PyResult<String> {
    let options = agree::Options {
        layout,
        scale,
        header,
        columns,
        duplicates,
        kappa_se,
        weights_over,
        min_topic_items,
        relevant_from,
    };
    let source = match (&path, &rows) {
        (Some(path), None) => agree::Source::File(path),
        (None, Some((topics, docs, assessors, labels))) => agree::Source::Rows {
            topics,
            docs,
            assessors,
            labels,
        },
        _ => return Err(PyValueError::new_err("give either path or rows")),
    };
    py.allow_threads(|| agree::agree_json(&source, &options))
        .map_err(PyValueError::new_err)
}

/// A score matrix as values: topic ids, run names, one row of scores per topic.
type MatrixValues = (Vec<String>, Vec<String>, Vec<Vec<f64>>);

/// The report of `evia-repro hsd` on a matrix file (`path`) or values (`values`), as the JSON
/// text of `hsd --format json`; `threads` defaults to every core (the report does not depend on
/// it).
#[pyfunction]
#[pyo3(signature = (path, values, *, trials, seed, alpha, threads = None))]
fn hsd_json(
    py: Python<'_>,
    path: Option<std::path::PathBuf>,
    values: Option<MatrixValues>,
    trials: u64,
    seed: u64,
    alpha: f64,
    threads: Option<usize>,
) -> PyResult<String> {
    let source = match (&path, &values) {
        (Some(path), None) => hsd::Source::File(path),
        (None, Some((topics, runs, rows))) => hsd::Source::Values { topics, runs, rows },
        _ => return Err(PyValueError::new_err("give either path or values")),
    };
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    py.allow_threads(|| hsd::hsd_json(&source, trials, seed, alpha, threads))
        .map_err(PyValueError::new_err)
}

#[pymodule]
fn _evia(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RelevanceEvaluator>()?;
    m.add_function(wrap_pyfunction!(read_qrels_columns, m)?)?;
    m.add_function(wrap_pyfunction!(read_run_columns, m)?)?;
    m.add_function(wrap_pyfunction!(tau_json, m)?)?;
    m.add_function(wrap_pyfunction!(agree_json, m)?)?;
    m.add_function(wrap_pyfunction!(hsd_json, m)?)?;
    m.add(
        "supported_measures",
        PyFrozenSet::new(m.py(), measures::SUPPORTED)?,
    )?;
    Ok(())
}
