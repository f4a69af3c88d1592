//! What several artefacts of one run compute alike, computed once per [`crate::papers::Context`]:
//! a paper's stand-in collection that several of its artefacts build from the same files and seed,
//! or a randomised test that more than one of its tables runs on the same condition. Each paper
//! declares its caches in its own folder, as the key and value types of a [`Memo`], and asks for
//! them here ([`Shared::memo`]); this module knows no paper.
//!
//! Each cache is a [`Memo`] keyed by exactly what its computation reads — the seed, the parameters,
//! and the input files as their paths and bytes ([`FileKey`]; exact, so no collision) — so a cached
//! value is the value the artefact would compute itself: results never depend on which artefact ran
//! first, on the order, or on the thread count. The caches live in the context (clones share them);
//! a robustness replicate starts with empty ones, so that memory stays bounded over replicates.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::papers::memo::Memo;

/// A cache of [`Shared`], whatever its key and value types.
trait Cache: Any + Send + Sync + fmt::Debug {
    /// How many values it remembers.
    #[cfg(test)]
    fn len(&self) -> usize;
}

impl<K, V> Cache for Memo<K, V>
where
    K: Eq + Hash + Send + 'static,
    V: Send + Sync + 'static,
{
    #[cfg(test)]
    fn len(&self) -> usize {
        Memo::len(self)
    }
}

/// The caches of one run (module documentation), one per key and value type.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    caches: Mutex<HashMap<TypeId, Arc<dyn Cache>>>,
}

impl Shared {
    /// The cache whose keys are `K` and values `V`, empty until first asked for. A paper's key types
    /// are its own, so no two papers share a cache.
    pub(crate) fn memo<K, V>(&self) -> Arc<Memo<K, V>>
    where
        K: Eq + Hash + Send + 'static,
        V: Send + Sync + 'static,
    {
        let mut caches = self.caches.lock().unwrap_or_else(PoisonError::into_inner);
        let cache = caches
            .entry(TypeId::of::<Memo<K, V>>())
            .or_insert_with(|| Arc::new(Memo::<K, V>::default()));
        // `Any` is a supertrait of `Cache`: the trait object upcasts to `dyn Any`.
        let cache: Arc<dyn Cache> = Arc::clone(cache);
        let cache: Arc<dyn Any + Send + Sync> = cache;
        cache
            .downcast::<Memo<K, V>>()
            .unwrap_or_else(|_| unreachable!("each cache is stored under its own type's id"))
    }

    /// How many values the caches remember.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        let caches = self.caches.lock().unwrap_or_else(PoisonError::into_inner);
        caches.values().map(|cache| cache.len()).sum()
    }
}

/// An input file as part of a cache key: its path and its whole content.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct FileKey {
    pub(crate) path: PathBuf,
    pub(crate) bytes: Vec<u8>,
}

impl FileKey {
    /// The file at `path`, or `None` when it cannot be read (the caller then computes without the
    /// cache, and reports the reading error as it always did).
    pub(crate) fn read(path: &Path) -> Option<FileKey> {
        let (bytes, _) = crate::io::input::read_input(path, crate::io::input::MAX_INPUT).ok()?;
        Some(FileKey {
            path: path.to_path_buf(),
            bytes,
        })
    }
}
