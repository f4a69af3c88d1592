//! How a printed number is named and how precise it is.

use crate::model::CellKey;

/// `panel/row/column/part` with the default panel `main` and part `value` left out.
pub fn cell_name(key: &CellKey) -> String {
    let mut parts = Vec::new();
    if key.panel != "main" {
        parts.push(key.panel.as_str());
    }
    parts.push(&key.row);
    parts.push(&key.column);
    if key.part != crate::results::VALUE {
        parts.push(&key.part);
    }
    parts.join("/")
}

/// Digits after the decimal point of a printed number (`.987` → 3, `11,214` → 0, `87.9%` → 1).
pub fn printed_decimals(printed: &str) -> usize {
    let digits = printed.trim_end_matches('%');
    digits.find('.').map_or(0, |i| {
        digits[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_printed_decimals() {
        assert_eq!(printed_decimals(".987"), 3);
        assert_eq!(printed_decimals("11,214"), 0);
        assert_eq!(printed_decimals("87.9%"), 1);
        assert_eq!(printed_decimals("\u{2212}0.128"), 3);
        assert_eq!(printed_decimals("13"), 0);
    }
}
