//! The fast path of the run reader (`super::run_groups`) for the commonest TREC run line: six
//! non-empty fields `qid Q0 doc rank score tag` separated by single spaces and ended by `\n`,
//! whose score is a plain decimal that [`super::decimal::fast_path`] reads exactly.
//!
//! [`trec_line`] finds the five spaces and the line feed eight bytes at a time (the exact flags
//! of [`super::simple_line::Separators`]), keeps only their positions, and slices just the
//! fields that are used (topic, document, score). It returns `None` for every other line (a tab,
//! `\r`, two spaces in a row, a leading or trailing space, another control character, not six
//! fields, a line not ended by `\n` within whole words of the text, a score the fast decimal path
//! leaves to `str::parse`), which the caller then reads with the general path
//! ([`super::simple_line`] / [`super::line_fields`] and [`super::run::line_from_fields`]). On
//! every line it accepts it gives what the general path gives: the same fields (the line is a
//! simple line, see [`super::simple_line`]) and the same score (`fast_path` agrees bit for bit
//! with `str::parse::<f64>`, hence with [`super::decimal::parse_f64`]).

use super::decimal::fast_path;
use super::simple_line::Separators;

/// One accepted TREC run line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrecLine<'a> {
    pub topic: &'a str,
    pub doc: &'a str,
    pub score: f64,
    /// Where the next line starts.
    pub next: usize,
}

/// The fields of a simple six-field line: the byte positions of its five spaces and its `\n`.
type Positions = [usize; 6];

/// The TREC run line starting at byte `start` of `text` (a line start), or `None` when it is not
/// the common line (see the module).
pub fn trec_line(text: &str, start: usize) -> Option<TrecLine<'_>> {
    let seps = separators(text.as_bytes(), start)?;
    // Every field non-empty: no run of spaces, no leading space, no empty line.
    let mut field_start = start;
    for &p in &seps {
        if p == field_start {
            return None;
        }
        field_start = p + 1;
    }
    // The separators are ASCII bytes: every slice below is on character boundaries.
    let topic = text.get(start..seps[0])?;
    let doc = text.get(seps[1] + 1..seps[2])?;
    // An id the one id check refuses goes to the general path, which reports it.
    if !super::ids::all_pass(&[topic, doc]) {
        return None;
    }
    let score = fast_path(text.as_bytes().get(seps[3] + 1..seps[4])?)?;
    Some(TrecLine {
        topic,
        doc,
        score,
        next: seps[5] + 1,
    })
}

/// The positions of the first six bytes `≤ 0x20` from `start` on, when the first five are spaces
/// and the sixth is `\n`; `None` otherwise, or when the `\n` is not within whole 8-byte words of
/// `bytes`.
fn separators(bytes: &[u8], start: usize) -> Option<Positions> {
    let mut seps: Positions = [0; 6];
    for (count, p) in Separators::new(bytes, start).enumerate() {
        if count == 5 {
            if bytes[p] != b'\n' {
                return None;
            }
            seps[5] = p;
            return Some(seps);
        }
        if bytes[p] != b' ' {
            return None;
        }
        seps[count] = p;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::decimal::parse_f64;
    use crate::io::line_fields::line_fields;
    use crate::io::simple_line::UNUSUAL_SIX_FIELD_LINES;

    #[test]
    fn the_common_line_and_its_end() {
        let text = "0001 Q0 clueweb-0001-000020 1 999.6286 runA\nnext line of the text";
        let line = trec_line(text, 0).unwrap();
        assert_eq!(
            (line.topic, line.doc, line.score),
            ("0001", "clueweb-0001-000020", 999.6286)
        );
        assert_eq!(&text[line.next..], "next line of the text");
    }

    /// Lines the fast path must leave to the general path.
    #[test]
    fn unusual_lines_are_refused() {
        // Besides the lines no fast path takes: a missing field and scores off the decimal path.
        let own = [
            "0001 Q0 d 1 2.5\n",
            "0001 Q0 d 1 2.5e1 runA\n",
            "0001 Q0 d 1 nan runA\n",
            "0001 Q0 d 1 .5 runA\n",
        ];
        for line in UNUSUAL_SIX_FIELD_LINES.into_iter().chain(own) {
            let text = format!("{line}........");
            assert_eq!(trec_line(&text, 0), None, "{line:?}");
        }
    }

    /// Random texts of run-like lines: six fields from small pools (odd ids, exponents, long
    /// mantissas, `1.`, `.5`, non-ASCII, control characters), mostly joined by single spaces and
    /// ended by `\n`, sometimes by tabs, runs of spaces, `\r\n`, trailing spaces or nothing.
    fn random_run_text(x: &mut u64) -> String {
        let mut next = || {
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            *x
        };
        let ids = [
            "0001",
            "a",
            "clueweb-0001-000333",
            "x-y",
            "Q0",
            "é",
            "d\x01",
        ];
        let scores = [
            "2.5",
            "-0.125",
            "+7",
            "999.6286",
            "12345678901234567890",
            "9007199254740993",
            "1.",
            ".5",
            "3e2",
            "nan",
            "1.2.3",
            "0.0000000000000000000001",
        ];
        let seps = [" ", " ", " ", " ", " ", " ", " ", " ", " ", " ", "  ", "\t"];
        let ends = ["\n", "\n", "\n", "\n", "\n", "\n", "\r\n", " \n", ""];
        let mut text = String::new();
        for _ in 0..next() % 8 {
            let fields = if next() % 4 == 0 { 5 + next() % 3 } else { 6 };
            for f in 0..fields {
                if f > 0 {
                    text.push_str(seps[(next() % seps.len() as u64) as usize]);
                }
                let pool: &[&str] = if f == 4 { &scores } else { &ids };
                text.push_str(pool[(next() % pool.len() as u64) as usize]);
            }
            text.push_str(ends[(next() % ends.len() as u64) as usize]);
        }
        text
    }

    /// Wherever the fast path accepts a line, the general path (the reference: `line_fields`,
    /// itself checked against `str::split_ascii_whitespace`, and `parse_f64`, checked against
    /// `str::parse::<f64>`) gives six fields, the same topic, document and end, and the same score
    /// bit for bit; on random texts, every line start is tried.
    #[test]
    fn accepted_lines_read_as_the_general_path_reads_them() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut accepted = 0;
        for _ in 0..50_000 {
            let text = random_run_text(&mut x);
            let mut at = 0;
            while at < text.len() {
                let (fields, count, next) = line_fields::<6>(&text, at);
                if let Some(fast) = trec_line(&text, at) {
                    accepted += 1;
                    assert_eq!(count, 6, "{text:?} at {at}");
                    assert_eq!(
                        (fast.topic, fast.doc, fast.next),
                        (fields[0], fields[2], next)
                    );
                    let score = parse_f64(fields[4]).map(f64::to_bits);
                    assert_eq!(Some(fast.score.to_bits()), score, "{text:?} at {at}");
                }
                at = next;
            }
        }
        assert!(accepted > 2_000, "only {accepted} lines accepted");
    }
}
