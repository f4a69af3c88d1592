//! The project's single source of randomness: seeded ChaCha8 streams and our own permutation code.
//!
//! Every random draw of every experiment (stand-in collections, rating simulations, randomised Tukey
//! HSD trials) comes from a stream named by three parts: the global `seed`, an `artefact` id (for
//! example `"A.T3"` or `"hsd"`) and a `unit` id inside it (a topic, a run, a measure). Adding or
//! reordering work therefore never shifts the draws of other results (ARCHITECTURE.md, "Invariants").
//!
//! # Stream derivation (stable; changing it changes every simulated number)
//!
//! 1. Encode the three parts as bytes: `seed` as 8 little-endian bytes, then for each of `artefact`
//!    and `unit` its UTF-8 length as 8 little-endian bytes followed by its UTF-8 bytes (the length
//!    prefixes make the encoding injective: `("ab", "c")` and `("a", "bc")` differ).
//! 2. Hash the bytes with 64-bit FNV-1a (offset basis `0xcbf29ce484222325`, prime `0x100000001b3`).
//! 3. Expand the hash into the 32-byte ChaCha key with SplitMix64 (Steele, Lea & Flood 2014): the
//!    first four outputs of a SplitMix64 generator whose state starts at the hash, each written as 8
//!    little-endian bytes.
//! 4. The generator is `rand_chacha::ChaCha8Rng::from_seed(key)` with its 64-bit stream (nonce) set to
//!    a block index (0 for [`stream`]); [`block_stream`] gives independent sub-streams for work split
//!    into blocks, such as the trials of the randomised Tukey HSD.
//!
//! Only this module's own functions turn raw `u32`/`u64` draws into numbers: [`below`] (Lemire's
//! multiply-and-reject bounded integers), [`shuffle`] / [`Shuffler`] (Durstenfeld's Fisher–Yates with
//! Lemire's method applied to batches of indices), [`uniform_f64`] and [`standard_normal`]. Library shuffles are avoided because their algorithms changed between `rand`
//! releases; the value-stability tests below pin the first draws and permutations.

pub use rand_chacha::ChaCha8Rng;
use std::hash::Hasher;

use rand_core::{RngCore, SeedableRng};

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
/// module documentation).
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

/// A uniformly distributed integer in `0..n`, without bias.
///
/// Lemire's method ("Fast random integer generation in an interval", ACM TOMACS 2019): multiply a
/// raw draw `x` by `n` in double width; the high half is the result unless the low half falls below
/// `2^w mod n`, in which case the draw is rejected and repeated. For `n <= 2^32` one `u32` draw is
/// used per attempt (`w = 32`), otherwise one `u64` draw (`w = 64`).
///
/// # Panics
/// If `n == 0` (there is no integer in an empty range; callers never ask for one).
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    assert!(n > 0, "rng::below: empty range 0..0");
    let n64 = n as u64;
    if n64 <= 1 << 32 {
        // n = 2^32 is handled exactly by the u64 arithmetic below.
        let mut m = u64::from(rng.next_u32()) * n64;
        let mut low = m & 0xffff_ffff;
        if low < n64 {
            let threshold = ((1u64 << 32) - n64) % n64;
            while low < threshold {
                m = u64::from(rng.next_u32()) * n64;
                low = m & 0xffff_ffff;
            }
        }
        (m >> 32) as usize
    } else {
        let n128 = u128::from(n64);
        let mut m = u128::from(rng.next_u64()) * n128;
        let mut low = m as u64;
        if low < n64 {
            let threshold = n64.wrapping_neg() % n64;
            while low < threshold {
                m = u128::from(rng.next_u64()) * n128;
                low = m as u64;
            }
        }
        (m >> 64) as usize
    }
}

/// Shuffles `items` uniformly in place: `Shuffler::new(items.len()).shuffle(rng, items)`.
/// Code that shuffles many slices of one length should build the [`Shuffler`] once.
pub fn shuffle<R: RngCore + ?Sized, T>(rng: &mut R, items: &mut [T]) {
    Shuffler::new(items.len()).shuffle(rng, items);
}

/// The most bounded indices one `u64` draw can yield (each range is at least 2, so a product of
/// more than 63 ranges exceeds 2^64).
const MAX_BATCH: usize = 64;

