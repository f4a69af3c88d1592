//! Consecutive LaTeX panels that share their columns set as one table: A.R1's and B.R1's claims by
//! verdict ((a) nearly always, (b) coin flips, (c) unsupported) have the same stub, stub width and
//! header, so the header and rules are set once and each panel opens with its label as a heading
//! row ([`GridRow::group`]), as the measures of a Dmax × N grid already do
//! ([`crate::render::grid`]). Every row and cell stays; only the repeated header, rules and the
//! space between tables go. Only panels with a set stub width (rows of a claim's words, whose rows
//! carry no group of their own) fold, so the paper's own tables keep their panels.

use super::grid::{Grid, GridPanel};

/// `grid` with each run of consecutive foldable panels (module documentation) of the same stub,
/// stub width and header merged into one panel without a label, each former panel's label heading
/// its rows. A panel without rows ends a run and stays a panel of its own: `tables.tex` prints it
/// as an empty table, which says the verdict has no claim.
pub fn fold_shared_panels(grid: Grid) -> Grid {
    let mut panels: Vec<GridPanel> = Vec::new();
    // Whether the last panel of `panels` is a fold (its label moved into its rows).
    let mut last_folded = false;
    for panel in grid.panels {
        let foldable =
            panel.stub_fraction.is_some() && panel.rows.iter().all(|r| r.group.is_none());
        match panels.last_mut() {
            Some(last)
                if foldable
                    && !panel.rows.is_empty()
                    && !last.rows.is_empty()
                    && last.stub_fraction == panel.stub_fraction
                    && last.stub == panel.stub
                    && last.header == panel.header
                    && (last_folded || last.rows.iter().all(|r| r.group.is_none())) =>
            {
                if !last_folded {
                    heading(last);
                    last_folded = true;
                }
                let mut panel = panel;
                heading(&mut panel);
                last.rows.append(&mut panel.rows);
                last.stub_wide |= panel.stub_wide;
            }
            _ => {
                last_folded = false;
                panels.push(panel);
            }
        }
    }
    for p in panels.iter_mut() {
        p.keep_groups();
    }
    Grid { panels, ..grid }
}

/// Moves `panel`'s label into a heading above its first row.
fn heading(panel: &mut GridPanel) {
    let label = std::mem::take(&mut panel.label);
    if let Some(first) = panel.rows.first_mut() {
        first.group = Some(label);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::grid::GridRow;
    use crate::render::group_breaks::RowBreak;

    fn panel(label: &str, stub_fraction: Option<f64>, rows: usize) -> GridPanel {
        GridPanel {
            label: label.to_string(),
            stub: "claim".to_string(),
            stub_wide: stub_fraction.is_some(),
            stub_fraction,
            header: vec!["rate".to_string(), "held".to_string()],
            rows: (0..rows)
                .map(|i| GridRow {
                    label: format!("{label} claim {i}"),
                    cells: vec![format!("0.{i}"), i.to_string()],
                    group: None,
                    break_after: RowBreak::Allowed,
                })
                .collect(),
            lead_lines: 0,
            lines: 0,
        }
    }

    fn grid(panels: Vec<GridPanel>) -> Grid {
        Grid {
            id: "X.R1".to_string(),
            caption: String::new(),
            stand_in: None,
            stand_in_mark: None,
            panels,
            notes: Vec::new(),
            tall: false,
        }
    }

    #[test]
    fn panels_of_shared_columns_fold_with_their_labels_as_headings_and_every_row_kept() {
        let folded = fold_shared_panels(grid(vec![
            panel("(a) holds", Some(0.5), 2),
            panel("(b) coin flips", Some(0.5), 1),
            panel("(c) unsupported", Some(0.5), 1),
            panel("(d) grid", None, 3),
        ]));
        let shape: Vec<(&str, usize)> = folded
            .panels
            .iter()
            .map(|p| (p.label.as_str(), p.rows.len()))
            .collect();
        assert_eq!(shape, [("", 4), ("(d) grid", 3)]);
        let headings: Vec<Option<&str>> = folded.panels[0]
            .rows
            .iter()
            .map(|r| r.group.as_deref())
            .collect();
        assert_eq!(
            headings,
            [
                Some("(a) holds"),
                None,
                Some("(b) coin flips"),
                Some("(c) unsupported")
            ]
        );
        let breaks: Vec<RowBreak> = folded.panels[0]
            .rows
            .iter()
            .map(|r| r.break_after)
            .collect();
        assert_eq!(
            breaks,
            [
                RowBreak::Kept,
                RowBreak::Allowed,
                RowBreak::Allowed,
                RowBreak::Allowed
            ]
        );
    }

    #[test]
    fn panels_of_other_columns_or_without_a_stub_width_stay_apart() {
        let mut other = panel("(b) other", Some(0.5), 2);
        other.header.push("more".to_string());
        let kept = fold_shared_panels(grid(vec![
            panel("(a) claims", Some(0.5), 2),
            other,
            panel("(c) none", Some(0.5), 0),
            panel("(d) claims", Some(0.5), 1),
            panel("(e) paper", None, 2),
            panel("(f) paper", None, 2),
        ]));
        let labels: Vec<&str> = kept.panels.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "(a) claims",
                "(b) other",
                "(c) none",
                "(d) claims",
                "(e) paper",
                "(f) paper"
            ]
        );
        assert!(
            kept.panels
                .iter()
                .flat_map(|p| &p.rows)
                .all(|r| r.group.is_none())
        );
    }
}
