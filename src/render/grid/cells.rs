//! The text of one cell of a grid: the cell's format, and its number or numbers from the result
//! table written in that format's style for the target.

use super::{GridError, Target};
use crate::manifest::{Artefact, CellFormat, CellStyle, Header, Panel};
use crate::render::number::{format_below, format_count, format_number};
use crate::results::{ResultTable, VALUE};

/// The format of the cell at `row` × `column` of `panel`, or the error naming the artefact, panel,
/// row and column that have none.
pub(super) fn cell_format(
    artefact: &Artefact,
    panel: &Panel,
    row: &Header,
    column: &Header,
) -> Result<CellFormat, GridError> {
    panel
        .cell_format(row, column)
        .ok_or_else(|| GridError::NoFormat {
            artefact: artefact.id.to_string(),
            panel: panel.id.clone(),
            row: row.id.clone(),
            column: column.id.clone(),
        })
}

/// The text of one cell, or `None` when the table has no number for it.
pub(super) fn cell_text(
    table: &ResultTable,
    panel: &Panel,
    row: &Header,
    column: &Header,
    format: &CellFormat,
    target: Target,
) -> Option<String> {
    let minus = target.minus();
    let part = row.part.as_deref().or(column.part.as_deref());
    let get = |part: &str| table.get(&panel.id, &row.id, &column.id, part);
    let num = |v: f64| format_number(v, format, minus);
    let count = |v: f64| format_count(v, format, minus);
    match format.style {
        CellStyle::Number => {
            let part = part.unwrap_or(VALUE);
            let below = table.bold_threshold(&panel.id, &row.id, &column.id, part);
            get(part).map(|v| match below {
                Some(threshold) => format_below(v, threshold, format, minus),
                None => num(v),
            })
        }
        CellStyle::Count => part
            .map_or_else(|| get(VALUE).or_else(|| get("count")), get)
            .map(count),
        CellStyle::List => {
            let items: Vec<String> = (1..).map_while(|i| get(&i.to_string())).map(num).collect();
            (!items.is_empty()).then(|| items.join(" "))
        }
        CellStyle::EstimateCi => {
            let estimate = get("estimate").or_else(|| get("tau"))?;
            Some(format!(
                "{} [{}, {}]",
                num(estimate),
                num(get("ci_lo")?),
                num(get("ci_hi")?)
            ))
        }
        CellStyle::MeanMinMax => Some(format!(
            "{} ({}/{})",
            num(get("mean")?),
            num(get("min")?),
            num(get("max")?)
        )),
        CellStyle::Overlap => {
            let percent = if target == Target::Latex { "\\%" } else { "%" };
            Some(format!(
                "{}/{}/{} ({}{percent})",
                count(get("a")?),
                count(get("b")?),
                count(get("c")?),
                num(get("sso_pct")?)
            ))
        }
    }
}
