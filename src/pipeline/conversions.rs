//! Figure conversions (`rsvg-convert -f pdf`) running in the background while `reproduce` goes on
//! (issue 17 item 4): each starts as a child process as soon as its SVG is written, several at
//! once, and the run collects them in the order they were started, before the documents that
//! include the PDFs are written. Each PDF goes through a temporary file renamed into place, its dates
//! pinned ([`pin_pdf_dates`]), so it depends on the SVG only.
//!
//! A conversion not collected (the run ended with an error first) is stopped and its temporary file
//! removed when [`Conversions`] is dropped: nothing half-written stays in the output directory.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::io::output::OutputDir;
use crate::pipeline::timings::Timings;

/// Where a converted figure belongs in a run: its artefact, the index of the artefact's account in
/// the run's list, and the index its PDF takes among the files the artefact wrote.
#[derive(Debug, Clone)]
pub(super) struct Owner {
    pub artefact: String,
    pub done_index: usize,
    pub file_index: usize,
}

/// One started conversion: the child writing `tmp`, renamed to `pdf` when it succeeds.
struct Running {
    child: Child,
    converter: PathBuf,
    svg_rel: String,
    tmp: PathBuf,
    pdf: PathBuf,
}

/// A conversion as started: running, or failed to start (the message).
struct Started {
    owner: Owner,
    pdf_rel: String,
    running: Result<Running, String>,
}

/// How one conversion ended: the PDF written (its path and bytes), or why not.
pub(super) struct Converted {
    pub owner: Owner,
    pub pdf_rel: String,
    pub result: Result<(PathBuf, Vec<u8>), String>,
}

/// The conversions of a run, in the order started (module documentation).
#[derive(Default)]
pub(super) struct Conversions {
    started: Vec<Started>,
    timings: Timings,
}

impl Conversions {
    /// No conversion yet; `timings` traces each one from its start to its collection.
    pub(super) fn new(timings: &Timings) -> Self {
        Conversions {
            started: Vec::new(),
            timings: timings.clone(),
        }
    }

    /// Starts converting `<svg_rel>` to `<pdf_rel>` inside `out` with `converter`, for `owner`.
    pub(super) fn start(
        &mut self,
        converter: &Path,
        out: &OutputDir,
        (svg_rel, pdf_rel): (&str, &str),
        owner: Owner,
    ) {
        let running = spawn(converter, out, svg_rel, pdf_rel);
        self.started.push(Started {
            owner,
            pdf_rel: pdf_rel.to_string(),
            running,
        });
    }

    /// Waits for every conversion, in the order started: each one's outcome.
    pub(super) fn finish(mut self) -> Vec<Converted> {
        let timings = self.timings.clone();
        std::mem::take(&mut self.started)
            .into_iter()
            .map(|s| {
                let what = || format!("collect conversion {}", s.pdf_rel);
                let result = timings.time(what, || s.running.and_then(collect));
                Converted {
                    owner: s.owner,
                    pdf_rel: s.pdf_rel,
                    result,
                }
            })
            .collect()
    }
}

impl Drop for Conversions {
    fn drop(&mut self) {
        for started in self.started.drain(..) {
            if let Ok(mut running) = started.running {
                let _ = running.child.kill();
                let _ = running.child.wait();
                let _ = fs::remove_file(&running.tmp);
            }
        }
    }
}

/// Starts `converter` on `<svg_rel>` writing a temporary file beside `<pdf_rel>`.
fn spawn(
    converter: &Path,
    out: &OutputDir,
    svg_rel: &str,
    pdf_rel: &str,
) -> Result<Running, String> {
    let svg = out.resolve(svg_rel).map_err(|e| e.to_string())?;
    let pdf = out.resolve(pdf_rel).map_err(|e| e.to_string())?;
    let tmp = pdf.with_extension(format!("pdf.tmp-{}", std::process::id()));
    let child = Command::new(converter)
        // A fixed creation date (reproducible-builds convention) so the PDF depends on the SVG only.
        .env("SOURCE_DATE_EPOCH", "0")
        .args(["-f", "pdf", "-o"])
        .arg(&tmp)
        .arg(&svg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", converter.display()))?;
    Ok(Running {
        child,
        converter: converter.to_path_buf(),
        svg_rel: svg_rel.to_string(),
        tmp,
        pdf,
    })
}

/// Waits for `running`, pins the dates of its PDF and renames it into place: its path and bytes.
fn collect(running: Running) -> Result<(PathBuf, Vec<u8>), String> {
    let Running {
        child,
        converter,
        svg_rel,
        tmp,
        pdf,
    } = running;
    let output = child.wait_with_output().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        format!("cannot wait for {} on {svg_rel}: {e}", converter.display())
    })?;
    if !output.status.success() {
        let _ = fs::remove_file(&tmp);
        return Err(format!(
            "{} failed on {svg_rel}: {}",
            converter.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let pinned = fs::read(&tmp).map(|bytes| pin_pdf_dates(&bytes));
    let written = pinned.and_then(|bytes| fs::write(&tmp, &bytes).map(|()| bytes));
    let bytes = written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        format!("cannot rewrite {}: {e}", tmp.display())
    })?;
    fs::rename(&tmp, &pdf).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        format!("cannot write {}: {e}", pdf.display())
    })?;
    Ok((pdf, bytes))
}

/// Replaces the digits of every `/CreationDate (D:…)` and `/ModDate (D:…)` of a PDF with those of
/// 1970-01-01 00:00:00, keeping every byte offset (so the cross-reference table stays valid): converters
/// that ignore `SOURCE_DATE_EPOCH` would otherwise make the output depend on the time of the run.
pub(super) fn pin_pdf_dates(pdf: &[u8]) -> Vec<u8> {
    const EPOCH: &[u8] = b"19700101000000";
    let mut out = pdf.to_vec();
    for key in [&b"/CreationDate (D:"[..], &b"/ModDate (D:"[..]] {
        let mut from = 0;
        while let Some(at) = out[from..].windows(key.len()).position(|w| w == key) {
            let start = from + at + key.len();
            let digits = out[start..]
                .iter()
                .take(EPOCH.len())
                .take_while(|b| b.is_ascii_digit())
                .count();
            out[start..start + digits].copy_from_slice(&EPOCH[..digits]);
            from = start + digits;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::pin_pdf_dates;

    #[test]
    fn pdf_dates_are_pinned_in_place() {
        let pdf = b"<< /CreationDate (D:20261121014656Z) /ModDate (D:2026) >>";
        let pinned = pin_pdf_dates(pdf);
        assert_eq!(pinned.len(), pdf.len());
        assert_eq!(
            pinned,
            b"<< /CreationDate (D:19700101000000Z) /ModDate (D:1970) >>".to_vec()
        );
    }
}