/// A group of consecutive Fisher–Yates steps served by one `u64` draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Batch {
    /// Range of the first step of the group (the slice position being filled, plus one).
    first_range: u64,
    /// Number of steps; their ranges are first_range, first_range − 1, ….
    steps: usize,
    /// The product P of the ranges (below 2^64).
    product: u64,
    /// Lemire's rejection threshold (2^64 − P) mod P.
    threshold: u64,
}

/// Durstenfeld's Fisher–Yates shuffle for slices of one length, with batched bounded draws.
///
/// Fisher–Yates: for `i` from the last index down to 1, swap item `i` with item `j_i`, `j_i` uniform
/// in `0..=i`. The indices `j_i` are drawn in batches (Brackett-Rozinsky & Lemire, "Batched Ranged
/// Random Integer Generation", Software: Practice and Experience, 2024): consecutive steps with
/// ranges n_1, n_2, … (n_1 = i + 1, n_2 = i, …) are grouped greedily while the product P of their
/// ranges stays below 2^64; for each group one `u64` draw `x` is taken and, with r_0 = x,
/// `j_k = ⌊r_{k−1} · n_k / 2^64⌋` and `r_k = r_{k−1} · n_k mod 2^64`. This is Lemire's
/// multiply-and-reject method for the single range P (x·P = 2^64 · I + r_last, and the j's are the
/// mixed-radix digits of I), so the group is rejected and redrawn exactly when
/// `r_last < (2^64 − P) mod P`, which makes every index exactly uniform and independent. A slice of 16
/// items needs one draw per shuffle (16! < 2^64) instead of 15.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shuffler {
    len: usize,
    batches: Vec<Batch>,
}

impl Shuffler {
    /// Plans the batches for slices of `len` items.
    ///
    /// # Panics
    /// If `len` exceeds `u32::MAX` (indices are kept as `u32` while a batch is checked).
    pub fn new(len: usize) -> Self {
        assert!(
            u32::try_from(len).is_ok(),
            "Shuffler: slices longer than u32::MAX items are not supported"
        );
        let mut batches = Vec::new();
        let mut range = len as u64; // range of the next step: position len − 1, so len choices
        while range >= 2 {
            let first_range = range;
            let mut product: u128 = 1;
            let mut steps = 0;
            while range >= 2 && steps < MAX_BATCH && product * u128::from(range) < (1u128 << 64) {
                product *= u128::from(range);
                steps += 1;
                range -= 1;
            }
            if steps == 0 {
                // A single range of 2^64 or more cannot occur for u64 lengths; guard anyway.
                steps = 1;
                product = u128::from(range);
                range -= 1;
            }
            let p = product as u64;
            batches.push(Batch {
                first_range,
                steps,
                product: p,
                threshold: p.wrapping_neg() % p,
            });
        }
        Shuffler { len, batches }
    }

    /// The slice length this shuffler was planned for.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the planned length is 0.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Shuffles `items` uniformly in place.
    ///
    /// # Panics
    /// If `items.len()` differs from the planned length.
    pub fn shuffle<R: RngCore + ?Sized, T>(&self, rng: &mut R, items: &mut [T]) {
        assert_eq!(items.len(), self.len, "Shuffler planned for another length");
        let mut digits = [0u32; MAX_BATCH];
        for batch in &self.batches {
            loop {
                let mut r = rng.next_u64();
                for (k, digit) in digits[..batch.steps].iter_mut().enumerate() {
                    let m = u128::from(r) * u128::from(batch.first_range - k as u64);
                    *digit = (m >> 64) as u32;
                    r = m as u64;
                }
                if r >= batch.threshold {
                    break;
                }
            }
            for (k, &j) in digits[..batch.steps].iter().enumerate() {
                items.swap(batch.first_range as usize - 1 - k, j as usize);
            }
        }
    }
}

/// Most items a [`SmallShuffler`] shuffles: 16! < 2^64, so one draw serves a whole shuffle.
pub const SMALL_MAX_LEN: usize = 16;

