//! Stand-in knob files whose sizes would abort on allocation or loop for minutes are rejected with
//! their bound, naming the file, before anything is generated.

use crate::common::{TestCommand, scratch_project};

/// Replaces `from` by `to` in the scratch project's `file`, runs `reproduce --only artefact`, and
/// returns the exit code and standard error.
fn reproduce_with(file: &str, from: &str, to: &str, artefact: &str) -> (Option<i32>, String) {
    let project = scratch_project();
    let path = project.path().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has no `{from}`");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let out = TestCommand::new()
        .root(project.path())
        .args(["reproduce", "--only", artefact, "--out"])
        .arg(project.path().join("out"))
        .run();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_billion_stc_topics_are_rejected() {
    let (code, stderr) = reproduce_with(
        "data/unanimity/stc-standin.yaml",
        "\ntopics: 100\n",
        "\ntopics: 1000000000\n",
        "A.T2",
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("stc-standin.yaml"), "{stderr}");
    assert!(stderr.contains("at most 10000"), "{stderr}");
}

#[test]
fn a_billion_www_topics_are_rejected() {
    let (code, stderr) = reproduce_with(
        "data/lancers/www-standin.yaml",
        "  topics: 50\n",
        "  topics: 1000000000\n",
        "B.T1",
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("www-standin.yaml"), "{stderr}");
    assert!(stderr.contains("at most 1000"), "{stderr}");
}

#[test]
fn four_billion_real_rating_replicates_are_rejected() {
    let (code, stderr) = reproduce_with(
        "data/unanimity/real-ratings-simulation.yaml",
        "\nreplicates: 10\n",
        "\nreplicates: 4294967295\n",
        "A.X1",
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("real-ratings-simulation.yaml"), "{stderr}");
    // The bound is the experiment's (a whole number well below the value given).
    let bound = stderr
        .split("at most ")
        .nth(1)
        .and_then(|rest| rest.split(" replicates").next())
        .and_then(|n| n.parse::<u32>().ok());
    assert!(bound.is_some_and(|b| b < 4294967295), "{stderr}");
}

/// Knob values that would give two generated topic ids (and so document ids) the same value are an
/// error naming the knob file and the knob's line.
#[test]
fn knobs_that_repeat_generated_ids_are_refused_at_their_line() {
    let (code, stderr) = reproduce_with(
        "data/lancers/www-standin.yaml",
        "  topic_step: 1\n",
        "  topic_step: 0\n",
        "B.T1",
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("www-standin.yaml:16:"), "{stderr}");
    assert!(stderr.contains("`labels.topic_step`"), "{stderr}");
    assert!(stderr.contains("must be unique"), "{stderr}");
}
