//! Stream derivation: the key of the stream named by (seed, artefact, unit) and the ChaCha8
//! generators built from it (steps 1–4 of the [`rng`](super) module documentation).

use std::hash::Hasher;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The 64-bit FNV-1a hash (Fowler, Noll & Vo) of `bytes`, computed by the `fnv` crate (whose
/// `FnvHasher` is exactly FNV-1a 64; the reference vectors below pin it).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash = fnv::FnvHasher::default();
    hash.write(bytes);
    hash.finish()
}

/// One step of SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): advances `state` and returns the output.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The 32-byte ChaCha key of the stream named by (`seed`, `artefact`, `unit`) (steps 1–3 of the
/// [`rng`](super) module documentation).
pub fn stream_key(seed: u64, artefact: &str, unit: &str) -> [u8; 32] {
    let mut bytes = Vec::with_capacity(24 + artefact.len() + unit.len());
    bytes.extend_from_slice(&seed.to_le_bytes());
    for part in [artefact, unit] {
        bytes.extend_from_slice(&(part.len() as u64).to_le_bytes());
        bytes.extend_from_slice(part.as_bytes());
    }
    let mut state = fnv1a64(&bytes);
    let mut key = [0u8; 32];
    for chunk in key.chunks_exact_mut(8) {
        chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    key
}

/// The random stream for (`seed`, `artefact`, `unit`): ChaCha8 keyed by [`stream_key`], stream 0.
pub fn stream(seed: u64, artefact: &str, unit: &str) -> ChaCha8Rng {
    block_stream(seed, artefact, unit, 0)
}

/// Sub-stream number `block` of the stream for (`seed`, `artefact`, `unit`): the same key, with the
/// ChaCha stream (nonce) set to `block`. Blocks are independent of one another, so work split into
/// blocks gives the same draws whichever thread runs which block.
pub fn block_stream(seed: u64, artefact: &str, unit: &str, block: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::from_seed(stream_key(seed, artefact, unit));
    rng.set_stream(block);
    rng
}

/// A named stream: the three parts of [`stream`], kept together to pass to engine functions that
/// draw from blocks of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamSpec<'a> {
    pub seed: u64,
    pub artefact: &'a str,
    pub unit: &'a str,
}

impl StreamSpec<'_> {
    /// Stream 0 of this spec (see [`stream`]).
    pub fn rng(&self) -> ChaCha8Rng {
        stream(self.seed, self.artefact, self.unit)
    }

    /// Sub-stream `block` of this spec (see [`block_stream`]).
    pub fn block(&self, block: u64) -> ChaCha8Rng {
        block_stream(self.seed, self.artefact, self.unit, block)
    }
}

#[cfg(test)]
mod tests {
    use rand_core::RngCore;

    use super::*;

    /// Published FNV-1a 64 test vectors (the FNV reference page, www.isthe.com/chongo/tech/comp/fnv).
    #[test]
    fn fnv1a64_matches_reference_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    /// SplitMix64 from state 0: the first output of Vigna's reference `splitmix64.c`.
    #[test]
    fn splitmix64_matches_reference_vector() {
        let mut state = 0u64;
        assert_eq!(splitmix64(&mut state), 0xe220a8397b1dcdaf);
    }

    #[test]
    fn key_encoding_is_injective_on_split_points() {
        assert_ne!(stream_key(1, "ab", "c"), stream_key(1, "a", "bc"));
        assert_ne!(stream_key(1, "a", "b"), stream_key(2, "a", "b"));
    }

    #[test]
    fn block_streams_differ_from_each_other_and_from_other_seeds() {
        let first = |mut r: ChaCha8Rng| r.next_u64();
        let a0 = first(block_stream(1, "x", "y", 0));
        assert_eq!(a0, first(stream(1, "x", "y")));
        assert_ne!(a0, first(block_stream(1, "x", "y", 1)));
        assert_ne!(a0, first(block_stream(2, "x", "y", 0)));
        assert_ne!(a0, first(block_stream(1, "x", "z", 0)));
    }
}