/// [`Shuffler`] for a length `LEN` of at most 16 known when compiling: it shuffles the first `LEN`
/// items of an array of 16 with the same draws and the same swaps as `Shuffler::new(LEN).shuffle`
/// of those items, so the two give the same permutation from the same stream.
///
/// The ranges LEN, LEN − 1, …, 2 form one batch (16! < 2^64): one accepted `u64` draw `x` per
/// shuffle ([`SmallShuffler::draw`]), whose Lemire remainder is `r_last = x·P mod 2^64` with
/// P = LEN! (`Shuffler`'s documentation), so acceptance takes one wrapping multiplication; then
/// [`SmallShuffler::apply`] runs the Fisher–Yates steps with the digits of `x`, unrolled for the
/// constant `LEN`. Drawing and applying are separate so that one draw can shuffle several arrays
/// alike (the rows of matrices tested with common random numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmallShuffler<const LEN: usize> {
    /// P = LEN! (1 for LEN <= 1).
    product: u64,
    /// Lemire's rejection threshold (2^64 − P) mod P.
    threshold: u64,
}

impl<const LEN: usize> Default for SmallShuffler<LEN> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const LEN: usize> SmallShuffler<LEN> {
    /// The shuffler of `LEN` items (`LEN` <= [`SMALL_MAX_LEN`], checked when compiling).
    pub fn new() -> Self {
        const {
            assert!(
                LEN <= SMALL_MAX_LEN,
                "a SmallShuffler holds at most 16 items"
            )
        };
        let product: u64 = (2..=LEN as u64).product();
        SmallShuffler {
            product,
            threshold: product.wrapping_neg() % product,
        }
    }

    /// The next accepted draw of `rng` for one shuffle: draws are rejected while
    /// `x·P mod 2^64 < (2^64 − P) mod P`, as `Shuffler::shuffle` rejects them. With fewer than 2
    /// items nothing is drawn (there is no step) and 0 is returned.
    pub fn draw<R: RngCore + ?Sized>(&self, rng: &mut R) -> u64 {
        if LEN < 2 {
            return 0;
        }
        loop {
            let x = rng.next_u64();
            if x.wrapping_mul(self.product) >= self.threshold {
                return x;
            }
        }
    }

    /// The Fisher–Yates steps of the accepted draw `x` on `items[..LEN]`: for p = LEN − 1 down to 1
    /// (range n = p + 1), digit `j = ⌊r·n / 2^64⌋` (r starts at x and becomes `r·n mod 2^64`) and
    /// items p and j are swapped. Item p is final once its step is done (later steps touch only
    /// positions below p), so `visit(p, value)` is called with it then, and `visit(0, items[0])`
    /// last: every position below `LEN` once, with its value in the shuffled order. Items from
    /// `LEN` on are untouched.
    #[inline(always)]
    pub fn apply<T: Copy>(x: u64, items: &mut [T; SMALL_MAX_LEN], mut visit: impl FnMut(usize, T)) {
        Self::apply_lanes([x], std::array::from_mut(items), |p, [value]| {
            visit(p, value)
        });
    }

    /// [`SmallShuffler::apply`] of `xs[lane]` to `rows[lane]` for every lane, step by step side by
    /// side (independent multiplication chains that the processor overlaps): `visit(p, values)`
    /// receives position p's final value of every lane, in lane order.
    #[inline(always)]
    pub fn apply_lanes<T: Copy, const LANES: usize>(
        xs: [u64; LANES],
        rows: &mut [[T; SMALL_MAX_LEN]; LANES],
        mut visit: impl FnMut(usize, [T; LANES]),
    ) {
        Self::apply_lanes_shared(xs, [rows], |p, [values]| visit(p, values));
    }

