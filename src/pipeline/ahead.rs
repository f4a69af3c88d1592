//! Experiments run ahead on worker threads (`reproduce --force`, 2 threads or more), each result
//! handed to the main thread as soon as it is finished, so that the main thread writes one
//! artefact while the workers compute the next ones.
//!
//! The workers take the experiments from one shared queue, most expensive first
//! ([`crate::papers::cost_hint`]), and among equally expensive ones those with a figure first (its
//! conversion to PDF then runs beside the remaining experiments instead of after them), ties in
//! manifest order, so that the longest ones do not end the run. The main thread still takes the
//! results in manifest order ([`Ahead::take`]); a result that arrives before its turn is prepared at
//! once by the caller's function (rendered, its figure's conversion started: nothing written) and
//! waits in a buffer. Results never depend on the order, on the thread count or on which worker ran
//! them (experiments are pure functions of their inputs and seed; shared values are memoised by
//! exact key, [`crate::papers::shared`]), so outputs and progress lines are those of a sequential
//! run.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::Scope;

use crate::manifest::{Artefact, OutputFormat};
use crate::model::ArtefactId;
use crate::papers::{self, Context, ExperimentError};
use crate::pipeline::timings::Timings;
use crate::results::ResultTable;

/// One experiment's outcome, with its artefact.
type Outcome<'env> = (&'env Artefact, Result<ResultTable, ExperimentError>);

/// The experiments still to start, shared by the workers: the jobs and the index of the next one.
struct Queue<'env> {
    jobs: Vec<&'env Artefact>,
    next: AtomicUsize,
}

impl<'env> Queue<'env> {
    /// The next job, or `None` when all are taken (or the queue was stopped).
    fn pop(&self) -> Option<&'env Artefact> {
        self.jobs
            .get(self.next.fetch_add(1, Ordering::Relaxed))
            .copied()
    }

    /// Hands out no further job (jobs already started finish).
    fn stop(&self) {
        self.next.store(self.jobs.len(), Ordering::Relaxed);
    }
}

/// The experiments running ahead and the results that arrived before their turn, each prepared as a
/// `P` (module documentation). Dropping it stops the queue, so that an error of the main thread does
/// not wait for experiments not yet started, and drops the prepared results not taken.
pub(super) struct Ahead<'env, P> {
    queue: Option<Arc<Queue<'env>>>,
    receiver: Option<Receiver<Outcome<'env>>>,
    /// Ids of the experiments started ahead whose result the main thread has not taken.
    expected: BTreeSet<ArtefactId>,
    arrived: BTreeMap<ArtefactId, P>,
    timings: Timings,
}

impl<'env, P> Ahead<'env, P> {
    /// Nothing runs ahead: every step runs its own experiment.
    pub(super) fn none() -> Self {
        Ahead {
            queue: None,
            receiver: None,
            expected: BTreeSet::new(),
            arrived: BTreeMap::new(),
            timings: Timings::default(),
        }
    }

    /// Starts `jobs` (in manifest order) on up to `workers` threads of `scope`, most expensive first.
    pub(super) fn start<'scope>(
        scope: &'scope Scope<'scope, 'env>,
        mut jobs: Vec<&'env Artefact>,
        workers: usize,
        context: &'env Context,
        timings: &Timings,
    ) -> Self {
        let expected = jobs.iter().map(|a| a.id.clone()).collect();
        // A stable sort: equal keys keep manifest order, so the order is fixed by the manifest.
        jobs.sort_by_key(|a| {
            let figure = a.outputs.contains(&OutputFormat::Svg);
            std::cmp::Reverse((papers::cost_hint(a), figure))
        });
        let workers = workers.min(jobs.len());
        let queue = Arc::new(Queue {
            jobs,
            next: AtomicUsize::new(0),
        });
        let (sender, receiver) = channel();
        for _ in 0..workers {
            let (queue, sender, timings) = (Arc::clone(&queue), sender.clone(), timings.clone());
            scope.spawn(move || {
                while let Some(artefact) = queue.pop() {
                    let result = timings.time(
                        || format!("experiment {}", artefact.id),
                        || papers::run(artefact, context),
                    );
                    if sender.send((artefact, result)).is_err() {
                        return; // the main thread has stopped taking results
                    }
                }
            });
        }
        Ahead {
            queue: Some(queue),
            receiver: Some(receiver),
            expected,
            arrived: BTreeMap::new(),
            timings: timings.clone(),
        }
    }

    /// The result of artefact `id`'s experiment prepared by `prepare`, if it was started ahead,
    /// waiting for it if it has not arrived yet, and preparing every other result that arrives
    /// meanwhile (kept for its own turn); `None` if it was not started ahead (or its worker ended
    /// without a result, which only a panic does; the scope then re-raises it), and the step runs
    /// it itself.
    pub(super) fn take(
        &mut self,
        id: &ArtefactId,
        prepare: &mut dyn FnMut(&Artefact, Result<ResultTable, ExperimentError>) -> P,
    ) -> Option<P> {
        if !self.expected.remove(id) {
            return None;
        }
        if let Some(prepared) = self.arrived.remove(id) {
            return Some(prepared);
        }
        let receiver = self.receiver.as_ref()?;
        let timings = self.timings.clone();
        let result = timings.time(
            || format!("wait for {id}"),
            || {
                while let Ok((got, result)) = receiver.recv() {
                    if got.id == *id {
                        return Some((got, result));
                    }
                    let prepared = prepare(got, result);
                    self.arrived.insert(got.id.clone(), prepared);
                }
                None
            },
        )?;
        Some(prepare(result.0, result.1))
    }
}

impl<P> Drop for Ahead<'_, P> {
    fn drop(&mut self) {
        if let Some(queue) = &self.queue {
            queue.stop();
        }
    }
}
