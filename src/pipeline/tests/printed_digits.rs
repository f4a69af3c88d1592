//! A robustness study prints each headline number as the paper printed it: the study's `printed`
//! column keeps the digits of the published token (paper B's SSO `80.0%` reads `80.0`, not `80`;
//! paper A's tau `1` reads `1`).

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use crate::papers::Context;
use crate::pipeline::reproduce::{load_published, manifest_path, rebuild};
use crate::render::grid::{Target, layout};

use super::common;

/// `token` as a plain number: no `%`, an ASCII minus, a leading zero before the point.
fn plain(token: &str) -> String {
    let t = token
        .trim_end_matches('%')
        .replace('\u{2212}', "-")
        .replace("**", "");
    match t.strip_prefix('.') {
        Some(rest) => format!("0.{rest}"),
        None => t,
    }
}

#[test]
fn robustness_printed_values_keep_the_printed_digits() {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root))
        .unwrap()
        .with_replicates(2)
        .with_design_points(common::TEST_DESIGN_POINTS);
    let published = load_published(&manifest, &root).unwrap();
    // Every printed token by its address `<table>/<panel>/<row>/<column>/<part>`.
    let tokens: BTreeMap<String, String> = published
        .iter()
        .flat_map(|f| f.cells())
        .map(|c| {
            (
                format!("{}/{}/{}/{}/{}", c.table, c.panel, c.row, c.column, c.part),
                c.printed.clone(),
            )
        })
        .collect();
    let chosen: Vec<_> = manifest
        .artefacts
        .iter()
        .filter(|a| ["A.R1", "B.R1"].contains(&a.id.as_str()))
        .collect();
    let context = Context::new(root.clone(), manifest.seed);
    let results = rebuild(&manifest, &chosen, &context).unwrap();
    for artefact in chosen {
        let table = &results[artefact.id.as_str()];
        let mut checked = 0;
        let panels = &artefact.layout.as_ref().unwrap().panels;
        for (panel, rows) in &table.dynamic_rows {
            // The panels of headline numbers: those with a `printed` column.
            let shows_printed = panels
                .iter()
                .any(|p| &p.id == panel && p.columns.iter().any(|c| c.id == "printed"));
            if !shows_printed {
                continue;
            }
            for row in rows {
                let Some(token) = tokens.get(&row.id) else {
                    continue;
                };
                // The study's table with this one headline row: its grid has one cell,
                // `band · printed`.
                let mut one = table.clone();
                one.dynamic_rows = BTreeMap::from([(panel.clone(), vec![row.clone()])]);
                let grid = layout(artefact, &one, Target::Markdown).unwrap();
                let cells: Vec<&String> = grid
                    .panels
                    .iter()
                    .flat_map(|p| p.rows.iter().flat_map(|r| r.cells.iter()))
                    .filter(|c| c.contains(" · "))
                    .collect();
                assert_eq!(cells.len(), 1, "{}: {cells:?}", row.id);
                let shown = cells[0].rsplit(" · ").next().unwrap();
                assert_eq!(
                    plain(shown),
                    plain(token),
                    "{} {}: printed `{token}`, shown `{shown}`",
                    artefact.id,
                    row.id
                );
                checked += 1;
            }
        }
        assert!(
            checked >= 45,
            "{}: only {checked} printed values",
            artefact.id
        );
    }
}
