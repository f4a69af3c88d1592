//! The conventions of `eval` next to trec_eval 10.0's and NTCIREVAL 20200527's: each measure's
//! name in the three programs, and every difference of convention with the option that gives the
//! other reading where one exists. Shown by `eval --help` (after the options) and, as Markdown
//! tables, in `docs/eval.md`'s "`eval` conventions" section; a unit test keeps the two the same.
//!
//! `tests/it/eval_trec_eval.rs` compares `eval` with trec_eval's own test files and names, for
//! each difference it finds, the row of [`CONVENTIONS`] behind it.

/// A measure: its name here, in trec_eval and in NTCIREVAL (`—`: the program has none), and how
/// the values relate.
struct Measure {
    here: &'static str,
    trec_eval: &'static str,
    ntcireval: &'static str,
    note: &'static str,
}

/// A convention: what it is about, how `eval`, trec_eval and NTCIREVAL read it, and the `eval`
/// option that gives the other reading (`—`: none).
struct Convention {
    subject: &'static str,
    here: &'static str,
    trec_eval: &'static str,
    ntcireval: &'static str,
    option: &'static str,
}

const MEASURES: &[Measure] = &[
    Measure {
        here: "RR",
        trec_eval: "recip_rank",
        ntcireval: "RR",
        note: "the same",
    },
    Measure {
        here: "AP",
        trec_eval: "map",
        ntcireval: "AP",
        note: "the same",
    },
    Measure {
        here: "AP@l",
        trec_eval: "map_cut_l",
        ntcireval: "AP@l",
        note: "AP@l divides by min(l, R) (NTCIREVAL), map_cut_l by R: map_cut_l = AP@l·min(l, R)/R (see \"AP@l divisor\")",
    },
    Measure {
        here: "Prec@l",
        trec_eval: "P_l",
        ntcireval: "Prec@l",
        note: "the same (divided by l)",
    },
    Measure {
        here: "Hit@l",
        trec_eval: "success_l",
        ntcireval: "Hit@l",
        note: "the same",
    },
    Measure {
        here: "MSnDCG@l",
        trec_eval: "ndcg_cut_l, ndcg",
        ntcireval: "MSnDCG@l",
        note: "the same: gain/log(r+1), ideal list of every judged relevant document; trec_eval's gain is the level, the default linear gains here (see \"Gains\"); ndcg is MSnDCG@l with l at least the list's length and R",
    },
    Measure {
        here: "nDCG@l",
        trec_eval: "—",
        ntcireval: "nDCG@l",
        note: "Järvelin and Kekäläinen's original discount: 1 up to rank b, log_b(r) after (--logb)",
    },
    Measure {
        here: "RBP",
        trec_eval: "rbp",
        ntcireval: "RBP",
        note: "the same sum; the gains' divisor and the default persistence differ (see \"RBP divisor\", \"RBP persistence\")",
    },
    Measure {
        here: "bpref (--condensed)",
        trec_eval: "bpref",
        ntcireval: "bpref (compute -j)",
        note: "the same on topics with a judged nonrelevant document (see \"bpref without a judged nonrelevant document\", \"TREC relevance below 0\")",
    },
    Measure {
        here: "syslen, jrel, jnonrel",
        trec_eval: "num_ret, num_rel",
        ntcireval: "syslen, jrel, jnonrel",
        note: "num_rel_ret = Prec@l·l for l at least syslen; num_nonrel_judged_ret = syslen with --condensed − num_rel_ret",
    },
    Measure {
        here: "O-measure, P-measure, P-plus, Q-measure, Q@l, NCUrb,P/BR/IE(@l), ERR(@l), nERR@l, EBR(@l), nEBR@l, iRBU(@l), niRBU@l, RBP@l, nRBP@l, GAP(@l) (--gap), bpref_R/N/relative, rpref_N/relative/relative2",
        trec_eval: "—",
        ntcireval: "the same names",
        note: "NTCIREVAL's",
    },
    Measure {
        here: "nG@1, nCG@l",
        trec_eval: "—",
        ntcireval: "—",
        note: "this program's (tsv and json only)",
    },
    Measure {
        here: "—",
        trec_eval: "Rprec, recall_l, iprec_at_recall_x, 11pt_avg, infAP, gm_map, gm_bpref, Rprec_mult_x, utility, relstring, Rndcg, ndcg_rel, G, binG, relative_P_l, set_*, unj_l, rbp_resid",
        ntcireval: "—",
        note: "not computed here (gm_map and gm_bpref are geometric means of map and bpref)",
    },
];

