//! Values printed by `eval --format tsv|json` and `qrels --gains`: rounded to 15 significant
//! digits, the digits an `f64` carries reliably, without the noise of the last bits (`0.05`
//! rather than `0.050000000000000044`), then printed in Rust's shortest form.
//!
//! [`push_without_noise`] appends that text from one formatting of the value: for a finite
//! nonzero `v`, let `D` be `v` rounded to 15 significant digits (`{:.14e}`) and `x` the `f64`
//! nearest `D` ([`without_noise`]). The shortest text that reads back as `x` (what `{}` prints)
//! has the digits of `D` without its trailing zeros: `D` reads back as `x`, and no other decimal
//! of at most 15 significant digits does, since two of them differ by at least 10⁻¹⁵ of their
//! size while the values that round to one `f64` span at most 2⁻⁵² ≈ 2.2·10⁻¹⁶ of it. So the
//! text is `D`'s digits placed around the decimal point as `{}` places them (it never uses an
//! exponent), without calling the shortest-form formatter at all. Subnormal numbers carry fewer
//! bits, so they, and a value that rounds to one or to infinity, are printed by `{}`; the test
//! checks the whole against `without_noise(v).to_string()` on a million values.

use std::fmt::Write as _;

/// `v` rounded to 15 significant digits (see the module); zero and non-finite values unchanged.
pub(crate) fn without_noise(v: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    scientific(v)
        .and_then(|d| d.as_str().parse().ok())
        .unwrap_or(v)
}

/// Appends `without_noise(v)` to `line` as `{}` prints it, and returns it (see the module).
pub(crate) fn push_without_noise(line: &mut String, v: f64) -> f64 {
    let digits = (v.is_finite() && v != 0.0).then(|| scientific(v)).flatten();
    let Some(digits) = digits else {
        // Writing to a `String` cannot fail.
        let _ = write!(line, "{v}");
        return v;
    };
    let text = digits.as_str();
    match text.parse::<f64>() {
        // The argument of the module needs the 53 bits of a normal number on both sides;
        // rounding up past the largest `f64` gives infinity, printed as such.
        Ok(rounded) if v.is_normal() && rounded.is_normal() => {
            push_positional(line, text);
            rounded
        }
        Ok(rounded) => {
            let _ = write!(line, "{rounded}");
            rounded
        }
        Err(_) => {
            let _ = write!(line, "{v}");
            v
        }
    }
}

/// `{:.14e}` of `v` (`-d.dddddddddddddde-308` at most: 22 bytes), formatted on the stack.
fn scientific(v: f64) -> Option<Digits> {
    let mut digits = Digits::default();
    write!(digits, "{v:.14e}").ok()?;
    Some(digits)
}

/// Appends the number written `sci` (`[-]d.ddde[-]x`, as `{:.e}` writes it) in positional
/// notation, without trailing zeros after the point, as `{}` writes an `f64`.
fn push_positional(line: &mut String, sci: &str) {
    let (negative, sci) = match sci.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, sci),
    };
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let mut digits = [0u8; 24];
    let mut n = 0;
    for b in mantissa
        .bytes()
        .filter(u8::is_ascii_digit)
        .take(digits.len())
    {
        digits[n] = b;
        n += 1;
    }
    while n > 1 && digits[n - 1] == b'0' {
        n -= 1;
    }
    let digits = &digits[..n];
    if negative {
        line.push('-');
    }
    // Every byte is an ASCII digit.
    let text = std::str::from_utf8(digits).unwrap_or("0");
    if exponent < 0 {
        line.push_str("0.");
        for _ in 0..(-exponent - 1) {
            line.push('0');
        }
        line.push_str(text);
        return;
    }
    let whole = exponent as usize + 1;
    if text.len() <= whole {
        line.push_str(text);
        for _ in text.len()..whole {
            line.push('0');
        }
    } else {
        line.push_str(&text[..whole]);
        line.push('.');
        line.push_str(&text[whole..]);
    }
}

/// A short text formatted on the stack (no allocation per value).
#[derive(Default)]
struct Digits {
    bytes: [u8; 32],
    len: usize,
}

impl Digits {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl std::fmt::Write for Digits {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let to = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        to.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The old definition: format, parse, format again.
    fn reference(v: f64) -> (String, f64) {
        let rounded = if !v.is_finite() || v == 0.0 {
            v
        } else {
            format!("{v:.14e}").parse().unwrap_or(v)
        };
        (rounded.to_string(), rounded)
    }

    /// The text and value of `push_without_noise` are those of formatting, parsing and
    /// formatting again (and the same for the rounded value), on special values, measure-like values in [0, 1], values near powers of
    /// ten and a million random bit patterns (xorshift64, every finite exponent).
    #[test]
    fn text_is_the_shortest_form_of_the_rounded_value() {
        let mut values = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.05,
            0.050000000000000044,
            1.0 / 3.0,
            2.0 / 3.0,
            0.999_999_999_999_999_9,
            9.999_999_999_999_995,
            1e15,
            1e16,
            123_456_789_012_345_680.0,
            1e-7,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for e in -30..30 {
            let p = 10f64.powi(e);
            values.extend([p, p * (1.0 + f64::EPSILON), p * (1.0 - f64::EPSILON), -p]);
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(if i % 2 == 0 {
                f64::from_bits(x)
            } else {
                (x >> 11) as f64 / (1u64 << 53) as f64
            });
        }
        for v in values {
            let (text, rounded) = reference(v);
            let mut line = String::from("x\t");
            let got = push_without_noise(&mut line, v);
            assert_eq!(line, format!("x\t{text}"), "{v:e}");
            assert!(
                got == rounded || (got.is_nan() && rounded.is_nan()),
                "{v:e}"
            );
            assert!(without_noise(v) == rounded || rounded.is_nan(), "{v:e}");
            // Rounding a rounded value again changes neither its text nor its value (eval's
            // means are rounded, then written by the same function).
            let mut again = String::from("x\t");
            let twice = push_without_noise(&mut again, got);
            assert_eq!(again, line, "{v:e}");
            assert!(twice == got || got.is_nan(), "{v:e}");
        }
    }
}