    /// [`SmallShuffler::apply_lanes`] of the same draws to `M` sets of lanes at once (the rows of
    /// `M` matrices tested with common random numbers): each step's digit `j` is computed once
    /// per lane and used to swap items p and j of lane `lane` of every set, so the sets end as
    /// `apply_lanes` would leave each of them. `visit(p, values)` receives position p's final
    /// value of every set and lane (`values[set][lane]`).
    #[inline(always)]
    pub fn apply_lanes_shared<T: Copy, const LANES: usize, const M: usize>(
        xs: [u64; LANES],
        mut rows: [&mut [[T; SMALL_MAX_LEN]; LANES]; M],
        mut visit: impl FnMut(usize, [[T; LANES]; M]),
    ) {
        // Plain loops rather than nested `array::from_fn`, which the compiler does not inline.
        let mut r = xs;
        let mut js = [0usize; LANES];
        for p in (1..LEN).rev() {
            let mut values = [[rows[0][0][0]; LANES]; M];
            let ([first_values, other_values @ ..], [first, others @ ..]) =
                (&mut values[..], &mut rows[..])
            else {
                unreachable!("M >= 1 sets: `rows[0]` above has one");
            };
            for lane in 0..LANES {
                let m = u128::from(r[lane]) * (p as u128 + 1);
                r[lane] = m as u64;
                // j <= p < 16; the mask only tells the compiler so (no bounds check).
                js[lane] = (m >> 64) as usize & (SMALL_MAX_LEN - 1);
                first_values[lane] = swap_out(&mut first[lane], p, js[lane]);
            }
            for (values, set) in other_values.iter_mut().zip(others.iter_mut()) {
                for lane in 0..LANES {
                    values[lane] = swap_out(&mut set[lane], p, js[lane]);
                }
            }
            visit(p, values);
        }
        if LEN > 0 {
            let mut values = [[rows[0][0][0]; LANES]; M];
            for (values, set) in values.iter_mut().zip(rows.iter()) {
                for (value, row) in values.iter_mut().zip(set.iter()) {
                    *value = row[0];
                }
            }
            visit(0, values);
        }
    }

    /// Shuffles `items[..LEN]` uniformly in place: [`SmallShuffler::draw`], then
    /// [`SmallShuffler::apply`].
    pub fn shuffle<R: RngCore + ?Sized, T: Copy>(
        &self,
        rng: &mut R,
        items: &mut [T; SMALL_MAX_LEN],
    ) {
        Self::apply(self.draw(rng), items, |_, _| {});
    }
}

/// Swaps items `p` and `j` of `row` and returns item p's new value (the old item j), kept in a
/// register for the caller.
#[inline(always)]
fn swap_out<T: Copy>(row: &mut [T; SMALL_MAX_LEN], p: usize, j: usize) -> T {
    let moved = row[p];
    let value = std::mem::replace(&mut row[j], moved);
    row[p] = value;
    value
}

/// A uniform double in `[0, 1)`: the top 53 bits of one `u64` draw times `2^-53`.
pub fn uniform_f64<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A standard normal deviate by the Box–Muller transform (one of the pair is used):
/// `sqrt(−2 ln u1) · cos(2π u2)` with `u1 = 1 − uniform_f64` in `(0, 1]` and `u2 = uniform_f64`.
/// Two `u64` draws per deviate. (`ln` and `cos` come from the platform's maths library, so the last
/// bit may differ between platforms; integer draws and permutations never do.)
pub fn standard_normal<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    let u1 = 1.0 - uniform_f64(rng);
    let u2 = uniform_f64(rng);
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

#[cfg(test)]
mod tests {
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

    /// Value stability: these numbers are part of the project's reproducibility contract. If this
    /// test fails, every simulated number and every randomised p-value has changed. The key was
    /// recomputed independently from the module documentation's steps 1–3 (Python, 10 lines).
    #[test]
    fn value_stability_of_key_draws_and_permutations() {
        let key = stream_key(2017, "evia-repro", "value-stability");
        let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "85739a09ea59d7ab2f3bff463c623ba579a6a3e46b67de9ec56d77ade7340e08"
        );
        let mut rng = stream(2017, "evia-repro", "value-stability");
        let draws: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(draws, [1585289928, 624810744, 4108088734, 488397929]);

        // Lemire: ⌊draw · 1000 / 2^32⌋ for the draws above (checked by hand: 369, 145, 956, 113).
        let mut rng = stream(2017, "evia-repro", "value-stability");
        let bounded: Vec<usize> = (0..4).map(|_| below(&mut rng, 1000)).collect();
        assert_eq!(bounded, [369, 145, 956, 113]);

        // The first permutation was recomputed independently (Python) from the first u64 draw
        // (the two u32 draws above, low word first) by the batched method of `Shuffler`.
        let mut rng = stream(2017, "evia-repro", "value-stability");
        let mut perms = Vec::new();
        for _ in 0..3 {
            let mut p: Vec<u32> = (0..10).collect();
            shuffle(&mut rng, &mut p);
            perms.push(p);
        }
        assert_eq!(
            perms,
            [
                [2, 6, 8, 3, 7, 9, 5, 0, 4, 1],
                [4, 7, 5, 2, 3, 0, 6, 8, 9, 1],
                [2, 1, 3, 6, 5, 8, 7, 0, 9, 4],
            ]
        );

