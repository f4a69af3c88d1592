//! The fast path for the commonest line of run and qrels files: non-empty fields separated by
//! single spaces and ended by `\n`, as every TREC and NTCIR tool writes them
//! (`qid Q0 doc rank score tag`, `topic doc Lx`).
//!
//! [`simple_line`] finds such a line's fields in one pass over 8-byte words and returns `None` for
//! anything else (a tab, `\r`, two spaces in a row, a leading or trailing space, another control
//! character, more than `N` fields, an empty line, a line that is not ended by `\n` within the
//! text), so that the caller splits that line with the general splitter ([`super::line_fields`]),
//! which gives the same fields for every line this function accepts: on a line whose only bytes
//! `≤ 0x20` are single spaces between non-empty fields and the final `\n`, splitting on runs of
//! ASCII whitespace gives exactly the pieces between them.
//!
//! Every byte `≤ 0x20` of a little-endian word `w` is flagged exactly (no false positives, unlike
//! the borrow trick of [`super::line_fields`]): with `t = (w & 0x7f…7f) + 0x5f…5f`, the high bit
//! of a byte of `t` is set iff its low seven bits are at least `0x21` (no carry leaves a byte,
//! since `0x7f + 0x5f < 0x100`), so `!(t | w) & 0x80…80` flags the bytes below `0x80` whose low
//! bits are below `0x21` (Anderson, "Bit Twiddling Hacks", *Determine if a word has a byte less
//! than n*, made exact by masking the high bit first). Not `memchr`: it looks for at most three
//! given bytes, and a line is refused at any of the 31 bytes `≤ 0x20` other than the space and `\n`.

/// `0x7f` in every byte of a word.
const LOW7: u64 = u64::from_ne_bytes([0x7f; 8]);
/// `0x80 − 0x21` in every byte of a word.
const ADD: u64 = u64::from_ne_bytes([0x80 - 0x21; 8]);
/// `0x80` in every byte of a word.
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The flags (`0x80` in each byte `≤ 0x20`) of the little-endian word `w` (see the module).
fn at_most_space(w: u64) -> u64 {
    let t = (w & LOW7) + ADD;
    !(t | w) & HIGHS
}

/// The one separator scanner of the fast line paths ([`simple_line`] and
/// [`super::trec_line`]): every byte position `p ≥ start` of `bytes` whose byte is `≤ 0x20`, in
/// order, flagged eight bytes at a time (see the module). It ends when the bytes run out before a
/// whole 8-byte word: only whole words are read, so a line whose end is within the last 7 bytes
/// of `bytes` is left to the caller's general path.
#[derive(Debug, Clone)]
pub(super) struct Separators<'b> {
    bytes: &'b [u8],
    /// The start of the next word to read.
    at: usize,
    /// The flags of the word before `at` not yet visited.
    flags: u64,
}

impl<'b> Separators<'b> {
    pub(super) fn new(bytes: &'b [u8], start: usize) -> Self {
        Separators {
            bytes,
            at: start,
            flags: 0,
        }
    }
}

impl Iterator for Separators<'_> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.flags == 0 {
            let word: [u8; 8] = self.bytes.get(self.at..self.at + 8)?.try_into().ok()?;
            self.flags = at_most_space(u64::from_le_bytes(word));
            self.at += 8;
        }
        let p = self.at - 8 + (self.flags.trailing_zeros() / 8) as usize;
        self.flags &= self.flags - 1;
        Some(p)
    }
}

