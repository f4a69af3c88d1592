//! Which columns of a long label file hold the topic, the document, the assessor and the label
//! (`--columns`), by header name or by position, so that a file can be read as it comes: with a
//! header line, its columns in any order, and extra columns (a gold label, a time stamp) ignored.
//!
//! Written `topic=A,doc=B,assessor=C,label=D`, where each reference is a 1-based position (`3`) or
//! a name of the header line (`workerID`, which needs `--header`); or as four references in that
//! order (`1,3,2,5`). The topic may be left out (keyed form only): every document then belongs to
//! one topic, named [`ONE_TOPIC`], as for crowd data that has no topics.

use std::fmt;
use std::str::FromStr;

/// The topic of every document when the columns name no topic column.
pub const ONE_TOPIC: &str = "all";

/// The most columns a reference may point at (a bound on the fields split from each line).
pub const MAX_COLUMN: usize = 1000;

/// One column: its 1-based position or a name in the header line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnRef {
    Position(usize),
    Name(String),
}

impl fmt::Display for ColumnRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColumnRef::Position(p) => write!(f, "{p}"),
            ColumnRef::Name(n) => f.write_str(n),
        }
    }
}

/// The four roles' columns as given (`--columns`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelColumns {
    pub topic: Option<ColumnRef>,
    pub doc: ColumnRef,
    pub assessor: ColumnRef,
    pub label: ColumnRef,
}

/// A `--columns` value that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected `topic=COL,doc=COL,assessor=COL,label=COL` (topic optional) or four columns `COL,COL,COL,COL` in that order, each a position from 1 to {MAX_COLUMN} or a header name; {0}"
)]
pub struct ColumnsError(String);

impl ColumnRef {
    fn parse(text: &str) -> Result<Self, ColumnsError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ColumnsError("a column is empty".to_string()));
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            return match text.parse::<usize>() {
                Ok(p) if (1..=MAX_COLUMN).contains(&p) => Ok(ColumnRef::Position(p)),
                _ => Err(ColumnsError(format!("position `{text}` is out of range"))),
            };
        }
        Ok(ColumnRef::Name(text.to_string()))
    }
}

impl FromStr for LabelColumns {
    type Err = ColumnsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = s.split(',').collect();
        if parts.iter().all(|p| !p.contains('=')) {
            let [topic, doc, assessor, label] = parts.as_slice() else {
                return Err(ColumnsError(format!(
                    "`{s}` names {} column(s)",
                    parts.len()
                )));
            };
            return Ok(LabelColumns {
                topic: Some(ColumnRef::parse(topic)?),
                doc: ColumnRef::parse(doc)?,
                assessor: ColumnRef::parse(assessor)?,
                label: ColumnRef::parse(label)?,
            });
        }
        let mut roles: [Option<ColumnRef>; 4] = [None, None, None, None];
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| ColumnsError(format!("`{part}` has no `=`")))?;
            let slot = match key.trim() {
                "topic" => 0,
                "doc" => 1,
                "assessor" => 2,
                "label" => 3,
                other => {
                    return Err(ColumnsError(format!(
                        "unknown role `{other}` (topic, doc, assessor, label)"
                    )));
                }
            };
            if roles[slot].is_some() {
                return Err(ColumnsError(format!("`{}` is given twice", key.trim())));
            }
            roles[slot] = Some(ColumnRef::parse(value)?);
        }
        let [topic, doc, assessor, label] = roles;
        let need = |r: Option<ColumnRef>, role: &str| {
            r.ok_or_else(|| ColumnsError(format!("`{role}=` is missing")))
        };
        Ok(LabelColumns {
            topic,
            doc: need(doc, "doc")?,
            assessor: need(assessor, "assessor")?,
            label: need(label, "label")?,
        })
    }
}

impl fmt::Display for LabelColumns {
    /// The keyed form, which parses back to the same columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(topic) = &self.topic {
            write!(f, "topic={topic},")?;
        }
        write!(
            f,
            "doc={},assessor={},label={}",
            self.doc, self.assessor, self.label
        )
    }
}

impl LabelColumns {
    /// The default: positions 1 to 4 (`topic doc assessor label`).
    pub fn first_four() -> Self {
        LabelColumns {
            topic: Some(ColumnRef::Position(1)),
            doc: ColumnRef::Position(2),
            assessor: ColumnRef::Position(3),
            label: ColumnRef::Position(4),
        }
    }

