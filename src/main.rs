//! The `evia-repro` binary: a thin shell over the library, where all behaviour lives
//! (`evia_repro::main_with_args`).

use std::process::ExitCode;

fn main() -> ExitCode {
    // A closed pipe (`evia-repro check | head -1`) ends the process quietly, as it ends `cat`: the
    // default SIGPIPE action is restored (Rust ignores the signal, which turns every later
    // `println!` into a panic). This is the one place for every command.
    sigpipe::reset();
    evia_repro::main_with_args(std::env::args_os())
}
