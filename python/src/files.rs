//! Qrels and run files read by evia-tools' readers (`evia_tools::io`: TREC or NTCIR syntax, gzip
//! decompressed whatever the name, every error naming the file, line and cause) and returned as
//! columns for pandas.

use std::path::Path;

use evia_engine::measures::Relevance;
use evia_tools::io::qrels::{QrelsFormat, parse_level_qrels};
use evia_tools::io::read_text;
use evia_tools::io::run::{RunFormat, RunOrder, parse_run, resolve_format};

/// Query ids, document ids and one value per row.
pub type Columns<T> = (Vec<String>, Vec<String>, Vec<T>);

/// A qrels file (TREC `topic iter doc rel` or NTCIR `topic doc Lx`) as columns: topics sorted,
/// documents in file order; TREC's negative relevance (in the pool but unjudged) is -1.
pub fn read_qrels(path: &Path) -> Result<Columns<i64>, String> {
    let text = read_text(path).map_err(|e| e.to_string())?;
    let qrels = parse_level_qrels(path, &text, QrelsFormat::Auto).map_err(|e| e.to_string())?;
    let mut out: Columns<i64> = Default::default();
    for (topic, judged) in &qrels.topics {
        for j in judged {
            out.0.push((*topic).to_string());
            out.1.push(j.doc.to_string());
            out.2.push(match j.value {
                Relevance::Level(l) => i64::from(l),
                Relevance::Unjudged => -1,
            });
        }
    }
    Ok(out)
}

/// A run file (TREC, or NTCIR res with its file order as the ranking) as columns, each topic's
/// documents ranked as trec_eval ranks them (topics sorted). A res file has no scores: the
/// score is minus the rank, which ranks the same.
pub fn read_run(path: &Path) -> Result<Columns<f64>, String> {
    let text = read_text(path).map_err(|e| e.to_string())?;
    let res =
        resolve_format(path, &text, RunFormat::Auto).map_err(|e| e.to_string())? == RunFormat::Res;
    let run =
        parse_run(path, &text, RunFormat::Auto, RunOrder::Score).map_err(|e| e.to_string())?;
    let mut out: Columns<f64> = Default::default();
    for topic in &run {
        for (rank, d) in topic.docs.iter().enumerate() {
            out.0.push(topic.topic.to_string());
            out.1.push(d.doc.to_string());
            out.2.push(if res { -((rank + 1) as f64) } else { d.score });
        }
    }
    Ok(out)
}
