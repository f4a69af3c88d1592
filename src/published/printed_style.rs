//! How the paper prints one number, read off its printed token, so that a rebuilt number shown
//! beside it is printed the same way: `11,214` beside `11,214` (not `11214`), `−0.128` beside
//! `−0.128` (not `-0.128`), `.987` beside `.987`, `87.9%` beside `87.9%`.
//!
//! This is the one formatter of a number that sits beside a printed one (the ledger's rebuilt
//! column and its arithmetic, which the ledger's Markdown, `check`'s text and the reports show).

/// The typographic minus sign, U+2212, as paper B prints negative kappas (`−0.128`).
pub(crate) const MINUS: char = '\u{2212}';

/// The most digits after the point a number is printed with: an f64 carries about 17 significant
/// digits, and a larger precision (from a malformed input) would panic in `format!`.
pub(crate) const MAX_DIGITS: usize = 20;

/// The printing rules of one printed number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PrintedStyle {
    /// Digits after the decimal point (`.987` → 3, `11,214` → 0, `87.9%` → 1).
    pub(crate) decimals: usize,
    /// Whether the whole part is grouped by thousands with commas (`11,214`).
    pub(crate) thousands: bool,
    /// Whether a number below one drops its leading zero (`.987`).
    pub(crate) no_leading_zero: bool,
    /// Whether the number is a percentage printed with a trailing `%`.
    pub(crate) percent: bool,
}

impl PrintedStyle {
    /// The style of the printed token `printed` (a number word such as `three` or a token without
    /// digits reads as a whole number without grouping).
    pub(crate) fn of(printed: &str) -> PrintedStyle {
        let percent = printed.ends_with('%');
        let body = printed.trim_end_matches('%');
        let body = body.trim_start_matches(['-', MINUS]);
        let decimals = body.find('.').map_or(0, |i| {
            body[i + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .count()
        });
        PrintedStyle {
            decimals,
            thousands: body.contains(','),
            no_leading_zero: body.starts_with('.'),
            percent,
        }
    }

    /// `value` printed the paper's way, at the printed number of decimals.
    pub(crate) fn format(self, value: f64) -> String {
        self.format_at(value, self.decimals, self.decimals)
    }

    /// `value` printed the paper's way with up to two guard digits beyond the printed ones (trailing
    /// zeros dropped down to the printed decimals) — how a rebuilt number reads in the arithmetic
    /// behind a verdict, beside the print: enough digits to show how it rounds (`−0.12835` beside
    /// `−0.128`), a count as `1,897`, `10.0` beside `10.0`.
    pub(crate) fn guarded(self, value: f64) -> String {
        self.format_at(value, self.decimals + 2, self.decimals)
    }

    /// A difference or a tolerance between a rebuilt number and the print: up to two guard digits,
    /// trailing zeros dropped, with its leading zero (`0.00035`, `0.5`), an exact agreement as `0` —
    /// never `0.000000`.
    pub(crate) fn amount(self, value: f64) -> String {
        PrintedStyle {
            no_leading_zero: false,
            percent: false,
            ..self
        }
        .format_at(value, self.decimals + 2, 0)
    }

    /// `value` with `decimals` digits (at most [`MAX_DIGITS`]: an f64 holds no more), trailing zeros
    /// dropped down to `keep` digits.
    fn format_at(self, value: f64, decimals: usize, keep: usize) -> String {
        if value.is_nan() {
            return "NaN".to_string();
        }
        let (decimals, keep) = (decimals.min(MAX_DIGITS), keep.min(MAX_DIGITS));
        let mut text = format!("{:.*}", decimals, value.abs());
        if keep < decimals
            && let Some(point) = text.find('.')
        {
            let minimum = point + 1 + keep;
            while text.len() > minimum && text.ends_with('0') {
                text.pop();
            }
            if text.ends_with('.') {
                text.pop();
            }
        }
        let is_zero = text.chars().all(|c| matches!(c, '0' | '.'));
        if self.thousands {
            text = group_thousands(&text);
        }
        if self.no_leading_zero && text.starts_with("0.") {
            text.remove(0);
        }
        let sign = if value.is_sign_negative() && !is_zero {
            MINUS.to_string()
        } else {
            String::new()
        };
        let percent = if self.percent { "%" } else { "" };
        format!("{sign}{text}{percent}")
    }
}

/// A number already written in digits (`-0.262`, `0.1307`) with a leading ASCII minus made the
/// typographic one (`−0.262`), for the paper-internal arithmetic shown beside printed numbers.
pub(crate) fn typographic_minus(text: &str) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("{MINUS}{rest}"),
        None => text.to_string(),
    }
}

