//! The whitespace-separated fields of one line of a text, found in one pass that also finds where
//! the line ends: the fast path of the run reader (`super::run_groups`), where splitting fields was
//! the largest single cost of `eval`.
//!
//! Fields are separated by runs of ASCII whitespace (space, `\t`, `\n`, `\x0c`, `\r`, as
//! `str::split_ascii_whitespace` and [`super::split_fields`]); a line ends after its `\n` (or at
//! the end of the text). Every ASCII whitespace byte is at most `0x20`, so the end of a field is
//! looked for eight bytes at a time: the lowest byte of a little-endian word `w` that is below
//! `0x21` is the lowest byte flagged in `(w − 0x21…21) & !w & 0x80…80` (a byte at or above `0x80`
//! is never flagged; a borrow can only flag bytes above a byte that really is below `0x21`;
//! Anderson, "Bit Twiddling Hacks", *Determine if a word has a byte less than n*). Such a byte that
//! is not whitespace (another control character) belongs to the field, and the search goes on
//! after it. Not `memchr`: it looks for at most three given bytes, and a field ends at any of five.

use super::simple_line::simple_line;

/// `0x01` in every byte of a word.
const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
/// `0x80` in every byte of a word.
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The first `N` fields of the line that starts at byte `start` of `text`, how many fields it has
/// (all of them, not capped), and where the next line starts (after this line's `\n`, or
/// `text.len()`). `start` must be a character boundary (a line start).
pub fn line_fields<const N: usize>(text: &str, start: usize) -> ([&str; N], usize, usize) {
    let bytes = text.as_bytes();
    let mut fields = [""; N];
    let mut count = 0;
    let mut i = start;
    loop {
        while i < bytes.len() && bytes[i] != b'\n' && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        match bytes.get(i) {
            None => return (fields, count, i),
            Some(b'\n') => return (fields, count, i + 1),
            Some(_) => {}
        }
        let field_start = i;
        i = field_end(bytes, i);
        if count < N {
            // Both ends are at an ASCII byte or the end of the text: character boundaries.
            fields[count] = &text[field_start..i];
        }
        count += 1;
    }
}

/// One line of a text with its first `N` fields ([`lines_with_fields`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldLine<'a, const N: usize> {
    /// The line without its `\n` or `\r\n`.
    pub text: &'a str,
    pub fields: [&'a str; N],
    /// How many fields the line has (all of them, not capped).
    pub count: usize,
    /// The byte offset in the line of its first NUL byte, if it has one (only the general path
    /// can meet one: [`super::simple_line`] refuses every control character).
    pub nul: Option<usize>,
}

/// Every line of `text` as `str::lines` gives it (without its `\n` or `\r\n`), with its first
/// `N` fields and its field count (as [`line_fields`]; a simple line through the fast path of
/// [`super::simple_line`], which gives the same), and where its first NUL byte is.
pub fn lines_with_fields<const N: usize>(text: &str) -> impl Iterator<Item = FieldLine<'_, N>> {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= text.len() {
            return None;
        }
        if let Some((fields, count, next)) = simple_line::<N>(text, at) {
            // A simple line has no `\r` and ends with its `\n`.
            let line = &text[at..next - 1];
            at = next;
            return Some(FieldLine {
                text: line,
                fields,
                count,
                nul: None,
            });
        }
        let (fields, count, next) = line_fields::<N>(text, at);
        let line = &text[at..next];
        // As `str::lines`: a `\r` is removed only before the `\n`.
        let line = match line.strip_suffix('\n') {
            Some(line) => line.strip_suffix('\r').unwrap_or(line),
            None => line,
        };
        at = next;
        Some(FieldLine {
            text: line,
            fields,
            count,
            nul: line.bytes().position(|b| b == 0),
        })
    })
}

/// The index of the first ASCII whitespace byte at or after `i`, or `bytes.len()`.
fn field_end(bytes: &[u8], mut i: usize) -> usize {
    loop {
        i = next_at_most_space(bytes, i);
        if i == bytes.len() || bytes[i].is_ascii_whitespace() {
            return i;
        }
        i += 1;
    }
}

