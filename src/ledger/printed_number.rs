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

/// A number computed for comparison with one printed to `decimals` places, at the precision that
/// means something beside the print: two digits beyond it (enough to show how it rounds), trailing
/// zeros dropped, so that a count reads `1897` and an exact agreement `0`, never `1897.000000`.
pub fn beside_print(value: f64, decimals: usize) -> String {
    if value == 0.0 {
        return "0".to_string();
    }
    let text = format!("{value:.*}", decimals + 2);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_beside_a_print_keep_two_guard_digits_only() {
        assert_eq!(beside_print(1897.0, 0), "1897");
        assert_eq!(beside_print(0.0, 3), "0");
        assert_eq!(beside_print(-0.128353, 3), "-0.12835");
        assert_eq!(beside_print(0.5, 0), "0.5");
        assert_eq!(beside_print(0.0005, 3), "0.0005");
        assert_eq!(beside_print(2.0, 0), "2");
    }

    #[test]
    fn counts_printed_decimals() {
        assert_eq!(printed_decimals(".987"), 3);
        assert_eq!(printed_decimals("11,214"), 0);
        assert_eq!(printed_decimals("87.9%"), 1);
        assert_eq!(printed_decimals("\u{2212}0.128"), 3);
        assert_eq!(printed_decimals("13"), 0);
    }
}