/// Every convention where a user of trec_eval or NTCIREVAL could be surprised, and those of the
/// three agree on that a user might doubt.
const CONVENTIONS: &[Convention] = &[
    Convention {
        subject: "Relevant document",
        here: "level ≥ 1",
        trec_eval: "level ≥ the -l value (1)",
        ntcireval: "level ≥ 1",
        option: "— (for trec_eval's -l N, write levels below N as 0)",
    },
    Convention {
        subject: "Gains",
        here: "--gains; default linear 1:2:…:H, H the highest level in the qrels",
        trec_eval: "the level (ndcg: -m ndcg.L=G)",
        ntcireval: "-g, required",
        option: "--gains",
    },
    Convention {
        subject: "Ranking",
        here: "score descending, ties by document id descending",
        trec_eval: "the same",
        ntcireval: "file order (res files)",
        option: "--file-order",
    },
    Convention {
        subject: "Unjudged document",
        here: "nonrelevant; --condensed drops it",
        trec_eval: "nonrelevant; -J drops it",
        ntcireval: "nonrelevant; label -j drops it",
        option: "--condensed",
    },
    Convention {
        subject: "TREC relevance below 0",
        here: "in the pool but unjudged: nonrelevant, dropped by --condensed, not a judged nonrelevant document (N), so bpref skips it",
        trec_eval: "the same",
        ntcireval: "— (NTCIR levels are L0, L1, …)",
        option: "—",
    },
    Convention {
        subject: "Topics in the mean",
        here: "every qrels topic with a relevant document; one the run lacks is an empty list (zeros)",
        trec_eval: "topics in both files; -c: every qrels topic (zeros)",
        ntcireval: "per topic only",
        option: "— (trec_eval -c is this)",
    },
    Convention {
        subject: "Qrels topic without a relevant document",
        here: "skipped with a warning, not in the means",
        trec_eval: "evaluated (zeros) and in the means",
        ntcireval: "nothing printed",
        option: "—",
    },
    Convention {
        subject: "Run topic not in the qrels",
        here: "skipped with a warning",
        trec_eval: "skipped",
        ntcireval: "skipped",
        option: "--strict (an error)",
    },
    Convention {
        subject: "Document retrieved twice for a topic",
        here: "an error naming both lines",
        trec_eval: "an error",
        ntcireval: "counted at each rank",
        option: "--allow-duplicates",
    },
    Convention {
        subject: "Documents kept per topic",
        here: "all",
        trec_eval: "-M N: the top N by score",
        ntcireval: "label -truncate N: the first N lines",
        option: "--truncate-ranks N (-M N and label -truncate N); --truncate N counts after --condensed",
    },
    Convention {
        subject: "Undefined value (0/0)",
        here: "-nan in nev (as NTCIREVAL), NA in tsv, absent in json; out of the mean; one warning naming the topics and the cause",
        trec_eval: "0",
        ntcireval: "-nan",
        option: "—",
    },
    Convention {
        subject: "bpref without a judged nonrelevant document",
        here: "undefined: absent in nev and json, NA in tsv; the mean is over the other topics; one warning",
        trec_eval: "relevant documents retrieved / R",
        ntcireval: "a fatal error",
        option: "—",
    },
    Convention {
        subject: "RBP divisor",
        here: "the gain of the highest declared level, for every topic",
        trec_eval: "the topic's highest judged level",
        ntcireval: "the gain of the highest declared level",
        option: "--rbp-scale topic",
    },
    Convention {
        subject: "RBP persistence",
        here: "0.95",
        trec_eval: "0.9",
        ntcireval: "0.95",
        option: "--rbp 0.9",
    },
    Convention {
        subject: "AP@l divisor",
        here: "min(l, R)",
        trec_eval: "R (map_cut_l)",
        ntcireval: "min(l, R)",
        option: "—",
    },
    Convention {
        subject: "nDCG@l log base",
        here: "--logb b > 1 (default 2); 0 is the natural log, with a warning (rank 2's discount ln 2 < 1, so nDCG@l can exceed 1); 0 < b ≤ 1 and negative bases refused",
        trec_eval: "—",
        ntcireval: "-logb, default 2; 0 is the natural log; any value taken",
        option: "--logb 0",
    },
    Convention {
        subject: "Means",
        here: "arithmetic",
        trec_eval: "arithmetic; gm_map and gm_bpref geometric",
        ntcireval: "— (per topic)",
        option: "—",
    },
    Convention {
        subject: "Comments, blank lines, extra fields",
        here: "TREC qrels: a `#` in the first column starts a comment line; TREC runs: blank lines and `#` lines skipped, fields after the tag ignored; NTCIR files have none (an error)",
        trec_eval: "the same",
        ntcireval: "none",
        option: "—",
    },
    Convention {
        subject: "NUL byte in a line",
        here: "an error naming the file, line and column",
        trec_eval: "ends the id",
        ntcireval: "ends the id",
        option: "—",
    },
    Convention {
        subject: "Printed precision",
        here: "nev: 4 decimals; tsv and json: 15 significant digits",
        trec_eval: "4 decimals",
        ntcireval: "4 decimals",
        option: "--format nev",
    },
];

