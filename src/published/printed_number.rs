//! Numbers as the papers print them: table tokens (`.987`, `11,214`, `−0.128`, `87.9%`) and the
//! number and ordinal words of the running text (`three`, `fifth`), parsed so that every
//! transcribed `value` can be checked against its `printed` token.

/// Parses a printed table token: an optional sign (`-` or U+2212 `−`), digits with optional
/// thousands separators (`11,214`), an optional fraction that may lack its leading zero (`.987`),
/// and an optional trailing `%` (the number is then the percentage, `87.9%` → 87.9).
/// Anything else — a dash for an empty cell, words, exponents, `inf` — is not a printed number.
pub(crate) fn parse_printed(printed: &str) -> Option<f64> {
    let body = printed.strip_suffix('%').unwrap_or(printed);
    let (negative, body) = if let Some(rest) = body.strip_prefix('−') {
        (true, rest)
    } else if let Some(rest) = body.strip_prefix('-') {
        (true, rest)
    } else {
        (false, body)
    };
    let (integer, fraction) = match body.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (body, None),
    };
    let integer_digits = if integer.contains(',') {
        let groups: Vec<&str> = integer.split(',').collect();
        let first_ok = (1..=3).contains(&groups[0].len());
        let rest_ok = groups[1..].iter().all(|group| group.len() == 3);
        if !first_ok || !rest_ok {
            return None;
        }
        groups.concat()
    } else {
        integer.to_string()
    };
    if !integer_digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut normalised = String::new();
    if negative {
        normalised.push('-');
    }
    match fraction {
        Some(fraction) => {
            if fraction.is_empty() || !fraction.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            normalised.push_str(if integer_digits.is_empty() {
                "0"
            } else {
                &integer_digits
            });
            normalised.push('.');
            normalised.push_str(fraction);
        }
        None => {
            if integer_digits.is_empty() {
                return None;
            }
            normalised.push_str(&integer_digits);
        }
    }
    normalised.parse().ok()
}

/// Small counts that the running text of the papers spells out in words ("three discrepancies",
/// "five pairs", "only one system pair").
const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// Lower-case ordinal words, `first` (1) to `twentieth` (20).
const ORDINAL_WORDS: [&str; 20] = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
];

/// Parses a rank printed in running text: an ordinal word (`fifth` → 5) or a printed number.
pub(crate) fn parse_ordinal(printed: &str) -> Option<f64> {
    match ORDINAL_WORDS.iter().position(|word| *word == printed) {
        Some(index) => Some((index + 1) as f64),
        None => parse_printed(printed),
    }
}

/// Parses a number printed in running text: anything [`parse_printed`] accepts, or a lower-case
/// number word from `zero` to `twenty`.
pub(crate) fn parse_text_printed(printed: &str) -> Option<f64> {
    if let Some(index) = NUMBER_WORDS.iter().position(|word| *word == printed) {
        return Some(index as f64);
    }
    parse_printed(printed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_tokens_parse_as_the_papers_print_them() {
        assert_eq!(parse_printed(".987"), Some(0.987));
        assert_eq!(parse_printed("1.007"), Some(1.007));
        assert_eq!(parse_printed("1"), Some(1.0));
        assert_eq!(parse_printed("10.0"), Some(10.0));
        assert_eq!(parse_printed("11,214"), Some(11214.0));
        assert_eq!(parse_printed("−0.128"), Some(-0.128));
        assert_eq!(parse_printed("-0.128"), Some(-0.128));
        assert_eq!(parse_printed("87.9%"), Some(87.9));
        assert_eq!(parse_printed("0.0006"), Some(0.0006));
    }

    #[test]
    fn non_numbers_are_rejected() {
        for token in [
            "-", "−", "", ".", "1.", "1,2", "12,34", "1,2345", "abc", "1e5", "inf", "NaN", "+1",
            "1.2.3", "%", "1 2", "three",
        ] {
            assert_eq!(parse_printed(token), None, "{token:?}");
        }
    }

    #[test]
    fn text_claims_may_spell_small_counts() {
        assert_eq!(parse_text_printed("three"), Some(3.0));
        assert_eq!(parse_text_printed("one"), Some(1.0));
        assert_eq!(parse_text_printed("120"), Some(120.0));
        assert_eq!(parse_text_printed("Three"), None);
    }

    #[test]
    fn ranks_may_be_ordinal_words() {
        assert_eq!(parse_ordinal("fifth"), Some(5.0));
        assert_eq!(parse_ordinal("first"), Some(1.0));
        assert_eq!(parse_ordinal("twentieth"), Some(20.0));
        assert_eq!(parse_ordinal("5"), Some(5.0));
        assert_eq!(parse_ordinal("Fifth"), None);
    }
}
