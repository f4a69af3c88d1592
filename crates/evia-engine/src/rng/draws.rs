//! Numbers from raw draws: unbiased bounded integers, uniform doubles and standard normal
//! deviates, computed by the project's own code so that they never change with a library release.

use rand_core::RngCore;

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
    use crate::rng::stream;

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
