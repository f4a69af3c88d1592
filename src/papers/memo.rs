//! A memo of a pure computation, safe to share between threads: each key's value is computed at most
//! once while it succeeds, and a thread asking for a key that another thread is computing waits for
//! that result instead of computing it again.
//!
//! The memo never changes a result: its keys hold everything the computation reads (the callers'
//! key types say what that is), so a remembered value is the value a new computation would return,
//! whichever artefact asked first and on however many threads. A failed computation is not
//! remembered: the next caller computes again and gets its own error (errors name the artefact).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// One key's slot: empty until its computation succeeds.
type Slot<V> = Arc<Mutex<Option<Arc<V>>>>;

/// Values of a pure computation by key (module documentation).
pub(crate) struct Memo<K, V> {
    slots: Mutex<HashMap<K, Slot<V>>>,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo {
            slots: Mutex::new(HashMap::new()),
        }
    }
}

impl<K, V> std::fmt::Debug for Memo<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo")
            .field("keys", &lock(&self.slots).len())
            .finish()
    }
}

/// Locks `mutex`; a panic elsewhere while holding it leaves the map or slot itself intact (a slot is
/// only ever set to a finished value).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<K: Eq + Hash, V> Memo<K, V> {
    /// The value of `key`: remembered, or computed now by `compute` (and remembered if it succeeds).
    /// While one thread computes a key, other threads asking for it wait for its result.
    pub(crate) fn get_or_try<E>(
        &self,
        key: K,
        compute: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        let slot = Arc::clone(lock(&self.slots).entry(key).or_default());
        let mut value = lock(&slot);
        if let Some(v) = value.as_ref() {
            return Ok(Arc::clone(v));
        }
        let v = Arc::new(compute()?);
        *value = Some(Arc::clone(&v));
        Ok(v)
    }

    /// The number of keys with a remembered value.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        lock(&self.slots)
            .values()
            .filter(|slot| lock(slot).is_some())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn each_key_is_computed_once_across_threads() {
        let memo: Memo<u32, u64> = Memo::default();
        let calls = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for key in 0..8u32 {
                        let v = memo
                            .get_or_try(key, || {
                                calls.fetch_add(1, Ordering::SeqCst);
                                Ok::<_, ()>(u64::from(key) * 3)
                            })
                            .unwrap_or_else(|()| panic!("no error"));
                        assert_eq!(*v, u64::from(key) * 3);
                    }
                });
            }
        });
        assert_eq!(calls.load(Ordering::SeqCst), 8);
        assert_eq!(memo.len(), 8);
    }

    #[test]
    fn a_failure_is_not_remembered() {
        let memo: Memo<&str, u32> = Memo::default();
        assert_eq!(memo.get_or_try("k", || Err("first")).err(), Some("first"));
        assert_eq!(memo.len(), 0);
        let v = memo.get_or_try("k", || Ok::<_, &str>(7));
        assert_eq!(v.ok().as_deref(), Some(&7));
        let again = memo.get_or_try("k", || Err("not called"));
        assert_eq!(again.ok().as_deref(), Some(&7));
    }
}
