//! Outputs never harm the user's files: `study --out` writes only into a new, empty or earlier
//! study's directory; taking the output lock removes only this program's temporary files;
//! `agree --detail-out` refuses its input, writes through FIFOs and links and creates files with
//! the mode the umask gives; an output directory is never an input or around one; a full standard
//! output is an error, never a panic.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{TestCommand, copy_dir, project_root};

/// A scratch directory holding the shipped study example as `data/` (labels and runs).
fn scratch() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    copy_dir(&project_root().join("data/study-example"), &data);
    (dir, data)
}

/// `study` on the example in `data` into `out`, from `cwd`.
fn study(cwd: &Path, data: &Path, out: &Path) -> TestCommand {
    let mut command = TestCommand::new();
    command
        .current_dir(cwd)
        .args(["study", "--layout", "wide", "--trials", "100", "--labels"])
        .arg(data.join("labels.tsv"))
        .arg("--runs")
        .arg(data.join("runs"))
        .arg("--out")
        .arg(out);
    command
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Every entry under `dir` with its content (directories as `/`), sorted.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let name = path.strip_prefix(dir).unwrap().display().to_string();
            if path.is_dir() {
                out.push((name, "/".to_string()));
                stack.push(path);
            } else {
                out.push((name, fs::read_to_string(&path).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

/// A directory of the user's (`--out .` in a project, or a directory with their own `index.md`)
/// is refused before anything is written, and left exactly as it was.
#[test]
fn study_refuses_a_directory_of_the_users() {
    let (dir, data) = scratch();
    let project = dir.path().join("project");
    fs::create_dir_all(project.join("notes")).unwrap();
    for name in ["index.md", "index.html", "ledger.md", "account.json"] {
        fs::write(project.join(name), format!("my own {name}")).unwrap();
    }
    fs::write(project.join("notes/.draft.md.tmp-1"), "an editor's file").unwrap();
    let before = snapshot(&project);
    for out in [Path::new("."), project.as_path()] {
        let output = study(&project, &data, out).run();
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("holds no earlier study's output"),
            "{}",
            stderr(&output)
        );
        assert_eq!(snapshot(&project), before, "--out {}", out.display());
    }
}

/// A study replaces an earlier study's output in its directory, but refuses when a file of the
/// user's has been put among it (which replacing `study/` would delete), keeping everything.
#[test]
fn study_replaces_only_its_own_earlier_output() {
    let (dir, data) = scratch();
    let out = dir.path().join("out");
    study(dir.path(), &data, &out).assert_success();
    assert!(out.join("study/B.T1.md").is_file());
    // Again into the same directory: its own output, replaced.
    study(dir.path(), &data, &out).assert_success();
    fs::write(out.join("study/my-notes.md"), "mine").unwrap();
    let before = snapshot(&out);
    let output = study(dir.path(), &data, &out).run();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("my-notes.md"),
        "{}",
        stderr(&output)
    );
    assert_eq!(snapshot(&out), before);
}

/// `--out` equal to, inside or around the run directory, or around the label file, is refused.
#[test]
fn study_output_is_never_an_input() {
    let (dir, data) = scratch();
    let runs = data.join("runs");
    let before = snapshot(&data);
    for out in [
        runs.clone(),
        runs.join("out"),
        data.clone(),
        dir.path().to_path_buf(),
    ] {
        let output = study(dir.path(), &data, &out).run();
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("never writes over, into or around what it reads"),
            "{}",
            stderr(&output)
        );
        assert_eq!(snapshot(&data), before, "--out {}", out.display());
    }
}

/// Taking the output lock (`reproduce --out`) removes this program's leftovers only: files named
/// like other tools' temporary files, at any depth, stay.
#[test]
fn the_output_lock_removes_only_this_programs_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    fs::create_dir_all(out.join("unanimity")).unwrap();
    fs::create_dir_all(out.join("mine/deep")).unwrap();
    // An earlier build's directory (its build state), where the user keeps files of their own.
    fs::write(out.join(".evia-repro-state.json"), "{}\n").unwrap();
    let users = [
        ".notes.md.tmp-1",
        "unanimity/.A.T1.md.tmp-4242",
        "mine/deep/.x.tmp-abc",
        "mine/deep/.evia-repro-tmp.x.1",
    ];
    for name in users {
        fs::write(out.join(name), "the user's").unwrap();
    }
    fs::create_dir_all(out.join(".cache.tmp-2/inside")).unwrap();
    let ours = "unanimity/.evia-repro-tmp.A.T1.md.4242";
    fs::write(out.join(ours), "half written").unwrap();
    TestCommand::new()
        .current_dir(dir.path())
        .root(project_root())
        .args(["reproduce", "--only", "A.T1", "--out", "out"])
        .assert_success();
    for name in users {
        assert_eq!(
            fs::read_to_string(out.join(name)).unwrap(),
            "the user's",
            "{name}"
        );
    }
    assert!(out.join(".cache.tmp-2/inside").is_dir());
    assert!(!out.join(ours).exists());
}

