//! Independent parts of one job (the topics whose judgements are built, the byte ranges of a run)
//! mapped on two threads, each thread taking the next part from a shared counter.
//!
//! Splitting a job in two fixed halves leaves a core idle whenever one half takes longer (its
//! thread starts later, meets more page faults or more work): on `eval`'s benchmark collection
//! one half of the judgements took about twice the other's CPU time. Taking parts from a counter
//! keeps both threads busy until the last part. Results come back in the parts' order, whichever
//! thread computed them, so nothing downstream depends on the split.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Threads that take parts (the calling thread is one of them).
pub const THREADS: usize = 2;

/// `f` applied to every item of `parts` on up to [`THREADS`] threads, each thread with its own
/// scratch state `S` (from `S::default()`) kept from part to part; the results in the parts'
/// order. A panic in a worker is resumed on the caller's thread.
pub fn map_claimed<T, R, S, F>(parts: &[T], f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    S: Default,
    F: Fn(&T, &mut S) -> R + Sync,
{
    let next = AtomicUsize::new(0);
    let work = || {
        let mut scratch = S::default();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(part) = parts.get(i) else {
                return done;
            };
            done.push((i, f(part, &mut scratch)));
        }
    };
    let workers = THREADS.clamp(1, parts.len().max(1));
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
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::map_claimed;

    /// Results come back in the parts' order for every length (0, 1, odd), every part is mapped
    /// exactly once, and a thread's scratch state is kept from part to part.
    #[test]
    fn results_come_back_in_part_order() {
        for n in 0..40usize {
            let parts: Vec<usize> = (0..n).collect();
            let out = map_claimed(&parts, |&x, seen: &mut Vec<usize>| {
                seen.push(x);
                (x * 10, seen.len())
            });
            let values: Vec<usize> = out.iter().map(|&(v, _)| v).collect();
            assert_eq!(values, parts.iter().map(|x| x * 10).collect::<Vec<_>>());
            // Each thread counts its own parts: the counts of the two threads add up to n.
            let firsts = out.iter().filter(|&&(_, seen)| seen == 1).count();
            assert!(firsts <= 2 && (n == 0 || firsts >= 1), "n = {n}");
        }
    }
}
