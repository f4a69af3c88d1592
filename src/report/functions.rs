//! The template functions a literate source calls (`artefact`, `value`, `printed`, `built`, …,
//! listed in the parent module's documentation), and the parameter and cell-format lookups they use.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use minijinja::{Environment, State, Value};

use crate::manifest::{Artefact, CellFormat};
use crate::model::{CellKey, VALUE};
use crate::published::PublishedFile;
use crate::render::number::format_value;
use crate::results::ResultTable;

use super::block::BlockContext;
use super::{Format, ReportInput, invalid, paper_artefacts, report_templates};

/// Registers `value`, `printed`, `built`, `artefact` (see the module documentation),
/// `robustness` (the data of the "How robust are the conclusions?" section, or none) and
/// `knob_space` (that of "What we do not know about the data", or none).
pub(super) fn register_functions(
    env: &mut Environment<'static>,
    input: &ReportInput<'_>,
    format: Format,
    blocks: &Arc<BTreeMap<String, BlockContext>>,
    placed: &Arc<Mutex<Vec<String>>>,
) {
    // Owned copies: minijinja functions must be 'static.
    let results: Arc<BTreeMap<String, ResultTable>> = Arc::new(input.results.clone());
    let artefacts: Arc<BTreeMap<String, Artefact>> = Arc::new(
        paper_artefacts(input.manifest, &input.paper.id)
            .into_iter()
            .map(|a| (a.id.to_string(), a.clone()))
            .collect(),
    );
    let printed: Arc<BTreeMap<CellKey, String>> = Arc::new(
        input
            .published
            .into_iter()
            .flat_map(PublishedFile::cells)
            .map(|c| (c.key(), c.printed.clone()))
            .collect(),
    );

    {
        let results = Arc::clone(&results);
        let artefacts = Arc::clone(&artefacts);
        env.add_function(
            "value",
            move |id: String,
                  panel: String,
                  row: String,
                  column: String,
                  part: Option<String>|
                  -> Result<String, minijinja::Error> {
                let part = part.unwrap_or_else(|| VALUE.to_string());
                let artefact = artefacts.get(&id).ok_or_else(|| {
                    invalid(format!("value(): no artefact `{id}` in this paper"))
                })?;
                let table = results.get(&id).ok_or_else(|| {
                    invalid(format!(
                        "value(): artefact `{id}` has no rebuilt results in this run; guard the prose with built(\"{id}\")"
                    ))
                })?;
                let column = artefact
                    .resolve_column(&column)
                    .map_err(|e| invalid(format!("value(): artefact `{id}`: {e}")))?;
                let number = table.get(&panel, &row, &column, &part).ok_or_else(|| {
                    invalid(format!(
                        "value(): artefact `{id}` has no cell {panel}/{row}/{column}/{part}"
                    ))
                })?;
                let cell_format = cell_format(artefact, &panel, &row, &column).ok_or_else(|| {
                    invalid(format!(
                        "value(): artefact `{id}` has no format for {panel}/{row}/{column} in its layout"
                    ))
                })?;
                Ok(format_value(number, &cell_format, format.minus()))
            },
        );
    }
    {
        let printed = Arc::clone(&printed);
        let artefacts = Arc::clone(&artefacts);
        let paper = input.paper.id.clone();
        env.add_function(
            "printed",
            move |id: String,
                  panel: String,
                  row: String,
                  column: String,
                  part: Option<String>|
                  -> Result<String, minijinja::Error> {
                let part = part.unwrap_or_else(|| VALUE.to_string());
                let column = match artefacts.get(&id) {
                    Some(artefact) => artefact
                        .resolve_column(&column)
                        .map_err(|e| invalid(format!("printed(): artefact `{id}`: {e}")))?,
                    None => column,
                };
                let key = CellKey::new(&id, &panel, &row, &column, &part);
                printed.get(&key).map(|p| format.escape(p)).ok_or_else(|| {
                    invalid(format!(
                        "printed(): paper {paper}'s published values have no cell {key}"
                    ))
                })
            },
        );
    }
    {
        let artefacts = Arc::clone(&artefacts);
        env.add_function(
            "param",
            move |id: String, name: String| -> Result<String, minijinja::Error> {
                let artefact = artefacts
                    .get(&id)
                    .ok_or_else(|| invalid(format!("param(): no artefact `{id}` in this paper")))?;
                parameter_text(artefact, &name).ok_or_else(|| {
                    invalid(format!(
                        "param(): artefact `{id}` has no parameter `{name}` in the manifest"
                    ))
                })
            },
        );
    }
    {
        let results = Arc::clone(&results);
        let artefacts = Arc::clone(&artefacts);
        env.add_function(
            "built",
            move |id: String| -> Result<bool, minijinja::Error> {
                if !artefacts.contains_key(&id) {
                    return Err(invalid(format!(
                        "built(): no artefact `{id}` in this paper"
                    )));
                }
                Ok(results.contains_key(&id))
            },
        );
    }
    let robustness = input
        .account
        .paper(&input.paper.id)
        .and_then(|p| p.robustness.as_ref())
        .map_or_else(|| Value::from(()), Value::from_serialize);
    env.add_function("robustness", move || robustness.clone());
    let knob_space = input
        .account
        .paper(&input.paper.id)
        .and_then(|p| p.knob_space.as_ref())
        .map_or_else(
            || Value::from(()),
            |s| Value::from_serialize(super::knob_space::view(s, format)),
        );
    env.add_function("knob_space", move || knob_space.clone());
    {
        let blocks = Arc::clone(blocks);
        let placed = Arc::clone(placed);
        let [_, block_template] = report_templates(format);
        env.add_function(
            "artefact",
            move |state: &State, id: String| -> Result<Value, minijinja::Error> {
                let block = blocks.get(&id).ok_or_else(|| {
                    invalid(format!("artefact(): no artefact `{id}` in this paper"))
                })?;
                let mut earlier = Vec::new();
                if let Ok(mut placed) = placed.lock() {
                    if placed.contains(&id) {
                        return Err(invalid(format!(
                            "artefact(): `{id}` is placed twice in the report"
                        )));
                    }
                    earlier.clone_from(&placed);
                    placed.push(id.clone());
                }
                let block = block.without_repeated_notes(&earlier, &blocks);
                let text = state
                    .env()
                    .get_template(block_template)?
                    .render(Value::from_serialize(&block))?;
                Ok(Value::from_safe_string(text))
            },
        );
    }
}

