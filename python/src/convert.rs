//! Python dictionaries converted to the Rust values the evaluation takes. Only Python objects
//! are read (no numpy C API): `dict`s of `dict`s, `str` ids, `int` or `float` values.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyString};

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

/// A run as read from Python: the query id objects (to key the output with), each topic's id and
/// the end of its documents, and every document's id and score. The ids are copied into one
/// arena (`ids`, each document an [`IdSpan`] into it) rather than one `String` each: two
/// allocations for the whole run, and the evaluation, which runs without the GIL, holds no
/// Python object.
pub struct Held<'py> {
    pub keys: Vec<Bound<'py, PyAny>>,
    topics: Vec<(String, usize)>,
    ids: String,
    docs: Vec<(IdSpan, f64)>,
}

/// Where a document id lies in its run's arena of ids (byte offset and length).
#[derive(Debug, Clone, Copy)]
pub struct IdSpan {
    start: usize,
    len: usize,
}

impl IdSpan {
    /// The id in `ids`, the arena of the [`Held`] that made the span.
    pub fn get<'a>(&self, ids: &'a str) -> &'a str {
        // The arena was built from whole `str`s, so both ends are on character boundaries.
        ids.get(self.start..self.start + self.len)
            .unwrap_or_default()
    }
}

/// A run's arena being filled: the ids' UTF-8 bytes and each document's span and score.
#[derive(Default)]
struct Arena {
    bytes: Vec<u8>,
    docs: Vec<(IdSpan, f64)>,
}

impl Arena {
    /// Appends a document: its id's UTF-8 text (`str.encode()`, which the limited API of every
    /// CPython >= 3.3 offers) and its score.
    fn push(&mut self, doc: &Bound<'_, PyString>, score: f64) -> PyResult<()> {
        let utf8 = doc.encode_utf8()?;
        let text = utf8.as_bytes();
        self.docs.push((
            IdSpan {
                start: self.bytes.len(),
                len: text.len(),
            },
            score,
        ));
        self.bytes.extend_from_slice(text);
        Ok(())
    }

    /// The arena's text. Every span was UTF-8 encoded by Python, so the check never fails.
    fn text(bytes: Vec<u8>) -> PyResult<String> {
        String::from_utf8(bytes).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// A document id as a `str`, or a `TypeError` naming the query.
fn doc_str<'py>(doc: Bound<'py, PyAny>, topic: &str) -> PyResult<Bound<'py, PyString>> {
    doc.downcast_into::<PyString>().map_err(|e| {
        PyTypeError::new_err(format!(
            "document id {} of query {topic} is not a str",
            e.into_inner()
        ))
    })
}

/// A score as a double, or a `TypeError` naming the document and query.
fn score_of(value: &Bound<'_, PyAny>, doc: &Bound<'_, PyString>, topic: &str) -> PyResult<f64> {
    value.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "the score of document {doc} for query {topic} is not a number"
        ))
    })
}

/// `{query id: {document id: score}}`, read into [`Held`].
pub fn run<'py>(d: &Bound<'py, PyDict>) -> PyResult<Held<'py>> {
    let mut keys = Vec::with_capacity(d.len());
    let mut topics = Vec::with_capacity(d.len());
    let mut arena = Arena::default();
    for (key, docs) in d.iter() {
        let topic = id(&key, "query id")?;
        let docs = docs.downcast::<PyDict>().map_err(|_| {
            PyTypeError::new_err(format!("the scores of query {topic} are not a dict"))
        })?;
        arena.docs.reserve(docs.len());
        for (doc, value) in docs.iter() {
            let doc = doc_str(doc, &topic)?;
            let score = score_of(&value, &doc, &topic)?;
            arena.push(&doc, score)?;
        }
        keys.push(key);
        topics.push((topic, arena.docs.len()));
    }
    Ok(Held {
        keys,
        topics,
        ids: Arena::text(arena.bytes)?,
        docs: arena.docs,
    })
}

impl Held<'_> {
    /// The topics, their documents borrowed from the arena.
    pub fn topics(&self) -> Vec<RunTopic<'_>> {
        let mut start = 0;
        let mut out = Vec::with_capacity(self.topics.len());
        for (topic, end) in &self.topics {
            out.push(RunTopic {
                topic: topic.clone(),
                ids: &self.ids,
                docs: &self.docs[start..*end],
            });
            start = *end;
        }
        out
    }
}

