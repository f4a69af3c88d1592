//! Standard output and standard error of every command: a failing standard output
//! (`> /dev/full`) is an error with the operating system's reason (exit code 2), never a panic; a
//! closed pipe (`| head -1`) is the reader's choice and ends the printing quietly. A failing
//! standard error loses the message but never stops the command.

use std::io::Write as _;

use anyhow::Context as _;

/// Writes `text` to standard output and flushes it.
pub(crate) fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.context("writing to standard output"),
    }
}

/// Writes `text` and a line end to standard error; a failure is ignored (there is nowhere left to
/// report it).
pub(crate) fn note(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