/// The index of the first byte at or after `i` that is at most `0x20` (a space or a control
/// character), or `bytes.len()`; eight bytes at a time (see the module).
fn next_at_most_space(bytes: &[u8], mut i: usize) -> usize {
    while let Some(word) = bytes.get(i..i + 8) {
        let mut le = [0u8; 8];
        le.copy_from_slice(word);
        let w = u64::from_le_bytes(le);
        let below = w.wrapping_sub(0x21 * ONES) & !w & HIGHS;
        if below != 0 {
            return i + (below.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && bytes[i] > b' ' {
        i += 1;
    }
    i
}

/// A random text for the splitters' tests: up to `max_len - 1` pieces of `alphabet`, drawn with
/// xorshift64 (Marsaglia 2003, shifts 13, 7, 17) from the state `x`, which it advances.
#[cfg(test)]
pub fn random_text(x: &mut u64, alphabet: &[&str], max_len: u64) -> String {
    let mut next = || {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    };
    let len = next() % max_len;
    (0..len)
        .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the reference, `str::split_inclusive('\n')` then `str::split_ascii_whitespace` on
    /// each line: the same lines (ends), the same first `N` fields and the same counts, on random
    /// texts mixing every ASCII whitespace byte, other control characters, multi-byte characters
    /// and long fields (several words).
    #[test]
    fn agrees_with_split_ascii_whitespace_line_by_line() {
        let alphabet = [
            " ",
            "\t",
            "\r",
            "\x0c",
            "\n",
            "\x0b",
            "\x01",
            "\x1f",
            "!",
            "a",
            "7",
            "é",
            "\u{a0}",
            "漢",
            "-",
            "  ",
            "clueweb-0001-000333",
        ];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let text = random_text(&mut x, &alphabet, 60);
            let mut at = 0;
            for line in text.split_inclusive('\n') {
                let reference: Vec<&str> = line.split_ascii_whitespace().collect();
                let (fields, count, next) = line_fields::<6>(&text, at);
                assert_eq!(count, reference.len(), "{text:?} at {at}");
                for (i, f) in reference.iter().take(6).enumerate() {
                    assert_eq!(fields[i], *f, "{text:?} at {at}");
                }
                at += line.len();
                assert_eq!(next, at, "{text:?}");
            }
            assert_eq!(at, text.len());
        }
    }

    /// The lines of `lines_with_fields` are those of `str::lines`, with `split_fields`'s fields.
    #[test]
    fn lines_are_str_lines() {
        for text in [
            "",
            "a",
            "a\n",
            "a b\r\n\n c\r",
            "\n\n",
            "x\ry z\r\r\nw",
            "é 漢\n\x01 b",
            "a b\n\x00c d\nT1 e\x00\x00 L1\n",
        ] {
            let ours: Vec<_> = lines_with_fields::<2>(text).collect();
            let reference: Vec<_> = text
                .lines()
                .map(|l| {
                    let (fields, count) = crate::io::split_fields::<2>(l);
                    FieldLine {
                        text: l,
                        fields,
                        count: l.split_ascii_whitespace().count().max(count),
                        nul: l.find('\0'),
                    }
                })
                .collect();
            assert_eq!(ours, reference, "{text:?}");
        }
    }

    #[test]
    fn a_run_line_and_its_end() {
        let text = "0001 Q0 clueweb-0001-000020 1 999.6286 runA\r\nnext";
        let (f, count, next) = line_fields::<6>(text, 0);
        assert_eq!(
            f,
            ["0001", "Q0", "clueweb-0001-000020", "1", "999.6286", "runA"]
        );
        assert_eq!((count, &text[next..]), (6, "next"));
        assert_eq!(line_fields::<2>(text, next), (["next", ""], 1, text.len()));
        assert_eq!(line_fields::<2>("\n", 0), (["", ""], 0, 1));
    }
}
