//! Python dictionaries converted to the Rust values the evaluation takes. Only Python objects
//! are read (no numpy C API): `dict`s of `dict`s, `str` ids, `int` or `float` values.

use pyo3::exceptions::PyTypeError;
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
/// the end of its documents, and every document's `str` object, its UTF-8 text and its score.
/// Holding a reference to each `str` keeps its text alive (a `str` is immutable) even if the
/// caller's dict is changed while the evaluation runs without the GIL; [`Held::topics`] borrows
/// the texts.
pub struct Held<'py> {
    pub keys: Vec<Bound<'py, PyAny>>,
    topics: Vec<(String, usize)>,
    strs: Vec<Bound<'py, PyString>>,
    /// Each `strs` entry's UTF-8 text and its score.
    docs: Vec<(Text, f64)>,
}

/// The UTF-8 text of a `str` that a [`Held`] holds, borrowed from the object (CPython caches it
/// there): no copy. Only [`Held`] makes one, for a `str` it keeps alive, and hands it out only
/// by reference, so a `&Text` never outlives the object.
#[derive(Debug)]
pub struct Text {
    data: *const u8,
    len: usize,
}

// SAFETY: a `Text` points to the immutable UTF-8 buffer of a `str` that its `Held` keeps alive;
// reading it from another thread (the evaluation runs on two, without the GIL) is a read of
// immutable bytes.
unsafe impl Sync for Text {}

impl Text {
    pub fn as_str(&self) -> &str {
        // SAFETY: `data` and `len` are the UTF-8 buffer of a live `str` (see the type), valid
        // UTF-8 (CPython refuses to make one for a string with lone surrogates).
        unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(self.data, self.len)) }
    }
}

/// The UTF-8 text of a `str` (pointer and length), borrowed from the object, which caches it:
/// no copy. Valid while the object lives.
fn utf8(s: &Bound<'_, PyString>) -> PyResult<Text> {
    // `PyUnicode_AsUTF8AndSize` is in every CPython >= 3.3 but in the limited API only from 3.10,
    // so PyO3's abi3-py39 bindings do not declare it; every Unix build of CPython exports it.
    unsafe extern "C" {
        fn PyUnicode_AsUTF8AndSize(
            o: *mut pyo3::ffi::PyObject,
            size: *mut pyo3::ffi::Py_ssize_t,
        ) -> *const std::ffi::c_char;
    }
    let mut size: pyo3::ffi::Py_ssize_t = 0;
    // SAFETY: `s` is a live `str` and the GIL is held.
    let data = unsafe { PyUnicode_AsUTF8AndSize(s.as_ptr(), &mut size) };
    if data.is_null() {
        return Err(PyErr::fetch(s.py()));
    }
    Ok(Text {
        data: data.cast::<u8>(),
        len: usize::try_from(size).unwrap_or(0),
    })
}

/// `{query id: {document id: score}}`, read into [`Held`].
pub fn run<'py>(d: &Bound<'py, PyDict>) -> PyResult<Held<'py>> {
    let mut held = Held {
        keys: Vec::with_capacity(d.len()),
        topics: Vec::with_capacity(d.len()),
        strs: Vec::new(),
        docs: Vec::new(),
    };
    for (key, docs) in d.iter() {
        let topic = id(&key, "query id")?;
        let docs = docs.downcast::<PyDict>().map_err(|_| {
            PyTypeError::new_err(format!("the scores of query {topic} are not a dict"))
        })?;
        held.strs.reserve(docs.len());
        held.docs.reserve(docs.len());
        for (doc, score) in docs.iter() {
            let doc = doc.downcast_into::<PyString>().map_err(|e| {
                PyTypeError::new_err(format!(
                    "document id {} of query {topic} is not a str",
                    e.into_inner()
                ))
            })?;
            let score: f64 = score.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the score of document {doc} for query {topic} is not a number"
                ))
            })?;
            held.docs.push((utf8(&doc)?, score));
            held.strs.push(doc);
        }
        held.keys.push(key);
        held.topics.push((topic, held.strs.len()));
    }
    Ok(held)
}

impl Held<'_> {
    /// The topics, their documents borrowed from the held `str`s.
    pub fn topics(&self) -> Vec<RunTopic<'_>> {
        let mut start = 0;
        let mut out = Vec::with_capacity(self.topics.len());
        for (topic, end) in &self.topics {
            out.push(RunTopic {
                topic: topic.clone(),
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
    type Topic<'py> = (Bound<'py, PyAny>, String, Vec<(Bound<'py, PyString>, f64)>);
    let mut topics: Vec<Topic<'py>> = Vec::new();
    let mut last: Option<(Bound<'py, PyAny>, usize)> = None;
    for row in rows(columns)? {
        let [topic, doc, score] = row?;
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
        let doc = doc.downcast_into::<PyString>().map_err(|e| {
            PyTypeError::new_err(format!(
                "document id {} of query {} is not a str",
                e.into_inner(),
                entry.1
            ))
        })?;
        let score: f64 = score.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "the score of document {doc} for query {} is not a number",
                entry.1
            ))
        })?;
        entry.2.push((doc, score));
    }
    let n = topics.iter().map(|t| t.2.len()).sum();
    let mut held = Held {
        keys: Vec::with_capacity(topics.len()),
        topics: Vec::with_capacity(topics.len()),
        strs: Vec::with_capacity(n),
        docs: Vec::with_capacity(n),
    };
    for (key, name, docs) in topics {
        for (doc, score) in docs {
            held.docs.push((utf8(&doc)?, score));
            held.strs.push(doc);
        }
        held.keys.push(key);
        held.topics.push((name, held.strs.len()));
    }
    Ok(held)
}