        let mut rng = block_stream(2017, "evia-repro", "value-stability", 5);
        let mut p: Vec<u32> = (0..16).collect();
        shuffle(&mut rng, &mut p);
        assert_eq!(p, [1, 9, 13, 14, 3, 5, 12, 2, 6, 15, 4, 10, 7, 11, 8, 0]);

        // 44 items (paper A's run count) take several batches.
        let mut rng = stream(2017, "evia-repro", "value-stability");
        let mut p: Vec<u32> = (0..44).collect();
        shuffle(&mut rng, &mut p);
        assert_eq!(
            p,
            [
                28, 3, 39, 9, 17, 24, 34, 30, 35, 36, 27, 31, 25, 40, 16, 15, 42, 43, 33, 2, 19,
                21, 13, 12, 23, 32, 10, 37, 11, 1, 7, 14, 20, 26, 29, 4, 22, 18, 8, 38, 41, 6, 0,
                5
            ]
        );
    }

    /// The batched indices are the mixed-radix digits of ⌊x·P / 2^64⌋ (Shuffler's documentation):
    /// checked directly with 128-bit arithmetic for many draws x.
    #[test]
    fn batched_digits_are_mixed_radix_digits_of_lemire_index() {
        let ranges = [16u64, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
        let product: u128 = ranges.iter().map(|&n| u128::from(n)).product();
        assert!(product < 1 << 64);
        let mut rng = stream(1, "rng-test", "digits");
        for _ in 0..1000 {
            let x = rng.next_u64();
            let mut r = x;
            let mut digits = Vec::new();
            for &n in &ranges {
                let m = u128::from(r) * u128::from(n);
                digits.push((m >> 64) as u64);
                r = m as u64;
            }
            let full = u128::from(x) * product;
            assert_eq!(r as u128, full & u128::from(u64::MAX));
            let mut index = full >> 64;
            for (&n, &d) in ranges.iter().zip(&digits).rev() {
                assert_eq!(d as u128, index % u128::from(n));
                index /= u128::from(n);
            }
            assert_eq!(index, 0);
        }
    }

    /// 25! > 2^64, so a 25-item shuffle takes two batches; every item must land in every position
    /// with probability 1/25.
    #[test]
    fn multi_batch_shuffle_is_uniform_over_positions() {
        let shuffler = Shuffler::new(25);
        assert_eq!(shuffler.batches.len(), 2);
        let mut rng = stream(2, "rng-test", "positions");
        let trials = 10_000;
        let mut counts = [[0u32; 25]; 25];
        for _ in 0..trials {
            let mut v: Vec<usize> = (0..25).collect();
            shuffler.shuffle(&mut rng, &mut v);
            for (pos, &item) in v.iter().enumerate() {
                counts[item][pos] += 1;
            }
        }
        // Expected 400 per cell, sd about 19.6; 5 sd = 98.
        for row in &counts {
            assert!(row.iter().all(|&c| (302..=498).contains(&c)), "{row:?}");
        }
        assert_eq!(Shuffler::new(1).batches.len(), 0);
        assert_eq!(Shuffler::new(16).batches.len(), 1);
        let mut one = [7];
        shuffle(&mut rng, &mut one);
        assert_eq!(one, [7]);
    }

    /// `SmallShuffler::<LEN>` consumes the same draws and makes the same permutation as
    /// `Shuffler::new(LEN).shuffle`, over many successive shuffles of one stream, leaves the items
    /// from `LEN` on alone, and visits every position once with its final value.
    fn check_small_shuffler<const LEN: usize>() {
        let small = SmallShuffler::<LEN>::new();
        let shuffler = Shuffler::new(LEN);
        let mut slice_rng = stream(9, "rng-test", "small");
        let mut small_rng = slice_rng.clone();
        let mut items: Vec<u64> = (0..LEN as u64).collect();
        let mut array: [u64; SMALL_MAX_LEN] = std::array::from_fn(|k| k as u64);
        for _ in 0..500 {
            shuffler.shuffle(&mut slice_rng, &mut items);
            let mut visited = [None; SMALL_MAX_LEN];
            let x = small.draw(&mut small_rng);
            SmallShuffler::<LEN>::apply(x, &mut array, |p, v| {
                assert!(visited[p].is_none(), "position {p} visited twice");
                visited[p] = Some(v);
            });
            assert_eq!(&array[..LEN], &items[..], "length {LEN}");
            assert!((LEN..SMALL_MAX_LEN).all(|k| array[k] == k as u64));
            let visited: Vec<u64> = visited[..LEN].iter().map(|v| v.expect("visited")).collect();
            assert_eq!(visited, items, "length {LEN}");
        }
        assert_eq!(slice_rng.next_u64(), small_rng.next_u64(), "length {LEN}");
        let mut again = slice_rng.clone();
        let mut array: [u64; SMALL_MAX_LEN] = std::array::from_fn(|k| k as u64);
        small.shuffle(&mut slice_rng, &mut array);
        let mut items: Vec<u64> = (0..LEN as u64).collect();
        shuffler.shuffle(&mut again, &mut items);
        assert_eq!(&array[..LEN], &items[..], "length {LEN}");
    }

    /// `apply_lanes` on 4 rows equals `apply` on each row in turn, with the values of each position
    /// visited in lane order.
    #[test]
    fn small_shuffler_lanes_match_one_row_at_a_time() {
        let small = SmallShuffler::<13>::new();
        let mut rng = stream(11, "rng-test", "lanes");
        let start: [u64; SMALL_MAX_LEN] = std::array::from_fn(|k| k as u64);
        let (mut lanes, mut rows) = ([start; 4], [start; 4]);
        for _ in 0..200 {
            let xs: [u64; 4] = std::array::from_fn(|_| small.draw(&mut rng));
            let mut lane_visits = Vec::new();
            SmallShuffler::<13>::apply_lanes(xs, &mut lanes, |p, values| {
                lane_visits.push((p, values))
            });
            let mut row_visits = vec![(0, [0; 4]); 13];
            for (lane, (row, &x)) in rows.iter_mut().zip(&xs).enumerate() {
                let mut k = 0;
                SmallShuffler::<13>::apply(x, row, |p, v| {
                    row_visits[k].0 = p;
                    row_visits[k].1[lane] = v;
                    k += 1;
                });
            }
            assert_eq!(lanes, rows);
            assert_eq!(lane_visits, row_visits);
        }
    }

    /// `apply_lanes_shared` on two sets of lanes with different contents leaves each set as
    /// `apply_lanes` of the same draws leaves it alone, and visits each set's values as
    /// `apply_lanes` does.
    #[test]
    fn small_shuffler_shared_lanes_match_one_set_at_a_time() {
        let small = SmallShuffler::<11>::new();
        let mut rng = stream(12, "rng-test", "shared-lanes");
        let first: [u64; SMALL_MAX_LEN] = std::array::from_fn(|k| k as u64);
        let second: [u64; SMALL_MAX_LEN] = std::array::from_fn(|k| 100 + 7 * k as u64);
        let (mut a, mut b) = ([first; 4], [second; 4]);
        let (mut alone_a, mut alone_b) = ([first; 4], [second; 4]);
        for _ in 0..200 {
            let xs: [u64; 4] = std::array::from_fn(|_| small.draw(&mut rng));
            let mut shared_visits = Vec::new();
            SmallShuffler::<11>::apply_lanes_shared(xs, [&mut a, &mut b], |p, [va, vb]| {
                shared_visits.push((p, va, vb))
            });
            let (mut visits_a, mut visits_b) = (Vec::new(), Vec::new());
            SmallShuffler::<11>::apply_lanes(xs, &mut alone_a, |p, v| visits_a.push((p, v)));
            SmallShuffler::<11>::apply_lanes(xs, &mut alone_b, |p, v| visits_b.push((p, v)));
            assert_eq!((a, b), (alone_a, alone_b));
            let alone: Vec<_> = visits_a
                .iter()
                .zip(&visits_b)
                .map(|(&(p, va), &(_, vb))| (p, va, vb))
                .collect();
            assert_eq!(shared_visits, alone);
        }
    }

    #[test]
    fn small_shuffler_matches_slice_shuffle_for_every_length() {
        check_small_shuffler::<0>();
        check_small_shuffler::<1>();
        check_small_shuffler::<2>();
        check_small_shuffler::<3>();
        check_small_shuffler::<4>();
        check_small_shuffler::<5>();
        check_small_shuffler::<6>();
        check_small_shuffler::<7>();
        check_small_shuffler::<8>();
        check_small_shuffler::<9>();
        check_small_shuffler::<10>();
        check_small_shuffler::<11>();
        check_small_shuffler::<12>();
        check_small_shuffler::<13>();
        check_small_shuffler::<14>();
        check_small_shuffler::<15>();
        check_small_shuffler::<16>();
    }

    /// A generator replaying fixed `u64` draws, to reach the rejection branch on purpose.
    struct Replay(Vec<u64>);

    impl RngCore for Replay {
        fn next_u32(&mut self) -> u32 {
            self.next_u64() as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.0.remove(0)
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {
            unimplemented!("not drawn by shuffles")
        }
    }

    /// A draw of 0 leaves r_last = 0 below the rejection threshold of 16 items (2^64 mod 16! ≠ 0),
    /// so both shuffles must reject it and use the next draw, identically.
    #[test]
    fn small_shuffler_rejects_like_slice_shuffle() {
        let shuffler = Shuffler::new(16);
        assert_ne!(shuffler.batches[0].threshold, 0);
        let draws = vec![0, 0x0123_4567_89ab_cdef];
        let mut items: Vec<u64> = (0..16).collect();
        shuffler.shuffle(&mut Replay(draws.clone()), &mut items);
        let mut once = Replay(draws.clone());
        let mut array: [u64; SMALL_MAX_LEN] = std::array::from_fn(|k| k as u64);
        SmallShuffler::<16>::new().shuffle(&mut once, &mut array);
        assert!(once.0.is_empty(), "both draws consumed");
        assert_eq!(&array[..], &items[..]);
        let mut accepted: Vec<u64> = (0..16).collect();
        shuffler.shuffle(&mut Replay(vec![draws[1]]), &mut accepted);
        assert_eq!(accepted, items, "the rejected draw left no trace");
    }

    #[test]
    fn key_encoding_is_injective_on_split_points() {
        assert_ne!(stream_key(1, "ab", "c"), stream_key(1, "a", "bc"));
        assert_ne!(stream_key(1, "a", "b"), stream_key(2, "a", "b"));
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = stream(7, "rng-test", "below");
        let mut seen = [0usize; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7)] += 1;
        }
        // Each value expected 1000 times; 5 standard deviations is about 150.
        assert!(seen.iter().all(|&c| (850..=1150).contains(&c)), "{seen:?}");
        assert_eq!(below(&mut rng, 1), 0);
        let big = below(&mut rng, usize::MAX);
        assert!(big < usize::MAX);
    }

    #[test]
    fn shuffle_is_a_permutation_and_uniform_on_three_items() {
        let mut rng = stream(7, "rng-test", "shuffle");
        let mut counts = std::collections::BTreeMap::new();
        for _ in 0..6000 {
            let mut v = [0u8, 1, 2];
            shuffle(&mut rng, &mut v);
            *counts.entry(v).or_insert(0usize) += 1;
        }
        assert_eq!(counts.len(), 6);
        // Each of the 6 permutations expected 1000 times; 5 standard deviations is about 150.
        assert!(
            counts.values().all(|&c| (850..=1150).contains(&c)),
            "{counts:?}"
        );
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

    #[test]
    fn uniform_and_normal_have_the_right_moments() {
        let mut rng = stream(3, "rng-test", "moments");
        let n = 20_000;
        let u: Vec<f64> = (0..n).map(|_| uniform_f64(&mut rng)).collect();
        assert!(u.iter().all(|&x| (0.0..1.0).contains(&x)));
        let mean_u = u.iter().sum::<f64>() / n as f64;
        assert!((mean_u - 0.5).abs() < 0.01, "{mean_u}");
        let z: Vec<f64> = (0..n).map(|_| standard_normal(&mut rng)).collect();
        let mean_z = z.iter().sum::<f64>() / n as f64;
        let var_z = z.iter().map(|x| (x - mean_z).powi(2)).sum::<f64>() / (n - 1) as f64;
        assert!(mean_z.abs() < 0.04, "{mean_z}");
        assert!((var_z - 1.0).abs() < 0.05, "{var_z}");
    }
}
