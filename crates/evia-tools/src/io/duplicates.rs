//! The first document retrieved twice in a ranked list, found with a table that is reused from
//! topic to topic: `eval` checks every topic's list (2,000,000 documents on the benchmark
//! collection), where a `HashMap` built per topic cost about 7% of the instructions.
//!
//! Open addressing with linear probing over a power-of-two array of slots, at most half full. A
//! slot holds the upper 32 bits of the id's hash ([`doc_hash`], the judgement tables' hash,
//! compared before the bytes) and the document's position in the list + 1 (0 = empty); the
//! home slot is the top bits of the hash's
//! multiplicative (Fibonacci) scramble. Lookups only, never iterated: no hash order reaches any
//! output, and the answer is the one of a set filled in rank order (the first repetition met).

use super::run_doc::RunDoc;
use evia_engine::measures::doc_hash;

/// Knuth's multiplicative constant (2^64 / φ), spreading the hash over the slot bits.
const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15;

/// The upper half of a slot: the hash's tag.
const TAG: u64 = !0xffff_ffff;

/// Finds repeated documents in ranked lists (see the module); its slots are kept between lists.
#[derive(Debug, Default)]
pub struct DuplicateFinder {
    slots: Vec<u64>,
}

impl DuplicateFinder {
    /// The first document of `docs` (in rank order) that occurs earlier in the list too, as
    /// (earlier line, later line, doc); `None` if every document occurs once.
    pub fn first_repeat<'a>(&mut self, docs: &[RunDoc<'a>]) -> Option<(usize, usize, &'a str)> {
        let hashes: Vec<u64> = docs.iter().map(|d| doc_hash(d.doc)).collect();
        self.first_repeat_hashed(docs, &hashes)
    }

    /// [`Self::first_repeat`] with each document's [`doc_hash`] given (`hashes[k]` of
    /// `docs[k]`), by a caller that labels the list with the same hashes.
    pub fn first_repeat_hashed<'a>(
        &mut self,
        docs: &[RunDoc<'a>],
        hashes: &[u64],
    ) -> Option<(usize, usize, &'a str)> {
        // Positions + 1 must fit the lower half of a slot; such a list is checked the slow way.
        if u32::try_from(docs.len()).is_err() {
            return first_repeat_by_map(docs);
        }
        let count = docs.len().saturating_mul(2).max(8).next_power_of_two();
        self.slots.clear();
        self.slots.resize(count, 0);
        let mask = count - 1;
        let bits = count.trailing_zeros();
        for (k, (d, &h)) in docs.iter().zip(hashes).enumerate() {
            let mut at = (h.wrapping_mul(SCRAMBLE) >> (64 - bits)) as usize;
            loop {
                let slot = self.slots[at];
                if slot == 0 {
                    self.slots[at] = (h & TAG) | (k as u64 + 1);
                    break;
                }
                if slot & TAG == h & TAG {
                    let other = &docs[(slot & !TAG) as usize - 1];
                    if other.doc == d.doc {
                        return Some((other.line.min(d.line), other.line.max(d.line), d.doc));
                    }
                }
                at = (at + 1) & mask;
            }
        }
        None
    }
}

/// [`DuplicateFinder::first_repeat`] with a `HashMap` (lists of 2^32 documents or more).
fn first_repeat_by_map<'a>(docs: &[RunDoc<'a>]) -> Option<(usize, usize, &'a str)> {
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for d in docs {
        if let Some(other) = seen.insert(d.doc, d.line) {
            return Some((other.min(d.line), other.max(d.line), d.doc));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(ids: &[String]) -> Vec<RunDoc<'_>> {
        ids.iter()
            .enumerate()
            .map(|(i, doc)| RunDoc {
                doc,
                score: 0.0,
                // Lines not in rank order, as after ranking by score.
                line: (i * 7919) % 10_007 + 1,
            })
            .collect()
    }

    /// The same answer as a `HashMap` filled in rank order (the reference), on random lists of
    /// 0 to 3,000 documents drawn from small and large id pools (with and without repeats),
    /// with one finder reused across all of them.
    #[test]
    fn agrees_with_a_hash_map_filled_in_rank_order() {
        let mut finder = DuplicateFinder::default();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut repeats = 0;
        for _ in 0..400 {
            let len = (next() % 3000) as usize;
            let pool = 1 + next() % 20_000;
            let ids: Vec<String> = (0..len).map(|_| format!("doc-{}", next() % pool)).collect();
            let docs = list(&ids);
            let expected = first_repeat_by_map(&docs);
            repeats += usize::from(expected.is_some());
            assert_eq!(finder.first_repeat(&docs), expected, "{len} of {pool}");
        }
        assert!(
            repeats > 50 && repeats < 390,
            "{repeats} lists with a repeat"
        );
    }
}
