//! Fast, exact parsing of the plain decimal numbers that run files use for scores.
//!
//! A number written `[+-]digits[.digits]` whose digits, read as one integer `m`, satisfy
//! `m ≤ 2^53`, with `k ≤ 22` digits after the point, is `m / 10^k` where both `m` and `10^k` are
//! exactly representable as `f64`; one IEEE division then gives the correctly rounded value
//! (Clinger, "How to read floating point numbers accurately", PLDI 1990, the "fast path"). That is
//! the same `f64` that `str::parse::<f64>` (correctly rounded) returns, so rankings and ties are
//! unchanged. Anything else (exponents, long mantissas, `inf`, `NaN`, malformed text) goes to
//! `str::parse`.

/// `10^k` for `k = 0..=22`: every one exactly representable as an `f64`.
const POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The largest integer up to which every integer is an exact `f64`.
const EXACT_INTEGER_LIMIT: u64 = 1 << 53;

/// `text` as an `f64`, exactly as `text.parse::<f64>()` would give it (`None` where that fails).
pub fn parse_f64(text: &str) -> Option<f64> {
    fast_path(text.as_bytes()).or_else(|| text.parse::<f64>().ok())
}

/// `[+-]digits[.digits]` with at most 19 digits in all, `m ≤ 2^53` and at most 22 decimals;
/// `None` for anything else (the caller falls back to the full parser). One pass over the bytes
/// (the run reader parses two million scores on the benchmark collection).
pub fn fast_path(bytes: &[u8]) -> Option<f64> {
    let (negative, rest) = match bytes.first()? {
        b'-' => (true, &bytes[1..]),
        b'+' => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    // More than 19 digits and a point are left to the full parser.
    if rest.len() > 20 {
        return None;
    }
    // The digits read as one integer, wrapping: it can only wrap with more than 19 digits
    // (10^19 − 1 < 2^64), which are refused below.
    let mut mantissa: u64 = 0;
    let mut point: Option<usize> = None;
    for (i, &b) in rest.iter().enumerate() {
        let d = b.wrapping_sub(b'0');
        if d <= 9 {
            mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(d));
        } else if b == b'.' && point.is_none() {
            point = Some(i);
        } else {
            return None;
        }
    }
    let (integer_digits, k) = match point {
        None => (rest.len(), 0),
        // "1." (no decimals) is left to the full parser.
        Some(p) if p + 1 == rest.len() => return None,
        Some(p) => (p, rest.len() - p - 1),
    };
    // "" or ".5" (no integer digits) are left to the full parser, which decides on them.
    if integer_digits == 0 || integer_digits + k > 19 {
        return None;
    }
    if mantissa > EXACT_INTEGER_LIMIT || k >= POWERS_OF_TEN.len() {
        return None;
    }
    // Exact: `mantissa` converts without rounding (≤ 2^53).
    let value = mantissa as f64 / POWERS_OF_TEN[k];
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every result must be bit-identical to `str::parse::<f64>` (the reference), on numbers at
    /// and around the fast path's limits and on text it leaves to the full parser.
    #[test]
    fn agrees_bit_for_bit_with_the_standard_parser() {
        let cases = [
            "0",
            "-0",
            "+0",
            "0.0",
            "-0.0",
            "999.6286",
            "-12.5",
            "+3.25",
            "1.",
            ".5",
            "-.5",
            ".",
            "-",
            "+",
            "",
            "1e5",
            "1E-3",
            "inf",
            "-inf",
            "NaN",
            "nan",
            "infinity",
            "0.1",
            "0.3",
            "9007199254740992",
            "9007199254740993",
            "9007199254740991.5",
            "1234567890123456789",
            "12345678901234567890",
            "0.0000000000000000000001",
            "0.00000000000000000000001",
            "1.7976931348623157",
            "123.456.7",
            "12a",
            "1_000",
            " 1",
            "1 ",
            "--1",
            "+-1",
            "00000000000000000001",
            "0.30000000000000004",
            "4.35",
            "2.675",
            "1.0000000000000002",
        ];
        for c in cases {
            let ours = parse_f64(c).map(f64::to_bits);
            let std = c.parse::<f64>().ok().map(f64::to_bits);
            assert_eq!(ours, std, "`{c}`");
        }
    }

    /// A sweep of decimals with 1 to 17 digits and 0 to 22 decimal places, each compared with
    /// `str::parse::<f64>` bit for bit.
    #[test]
    fn sweep_agrees_with_the_standard_parser() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = 1 + (x % 17) as usize;
            let mantissa = x >> 8;
            let text = format!("{mantissa}");
            let text = &text[..digits.min(text.len())];
            let point = (x >> 3) as usize % (text.len() + 1);
            let s = if point == 0 {
                text.to_string()
            } else {
                format!(
                    "{}.{}",
                    &text[..text.len() - point],
                    &text[text.len() - point..]
                )
            };
            let s = if x & 1 == 1 { format!("-{s}") } else { s };
            let ours = parse_f64(&s).map(f64::to_bits);
            let std = s.parse::<f64>().ok().map(f64::to_bits);
            assert_eq!(ours, std, "`{s}`");
        }
    }
}