/// The fields of the simple line (at most `N` of them) starting at byte `start` of `text` (a line
/// start), how many there are, and where the next line starts; `None` when the line is not
/// simple (see the module).
///
/// Only whole 8-byte words are read, so a line whose end is within the last 7 bytes of `text` is
/// left to the caller too.
///
/// Marked `#[inline]`: called once per qrels line from [`super::line_fields::lines_with_fields`],
/// it is otherwise inlined there or not depending on the rest of the crate (16 instructions a line
/// more when not).
#[inline]
pub fn simple_line<const N: usize>(text: &str, start: usize) -> Option<([&str; N], usize, usize)> {
    let bytes = text.as_bytes();
    let mut fields = [""; N];
    let mut count = 0;
    let mut field_start = start;
    for p in Separators::new(bytes, start) {
        // Every field must be non-empty: a separator right after the previous one (or at the
        // line's start) means a run of spaces, a leading or trailing one, or an empty line.
        if p == field_start || count == N {
            return None;
        }
        // Both ends of the field are at ASCII bytes: character boundaries.
        fields[count] = text.get(field_start..p)?;
        count += 1;
        field_start = p + 1;
        match bytes[p] {
            b' ' => {}
            b'\n' => return Some((fields, count, p + 1)),
            _ => return None,
        }
    }
    None
}

/// Six-field lines that every fast path (`simple_line`, `trec_line`) must leave to the general
/// splitter: a `\r`, a tab, a run of spaces, leading or trailing space, a seventh field, a control
/// byte, an empty line and a last line without `\n`.
#[cfg(test)]
pub const UNUSUAL_SIX_FIELD_LINES: [&str; 9] = [
    "0001 Q0 d 1 2.5 runA\r\n",
    "0001\tQ0 d 1 2.5 runA\n",
    "0001  Q0 d 1 2.5 runA\n",
    " 0001 Q0 d 1 2.5 runA\n",
    "0001 Q0 d 1 2.5 runA \n",
    "0001 Q0 d 1 2.5 runA x\n",
    "0001 Q0 d\x01 1 2.5 runA\n",
    "\n",
    "0001 Q0 d 1 2.5 runA",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::line_fields::{line_fields, random_text};

    #[test]
    fn a_simple_line_and_its_end() {
        let text = "0001 Q0 clueweb-0001-000020 1 999.6286 runA\nnext line of the text";
        let (fields, count, next) = simple_line::<6>(text, 0).unwrap();
        assert_eq!(
            fields,
            ["0001", "Q0", "clueweb-0001-000020", "1", "999.6286", "runA"]
        );
        assert_eq!((count, &text[next..]), (6, "next line of the text"));
        let text = "0001 clueweb-0001-000000 L3\n0001 clueweb-0001-000001 L1\n";
        let (fields, count, next) = simple_line::<4>(text, 0).unwrap();
        assert_eq!(fields, ["0001", "clueweb-0001-000000", "L3", ""]);
        assert_eq!((count, next), (3, 28));
    }

    /// Lines the fast path must leave to the general splitter.
    #[test]
    fn unusual_lines_are_refused() {
        for line in UNUSUAL_SIX_FIELD_LINES {
            let text = format!("{line}........");
            assert_eq!(simple_line::<6>(&text, 0), None, "{line:?}");
        }
    }

    /// Wherever the fast path accepts a line, the general splitter (the reference,
    /// `line_fields`, itself checked against `str::split_ascii_whitespace`) gives the same
    /// fields, count and end; on random texts of run-like pieces, every line start is tried.
    #[test]
    fn accepted_lines_split_as_the_general_splitter_splits_them() {
        let alphabet = [
            "a ",
            "Q0 ",
            "7 ",
            "2.5 ",
            "runA\n",
            "é ",
            "漢 ",
            "x\n",
            " ",
            "\t",
            "\r\n",
            "\x01",
            "\x7f",
            "clueweb-0001-000333 ",
        ];
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut accepted = 0;
        for _ in 0..50_000 {
            let text = random_text(&mut x, &alphabet, 40);
            let mut at = 0;
            while at < text.len() {
                let (fields, count, next) = line_fields::<6>(&text, at);
                if let Some(fast) = simple_line::<6>(&text, at) {
                    accepted += 1;
                    assert_eq!(fast, (fields, count, next), "{text:?} at {at}");
                }
                if let Some(fast) = simple_line::<3>(&text, at) {
                    assert_eq!(fast, line_fields::<3>(&text, at), "{text:?} at {at}");
                }
                at = next;
            }
        }
        assert!(accepted > 100, "only {accepted} lines accepted");
    }
}