/// The format of cell `panel/row/column` of `artefact`'s layout (row over column over panel).
pub(crate) fn cell_format(
    artefact: &Artefact,
    panel: &str,
    row: &str,
    column: &str,
) -> Option<CellFormat> {
    let panel = artefact
        .layout
        .as_ref()?
        .panels
        .iter()
        .find(|p| p.id == panel)?;
    let row = panel.rows.iter().find(|r| r.id == row)?;
    let column = panel.columns.iter().find(|c| c.id == column)?;
    panel.cell_format(row, column)
}

/// A manifest parameter of `artefact` as prose: numbers as written in the manifest (`5000`, `0.05`),
/// lists joined with ", ", so that the literate sources quote an experiment's settings instead of typing
/// them. `None` when the parameter is absent.
pub(crate) fn parameter_text(artefact: &Artefact, name: &str) -> Option<String> {
    fn text(value: &serde_json::Value) -> Option<String> {
        match value {
            serde_json::Value::Null => None,
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            serde_json::Value::Bool(b) => Some(b.to_string()),
            serde_json::Value::Array(items) => Some(
                items
                    .iter()
                    .map(|v| text(v).unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            serde_json::Value::Object(_) => None,
        }
    }
    let parameters = serde_json::to_value(&artefact.parameters).ok()?;
    text(parameters.get(name)?)
}
