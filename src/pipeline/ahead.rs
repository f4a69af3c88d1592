//! Experiments run ahead on worker threads (`reproduce --force`, 2 threads or more), each result
//! handed to the main thread as soon as it is finished, so that the main thread writes one
//! artefact while the workers compute the next ones (issue 17 item 4).
//!
//! The workers take the experiments from one shared queue, most expensive first
//! ([`crate::papers::cost_hint`], ties in manifest order), so that the longest ones do not end the
//! run. The main thread still takes the results in manifest order ([`Ahead::take`]): a result that
//! arrives before its turn waits in a buffer. Results never depend on the order, on the thread count
//! or on which worker ran them (experiments are pure functions of their inputs and seed; shared
//! values are memoised by exact key, [`crate::papers::shared`]), so outputs and progress lines are
//! those of a sequential run.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::Scope;

use crate::manifest::Artefact;
use crate::model::ArtefactId;
use crate::papers::{self, Context, ExperimentError};
use crate::pipeline::timings::Timings;
use crate::results::ResultTable;

/// One experiment's outcome, named by its artefact id.
type Outcome = (ArtefactId, Result<ResultTable, ExperimentError>);

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

/// The experiments running ahead and the results that arrived before their turn (module
/// documentation). Dropping it stops the queue, so that an error of the main thread does not wait for
/// experiments not yet started.
pub(super) struct Ahead<'env> {
    queue: Option<Arc<Queue<'env>>>,
    receiver: Option<Receiver<Outcome>>,
    /// Ids of the experiments started ahead whose result the main thread has not taken.
    expected: BTreeSet<ArtefactId>,
    arrived: BTreeMap<ArtefactId, Result<ResultTable, ExperimentError>>,
    timings: Timings,
}

impl<'env> Ahead<'env> {
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
        // A stable sort: equal hints keep manifest order, so the order is fixed by the manifest.
        jobs.sort_by_key(|a| std::cmp::Reverse(papers::cost_hint(a)));
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
                    if sender.send((artefact.id.clone(), result)).is_err() {
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

    /// The result of artefact `id`'s experiment if it was started ahead, waiting for it if it has
    /// not arrived yet; `None` if it was not started ahead (or its worker ended without a result,
    /// which only a panic does; the scope then re-raises it), and the step runs it itself.
    pub(super) fn take(&mut self, id: &ArtefactId) -> Option<Result<ResultTable, ExperimentError>> {
        if !self.expected.remove(id) {
            return None;
        }
        if let Some(result) = self.arrived.remove(id) {
            return Some(result);
        }
        let receiver = self.receiver.as_ref()?;
        self.timings.time(
            || format!("wait for {id}"),
            || {
                while let Ok((got, result)) = receiver.recv() {
                    if got == *id {
                        return Some(result);
                    }
                    self.arrived.insert(got, result);
                }
                None
            },
        )
    }
}

impl Drop for Ahead<'_> {
    fn drop(&mut self) {
        if let Some(queue) = &self.queue {
            queue.stop();
        }
    }
}
