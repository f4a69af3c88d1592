//! The layouts of the study's artefacts: paper B's rows and columns rewritten for the user's
//! assessors, label scale, qrels versions, topic sets and measures.

use crate::manifest::{Header, Label, Layout, Panel};
use crate::papers::lancers::params::QrelsVersionDef;
use crate::papers::lancers::standin::scores::Measure;

/// Every pair of `assessors` in their order: its id (`a-b`, as B.T1 names pairs) and the two names.
pub(super) fn pairs(assessors: &[String]) -> Vec<(String, (&str, &str))> {
    let mut out = Vec::new();
    for (i, a) in assessors.iter().enumerate() {
        for b in &assessors[i + 1..] {
            out.push((format!("{a}-{b}"), (a.as_str(), b.as_str())));
        }
    }
    out
}

/// Whether `layout` is one `main` panel (conditions as rows, measures as columns: B.T5, B.T8)
/// rather than one panel per measure (B.T4, B.T7).
pub(super) fn is_main_panel(layout: &Layout) -> bool {
    layout.panels.len() == 1 && layout.panels[0].id == "main"
}

pub(super) fn header(id: &str, label: &str) -> Header {
    Header {
        id: id.to_string(),
        label: Label::Plain(label.to_string()),
        part: None,
        format: None,
    }
}

/// A panel tag: `a`, `b`, … `z`, then `27`, `28`, … (paper B labels its panels `(a)`–`(c)`).
fn tag(i: usize) -> String {
    u8::try_from(i)
        .ok()
        .filter(|&i| i < 26)
        .map_or_else(|| (i + 1).to_string(), |i| char::from(b'a' + i).to_string())
}

/// B.T1: one confusion-matrix panel per pair (rows and columns the labels `0..MAX`, paper B's
/// count format), then paper B's statistics rows with one column per pair.
pub(super) fn agreement_layout(b: &Layout, assessors: &[String], max_label: u8) -> Option<Layout> {
    let count = b.panels.first()?;
    let statistics = b.panels.iter().find(|p| p.id == "statistics")?;
    let grades: Vec<Header> = (0..=max_label)
        .map(|l| header(&l.to_string(), &l.to_string()))
        .collect();
    let pairs = pairs(assessors);
    let mut panels: Vec<Panel> = pairs
        .iter()
        .enumerate()
        .map(|(i, (id, (a, b)))| Panel {
            id: id.clone(),
            label: Some(Label::Plain(format!(
                "({}) {a} (rows) vs. {b} (columns): raw counts",
                tag(i)
            ))),
            stub: None,
            stub_width: None,
            format: count.format,
            drawn_by_figure: false,
            rows: grades.clone(),
            columns: grades.clone(),
        })
        .collect();
    panels.push(Panel {
        columns: pairs
            .iter()
            .enumerate()
            .map(|(i, (id, (a, b)))| header(id, &format!("({}) {a} vs. {b}", tag(i))))
            .collect(),
        ..statistics.clone()
    });
    Some(Layout {
        stub: b.stub.clone(),
        panels,
    })
}

/// B.T2: one row per version, columns `L0` … the highest level of any version, then paper B's
/// total column.
pub(super) fn level_layout(
    b: &Layout,
    defs: &[QrelsVersionDef],
    max_label: u8,
    versions: Vec<Header>,
) -> Option<Layout> {
    let main = b.panels.first()?;
    let total = main.columns.last()?.clone();
    let top = defs
        .iter()
        .map(|v| v.assessors.len() * usize::from(max_label))
        .max()?;
    let mut columns: Vec<Header> = (0..=top)
        .map(|l| header(&format!("L{l}"), &format!("L{l}")))
        .collect();
    columns.push(total);
    Some(Layout {
        stub: b.stub.clone(),
        panels: vec![Panel {
            rows: versions,
            columns,
            ..main.clone()
        }],
    })
}

/// One panel per measure (`(a) Mean nDCG@10`, …), with paper B's format of its first panel.
fn measure_panels(
    b: &Layout,
    measures: &[Measure],
    rows: &[Header],
    columns: &[Header],
) -> Vec<Panel> {
    let format = b.panels.first().and_then(|p| p.format);
    measures
        .iter()
        .enumerate()
        .map(|(i, m)| Panel {
            id: m.printed_name(),
            label: Some(Label::Plain(format!(
                "({}) Mean {}",
                tag(i),
                m.printed_name()
            ))),
            stub: None,
            stub_width: None,
            format,
            drawn_by_figure: false,
            rows: rows.to_vec(),
            columns: columns.to_vec(),
        })
        .collect()
}

/// B.T3, B.T4, B.T6, B.T7: the upper triangle over `conditions` per measure; B.T5, B.T8 (one
/// `main` panel): every condition by measure.
pub(super) fn conditions_layout(
    b: &Layout,
    measures: &[Measure],
    conditions: Vec<Header>,
) -> Option<Layout> {
    if is_main_panel(b) {
        let main = b.panels.first()?;
        let columns: Vec<Header> = measures
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let name = m.printed_name();
                header(&name, &format!("({}) Mean {name}", tag(i)))
            })
            .collect();
        return Some(Layout {
            stub: b.stub.clone(),
            panels: vec![Panel {
                rows: conditions,
                columns,
                ..main.clone()
            }],
        });
    }
    let n = conditions.len();
    let rows = &conditions[..n.saturating_sub(1)];
    let columns = &conditions[n.min(1)..];
    Some(Layout {
        stub: b.stub.clone(),
        panels: measure_panels(b, measures, rows, columns),
    })
}

/// B.F1, B.F2: one panel per measure, one series per condition, rows (runs) at run time, sorted
/// by the first series (as the figures draw them).
pub(super) fn series_layout(
    b: &Layout,
    measures: &[Measure],
    conditions: Vec<Header>,
) -> Option<Layout> {
    let first = conditions.first()?.label.text().to_string();
    Some(Layout {
        stub: Some(Label::Plain(format!(
            "runs, sorted by their mean {first} score"
        ))),
        panels: measure_panels(b, measures, &[], &conditions),
    })
}