    /// The 0-based indices of (topic, doc, assessor, label) in a line, the names looked up in
    /// `header` (the header line's fields), or why they cannot be.
    pub fn resolve(&self, header: Option<&[&str]>) -> Result<ResolvedColumns, String> {
        let index = |c: &ColumnRef, role: &str| -> Result<usize, String> {
            match c {
                ColumnRef::Position(p) => Ok(p - 1),
                ColumnRef::Name(name) => {
                    let Some(header) = header else {
                        return Err(format!(
                            "--columns names the {role} column `{name}`, but the file is read without a header; pass --header, or give its position"
                        ));
                    };
                    let hits: Vec<usize> = header
                        .iter()
                        .enumerate()
                        .filter(|(_, h)| **h == name)
                        .map(|(i, _)| i)
                        .collect();
                    match hits.as_slice() {
                        [i] => Ok(*i),
                        [] => Err(format!(
                            "the header has no column `{name}` (the {role} column of --columns); it has: {}",
                            header.join(", ")
                        )),
                        _ => Err(format!(
                            "the header names `{name}` {} times; give the {role} column by position",
                            hits.len()
                        )),
                    }
                }
            }
        };
        let resolved = ResolvedColumns {
            topic: self.topic.as_ref().map(|c| index(c, "topic")).transpose()?,
            doc: index(&self.doc, "doc")?,
            assessor: index(&self.assessor, "assessor")?,
            label: index(&self.label, "label")?,
        };
        let mut all: Vec<usize> = resolved.topic.into_iter().collect();
        all.extend([resolved.doc, resolved.assessor, resolved.label]);
        let mut sorted = all.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != all.len() {
            return Err("--columns gives two roles the same column".to_string());
        }
        Ok(resolved)
    }
}

/// The 0-based column of each role in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResolvedColumns {
    pub topic: Option<usize>,
    pub doc: usize,
    pub assessor: usize,
    pub label: usize,
}

impl ResolvedColumns {
    /// How many fields a line must have at least.
    pub fn needed(&self) -> usize {
        1 + self
            .topic
            .unwrap_or(0)
            .max(self.doc)
            .max(self.assessor)
            .max(self.label)
    }
}

/// How the cells of a header line, and of the lines under it, are split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cells {
    /// At every tab, each cell kept (an empty cell is a column), without surrounding spaces: a
    /// header line with a tab is tab-separated (pandas' `to_csv(sep="\t")` writes its index
    /// column's name as an empty first cell).
    Tabs,
    /// At runs of ASCII whitespace.
    Whitespace,
}

impl Cells {
    /// How the header line `line` and the lines under it are split: at tabs when it holds one.
    pub fn of_header(line: &str) -> Self {
        if line.contains('\t') {
            Cells::Tabs
        } else {
            Cells::Whitespace
        }
    }

    /// The cells of `line`.
    pub fn split(self, line: &str) -> Vec<&str> {
        match self {
            Cells::Tabs => line.split('\t').map(|c| c.trim_matches(' ')).collect(),
            Cells::Whitespace => line.split_ascii_whitespace().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn columns_are_given_by_role_or_in_order() {
        let keyed: LabelColumns = "doc=docID,assessor=3,label=label,topic=1".parse().unwrap();
        assert_eq!(keyed.doc, ColumnRef::Name("docID".into()));
        assert_eq!(keyed.assessor, ColumnRef::Position(3));
        let ordered: LabelColumns = "1,3,2,5".parse().unwrap();
        let r = ordered.resolve(None).unwrap();
        assert_eq!((r.topic, r.doc, r.assessor, r.label), (Some(0), 2, 1, 4));
        assert_eq!(r.needed(), 5);
        let no_topic: LabelColumns = "doc=2,assessor=3,label=4".parse().unwrap();
        assert_eq!(no_topic.topic, None);
        for c in [keyed, ordered, no_topic] {
            assert_eq!(c.to_string().parse::<LabelColumns>().unwrap(), c);
        }
        for bad in [
            "1,2,3",
            "doc=1,label=2",
            "doc=1,doc=2,assessor=3,label=4",
            "doc=0,assessor=1,label=2",
            "who=1,doc=2,assessor=3,label=4",
            "1,,3,4",
        ] {
            assert!(bad.parse::<LabelColumns>().is_err(), "{bad}");
        }
    }

    /// A tab-separated header keeps its empty cells, so that names resolve to the data's columns.
    #[test]
    fn an_empty_header_cell_is_a_column() {
        let line = "\ttopic\tdoc\tassessor\tlabel";
        let cells = Cells::of_header(line);
        assert_eq!(cells, Cells::Tabs);
        let header = cells.split(line);
        assert_eq!(header, ["", "topic", "doc", "assessor", "label"]);
        let c: LabelColumns = "topic=topic,doc=doc,assessor=assessor,label=label"
            .parse()
            .unwrap();
        let r = c.resolve(Some(&header)).unwrap();
        assert_eq!((r.topic, r.doc, r.assessor, r.label), (Some(1), 2, 3, 4));
        assert_eq!(cells.split("0\tT1\td1\ta\t1"), ["0", "T1", "d1", "a", "1"]);
        assert_eq!(Cells::of_header("a b  c").split("x  y z"), ["x", "y", "z"]);
    }

    #[test]
    fn names_are_looked_up_in_the_header() {
        let c: LabelColumns = "topic=topicID,doc=docID,assessor=workerID,label=label"
            .parse()
            .unwrap();
        let header = ["topicID", "workerID", "docID", "gold", "label"];
        let r = c.resolve(Some(&header)).unwrap();
        assert_eq!((r.topic, r.doc, r.assessor, r.label), (Some(0), 2, 1, 4));
        let err = c.resolve(None).unwrap_err();
        assert!(err.contains("pass --header"), "{err}");
        let err = c.resolve(Some(&["topicID", "docID"])).unwrap_err();
        assert!(err.contains("no column `workerID`"), "{err}");
        let same: LabelColumns = "1,1,2,3".parse().unwrap();
        assert!(same.resolve(None).is_err());
    }
}
