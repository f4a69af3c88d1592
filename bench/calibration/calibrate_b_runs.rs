//! Calibrates paper B's stand-in run knobs (`data/lancers/www-runs.yaml`) to the replicate mean:
//!
//! ```text
//! cargo run --release --example calibrate_b_runs -- [--replicates 100] [--threads 2]
//!     [--set KNOB=VALUE ...] [--search KNOB LO HI] [--steps 6] [--full]
//! ```
//!
//! The options and the procedure are documented with the library's `calibrate_b_runs`
//! (`src/cli/calibrate_b_runs.rs`); this example runs it on the repository.

use std::path::Path;

fn main() -> anyhow::Result<()> {
    evia_repro::calibrate_b_runs(Path::new(env!("CARGO_MANIFEST_DIR")), std::env::args_os())
}