/// Three columns (any iterables of equal length, such as the lists of `Series.tolist()`) as rows.
fn rows<'py>(
    columns: [&Bound<'py, PyAny>; 3],
) -> PyResult<impl Iterator<Item = PyResult<[Bound<'py, PyAny>; 3]>>> {
    let [a, b, c] = columns;
    let (mut a, mut b, mut c) = (a.try_iter()?, b.try_iter()?, c.try_iter()?);
    Ok(std::iter::from_fn(move || {
        match (a.next(), b.next(), c.next()) {
            (None, None, None) => None,
            (Some(x), Some(y), Some(z)) => Some(x.and_then(|x| Ok([x, y?, z?]))),
            _ => Some(Err(PyTypeError::new_err(
                "the query id, document id and value columns differ in length",
            ))),
        }
    }))
}

/// A qrels given as columns (query ids, document ids, relevance), grouped by query in the order
/// the queries first appear.
pub fn qrels_columns(columns: [&Bound<'_, PyAny>; 3]) -> PyResult<GivenQrels> {
    let d = PyDict::new(columns[0].py());
    for row in rows(columns)? {
        let [topic, doc, value] = row?;
        let docs = match d.get_item(&topic)? {
            Some(docs) => docs,
            None => {
                let docs = PyDict::new(d.py()).into_any();
                d.set_item(&topic, &docs)?;
                docs
            }
        };
        docs.downcast::<PyDict>()?.set_item(doc, value)?;
    }
    qrels(&d)
}

/// A run given as columns (query ids, document ids, scores), grouped by query in the order the
/// queries first appear.
pub fn run_columns<'py>(columns: [&Bound<'py, PyAny>; 3]) -> PyResult<Held<'py>> {
    use std::collections::HashMap;
    let mut slots: HashMap<String, usize> = HashMap::new();
    /// A topic's id object, id and scored documents.
    type Topic<'py> = (
        Bound<'py, PyAny>,
        String,
        Vec<(Bound<'py, PyString>, f64, usize)>,
    );
    let mut topics: Vec<Topic<'py>> = Vec::new();
    let mut last: Option<(Bound<'py, PyAny>, usize)> = None;
    for (row, fields) in rows(columns)?.enumerate() {
        let [topic, doc, score] = fields?;
        let slot = match &last {
            Some((t, s)) if t.is(&topic) || t.eq(&topic)? => *s,
            _ => {
                let name = id(&topic, "query id")?;
                let s = *slots.entry(name.clone()).or_insert_with(|| {
                    topics.push((topic.clone(), name, Vec::new()));
                    topics.len() - 1
                });
                last = Some((topic, s));
                s
            }
        };
        let entry = &mut topics[slot];
        let doc = doc_str(doc, &entry.1)?;
        let score = score_of(&score, &doc, &entry.1)?;
        entry.2.push((doc, score, row));
    }
    let mut keys = Vec::with_capacity(topics.len());
    let mut ends = Vec::with_capacity(topics.len());
    let mut arena = Arena {
        bytes: Vec::new(),
        docs: Vec::with_capacity(topics.iter().map(|t| t.2.len()).sum()),
    };
    let mut rows_of = Vec::with_capacity(arena.docs.capacity());
    for (key, name, docs) in topics {
        for (doc, score, row) in docs {
            arena.push(&doc, score)?;
            rows_of.push(row);
        }
        keys.push(key);
        ends.push((name, arena.docs.len()));
    }
    let held = Held {
        keys,
        topics: ends,
        ids: Arena::text(arena.bytes)?,
        docs: arena.docs,
    };
    refuse_repeats(&held, &rows_of)?;
    Ok(held)
}

/// A document listed twice for one query is an error naming both rows (0-based, as a
/// DataFrame's positions), as `evia-repro eval` refuses a run file that retrieves a document
/// twice: counted at each rank, it would inflate every measure. (A dict's keys cannot repeat.)
fn refuse_repeats(held: &Held<'_>, rows_of: &[usize]) -> PyResult<()> {
    let mut start = 0;
    let mut order: Vec<usize> = Vec::new();
    for (name, end) in &held.topics {
        order.clear();
        order.extend(start..*end);
        let id = |i: usize| held.docs[i].0.get(&held.ids);
        order.sort_unstable_by(|&a, &b| id(a).cmp(id(b)).then(rows_of[a].cmp(&rows_of[b])));
        if let Some(w) = order.windows(2).find(|w| id(w[0]) == id(w[1])) {
            return Err(PyValueError::new_err(format!(
                "row {}: document {} is listed again for query {name} (first in row {}); a run lists each document once per query",
                rows_of[w[1]],
                id(w[1]),
                rows_of[w[0]]
            )));
        }
        start = *end;
    }
    Ok(())
}
