//! Provenance of generated files: content hashes of their inputs, the program version, the git commit
//! and the seed, stamped into every file `reproduce` writes.
//!
//! **Hash.** Inputs are hashed with 64-bit FNV-1a (Fowler–Noll–Vo; offset basis `0xcbf29ce484222325`,
//! prime `0x100000001b3`): for each byte `b`, `h = (h XOR b) · prime mod 2^64`. It is chosen because it is
//! fully specified by those two constants (so a stamp stays verifiable whatever crate versions come and
//! go; the reference vectors below pin the `fnv` crate that computes it, as they pin the engine's
//! [`evia_engine::rng::fnv1a64`]), and is fast enough to hash every input on every run. It is not
//! collision-resistant against an adversary; it only has to notice that a reviewed file changed, which
//! 64 bits do with overwhelming probability. Hashes are printed as `fnv1a64:` and 16 hex digits.
//!
//! **Commit.** The git commit is injectable (`Options::commit`, or the environment variable
//! [`COMMIT_ENV`] at the command line) so that tests and snapshots can pin it; otherwise it is detected
//! with `git rev-parse HEAD` in the project root, and is `unknown` when git or the repository is absent.

use std::collections::BTreeMap;
use std::fmt;
use std::hash::Hasher;
use std::path::Path;
use std::process::Command;

use serde::{Deserialize, Serialize};

/// The environment variable that overrides the detected git commit (e.g. to pin it in tests).
pub(crate) const COMMIT_ENV: &str = "EVIA_REPRO_COMMIT";

/// What the commit is reported as when it cannot be detected.
pub(crate) const UNKNOWN_COMMIT: &str = "unknown";

/// A running 64-bit FNV-1a hash (see the module documentation for the formula).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fnv1a64(u64);

impl Default for Fnv1a64 {
    fn default() -> Self {
        Fnv1a64(fnv::FnvHasher::default().finish())
    }
}

impl Fnv1a64 {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Feeds `bytes` into the hash.
    pub(crate) fn update(&mut self, bytes: &[u8]) {
        let mut hash = fnv::FnvHasher::with_key(self.0);
        hash.write(bytes);
        self.0 = hash.finish();
    }

    /// Feeds a length-prefixed field, so that the concatenation of fields is unambiguous
    /// (`("ab", "c")` and `("a", "bc")` hash differently).
    pub(crate) fn field(&mut self, bytes: &[u8]) {
        self.update(&(bytes.len() as u64).to_le_bytes());
        self.update(bytes);
    }

    pub(crate) fn finish(self) -> ContentHash {
        ContentHash(self.0)
    }
}

/// The FNV-1a-64 hash of some content, printed as `fnv1a64:0123456789abcdef`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct ContentHash(pub(crate) u64);

impl ContentHash {
    /// The hash of `bytes`.
    pub(crate) fn of(bytes: &[u8]) -> Self {
        let mut h = Fnv1a64::new();
        h.update(bytes);
        h.finish()
    }
}

impl fmt::Display for ContentHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fnv1a64:{:016x}", self.0)
    }
}

impl Serialize for ContentHash {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ContentHash {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.strip_prefix("fnv1a64:")
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .map(ContentHash)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "expected a hash `fnv1a64:<16 hex digits>`, found `{text}`"
                ))
            })
    }
}

/// The commit named by [`COMMIT_ENV`], if it is set and not blank.
pub(crate) fn commit_from_env() -> Option<String> {
    std::env::var(COMMIT_ENV)
        .ok()
        .filter(|c| !c.trim().is_empty())
}

/// The git commit of the project at `root`: `git rev-parse HEAD`, or [`UNKNOWN_COMMIT`] when git is not
/// installed or `root` is not in a repository.
pub(crate) fn detect_commit(root: &Path) -> String {
    Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| UNKNOWN_COMMIT.to_string())
}

/// What a generated file carries: the program version, the commit, the seed and the content hash of
/// every input it depends on (paths relative to the project root; a manifest entry is named
/// `paper/manifest.yaml#<id>` and hashed in its serialised form).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Stamp {
    pub(crate) generator: String,
    pub(crate) commit: String,
    pub(crate) seed: u64,
    pub(crate) inputs: BTreeMap<String, ContentHash>,
}

impl Stamp {
    pub(crate) fn new(commit: &str, seed: u64) -> Self {
        Stamp {
            generator: format!("evia-repro {}", env!("CARGO_PKG_VERSION")),
            commit: commit.to_string(),
            seed,
            inputs: BTreeMap::new(),
        }
    }

    /// One line: generator, commit and seed.
    pub(crate) fn headline(&self) -> String {
        format!(
            "generated by {} at commit {}, seed {}",
            self.generator, self.commit, self.seed
        )
    }

    /// The inputs as `path fnv1a64:…` lines.
    pub(crate) fn input_lines(&self) -> Vec<String> {
        self.inputs
            .iter()
            .map(|(path, hash)| format!("{path} {hash}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Test vectors of the FNV-1a 64-bit hash from its specification
    /// (draft-eastlake-fnv, and the reference table by Noll): "" → cbf29ce484222325,
    /// "a" → af63dc4c8601ec8c, "foobar" → 85944171f73967e8.
    #[test]
    fn fnv1a64_matches_the_reference_vectors() {
        assert_eq!(ContentHash::of(b"").0, 0xcbf2_9ce4_8422_2325);
        assert_eq!(ContentHash::of(b"a").0, 0xaf63_dc4c_8601_ec8c);
        assert_eq!(ContentHash::of(b"foobar").0, 0x8594_4171_f739_67e8);
    }

    /// Fed in pieces, the running hash is the engine's FNV-1a of the whole (the seeds' hash).
    #[test]
    fn pieces_hash_as_the_whole() {
        let text = b"seed, artefact A.T3, unit topic 0001: \xff\x00 bytes of every kind";
        for cut in 0..text.len() {
            let mut h = Fnv1a64::new();
            h.update(&text[..cut]);
            h.update(&text[cut..]);
            assert_eq!(h.finish().0, evia_engine::rng::fnv1a64(text));
        }
    }

    #[test]
    fn hashes_print_and_parse_back() {
        let h = ContentHash::of(b"foobar");
        assert_eq!(h.to_string(), "fnv1a64:85944171f73967e8");
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(serde_json::from_str::<ContentHash>(&json).unwrap(), h);
        assert!(serde_json::from_str::<ContentHash>("\"md5:00\"").is_err());
    }

    #[test]
    fn length_prefixed_fields_are_unambiguous() {
        let mut a = Fnv1a64::new();
        a.field(b"ab");
        a.field(b"c");
        let mut b = Fnv1a64::new();
        b.field(b"a");
        b.field(b"bc");
        assert_ne!(a.finish(), b.finish());
    }
}
