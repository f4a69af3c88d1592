//! Independent work split over two threads, in two halves, with results in input order.

/// `f` applied to every item of `items`: the first half on one thread, the second on another, each
/// thread with its own scratch state `S` (created by `S::default()`). The results come back in the
/// items' order, the same as one thread would give, so output never depends on the split. A panic in a
/// worker is resumed on the caller's thread.
pub fn map_in_halves<T, R, S, F>(items: &[T], f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    S: Default,
    F: Fn(&T, &mut S) -> R + Sync,
{
    let half = items.len().div_ceil(2).max(1);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(half)
            .map(|part| {
                scope.spawn(move || {
                    let mut scratch = S::default();
                    part.iter()
                        .map(|item| f(item, &mut scratch))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| match h.join() {
                Ok(part) => part,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::map_in_halves;

    /// Order is the input's for every length, including 0, 1 and odd lengths, and each half keeps its
    /// own scratch state.
    #[test]
    fn results_come_back_in_input_order() {
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
}
