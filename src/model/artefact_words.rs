//! An artefact's id in the words a reader expects: `A.T2` → `Table 2`.

/// The artefact in words: `A.T2` → `Table 2`, `B.F1` → `Figure 1`, `A.text` → `the running text`,
/// a section of claims `B.§3` → `§3`; any other id as it is.
pub(crate) fn artefact_words(table: &str) -> String {
    let local = table.split_once('.').map_or(table, |(_, rest)| rest);
    let mut chars = local.chars();
    let kind = chars.next();
    let number = chars.as_str();
    let numbered = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit());
    match kind {
        Some('T') if numbered => format!("Table {number}"),
        Some('F') if numbered => format!("Figure {number}"),
        _ if local == "text" => "the running text".to_string(),
        Some('§') => local.to_string(),
        _ => table.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_figures_the_text_and_unknown_ids() {
        assert_eq!(artefact_words("A.T2"), "Table 2");
        assert_eq!(artefact_words("B.F1"), "Figure 1");
        assert_eq!(artefact_words("A.text"), "the running text");
        assert_eq!(artefact_words("A.T"), "A.T");
        assert_eq!(artefact_words("A.X1"), "A.X1");
        assert_eq!(artefact_words("B.§3"), "§3");
        assert_eq!(artefact_words("A.é1"), "A.é1");
    }
}
