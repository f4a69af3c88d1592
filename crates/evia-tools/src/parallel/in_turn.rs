//! Parts of one job taken in turn from a shared counter by up to `threads` threads.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `f(i, scratch)` for every `i` in `0..count`, on up to `threads` threads (the calling thread is one
/// of them), each thread with its own scratch state `S` (from `S::default()`) kept from part to part;
/// the results in index order. Once a result satisfies `stop`, no thread takes a new part: the
/// results then hold every index up to the highest one taken (parts are taken in increasing order,
/// so every index below a stopping one is computed). A panic in a worker is resumed on the caller's
/// thread.
fn claim<R, S>(
    count: usize,
    threads: usize,
    f: impl Fn(usize, &mut S) -> R + Sync,
    stop: impl Fn(&R) -> bool + Sync,
) -> Vec<R>
where
    R: Send,
    S: Default,
{
    let next = AtomicUsize::new(0);
    let work = || {
        let mut scratch = S::default();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                return done;
            }
            let result = f(i, &mut scratch);
            if stop(&result) {
                next.fetch_max(count, Ordering::Relaxed);
            }
            done.push((i, result));
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
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, result)| result).collect()
}

/// `f` applied to every item of `items` on up to `threads` threads taking items in turn, each
/// thread with its own scratch state `S` kept from item to item; the results in the items' order.
pub fn map_in_turn<T, R, S>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T, &mut S) -> R + Sync,
) -> Vec<R>
where
    T: Sync,
    R: Send,
    S: Default,
{
    claim(
        items.len(),
        threads,
        |i, scratch| f(&items[i], scratch),
        |_| false,
    )
}

/// `unit(0) … unit(count − 1)` on up to `threads` threads taking units in turn, in index order; on
/// failure the error of the lowest failing index, the one a sequential loop would have met first
/// (once a unit fails no new unit is started: later units cannot change the outcome).
pub fn try_map_in_turn<R, E>(
    count: usize,
    threads: usize,
    unit: impl Fn(usize) -> Result<R, E> + Sync,
) -> Result<Vec<R>, E>
where
    R: Send,
    E: Send,
{
    claim(count, threads, |i, _: &mut ()| unit(i), Result::is_err)
        .into_iter()
        .collect()
}

/// `f` applied to every item of `items` in two halves (the first half's items in order on one
/// thread, the second's on another), each half with its own scratch state `S`; the results in the
/// items' order. For work whose cost per item is even, where one hand-over per thread is enough.
pub fn map_in_halves<T, R, S>(items: &[T], f: impl Fn(&T, &mut S) -> R + Sync) -> Vec<R>
where
    T: Sync,
    R: Send,
    S: Default,
{
    let halves: Vec<&[T]> = items.chunks(items.len().div_ceil(2).max(1)).collect();
    map_in_turn(&halves, 2, |half, _: &mut ()| {
        let mut scratch = S::default();
        half.iter()
            .map(|item| f(item, &mut scratch))
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// `f` applied to every item of `items`, taken by value, in two halves on two threads (the first
/// half on the calling thread); the results in the items' order. For items that are consumed
/// (finished builders) and whose cost is even.
pub fn map_owned_in_halves<T, R>(mut items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R>
where
    T: Send,
    R: Send,
{
    let second = items.split_off(items.len().div_ceil(2));
    let f = &f;
    std::thread::scope(|scope| {
        let later = scope.spawn(move || second.into_iter().map(f).collect::<Vec<R>>());
        let mut done: Vec<R> = items.into_iter().map(f).collect();
        match later.join() {
            Ok(more) => done.extend(more),
            Err(panic) => std::panic::resume_unwind(panic),
        }
        done
    })
}

#[cfg(test)]
mod tests {
    use super::{map_in_halves, map_in_turn, map_owned_in_halves, try_map_in_turn};

    /// Results come back in the items' order for every length (0, 1, odd) and thread count, every
    /// item is mapped exactly once, and a thread's scratch state is kept from item to item.
    #[test]
    fn results_come_back_in_item_order_for_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            for n in 0..40usize {
                let items: Vec<usize> = (0..n).collect();
                let out = map_in_turn(&items, threads, |&x, seen: &mut Vec<usize>| {
                    seen.push(x);
                    (x * 10, seen.len())
                });
                let values: Vec<usize> = out.iter().map(|&(v, _)| v).collect();
                assert_eq!(values, items.iter().map(|x| x * 10).collect::<Vec<_>>());
                // Each thread counts its own items: at most one first item per thread.
                let firsts = out.iter().filter(|&&(_, seen)| seen == 1).count();
                assert!(firsts <= threads && (n == 0 || firsts >= 1), "n = {n}");
            }
        }
    }

    #[test]
    fn the_lowest_failing_unit_is_the_error() {
        for threads in [1, 2, 4] {
            let got: Result<Vec<usize>, usize> =
                try_map_in_turn(30, threads, |i| if i % 7 == 3 { Err(i) } else { Ok(i) });
            assert_eq!(got, Err(3), "{threads} thread(s)");
            let all: Result<Vec<usize>, ()> = try_map_in_turn(20, threads, |i| Ok(i * i));
            assert_eq!(all, Ok((0..20).map(|i| i * i).collect()));
        }
        let none: Result<Vec<u8>, ()> = try_map_in_turn(0, 2, |_| Ok(1));
        assert_eq!(none, Ok(Vec::new()));
    }

    /// Halves: order is the input's for every length, including 0, 1 and odd lengths, and each half
    /// keeps its own scratch state from item to item.
    #[test]
    fn halves_come_back_in_item_order() {
        for n in 0..9usize {
            let items: Vec<usize> = (0..n).collect();
            let out = map_in_halves(&items, |&x, seen: &mut usize| {
                *seen += 1;
                (x * 10, *seen)
            });
            let values: Vec<usize> = out.iter().map(|&(v, _)| v).collect();
            assert_eq!(values, items.iter().map(|x| x * 10).collect::<Vec<_>>());
            let half = n.div_ceil(2).max(1);
            for (i, &(_, seen)) in out.iter().enumerate() {
                assert_eq!(seen, i % half + 1, "n = {n}, item {i}");
            }
        }
    }

    /// Owned halves: every item is consumed once and the results are in the items' order for
    /// every length, including 0 and 1.
    #[test]
    fn owned_halves_come_back_in_item_order() {
        for n in 0..9usize {
            let items: Vec<String> = (0..n).map(|i| i.to_string()).collect();
            let out = map_owned_in_halves(items, |s| s + "!");
            let expected: Vec<String> = (0..n).map(|i| format!("{i}!")).collect();
            assert_eq!(out, expected);
        }
    }
}