/// The digits of `text` (a decimal number, optionally signed with `-`, `+` or U+2212) with the whole
/// part grouped by thousands with commas (`11214.5` → `11,214.5`, `-1234` → `-1,234`); the sign
/// stays in front and never counts as a digit (`-123` stays `-123`).
pub(crate) fn group_thousands(text: &str) -> String {
    let (sign, unsigned) = match text.chars().next() {
        Some(c @ ('-' | '+' | MINUS)) => text.split_at(c.len_utf8()),
        _ => ("", text),
    };
    let (int, frac) = unsigned.split_at(unsigned.find('.').unwrap_or(unsigned.len()));
    let digits: Vec<char> = int.chars().collect();
    let mut grouped = String::from(sign);
    for (i, c) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(*c);
    }
    grouped + frac
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A precision no f64 carries (a malformed input's `decimals: 4294967295`) prints at
    /// [`MAX_DIGITS`] instead of panicking in `format!`.
    #[test]
    fn absurd_precision_is_capped() {
        let style = PrintedStyle {
            decimals: u32::MAX as usize,
            thousands: false,
            no_leading_zero: false,
            percent: false,
        };
        assert_eq!(style.format(0.5).len(), 2 + MAX_DIGITS);
        assert_eq!(style.guarded(1.0), format!("1.{}", "0".repeat(MAX_DIGITS)));
    }

    /// A sign is not a digit: `-123` was grouped as `-,123` before the sign was set aside.
    #[test]
    fn groups_signed_numbers_after_their_sign() {
        assert_eq!(group_thousands("-123"), "-123");
        assert_eq!(group_thousands("-1234.5"), "-1,234.5");
        assert_eq!(group_thousands("\u{2212}123456"), "\u{2212}123,456");
        assert_eq!(group_thousands("+1000"), "+1,000");
        assert_eq!(group_thousands("123"), "123");
        assert_eq!(group_thousands("11214"), "11,214");
    }

    #[test]
    fn reads_the_style_off_the_printed_token() {
        // Paper B, Table 2 prints level counts with thousands separators (`11,214`), Table 1 its
        // negative per-topic kappas with U+2212 (`−0.128`), Table 3 its taus without a leading zero.
        let counts = PrintedStyle::of("11,214");
        assert_eq!(counts.format(11214.0), "11,214");
        assert_eq!(counts.format(1_234_567.0), "1,234,567");
        assert_eq!(PrintedStyle::of("472").format(472.0), "472");
        let kappa = PrintedStyle::of("\u{2212}0.128");
        assert_eq!(kappa.decimals, 3);
        assert_eq!(kappa.format(-0.128353), "\u{2212}0.128");
        assert_eq!(PrintedStyle::of("0.410").format(-0.5), "\u{2212}0.500");
        assert_eq!(PrintedStyle::of(".987").format(0.98741), ".987");
        assert_eq!(PrintedStyle::of("87.9%").format(87.94), "87.9%");
        assert_eq!(PrintedStyle::of("three").format(3.0), "3");
    }

    #[test]
    fn guard_digits_and_no_negative_zero() {
        let kappa = PrintedStyle::of("\u{2212}0.128");
        assert_eq!(kappa.guarded(-0.128353), "\u{2212}0.12835");
        assert_eq!(kappa.guarded(-0.128), "\u{2212}0.128");
        assert_eq!(kappa.amount(0.0), "0");
        assert_eq!(kappa.amount(0.00035), "0.00035");
        assert_eq!(kappa.amount(0.0005 + 1e-9), "0.0005");
        assert_eq!(kappa.format(-0.0001), "0.000");
        let counts = PrintedStyle::of("1,897");
        assert_eq!(counts.guarded(1897.0), "1,897");
        assert_eq!(counts.amount(0.5), "0.5");
        assert_eq!(PrintedStyle::of("10.0").guarded(10.0), "10.0");
        let tau = PrintedStyle::of(".987");
        assert_eq!(tau.guarded(0.98741), ".98741");
        assert_eq!(tau.amount(0.00041), "0.00041");
        assert_eq!(PrintedStyle::of("87.9%").amount(0.04), "0.04");
        assert_eq!(typographic_minus("-0.262"), "\u{2212}0.262");
        assert_eq!(typographic_minus("0.0006"), "0.0006");
    }
}
