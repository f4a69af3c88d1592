//! Figure conversions (`rsvg-convert -f pdf`) running in the background while `reproduce` goes on:
//! each starts as a child process as soon as its figure is rendered — before the
//! step that writes the SVG, possibly while earlier artefacts are still computed — several at once,
//! and the run collects them in the order their steps adopted them ([`Conversions::adopt`]), before
//! the documents that include the PDFs are written.
//!
//! A conversion reads a hidden copy of the SVG and writes a hidden temporary PDF, both in the output
//! directory's root ([`OutputDir::root_temp`], so a later run's lock removes any an interrupted run
//! left); at collection the PDF's dates are
//! pinned ([`pin_pdf_dates`]) and it is renamed into place beside its SVG, so it depends on the SVG
//! only. A conversion not collected (the run ended with an error first) is stopped and its temporary
//! files removed when it is dropped: nothing half-written stays in the output directory, and no
//! output of an artefact whose step was not reached is written.
//!
//! Every conversion has a time limit ([`CONVERT_LIMIT`] by default, counted from its start): one
//! still running at its limit is stopped, and its figure stays SVG only with a notice, so a figure
//! the converter chokes on never holds the run up without end.

use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::io::output::OutputDir;
use crate::pipeline::timings::Timings;

/// How long one figure conversion may take by default: `rsvg-convert` converts any figure the
/// program draws in well under a second (labels are capped,
/// [`crate::render::figure_parts::FIGURE_LABEL_CHARS`]); the limit leaves room for a slow, busy
/// machine.
pub(crate) const CONVERT_LIMIT: Duration = Duration::from_secs(60);

/// How often a conversion is checked while it is awaited.
const POLL: Duration = Duration::from_millis(10);

/// Where a converted figure belongs in a run: its artefact, the index of the artefact's account in
/// the run's list, and the index its PDF takes among the files the artefact wrote.
#[derive(Debug, Clone)]
pub(super) struct Owner {
    pub(crate) artefact: String,
    pub(crate) done_index: usize,
    pub(crate) file_index: usize,
}

/// One started converter: the child reading `input` and writing `tmp`, renamed to `pdf` when it
/// succeeds. Dropping it before [`collect`] has taken the child stops the child and removes both
/// temporary files.
struct Running {
    child: Option<Child>,
    /// The thread reading the child's standard error (so a talkative converter never blocks on a
    /// full pipe), with what it read.
    stderr: Option<JoinHandle<String>>,
    /// When the conversion must have ended.
    deadline: Instant,
    limit: Duration,
    converter: PathBuf,
    svg_rel: String,
    input: PathBuf,
    tmp: PathBuf,
    pdf: PathBuf,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = fs::remove_file(&self.input);
        let _ = fs::remove_file(&self.tmp);
    }
}

/// A conversion started from a rendered figure, not yet placed in the run: running, or failed to
/// start (the message).
pub(crate) struct Conversion {
    pdf_rel: String,
    running: Result<Running, String>,
}

impl Conversion {
    /// Starts converting the figure `svg` (to be written to `<svg_rel>`) into `<pdf_rel>` inside
    /// `out` with `converter`, which must end within `limit`.
    pub(crate) fn start(
        converter: (&Path, Duration),
        out: &OutputDir,
        (svg_rel, pdf_rel): (&str, &str),
        svg: &[u8],
    ) -> Self {
        Conversion {
            pdf_rel: pdf_rel.to_string(),
            running: spawn(converter, out, (svg_rel, pdf_rel), svg),
        }
    }
}

impl Conversion {
    /// Waits for this conversion on its own (outside a run's [`Conversions`]): the PDF's path
    /// and bytes, or why there is none.
    pub(crate) fn wait(self) -> Result<(PathBuf, Vec<u8>), String> {
        self.running.and_then(collect)
    }
}

/// A conversion adopted by the step that wrote its SVG.
struct Started {
    owner: Owner,
    conversion: Conversion,
}

/// How one conversion ended: the PDF written (its path and bytes), or why not.
pub(super) struct Converted {
    pub(crate) owner: Owner,
    pub(crate) pdf_rel: String,
    pub(crate) result: Result<(PathBuf, Vec<u8>), String>,
}

/// The conversions of a run, in the order adopted (module documentation).
#[derive(Default)]
pub(super) struct Conversions {
    started: Vec<Started>,
    timings: Timings,
}

impl Conversions {
    /// No conversion yet; `timings` traces the collection of each one.
    pub(super) fn new(timings: &Timings) -> Self {
        Conversions {
            started: Vec::new(),
            timings: timings.clone(),
        }
    }

    /// Places `conversion` in the run, for `owner` (the step that has written its SVG).
    pub(super) fn adopt(&mut self, conversion: Conversion, owner: Owner) {
        self.started.push(Started { owner, conversion });
    }

    /// Waits for every conversion, in the order adopted: each one's outcome.
    pub(super) fn finish(mut self) -> Vec<Converted> {
        let timings = self.timings.clone();
        std::mem::take(&mut self.started)
            .into_iter()
            .map(|s| {
                let Conversion { pdf_rel, running } = s.conversion;
                let what = || format!("collect conversion {pdf_rel}");
                let result = timings.time(what, || running.and_then(collect));
                Converted {
                    owner: s.owner,
                    pdf_rel,
                    result,
                }
            })
            .collect()
    }
}

