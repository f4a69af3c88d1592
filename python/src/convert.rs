//! Python dictionaries converted to the Rust values the evaluation takes. Only Python objects
//! are read (no numpy C API): `dict`s of `dict`s, `str` ids, `int` or `float` values.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt};

use crate::evaluation::RunTopic;
use crate::judged::{Given, GivenQrels};

/// A `str` key, or a `TypeError` naming what it is in.
fn id(key: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    key.extract::<String>()
        .map_err(|_| PyTypeError::new_err(format!("{what} {key} is not a str")))
}

/// `{query id: {document id: relevance}}`, relevance an `int` (a level) or a `float` (a gain
/// when it is not a whole number).
pub fn qrels(d: &Bound<'_, PyDict>) -> PyResult<GivenQrels> {
    let mut topics = Vec::with_capacity(d.len());
    for (topic, docs) in d.iter() {
        let topic = id(&topic, "query id")?;
        let docs = docs.downcast::<PyDict>().map_err(|_| {
            PyTypeError::new_err(format!("the judgements of query {topic} are not a dict"))
        })?;
        let mut judged = Vec::with_capacity(docs.len());
        for (doc, value) in docs.iter() {
            let doc = id(&doc, "document id")?;
            let given = if value.is_instance_of::<PyInt>() {
                Given::Level(value.extract::<i64>()?)
            } else if value.is_instance_of::<PyFloat>() {
                let v: f64 = value.extract()?;
                if v.is_finite() && v.fract() == 0.0 && v.abs() < 1e15 {
                    Given::Level(v as i64)
                } else {
                    Given::Real(v)
                }
            } else {
                return Err(PyTypeError::new_err(format!(
                    "the relevance of document {doc} for query {topic} is not an int or a float"
                )));
            };
            judged.push((doc, given));
        }
        topics.push((topic, judged));
    }
    Ok(topics)
}

/// `{query id: {document id: score}}`: the query id objects (to key the output with) and the
/// topics.
pub fn run<'py>(d: &Bound<'py, PyDict>) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<RunTopic>)> {
    let mut keys = Vec::with_capacity(d.len());
    let mut topics = Vec::with_capacity(d.len());
    for (key, docs) in d.iter() {
        let topic = id(&key, "query id")?;
        let docs = docs.downcast::<PyDict>().map_err(|_| {
            PyTypeError::new_err(format!("the scores of query {topic} are not a dict"))
        })?;
        let mut scored = Vec::with_capacity(docs.len());
        for (doc, score) in docs.iter() {
            let doc = id(&doc, "document id")?;
            let score: f64 = score.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the score of document {doc} for query {topic} is not a number"
                ))
            })?;
            scored.push((doc, score));
        }
        keys.push(key);
        topics.push(RunTopic {
            topic,
            docs: scored,
        });
    }
    Ok((keys, topics))
}
