//! Fisher–Yates shuffles with batched bounded draws: [`Shuffler`] for slices of any length and
//! [`SmallShuffler`] for at most 16 items of a length known when compiling, which make the same
//! permutation from the same stream.

use rand_core::RngCore;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream;

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
}
