//! Independent units of one experiment (paper A Table 3's randomised tests, one per condition and
//! measure) computed on several threads: each thread takes the next unit from a shared counter, so a
//! thread that is free early (its core idle once the other experiments have ended) takes more of
//! them, and the results come back in unit order.
//!
//! Every unit is a pure function of its index (each randomised test has its own seeded stream), so
//! the results never depend on the thread count or on which thread ran which unit; on failure the
//! error of the lowest failing index is returned, the one a sequential loop would have met first.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `unit(0) … unit(count − 1)` on up to `threads` threads (the calling thread is one of them), in
/// index order; the error of the lowest failing index if any fails (module documentation).
pub fn map_units<R, E>(
    count: usize,
    threads: usize,
    unit: impl Fn(usize) -> Result<R, E> + Sync,
) -> Result<Vec<R>, E>
where
    R: Send,
    E: Send,
{
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                return done;
            }
            let result = unit(i);
            let failed = result.is_err();
            done.push((i, result));
            if failed {
                // Later units cannot change the outcome; an earlier failing one still wins.
                next.fetch_max(count, Ordering::Relaxed);
            }
        }
    };
    let workers = threads.clamp(1, count.max(1));
    let mut done = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
        let mut done = work();
        for handle in handles {
            match handle.join() {
                Ok(more) => done.extend(more),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        done
    });
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_unit_order_for_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            let got: Result<Vec<usize>, ()> = map_units(20, threads, |i| Ok(i * i));
            let expected: Vec<usize> = (0..20).map(|i| i * i).collect();
            assert_eq!(got, Ok(expected), "{threads} thread(s)");
        }
        let none: Result<Vec<u8>, ()> = map_units(0, 2, |_| Ok(1));
        assert_eq!(none, Ok(Vec::new()));
    }

    #[test]
    fn the_lowest_failing_unit_is_the_error() {
        for threads in [1, 2, 4] {
            let got: Result<Vec<usize>, usize> =
                map_units(30, threads, |i| if i % 7 == 3 { Err(i) } else { Ok(i) });
            assert_eq!(got, Err(3), "{threads} thread(s)");
        }
    }
}
