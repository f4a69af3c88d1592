//! Backup runs of blocks of trials: which block each worker of the randomised Tukey HSD runs,
//! whether another worker has taken a backup of it, and who finished it first.
//!
//! A block's histogram depends only on its block number (its sub-stream and the observed matrix;
//! `randomised_hsd.rs`, reproducibility contract), so two workers that run the same block get the
//! same histogram. When no block is left to claim, an idle worker takes a backup of a block that
//! another worker is still running, and whichever finishes first counts it; the other abandons it
//! at its next trial (the "backup tasks" of MapReduce: Dean & Ghemawat, OSDI 2004). On a shared
//! machine a worker preempted in the middle of a block then no longer holds up the whole call,
//! and the counts are the same as without backups: every block is counted exactly once.
//!
//! Each worker has one slot, `block << 2 | BACKED_UP | FINISHED` (the flags as they apply), or
//! [`IDLE`] before its first block. Only the worker itself stores a new block into its slot; the
//! flags are set by compare-and-swap against the whole value, so a flag meant for one block can
//! never land on the next.

use std::sync::atomic::{AtomicU64, Ordering};

/// The block of the slot has been finished and counted.
const FINISHED: u64 = 1;
/// Another worker has taken a backup of the slot's block.
const BACKED_UP: u64 = 2;
/// A worker that has not started a block yet.
const IDLE: u64 = u64::MAX;

/// A backup taken of the block of another worker's slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Backup {
    /// The slot (worker) whose block is backed up.
    pub slot: usize,
    /// The block number.
    pub block: u64,
}

/// One slot per worker (module documentation).
pub(super) struct BlockSlots {
    slots: Vec<AtomicU64>,
}

impl BlockSlots {
    /// Slots for `workers` workers, all idle.
    pub fn new(workers: usize) -> Self {
        BlockSlots {
            slots: (0..workers).map(|_| AtomicU64::new(IDLE)).collect(),
        }
    }

    /// Worker `slot` starts `block` (block numbers are below 2^62: B / 250 for a `u64` B).
    pub fn start(&self, slot: usize, block: u64) {
        self.slots[slot].store(block << 2, Ordering::SeqCst);
    }

    /// Whether the block that worker `slot` runs has been finished (by its backup).
    pub fn finished(&self, slot: usize) -> bool {
        let state = self.slots[slot].load(Ordering::SeqCst);
        state != IDLE && state & FINISHED != 0
    }

    /// Whether `backup`'s block has been finished (by the worker that runs it) since it was taken.
    pub fn backup_finished(&self, backup: Backup) -> bool {
        self.slots[backup.slot].load(Ordering::SeqCst) != backup.block << 2 | BACKED_UP
    }

    /// Takes a backup of the first block, in slot order, that another worker than `own` runs
    /// unfinished and without a backup; `None` if there is none.
    pub fn take_backup(&self, own: usize) -> Option<Backup> {
        self.slots
            .iter()
            .enumerate()
            .filter(|&(slot, _)| slot != own)
            .find_map(|(slot, state)| {
                let s = state.load(Ordering::SeqCst);
                if s == IDLE || s & (FINISHED | BACKED_UP) != 0 {
                    return None;
                }
                state
                    .compare_exchange(s, s | BACKED_UP, Ordering::SeqCst, Ordering::SeqCst)
                    .ok()
                    .map(|_| Backup {
                        slot,
                        block: s >> 2,
                    })
            })
    }

    /// Marks `block` of `slot` finished; true if this call is the first to do so (its caller counts
    /// the block), false if the block was finished already or the slot has moved on to another.
    pub fn finish(&self, slot: usize, block: u64) -> bool {
        let state = &self.slots[slot];
        let mut s = state.load(Ordering::SeqCst);
        loop {
            if s == IDLE || s >> 2 != block || s & FINISHED != 0 {
                return false;
            }
            match state.compare_exchange(s, s | FINISHED, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => return true,
                Err(now) => s = now,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block is counted once whether its worker or its backup finishes first, a block is backed
    /// up at most once, and a worker's own slot or a finished block is never backed up.
    #[test]
    fn each_block_is_counted_once() {
        let slots = BlockSlots::new(3);
        assert_eq!(
            slots.take_backup(0),
            None,
            "idle slots have nothing to back up"
        );
        slots.start(1, 7);
        slots.start(2, 9);
        let backup = slots.take_backup(0).expect("block 7 runs without a backup");
        assert_eq!(backup, Backup { slot: 1, block: 7 });
        assert_eq!(
            slots.take_backup(0),
            Some(Backup { slot: 2, block: 9 }),
            "block 7 is backed up already"
        );
        assert_eq!(
            slots.take_backup(1),
            None,
            "every running block has a backup"
        );
        assert!(!slots.backup_finished(backup));
        assert!(slots.finish(1, 7), "the worker finishes first");
        assert!(slots.finished(1));
        assert!(slots.backup_finished(backup));
        assert!(
            !slots.finish(1, 7),
            "the backup finishes second and does not count"
        );
        slots.start(1, 8);
        assert!(!slots.finished(1));
        assert!(
            !slots.finish(backup.slot, backup.block),
            "the slot has moved on"
        );
        assert!(slots.finish(2, 9), "the backup of block 9 finishes first");
        assert!(slots.finished(2), "so the worker of block 9 abandons it");
        assert!(!slots.finish(2, 9));
    }
}