/// The pointer to `agree`'s own conventions, after the tables.
const AGREE_POINTER: &str = "For `agree` (weighted statistics over the categories observed or the categories declared), see the README's section on `agree`.";

/// The text `eval --help` shows after the options.
pub(crate) fn help_text() -> String {
    let mut text = String::from(
        "Conventions (here; trec_eval 10.0; NTCIREVAL 20200527; the option that gives the other reading):\n\n",
    );
    for m in MEASURES {
        text.push_str(&format!(
            "  {}  [trec_eval: {}; NTCIREVAL: {}]\n      {}\n",
            m.here, m.trec_eval, m.ntcireval, m.note
        ));
    }
    text.push('\n');
    for c in CONVENTIONS {
        text.push_str(&format!(
            "  {}\n      here: {}; trec_eval: {}; NTCIREVAL: {}; option: {}\n",
            c.subject, c.here, c.trec_eval, c.ntcireval, c.option
        ));
    }
    text.push('\n');
    text.push_str(AGREE_POINTER);
    text
}

/// The two tables and the pointer as `docs/eval.md` shows them (Markdown).
#[cfg(test)]
fn markdown() -> String {
    let mut text = String::from(
        "| here | trec_eval | NTCIREVAL | how they relate |\n| --- | --- | --- | --- |\n",
    );
    for m in MEASURES {
        text.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            m.here, m.trec_eval, m.ntcireval, m.note
        ));
    }
    text.push_str("\n| convention | here | trec_eval | NTCIREVAL | option for the other reading |\n| --- | --- | --- | --- | --- |\n");
    for c in CONVENTIONS {
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            c.subject, c.here, c.trec_eval, c.ntcireval, c.option
        ));
    }
    text.push('\n');
    text.push_str(AGREE_POINTER);
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "`eval` conventions" tables of `docs/eval.md` are [`markdown`]'s, word for word.
    #[test]
    fn the_docs_show_these_tables() {
        let docs =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/eval.md")).unwrap();
        let tables = markdown();
        assert!(
            docs.contains(&tables),
            "docs/eval.md does not contain the conventions tables; paste:\n{tables}"
        );
    }

    /// Every subject is named once, so that a test can point at it.
    #[test]
    fn subjects_are_unique() {
        for (i, c) in CONVENTIONS.iter().enumerate() {
            assert!(
                CONVENTIONS[i + 1..].iter().all(|d| d.subject != c.subject),
                "{}",
                c.subject
            );
        }
    }
}
