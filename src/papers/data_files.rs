//! Reading an experiment's YAML inputs through its [`Context`]: a knob-space study's design point
//! replaces knob files by their text at that point ([`Context::knob_files`]); every other file, and
//! every file outside such a study, is read from disk. The caches' keys ([`FileKey`]) hold the text
//! read, so a design point's collection is never taken for the shipped one's.

use serde::de::DeserializeOwned;

use super::Context;
use super::shared::FileKey;
use crate::io::{SourceError, parse_yaml, read_yaml};

impl Context {
    /// The YAML input `relative` (to the project root) read as `T`: the design point's text of it
    /// when the context carries one, else the file.
    pub(crate) fn read_yaml_input<T: DeserializeOwned>(
        &self,
        relative: &str,
    ) -> Result<T, SourceError> {
        let path = self.data_path(relative);
        match self.knob_files.get(relative) {
            Some(text) => parse_yaml(&path, text),
            None => read_yaml(&path),
        }
    }

    /// The cache key of the input `relative`: its path and the bytes an experiment reads from it
    /// ([`Context::read_yaml_input`]); `None` when the file cannot be read.
    pub(crate) fn input_key(&self, relative: &str) -> Option<FileKey> {
        let path = self.data_path(relative);
        match self.knob_files.get(relative) {
            Some(text) => Some(FileKey {
                path,
                bytes: text.as_bytes().to_vec(),
            }),
            None => FileKey::read(&path),
        }
    }
}
