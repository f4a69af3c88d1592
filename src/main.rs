//! The `evia-repro` binary: a thin shell over the library. All behaviour lives in `evia_repro::cli`.

use std::process::ExitCode;

fn main() -> ExitCode {
    evia_repro::cli::main_with_args(std::env::args_os())
}