/// Writes `svg` to a hidden copy and starts `converter` on it, writing a temporary PDF (module
/// documentation).
fn spawn(
    (converter, limit): (&Path, Duration),
    out: &OutputDir,
    (svg_rel, pdf_rel): (&str, &str),
    svg: &[u8],
) -> Result<Running, String> {
    out.resolve(svg_rel).map_err(|e| e.to_string())?;
    let pdf = out.resolve(pdf_rel).map_err(|e| e.to_string())?;
    // Not the SVG's own temporary name: the step may stage and commit the SVG meanwhile.
    let input = out.root_temp(&format!("{svg_rel}.convert"));
    let tmp = out.root_temp(pdf_rel);
    let mut running = Running {
        child: None,
        stderr: None,
        deadline: Instant::now() + limit,
        limit,
        converter: converter.to_path_buf(),
        svg_rel: svg_rel.to_string(),
        input,
        tmp,
        pdf,
    };
    fs::write(&running.input, svg)
        .map_err(|e| format!("cannot write {}: {e}", running.input.display()))?;
    let mut child = Command::new(converter)
        // A fixed creation date (reproducible-builds convention) so the PDF depends on the SVG only.
        .env("SOURCE_DATE_EPOCH", "0")
        .args(["-f", "pdf", "-o"])
        .arg(&running.tmp)
        .arg(&running.input)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", converter.display()))?;
    running.stderr = child.stderr.take().map(|mut pipe| {
        std::thread::spawn(move || {
            // The first 64 KiB say why a conversion failed; the rest is drained unread.
            let mut text = Vec::new();
            let _ = (&mut pipe).take(64 << 10).read_to_end(&mut text);
            let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            String::from_utf8_lossy(&text).into_owned()
        })
    });
    running.deadline = Instant::now() + limit;
    running.child = Some(child);
    Ok(running)
}

/// Waits for `running` until its deadline, pins the dates of its PDF and renames it into place:
/// its path and bytes. A converter still running at its deadline is stopped (`Running`'s drop) and
/// the conversion fails. The temporary files are removed whatever the outcome (`Running`'s drop).
fn collect(mut running: Running) -> Result<(PathBuf, Vec<u8>), String> {
    let Some(child) = running.child.as_mut() else {
        return Err(format!("{} did not start", running.converter.display()));
    };
    let waited = |e: std::io::Error| {
        format!(
            "cannot wait for {} on {}: {e}",
            running.converter.display(),
            running.svg_rel
        )
    };
    let status = loop {
        if let Some(status) = child.try_wait().map_err(waited)? {
            break status;
        }
        if Instant::now() >= running.deadline {
            return Err(format!(
                "{} did not finish {} within {} s and was stopped",
                running.converter.display(),
                running.svg_rel,
                running.limit.as_secs_f64()
            ));
        }
        std::thread::sleep(POLL);
    };
    running.child = None;
    let stderr = running
        .stderr
        .take()
        .and_then(|reader| reader.join().ok())
        .unwrap_or_default();
    if !status.success() {
        return Err(format!(
            "{} failed on {}: {}",
            running.converter.display(),
            running.svg_rel,
            stderr.trim()
        ));
    }
    let tmp = &running.tmp;
    let pinned = fs::read(tmp).map(|bytes| pin_pdf_dates(&bytes));
    let written = pinned.and_then(|bytes| fs::write(tmp, &bytes).map(|()| bytes));
    let bytes = written.map_err(|e| format!("cannot rewrite {}: {e}", tmp.display()))?;
    fs::rename(tmp, &running.pdf)
        .map_err(|e| format!("cannot write {}: {e}", running.pdf.display()))?;
    Ok((running.pdf.clone(), bytes))
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
    use super::*;

    /// A converter that never finishes is stopped at its limit: the conversion fails with a
    /// message saying so, soon after the limit, and leaves no temporary file.
    #[cfg(unix)]
    #[test]
    fn a_converter_past_its_limit_is_stopped() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let converter = dir.path().join("slow-convert");
        fs::write(&converter, "#!/bin/sh\nexec sleep 60\n").unwrap();
        fs::set_permissions(&converter, fs::Permissions::from_mode(0o755)).unwrap();
        let root = dir.path().join("out");
        fs::create_dir(&root).unwrap();
        let out = OutputDir::new(&root);
        let limit = Duration::from_millis(300);
        let conversion =
            Conversion::start((&converter, limit), &out, ("f.svg", "f.pdf"), b"<svg/>");
        let mut conversions = Conversions::new(&Timings::default());
        let owner = Owner {
            artefact: "X.F1".to_string(),
            done_index: 0,
            file_index: 0,
        };
        conversions.adopt(conversion, owner);
        let started = Instant::now();
        let done = conversions.finish();
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{:?}",
            started.elapsed()
        );
        let message = done[0].result.as_ref().unwrap_err();
        assert!(
            message.contains("within 0.3 s and was stopped"),
            "{message}"
        );
        assert_eq!(fs::read_dir(&root).unwrap().count(), 0);
    }

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
