//! Helpers shared by the integration tests.

#![allow(clippy::unwrap_used, dead_code)]

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// The replicates R of the robustness studies (A.R1, B.R1) in tests that rebuild every artefact:
/// the manifest's R = 200 is for release builds, not for a debug test run (`--replicates`).
pub const TEST_REPLICATES: u32 = 2;

/// [`TEST_REPLICATES`] as a `--replicates` argument.
pub const TEST_REPLICATES_ARG: &str = "2";

/// The design points N of the knob-space studies (A.M1, B.M1) in tests that rebuild every
/// artefact: the fewest a study accepts; the manifest's N is for release builds (`--design-points`).
pub const TEST_DESIGN_POINTS: u32 = 8;

/// The studies' sizes in tests that rebuild every artefact, as `reproduce` and `check` arguments:
/// [`TEST_REPLICATES`] replicates and [`TEST_DESIGN_POINTS`] design points.
pub const TEST_STUDIES: [&str; 4] = ["--replicates", TEST_REPLICATES_ARG, "--design-points", "8"];

/// The repository root.
pub fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Copies the directory tree `from` to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &dest);
        } else {
            fs::copy(entry.path(), dest).unwrap();
        }
    }
}

/// A scratch copy of the project (paper/, data/, templates/) that a test may modify.
pub fn scratch_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["paper", "data", "templates"] {
        copy_dir(&project_root().join(sub), &dir.path().join(sub));
    }
    dir
}

/// A command line for a test to run, built up like [`std::process::Command`] (after ripgrep's
/// `TestCommand` and just's `Test`): `TestCommand::new().root(dir).args(["list"]).stdout()`. By
/// default the program is the `evia-repro` binary under test; [`TestCommand::program`] runs another
/// one (pdflatex, found by [`require_tool`]). Standard input is empty unless [`TestCommand::stdin`]
/// gives it; standard output and error are captured. Every assertion that fails prints the whole
/// command line, its directory and environment, the exit status and both streams.
pub struct TestCommand {
    program: PathBuf,
    root: Option<PathBuf>,
    args: Vec<OsString>,
    current_dir: Option<PathBuf>,
    envs: Vec<(OsString, OsString)>,
    stdin: Vec<u8>,
}

impl Default for TestCommand {
    fn default() -> Self {
        Self::new()
    }
}

impl TestCommand {
    /// The `evia-repro` binary under test, with no arguments yet.
    pub fn new() -> Self {
        Self::program(env!("CARGO_BIN_EXE_evia-repro"))
    }

    /// Another program (a path, or a name looked up on the `PATH`), with no arguments yet.
    pub fn program(program: impl AsRef<Path>) -> Self {
        Self {
            program: program.as_ref().to_path_buf(),
            root: None,
            args: Vec::new(),
            current_dir: None,
            envs: Vec::new(),
            stdin: Vec::new(),
        }
    }

    /// `--root DIR`, given before every other argument.
    pub fn root(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.root = Some(dir.as_ref().to_path_buf());
        self
    }

    /// The directory the process runs in (relative `--out`, `--state` and inputs resolve there).
    pub fn current_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.current_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Self {
        self.args.push(arg.as_ref().to_os_string());
        self
    }

    pub fn args<I, S>(&mut self, args: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.args
            .extend(args.into_iter().map(|arg| arg.as_ref().to_os_string()));
        self
    }

    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Self {
        self.envs
            .push((key.as_ref().to_os_string(), value.as_ref().to_os_string()));
        self
    }

    /// The bytes written to the process's standard input (which is then closed).
    pub fn stdin(&mut self, bytes: impl AsRef<[u8]>) -> &mut Self {
        self.stdin = bytes.as_ref().to_vec();
        self
    }