/// `reproduce --out` inside the project's inputs, or around them, or equal to `--data`, is refused.
#[test]
fn reproduce_output_is_never_an_input() {
    let dir = tempfile::tempdir().unwrap();
    for out in [Path::new("."), Path::new("data/out")] {
        let output = TestCommand::new()
            .current_dir(project_root())
            .args(["reproduce", "--only", "A.T1", "--out"])
            .arg(out)
            .run();
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("never writes over"),
            "{}",
            stderr(&output)
        );
    }
    assert!(!project_root().join("data/out").exists());
    let output = TestCommand::new()
        .current_dir(dir.path())
        .root(project_root())
        .args(["reproduce", "--only", "B.T1", "--data", ".", "--out", "."])
        .run();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("--data"), "{}", stderr(&output));
}

/// `agree` on the example's labels with `--detail-out TARGET`, in `cwd`, under umask 022.
fn agree_detail_out(cwd: &Path, labels: &Path, target: &Path) -> TestCommand {
    let mut command = TestCommand::program("sh");
    command
        .current_dir(cwd)
        .args(["-c", "umask 022 && exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_evia-repro"))
        .args(["agree", "--layout", "wide", "--format", "md", "--labels"])
        .arg(labels)
        .arg("--detail-out")
        .arg(target);
    command
}

/// Only this program's temporary names, or none, in `dir`.
fn temporary_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tmp"))
        .collect()
}

/// `--detail-out` naming the label file is refused and the labels are kept; a new file gets mode
/// 0644 under umask 022 and an existing one keeps its mode; a symbolic link stays a link to the
/// file written; no temporary file is left, after a success or a failure.
#[cfg(unix)]
#[test]
fn detail_out_never_destroys_its_input_or_a_link() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, data) = scratch();
    let labels = data.join("labels.tsv");
    let original = fs::read(&labels).unwrap();
    let link_to_labels = dir.path().join("labels-link.tsv");
    std::os::unix::fs::symlink(&labels, &link_to_labels).unwrap();
    for target in [labels.clone(), link_to_labels.clone()] {
        agree_detail_out(dir.path(), &labels, &target)
            .assert_failure_with(2, "would destroy the input");
        assert_eq!(fs::read(&labels).unwrap(), original);
    }
    assert!(fs::symlink_metadata(&link_to_labels).unwrap().is_symlink());

    let new = dir.path().join("detail.md");
    agree_detail_out(dir.path(), &labels, &new).assert_success();
    let mode = fs::metadata(&new).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644, "{mode:o}");
    assert!(fs::read_to_string(&new).unwrap().contains("Krippendorff"));
    fs::set_permissions(&new, fs::Permissions::from_mode(0o640)).unwrap();
    fs::write(&new, "old").unwrap();
    let link = dir.path().join("detail-link.md");
    std::os::unix::fs::symlink(&new, &link).unwrap();
    agree_detail_out(dir.path(), &labels, &link).assert_success();
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(fs::read_to_string(&new).unwrap().contains("Krippendorff"));
    let mode = fs::metadata(&new).unwrap().permissions().mode() & 0o777;
    assert_eq!(
        mode, 0o640,
        "the mode of the file replaced is kept: {mode:o}"
    );

    // A target that cannot be written (a directory) fails with nothing left behind.
    let output = agree_detail_out(dir.path(), &labels, &data.join("runs")).run();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(temporary_files(dir.path()).is_empty());
    assert!(temporary_files(&data).is_empty());
}

/// `--detail-out` naming a FIFO writes into it (a reader gets the whole detail) and leaves the
/// FIFO a FIFO, as for `/dev/stdout` or a process substitution `>(…)`.
#[cfg(unix)]
#[test]
fn detail_out_writes_through_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let (dir, data) = scratch();
    let fifo = dir.path().join("detail.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    agree_detail_out(dir.path(), &data.join("labels.tsv"), &fifo).assert_success();
    let read = reader.join().unwrap();
    assert!(read.contains("Krippendorff"), "{read}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(temporary_files(dir.path()).is_empty());
}

/// `--detail-out` naming the file standard output is redirected to (`--detail-out /dev/stdout >
/// all.md`, or the same file twice) gets the detail, then what is printed, neither over the other.
#[cfg(unix)]
#[test]
fn detail_out_into_standard_output_comes_before_what_is_printed() {
    let (dir, data) = scratch();
    let labels = data.join("labels.tsv");
    let alone = dir.path().join("alone.md");
    let printed = agree_detail_out(dir.path(), &labels, &alone).stdout();
    let detail = fs::read_to_string(&alone).unwrap();
    for target in [Path::new("/dev/stdout"), &dir.path().join("all.md")] {
        let all = dir.path().join("all.md");
        fs::write(&all, "").unwrap();
        let output = agree_detail_out(dir.path(), &labels, target).run_with_stdout_to(&all);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(
            fs::read_to_string(&all).unwrap(),
            format!("{detail}{printed}"),
            "{}",
            target.display()
        );
    }
}

/// `study`, `reproduce`, `check`, `list` and `show` with standard output on a full device
/// (`> /dev/full`): a clean error naming standard output (exit code 2), never a panic.
#[test]
fn a_full_standard_output_is_an_error_not_a_panic() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        assert!(!crate::common::under_ci(), "/dev/full is missing");
        return;
    }
    let (dir, data) = scratch();
    let state = dir.path().join("no-build").display().to_string();
    let out = dir.path().join("build").display().to_string();
    let commands: [&[&str]; 4] = [
        &["list"],
        &["check", "--only", "B.T1", "--state", &state],
        &["show", "A.T1"],
        &["reproduce", "--only", "A.T1", "--out", &out],
    ];
    for args in commands {
        let output = TestCommand::new()
            .current_dir(project_root())
            .args(args)
            .run_with_stdout_to(full);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let text = stderr(&output);
        assert!(
            text.contains("writing to standard output"),
            "{args:?}: {text}"
        );
        assert!(!text.contains("panicked"), "{args:?}: {text}");
    }
    let output = study(dir.path(), &data, &dir.path().join("study-out")).run_with_stdout_to(full);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("writing to standard output"),
        "{}",
        stderr(&output)
    );
}

