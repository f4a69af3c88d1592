//! A topic's judged documents, id → [`Label`], with every id copied into one buffer: building a
//! topic's table costs a few allocations instead of one `String` per judged document (on a
//! collection of 600,000 judgements the per-id strings were a tenth of `eval`'s time, in `malloc`
//! and page faults).
//!
//! Open addressing with linear probing over a power-of-two array of slots, kept at most half
//! full. A slot holds the upper 32 bits of the id's [`FxHasher`] hash (compared before the
//! bytes) and the entry's index + 1 (0 = empty). The slot of a hash is taken from its
//! multiplicative (Fibonacci) scramble's top bits. Lookups only: the table is never iterated, so
//! no hash order can reach any output.

use std::hash::Hasher;

use super::MeasureError;
use super::ideal::Label;
use rustc_hash::FxHasher;

/// One judged document: its id is `ids[start..start + len]`.
#[derive(Debug, Clone, Copy)]
struct Entry {
    start: u32,
    len: u32,
    label: Label,
}

/// Judged documents of a topic (see the module).
#[derive(Debug, Clone)]
pub(super) struct DocTable {
    ids: String,
    entries: Vec<Entry>,
    /// `hash >> 32` in the upper half, entry index + 1 in the lower half; 0 = empty.
    slots: Vec<u64>,
}

/// Knuth's multiplicative constant (2^64 / φ), spreading the hash over the slot bits.
const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hash of a document id that the table's slots use ([`FxHasher`] over the id's bytes, then
/// its length). Public so that a caller that hashes every retrieved document anyway (`eval`'s
/// duplicate check) hands the hash on instead of hashing the id again
/// ([`super::TopicJudgements::label_hashed_into`]).
pub fn doc_hash(doc: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(doc.as_bytes());
    h.write_usize(doc.len());
    h.finish()
}

impl DocTable {
    /// An empty table with room for `n` documents, and `id_bytes` bytes of their ids, before it
    /// grows.
    pub(super) fn with_capacity(n: usize, id_bytes: usize) -> Self {
        DocTable {
            ids: String::with_capacity(id_bytes),
            entries: Vec::with_capacity(n),
            slots: vec![0; slot_count(n)],
        }
    }

    /// Adds `doc` with `label`; a document already in the table is an error
    /// ([`MeasureError::DuplicateJudgement`]), as are ids of more than 4 GiB or
    /// 2^32 documents in all ([`MeasureError::TooManyJudgedIds`]).
    pub(super) fn insert_new(&mut self, doc: &str, label: Label) -> Result<(), MeasureError> {
        if slot_count(self.entries.len() + 1) > self.slots.len() {
            self.grow();
        }
        let h = doc_hash(doc);
        let at = match self.find(doc, h) {
            Ok(_) => return Err(MeasureError::DuplicateJudgement(doc.to_string())),
            Err(empty) => empty,
        };
        let start = u32::try_from(self.ids.len()).ok();
        let len = u32::try_from(doc.len()).ok();
        let (Some(start), Some(len)) = (start, len) else {
            return Err(MeasureError::TooManyJudgedIds);
        };
        if start.checked_add(len).is_none() || self.entries.len() >= u32::MAX as usize - 1 {
            return Err(MeasureError::TooManyJudgedIds);
        }
        self.ids.push_str(doc);
        self.entries.push(Entry { start, len, label });
        self.slots[at] = (h & !0xffff_ffff) | self.entries.len() as u64;
        Ok(())
    }

    /// The label of `doc`, `None` if it is not judged.
    #[inline]
    pub(super) fn get(&self, doc: &str) -> Option<Label> {
        self.get_hashed(doc, doc_hash(doc))
    }

    /// The label of `doc`, whose [`doc_hash`] is `h`; `None` if it is not judged.
    #[inline]
    pub(super) fn get_hashed(&self, doc: &str, h: u64) -> Option<Label> {
        self.find(doc, h).ok().map(|k| self.entries[k].label)
    }

    /// `Ok(entry index)` of `doc` (hash `h`), or `Err(the empty slot where it would go)`.
    #[inline]
    fn find(&self, doc: &str, h: u64) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let tag = h & !0xffff_ffff;
        let mut at = home(h, self.slots.len());
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return Err(at);
            }
            if slot & !0xffff_ffff == tag {
                let k = (slot & 0xffff_ffff) as usize - 1;
                let e = self.entries[k];
                if self.ids.as_bytes()[e.start as usize..][..e.len as usize] == *doc.as_bytes() {
                    return Ok(k);
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// Replaces every entry's label with `f` of it (the slots are unchanged).
    pub(super) fn relabel(&mut self, f: impl Fn(Label) -> Label) {
        for e in &mut self.entries {
            e.label = f(e.label);
        }
    }

    /// Doubles the slots and places every entry again.
    fn grow(&mut self) {
        let count = slot_count(self.entries.len() + 1).max(self.slots.len() * 2);
        self.slots = vec![0; count];
        let mask = count - 1;
        for (k, e) in self.entries.iter().enumerate() {
            let doc = &self.ids[e.start as usize..][..e.len as usize];
            let h = doc_hash(doc);
            let mut at = home(h, count);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = (h & !0xffff_ffff) | (k as u64 + 1);
        }
    }
}

/// Slots for `n` entries: a power of two at least 2n (and at least 8).
fn slot_count(n: usize) -> usize {
    n.saturating_mul(2).max(8).next_power_of_two()
}

/// The first slot probed for hash `h` among `count` (a power of two) slots.
#[inline]
fn home(h: u64, count: usize) -> usize {
    let bits = count.trailing_zeros();
    (h.wrapping_mul(SCRAMBLE) >> (64 - bits)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every inserted id is found with its own label (through several doublings from an
    /// undersized table), unjudged ids and prefixes are not, and a repeated id is rejected.
    #[test]
    fn finds_every_id_and_rejects_repeats() {
        let mut t = DocTable::with_capacity(1, 0);
        let ids: Vec<String> = (0..5000).map(|i| format!("doc-{i}")).collect();
        for (i, id) in ids.iter().enumerate() {
            t.insert_new(id, Label::direct(i as f64)).unwrap();
        }
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(t.get(id), Some(Label::direct(i as f64)), "{id}");
        }
        for missing in ["doc-5000", "doc-", "", "doc-12 ", "DOC-1"] {
            assert_eq!(t.get(missing), None, "{missing}");
        }
        assert_eq!(
            t.insert_new("doc-42", Label::NONRELEVANT),
            Err(MeasureError::DuplicateJudgement("doc-42".to_string()))
        );
        assert_eq!(t.get("doc-42"), Some(Label::direct(42.0)));
        let mut empty = DocTable::with_capacity(0, 0);
        assert_eq!(empty.get("a"), None);
        empty.insert_new("", Label::NONRELEVANT).unwrap();
        assert_eq!(empty.get(""), Some(Label::NONRELEVANT));
    }
}