    /// The process to start: `--root` first, then the arguments in the order given.
    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        if let Some(root) = &self.root {
            command.arg("--root").arg(root);
        }
        command.args(&self.args);
        if let Some(dir) = &self.current_dir {
            command.current_dir(dir);
        }
        command.envs(self.envs.iter().map(|(key, value)| (key, value)));
        command
    }

    /// The command as a reader would type it: environment, program, arguments, and the directory.
    fn describe(&self) -> String {
        let command = self.command();
        let mut line = String::new();
        for (key, value) in &self.envs {
            let _ = write!(line, "{}={:?} ", key.to_string_lossy(), value);
        }
        let _ = write!(line, "{}", self.program.display());
        for arg in command.get_args() {
            let _ = write!(line, " {:?}", arg);
        }
        if let Some(dir) = &self.current_dir {
            let _ = write!(line, "\n  in {}", dir.display());
        }
        line
    }

    /// The failure message for `output`: the command line, its status and both streams.
    fn report(&self, what: &str, output: &Output) -> String {
        format!(
            "{what}\ncommand: {}\nstatus: {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.describe(),
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    }

    /// Runs the command to its end, whatever its exit status.
    pub fn run(&self) -> Output {
        let mut command = self.command();
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.describe()));
        let mut input = child.stdin.take().unwrap();
        let bytes = self.stdin.clone();
        // A separate writer, so that a process that fills its output pipe before reading all its
        // input cannot deadlock the test.
        let writer = std::thread::spawn(move || {
            // A process that exits without reading its input closes the pipe: not the test's error.
            let _ = input.write_all(&bytes);
        });
        let output = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("cannot wait for {}: {e}", self.describe()));
        writer.join().unwrap();
        output
    }

    /// Runs the command to its end with standard output written to `path` (opened for writing, not
    /// created: `/dev/full`, a FIFO, a file) and standard error captured; standard input is empty.
    pub fn run_with_stdout_to(&self, path: &Path) -> Output {
        self.run_with_one_stream_to(path, true)
    }

    /// Runs the command to its end with standard error written to `path` (opened for writing, not
    /// created) and standard output captured; standard input is empty.
    pub fn run_with_stderr_to(&self, path: &Path) -> Output {
        self.run_with_one_stream_to(path, false)
    }

    /// Runs the command with standard output (`stdout`) or standard error written to `path` and the
    /// other captured.
    fn run_with_one_stream_to(&self, path: &Path, stdout: bool) -> Output {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
        let (out, err) = if stdout {
            (Stdio::from(file), Stdio::piped())
        } else {
            (Stdio::piped(), Stdio::from(file))
        };
        self.command()
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.describe()))
    }

    /// Starts the command with standard output and error piped, for a test that reads or closes them
    /// itself. Standard input is empty.
    pub fn spawn(&self) -> Child {
        self.command()
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", self.describe()))
    }

    /// Runs the command and asserts that it exits with 0; its output.
    pub fn assert_success(&self) -> Output {
        let output = self.run();
        assert!(
            output.status.success(),
            "{}",
            self.report("the command failed", &output)
        );
        output
    }

    /// Runs the command, asserts that it exits with 0 and that its standard output is UTF-8, and
    /// returns that output.
    pub fn stdout(&self) -> String {
        let output = self.assert_success();
        match String::from_utf8(output.stdout.clone()) {
            Ok(text) => text,
            Err(_) => panic!(
                "{}",
                self.report("the standard output is not UTF-8", &output)
            ),
        }
    }

    /// Runs the command and asserts that it exits with `code` (not 0) and that its standard error
    /// contains `needle`; its output.
    pub fn assert_failure_with(&self, code: i32, needle: &str) -> Output {
        let output = self.run();
        assert_eq!(
            output.status.code(),
            Some(code),
            "{}",
            self.report(&format!("expected exit code {code}"), &output)
        );
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(needle),
            "{}",
            self.report(&format!("the standard error lacks {needle:?}"), &output)
        );
        output
    }
}

/// Runs `pdflatex` (the path [`require_tool`] found) on `<dir>/<name>.tex`, without stopping for
/// input and stopping at the first error, and asserts that it succeeds; its output.
pub fn pdflatex(pdflatex: &Path, dir: &Path, name: &str) -> Output {
    TestCommand::program(pdflatex)
        .current_dir(dir)
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(format!("{name}.tex"))
        .assert_success()
}

/// Whether the environment variable `CI` is set and not empty (`.ci/run` and CI services set it).
pub fn under_ci() -> bool {
    std::env::var_os("CI").is_some_and(|value| !value.is_empty())
}

/// The external program `name` (pdflatex, …) on the `PATH`, for a test that needs it. When it is
/// not there the test cannot check what it is about: with `CI` set ([`under_ci`]) that is a failure,
/// so a CI run never passes without the check; elsewhere this writes `SKIPPED: <test> needs <tool>`
/// straight to the process's standard error (past the harness's capture, so the line shows in the
/// test run's output although the test is reported as passing) and returns `None`, and the test
/// returns early:
/// `let Some(pdflatex) = require_tool("pdflatex") else { return };`
pub fn require_tool(name: &str) -> Option<PathBuf> {
    if let Some(path) = find_on_path(name) {
        return Some(path);
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("this test");
    assert!(
        !under_ci(),
        "{test} needs `{name}`, which is not on the PATH, and CI is set: install it (.ci/run \
         installs it on Debian) or unset CI to skip the test"
    );
    skipped(test, name);
    None
}

/// The first executable file `name` in a directory of the `PATH`.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// A failed assertion prints the command line, the exit status and both streams.
#[test]
#[should_panic(
    expected = "\"no-such-command\"\nstatus: exit status: 2\n--- stdout ---\n\n--- stderr ---\n"
)]
fn a_failed_command_is_reported_in_full() {
    TestCommand::new().arg("no-such-command").assert_success();
}

/// Says that `test` was skipped for want of `tool`, on the process's standard error itself: the test
/// harness captures `eprintln!` of a passing test, not a write to the stream.
pub fn skipped(test: &str, tool: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {test} needs `{tool}`, which is not on the PATH (with CI set it fails instead)"
    );
}
