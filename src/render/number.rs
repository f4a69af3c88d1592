//! Explicit number formatting at the paper's precision (never a template engine's default display).
//!
//! Rounding is Rust's `{:.N}` formatting, which rounds the exact binary value and breaks exact ties to
//! even — the paper's printing of `56.25` as `56.2` (paper B, Table 4) is this rule.

use crate::manifest::{CellFormat, CellStyle};
use crate::published::printed_style::group_thousands;

/// How a negative number's sign is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Minus {
    /// ASCII hyphen-minus, for JSON-adjacent and terminal output.
    Ascii,
    /// U+2212 MINUS SIGN, as paper B prints (`−0.128`), for Markdown.
    Unicode,
    /// `$-$`, for LaTeX text.
    Latex,
}

impl Minus {
    fn sign(self) -> &'static str {
        match self {
            Minus::Ascii => "-",
            Minus::Unicode => "\u{2212}",
            Minus::Latex => "$-$",
        }
    }
}

/// Formats `value` with `format`'s decimals, trimming, leading-zero and thousands rules.
pub(crate) fn format_number(value: f64, format: &CellFormat, minus: Minus) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    let decimals = usize::from(format.decimals);
    let mut text = format!("{:.*}", decimals, value.abs());
    if format.trim && decimals > 0 {
        let whole = format!("{:.0}", value.abs());
        if text.trim_end_matches('0').trim_end_matches('.') == whole {
            text = whole;
        }
    }
    if format.thousands {
        text = group_thousands(&text);
    }
    if format.no_leading_zero && text.starts_with("0.") {
        text.remove(0);
    }
    let is_zero = text.chars().all(|c| matches!(c, '0' | '.' | ','));
    if value.is_sign_negative() && !is_zero {
        format!("{}{text}", minus.sign())
    } else {
        text
    }
}

/// Decimals [`format_below`] may add to a format's.
const MAX_EXTRA_DECIMALS: u8 = 6;

/// `value`, which is below `threshold`, formatted with `format` and as many more decimals as it
/// takes (at most [`MAX_EXTRA_DECIMALS`]) for the printed number to be below `threshold` as well:
/// a p-value of 0.0496 set in bold as below α = 0.05 prints `.0496`, where three decimals would
/// print `.050`, a number that is not below α. A value not below `threshold` prints as
/// [`format_number`] prints it.
pub(crate) fn format_below(
    value: f64,
    threshold: f64,
    format: &CellFormat,
    minus: Minus,
) -> String {
    let mut shown = *format;
    if value < threshold {
        while shown.decimals < format.decimals.saturating_add(MAX_EXTRA_DECIMALS) {
            let printed: f64 = format!("{:.*}", usize::from(shown.decimals), value)
                .parse()
                .unwrap_or(value);
            if printed < threshold {
                break;
            }
            shown.decimals += 1;
            shown.trim = false;
        }
    }
    format_number(value, &shown, minus)
}

/// An integer count, printed without decimals (and with thousands separators if asked).
pub(crate) fn format_count(value: f64, format: &CellFormat, minus: Minus) -> String {
    let as_integer = CellFormat {
        decimals: 0,
        trim: false,
        no_leading_zero: false,
        ..*format
    };
    format_number(value, &as_integer, minus)
}

/// One number with a cell format: counts without decimals, everything else with the format's digits.
pub(crate) fn format_value(value: f64, format: &CellFormat, minus: Minus) -> String {
    match format.style {
        CellStyle::Count => format_count(value, format, minus),
        _ => format_number(value, format, minus),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::CellStyle;

    fn fmt(decimals: u8) -> CellFormat {
        CellFormat {
            style: CellStyle::Number,
            decimals,
            trim: false,
            thousands: false,
            no_leading_zero: false,
        }
    }

    #[test]
    fn formats_at_the_requested_precision() {
        assert_eq!(format_number(10.0 / 3.0, &fmt(1), Minus::Ascii), "3.3");
        assert_eq!(format_number(0.0, &fmt(1), Minus::Ascii), "0.0");
        // tests/fixtures/statistics.md §4: SSO 56.25 is printed 56.2 (ties to even).
        assert_eq!(format_number(56.25, &fmt(1), Minus::Ascii), "56.2");
    }

    #[test]
    fn trims_whole_numbers_only() {
        let f = CellFormat {
            trim: true,
            ..fmt(1)
        };
        assert_eq!(format_number(13.0, &f, Minus::Ascii), "13");
        assert_eq!(format_number(11.5, &f, Minus::Ascii), "11.5");
        let f = CellFormat {
            trim: true,
            no_leading_zero: true,
            ..fmt(3)
        };
        assert_eq!(format_number(0.99, &f, Minus::Ascii), ".990");
        assert_eq!(format_number(1.0004, &f, Minus::Ascii), "1");
    }

    /// A value below a threshold prints below it: more decimals only where the format's would
    /// round it up to the threshold.
    #[test]
    fn a_value_below_a_threshold_prints_below_it() {
        let p = CellFormat {
            no_leading_zero: true,
            ..fmt(3)
        };
        assert_eq!(format_below(0.0496, 0.05, &p, Minus::Ascii), ".0496");
        assert_eq!(format_below(0.04996, 0.05, &p, Minus::Ascii), ".04996");
        assert_eq!(format_below(0.0432, 0.05, &p, Minus::Ascii), ".043");
        assert_eq!(format_below(0.0504, 0.05, &p, Minus::Ascii), ".050");
        assert_eq!(format_below(0.05, 0.05, &p, Minus::Ascii), ".050");
        // Never more than six more decimals, whatever the value.
        assert_eq!(
            format_below(0.049_999_999_99, 0.05, &p, Minus::Ascii),
            ".050000000"
        );
    }

    #[test]
    fn signs_leading_zeros_and_thousands() {
        let f = CellFormat {
            no_leading_zero: true,
            ..fmt(3)
        };
        assert_eq!(
            format_number(-0.1284, &fmt(3), Minus::Unicode),
            "\u{2212}0.128"
        );
        assert_eq!(format_number(-0.0001, &fmt(3), Minus::Unicode), "0.000");
        assert_eq!(format_number(0.9874, &f, Minus::Ascii), ".987");
        assert_eq!(format_number(-0.5, &f, Minus::Latex), "$-$.500");
        let t = CellFormat {
            thousands: true,
            ..fmt(0)
        };
        assert_eq!(format_count(11214.0, &t, Minus::Ascii), "11,214");
        assert_eq!(format_count(472.0, &t, Minus::Ascii), "472");
        assert_eq!(format_count(1234567.0, &t, Minus::Ascii), "1,234,567");
    }
}
