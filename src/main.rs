//! The `evia-repro` binary: a thin shell over the library. All behaviour lives in `evia_repro::cli`.

use std::process::ExitCode;

fn main() -> ExitCode {
    // A closed pipe (`evia-repro check | head -1`) ends the process quietly, as it ends `cat`: the
    // default SIGPIPE action is restored (Rust ignores the signal, which turns every later
    // `println!` into a panic). This is the one place for every command.
    sigpipe::reset();
    evia_repro::cli::main_with_args(std::env::args_os())
}
