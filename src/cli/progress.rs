//! How `reproduce` shows its progress on standard error: a bar redrawn in place on a terminal, one
//! plain line per finished step otherwise (logs, CI, pipes). Standard output keeps the run's account.

use std::io::{IsTerminal, Write};

use crate::pipeline::done::Action;
use crate::pipeline::progress::{Progress, Step};

/// Width of the bar, in characters.
const BAR_WIDTH: usize = 24;

/// A [`Progress`] that draws on standard error, as a bar if it is a terminal.
pub(crate) fn on_stderr() -> Progress {
    let terminal = std::io::stderr().is_terminal();
    Progress::new(move |step| {
        let mut err = std::io::stderr().lock();
        // A closed or failing standard error must never stop the run: progress is advisory.
        let _ = if terminal {
            draw_bar(&mut err, step)
        } else {
            write_line(&mut err, step)
        };
    })
}

/// The short word for how a step ended.
pub(crate) fn action_word(action: &Action) -> &'static str {
    match action {
        Action::Rebuilt => "rebuilt",
        Action::Rerendered => "re-rendered",
        Action::UpToDate => "up to date",
        Action::Pending(_) => "pending",
        Action::Skipped(_) => "skipped",
        Action::NotSelected => "not selected",
    }
}

fn draw_bar(err: &mut impl Write, step: Step<'_>) -> std::io::Result<()> {
    let (position, total, text) = match step {
        Step::Started {
            name,
            position,
            total,
        } => (position - 1, total, format!("{name} …")),
        Step::Replicates {
            name,
            unit,
            position,
            total,
            done,
            replicates,
        } => (
            position - 1,
            total,
            format!("{name} {unit} {done}/{replicates} …"),
        ),
        Step::Finished {
            done,
            position,
            total,
        } => (
            position,
            total,
            format!("{} {}", done.name, action_word(&done.action)),
        ),
    };
    let filled = BAR_WIDTH * position / total.max(1);
    write!(
        err,
        "\r\x1b[2K[{}{}] {position}/{total} {text}",
        "#".repeat(filled),
        " ".repeat(BAR_WIDTH - filled)
    )?;
    if matches!(step, Step::Finished { position, total, .. } if position == total) {
        writeln!(err)?;
    }
    err.flush()
}

fn write_line(err: &mut impl Write, step: Step<'_>) -> std::io::Result<()> {
    match step {
        Step::Started { .. } => Ok(()),
        // A line per tenth of the replicates, so a log shows a long study advancing.
        Step::Replicates {
            name,
            unit,
            position,
            total,
            done,
            replicates,
        } => {
            let tenth = (replicates / 10).max(1);
            if done % tenth == 0 || done == replicates {
                writeln!(
                    err,
                    "[{position}/{total}] {name} {unit} {done}/{replicates}"
                )
            } else {
                Ok(())
            }
        }
        Step::Finished {
            done,
            position,
            total,
        } => writeln!(
            err,
            "[{position}/{total}] {} {}",
            done.name,
            action_word(&done.action)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::done::Done;

    #[test]
    fn plain_lines_count_finished_steps_and_ignore_starts() {
        let done = Done {
            name: "A.T1".to_string(),
            action: Action::Rebuilt,
            files: Vec::new(),
        };
        let mut out = Vec::new();
        write_line(
            &mut out,
            Step::Started {
                name: "A.T1",
                position: 1,
                total: 3,
            },
        )
        .unwrap();
        write_line(
            &mut out,
            Step::Finished {
                done: &done,
                position: 1,
                total: 3,
            },
        )
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "[1/3] A.T1 rebuilt\n");
    }

    #[test]
    fn the_bar_fills_with_finished_steps_and_ends_the_line_at_the_last() {
        let done = Done {
            name: "index".to_string(),
            action: Action::UpToDate,
            files: Vec::new(),
        };
        let mut out = Vec::new();
        draw_bar(
            &mut out,
            Step::Finished {
                done: &done,
                position: 4,
                total: 4,
            },
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(&format!(
            "[{}] 4/4 index up to date\n",
            "#".repeat(BAR_WIDTH)
        )));
    }
}