/// A warning written to a failing standard error (`2> /dev/full`) is lost, and the command still
/// does its work and exits as it would: never a panic.
#[test]
fn a_full_standard_error_loses_the_warning_not_the_result() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        assert!(!crate::common::under_ci(), "/dev/full is missing");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let qrels = dir.path().join("q.trec");
    let run = dir.path().join("r.trec");
    std::fs::write(&qrels, "1 0 d1 1\n1 0 d2 0\n").unwrap();
    std::fs::write(&run, "1 Q0 d1 1 2.0 r\n1 Q0 d2 2 1.0 r\n").unwrap();
    let output = TestCommand::new()
        .current_dir(dir.path())
        .args(["eval", "--qrels", "q.trec", "--run", "r.trec"])
        .args(["--logb", "0", "--measures", "nDCG@10"])
        .run_with_stderr_to(full);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("nDCG@"), "{text}");
}

/// `study` on the example in `data` into `out`, with the permission checks of an ordinary user:
/// run as is by one, and by root through `setpriv` with every capability dropped (root reads and
/// removes whatever the modes say otherwise). `None` when root and `setpriv` is not there.
#[cfg(unix)]
fn study_without_privileges(cwd: &Path, data: &Path, out: &Path) -> Option<TestCommand> {
    use std::os::unix::fs::MetadataExt;
    let probe = tempfile::NamedTempFile::new().unwrap();
    if probe.as_file().metadata().unwrap().uid() != 0 {
        return Some(study(cwd, data, out));
    }
    let setpriv = crate::common::require_tool("setpriv")?;
    let mut command = TestCommand::program(setpriv);
    command
        .current_dir(cwd)
        .args(["--bounding-set", "-all", "--inh-caps", "-all", "--"])
        .arg(env!("CARGO_BIN_EXE_evia-repro"))
        .args(["study", "--layout", "wide", "--trials", "100", "--labels"])
        .arg(data.join("labels.tsv"))
        .arg("--runs")
        .arg(data.join("runs"))
        .arg("--out")
        .arg(out);
    Some(command)
}

/// An earlier study's `study/` that cannot be removed (its directory made read-only): the new
/// output is installed, the command succeeds (exit 0) with a warning naming where the old one was
/// set aside, and the next study into the directory removes that leftover instead of refusing it
/// as a file of the user's.
#[cfg(unix)]
#[test]
fn an_old_output_that_cannot_be_removed_is_named_and_removed_by_the_next_study() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, data) = scratch();
    let out = dir.path().join("out");
    study(dir.path(), &data, &out).assert_success();
    let Some(command) = study_without_privileges(dir.path(), &data, &out) else {
        return;
    };
    let old = out.join("study");
    fs::set_permissions(&old, fs::Permissions::from_mode(0o555)).unwrap();
    let output = command.run();
    let leftovers: Vec<PathBuf> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".evia-repro-tmp.")
        })
        .collect();
    for leftover in &leftovers {
        fs::set_permissions(leftover, fs::Permissions::from_mode(0o755)).unwrap();
    }
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    let warning = format!(
        "the previous output was set aside as `{}` and cannot be removed: Permission denied; the new output is in place",
        leftovers[0].display()
    );
    assert!(stderr(&output).contains(&warning), "{}", stderr(&output));
    // The new output is the one in place: a directory this run created, writable again.
    let mode = fs::metadata(&old).unwrap().permissions().mode();
    assert_ne!(mode & 0o777, 0o555, "the old study/ is still in place");
    assert!(old.join("B.T3.md").is_file());
    // The next study takes the leftover for this program's own, and removes it.
    study(dir.path(), &data, &out).assert_success();
    assert!(!leftovers[0].exists(), "{} left", leftovers[0].display());
}
