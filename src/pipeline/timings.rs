//! An optional trace of where a `reproduce` run's wall time goes: each traced
//! span — an artefact's experiment on a worker, the main thread waiting for a result, writing an
//! artefact, a figure's conversion, a document — with the thread that ran it and its start and end
//! in milliseconds since the run began.
//!
//! Off unless the environment variable [`TIMINGS_ENV`] is set to a non-empty value; then the spans
//! are printed on standard error, one tab-separated line each (`thread start_ms end_ms what`),
//! after the run. The trace never changes an output file, a progress line or the account on
//! standard output.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The environment variable that turns the trace on.
pub(crate) const TIMINGS_ENV: &str = "EVIA_REPRO_TIMINGS";

/// One traced span.
#[derive(Debug, Clone)]
struct Span {
    thread: String,
    start: Duration,
    end: Duration,
    what: String,
}

#[derive(Debug)]
struct Trace {
    origin: Instant,
    spans: Mutex<Vec<Span>>,
}

/// The trace of a run, or nothing (module documentation); clones share it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Timings(Option<Arc<Trace>>);

impl Timings {
    /// A trace if [`TIMINGS_ENV`] is set to a non-empty value, else none.
    pub(crate) fn from_env() -> Self {
        if std::env::var_os(TIMINGS_ENV).is_some_and(|v| !v.is_empty()) {
            Timings::enabled()
        } else {
            Timings::default()
        }
    }

    /// A trace starting now.
    pub(crate) fn enabled() -> Self {
        Timings(Some(Arc::new(Trace {
            origin: Instant::now(),
            spans: Mutex::new(Vec::new()),
        })))
    }

    /// Runs `f`, recording it as the span `what()` when tracing (`what` is not called otherwise).
    pub(crate) fn time<T>(&self, what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> T {
        let Some(trace) = &self.0 else {
            return f();
        };
        let start = trace.origin.elapsed();
        let value = f();
        let end = trace.origin.elapsed();
        let thread = std::thread::current();
        let thread = thread
            .name()
            .map_or_else(|| format!("{:?}", thread.id()), str::to_string);
        let span = Span {
            thread,
            start,
            end,
            what: what(),
        };
        trace
            .spans
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(span);
        value
    }

    /// The recorded spans as lines `thread start_ms end_ms what`, ordered by start (empty when off).
    pub(crate) fn lines(&self) -> Vec<String> {
        let Some(trace) = &self.0 else {
            return Vec::new();
        };
        let mut spans = trace
            .spans
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        spans.sort_by_key(|s| s.start);
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        spans
            .iter()
            .map(|s| {
                format!(
                    "{}\t{:.1}\t{:.1}\t{}",
                    s.thread,
                    ms(s.start),
                    ms(s.end),
                    s.what
                )
            })
            .collect()
    }

    /// Prints [`Timings::lines`] on standard error (nothing when off); a failing standard error
    /// loses them but never stops the build.
    pub(crate) fn print(&self) {
        use std::io::Write as _;
        let mut err = std::io::stderr().lock();
        for line in self.lines() {
            let _ = writeln!(err, "timings\t{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_records_nothing_and_never_names_the_span() {
        let timings = Timings::default();
        let v = timings.time(|| panic!("not called when off"), || 7);
        assert_eq!(v, 7);
        assert!(timings.lines().is_empty());
    }

    #[test]
    fn on_records_each_span_with_its_thread() {
        let timings = Timings::enabled();
        timings.time(|| "first".to_string(), || ());
        std::thread::scope(|s| {
            s.spawn(|| timings.time(|| "second".to_string(), || ()));
        });
        let lines = timings.lines();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].ends_with("\tfirst"), "{lines:?}");
        assert!(lines[1].ends_with("\tsecond"), "{lines:?}");
        assert_eq!(lines[0].split('\t').count(), 4);
    }
}
