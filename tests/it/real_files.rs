//! Real files as they come, through the binary: gzip recognised by its magic bytes for every
//! input (runs, qrels, labels, matrices, rule files, a study's runs) whatever the file's name,
//! other binary formats refused by name; label files with a header, chosen columns, extra columns,
//! comment lines and repeated labels; `agree`'s headline, `--detail`, `--pairs` and
//! `--detail-out`; `eval --measures` and `study --measures` with trec_eval spellings.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::common::{TestCommand, project_root};

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn run(args: &[&str]) -> std::process::Output {
    TestCommand::new().args(args).run()
}

fn stdout_of(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const QRELS: &str = "q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq2 0 d 1\nq2 0 e 0\n";
const RUN: &str = "q1 Q0 b 1 3 r\nq1 Q0 a 2 2 r\nq1 Q0 c 3 1 r\nq2 Q0 d 1 1 r\n";

/// Every input of every command reads gzip by its magic bytes, under any name, with the same
/// output as the plain file.
#[test]
fn gzip_is_read_for_every_input_whatever_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let s = |p: PathBuf| p.to_str().unwrap().to_string();
    let (q, r) = (
        s(write(d, "q", QRELS.as_bytes())),
        s(write(d, "r", RUN.as_bytes())),
    );
    let (qz, rz) = (
        s(write(d, "q.gz", &gzip(QRELS.as_bytes()))),
        s(write(d, "input.r", &gzip(RUN.as_bytes()))),
    );
    let plain = stdout_of(&["eval", "--qrels", &q, "--run", &r, "--format", "tsv"]);
    let zipped = stdout_of(&["eval", "--qrels", &qz, "--run", &rz, "--format", "tsv"]);
    assert_eq!(plain, zipped);

    let matrix = "topic\tX\tY\n1\t0.5\t0.2\n2\t0.4\t0.1\n3\t0.9\t0.3\n";
    let m = s(write(d, "m.tsv", matrix.as_bytes()));
    let mz = s(write(d, "m.tsv.gz", &gzip(matrix.as_bytes())));
    let hsd = |m: &str| stdout_of(&["hsd", "--matrix", m, "--trials", "200", "--format", "tsv"]);
    assert_eq!(hsd(&m), hsd(&mz));

    let labels = "T1 d1 a 2\nT1 d1 b 2\nT1 d2 a 0\nT1 d2 b 1\nT1 d3 a 1\nT1 d3 b 1\n";
    let l = s(write(d, "labels", labels.as_bytes()));
    let lz = s(write(d, "labels.txt", &gzip(labels.as_bytes())));
    let rules = "labels 1 2 -> L1\notherwise max\n";
    let rz_rules = s(write(d, "rules", &gzip(rules.as_bytes())));
    let rp_rules = s(write(d, "rules.txt", rules.as_bytes()));
    let qrels =
        |labels: &str, rules: &str| stdout_of(&["qrels", "--labels", labels, "--rules", rules]);
    assert_eq!(qrels(&l, &rp_rules), qrels(&lz, &rz_rules));
    let agree = |labels: &str| stdout_of(&["agree", "--labels", labels, "--format", "json"]);
    assert_eq!(agree(&l).replace(&l, "L"), agree(&lz).replace(&lz, "L"));

    // A study's runs may be gzip, named input.<run>.gz as TREC distributes them.
    let example = project_root().join("data/study-example");
    let runs = d.join("runs");
    std::fs::create_dir(&runs).unwrap();
    for entry in std::fs::read_dir(example.join("runs")).unwrap() {
        let entry = entry.unwrap();
        let bytes = std::fs::read(entry.path()).unwrap();
        let name = format!("input.{}.gz", entry.file_name().to_string_lossy());
        std::fs::write(runs.join(name), gzip(&bytes)).unwrap();
    }
    let out = d.join("out");
    let labels = example.join("labels.tsv");
    stdout_of(&[
        "study",
        "--labels",
        labels.to_str().unwrap(),
        "--layout",
        "wide",
        "--scale",
        "0..2",
        "--runs",
        runs.to_str().unwrap(),
        "--trials",
        "50",
        "--out",
        out.to_str().unwrap(),
    ]);
    let named = std::fs::read_dir(out.join("study"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .any(|text| text.contains("input.run01") && !text.contains("input.run01.gz"));
    assert!(named, "a study output names the run input.run01");
}

/// A bzip2, zip or other binary file is an error naming the file and the format; a text file
/// that is not UTF-8 names its line and column.
#[test]
fn other_binary_inputs_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bz = write(d, "votes.bz2", b"BZh91AY&SY\x00\x01\x02");
    let zip = write(d, "labels.xlsx", b"PK\x03\x04\x14\x00\x06\x00");
    let run_file = write(d, "r", RUN.as_bytes());
    for (args, needle) in [
        (
            vec!["agree", "--labels", bz.to_str().unwrap()],
            "is bzip2-compressed, not text",
        ),
        (
            vec!["agree", "--labels", zip.to_str().unwrap()],
            "is a zip archive",
        ),
        (
            vec![
                "eval",
                "--qrels",
                bz.to_str().unwrap(),
                "--run",
                run_file.to_str().unwrap(),
            ],
            "is bzip2-compressed, not text",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("{}: {needle}", args[2])),
            "{args:?}: {err}"
        );
    }
    let latin1 = write(d, "q", b"q1 0 caf\xe9 1\n");
    let out = run(&[
        "eval",
        "--qrels",
        latin1.to_str().unwrap(),
        "--run",
        run_file.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":1:9: invalid UTF-8 (byte 0xe9)"), "{err}");
}

/// A long file with a header and extra columns (the TREC 2010 Relevance Feedback layout) is
/// read with --header and --columns by name or position; without them the error says so
/// (and does not suggest --layout wide); comment lines are skipped; repeats follow --duplicates.
#[test]
fn a_long_file_with_a_header_and_extra_columns_is_read_as_it_comes() {
    let dir = tempfile::tempdir().unwrap();
    let text = "# crowd labels\ntopicID\tworkerID\tdocID\tgold\tlabel\n\
        20002\tw1\tdA\t-1\t0\n20002\tw2\tdA\t-1\t1\n20002\tw1\tdB\t1\t1\n\
        20002\tw2\tdB\t1\t1\n# a comment line\n20002\tw2\tdB\t1\t0\n20002\tw2\tdB\t1\t0\n";
    let path = write(dir.path(), "rf.tsv", text.as_bytes());
    let file = path.to_str().unwrap();
    let out = run(&["agree", "--labels", file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{file}:2: expected 4 fields")),
        "{err}"
    );
    assert!(
        err.contains("looks like a header (topicID, workerID, docID, gold, label): pass --header"),
        "{err}"
    );
    assert!(!err.contains("--layout wide"), "{err}");

    let by_name = [
        "agree",
        "--labels",
        file,
        "--header",
        "--columns",
        "topic=topicID,doc=docID,assessor=workerID,label=label",
        "--format",
        "json",
    ];
    let out = run(&by_name);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(":8: assessor `w2` already labelled document `dB` of topic `20002` on line 6")
            && err.contains("--duplicates"),
        "{err}"
    );
    for (rule, kept, dropped) in [("first", 1, 2), ("last", 0, 2), ("majority", 0, 2)] {
        let args = [&by_name[..], &["--duplicates", rule]].concat();
        let out = run(&args);
        assert!(out.status.success(), "{rule}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["repeats_dropped"], dropped, "{rule}");
        // w1–w2 on dB: w1 said 1; w2's kept label is `kept`.
        let matrix = &json["pairs"][0]["matrix"];
        assert_eq!(matrix[1][kept], 1, "{rule}: {matrix}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("{dropped} repeated label(s)")),
            "{rule}: {err}"
        );
    }
    let by_position = [
        "agree",
        "--labels",
        file,
        "--header",
        "--columns",
        "1,3,2,5",
        "--duplicates",
        "first",
        "--format",
        "json",
    ];
    let a = stdout_of(&by_position);
    let b = stdout_of(&[&by_name[..], &["--duplicates", "first"]].concat());
    assert_eq!(a, b);
    let out = run(&[
        "agree",
        "--labels",
        file,
        "--columns",
        "topic=topicID,doc=docID,assessor=workerID,label=label",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("pass --header, or give its position"), "{err}");
}

/// Many assessors: the headline first, the pairwise statistics as a distribution unless asked in
/// full, the details behind --detail or in a file written whole.
#[test]
fn agree_output_scales_with_the_number_of_assessors() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    // 25 assessors, 2 topics of 10 documents, every assessor labels every document.
    let mut x: u64 = 7;
    for t in 1..=2 {
        for d in 1..=10 {
            for a in 1..=25 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let label = if (x >> 33).is_multiple_of(4) {
                    (d + 1) % 3
                } else {
                    d % 3
                };
                text.push_str(&format!("T{t} d{d} a{a:02} {label}\n"));
            }
        }
    }
    let path = write(dir.path(), "l.txt", text.as_bytes());
    let file = path.to_str().unwrap();
    let out = stdout_of(&["agree", "--labels", file]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("25 assessors, 2 topics, 20 documents, 500 labels"),
        "{out}"
    );
    assert!(lines[1].starts_with("Fleiss' κ: 0."), "{out}");
    assert!(
        lines[2].starts_with("Krippendorff's α: nominal 0."),
        "{out}"
    );
    assert!(
        lines[3].contains("over 300 pairs sharing documents"),
        "{out}"
    );
    assert!(
        out.contains("the pairwise statistics are summarised"),
        "{out}"
    );
    let quadratic = out.lines().find(|l| l.starts_with("quadratic κ")).unwrap();
    assert_eq!(quadratic.split_whitespace().nth(2), Some("300"), "{out}");
    assert!(!out.contains("a01–a02"), "{out}");
    assert!(lines.len() < 25, "{} lines", lines.len());
    let full = stdout_of(&["agree", "--labels", file, "--pairs", "full"]);
    assert!(full.contains("a01–a02") && full.lines().count() > 300);
    let detail = stdout_of(&["agree", "--labels", file, "--detail"]);
    assert!(detail.contains("Per-topic linear weighted κ over the pairs: 600 (pair, topic) cells"));
    assert!(detail.contains("High: ") && !detail.contains("Confusion matrix"));
    let written = dir.path().join("detail.md");
    let out = stdout_of(&[
        "agree",
        "--labels",
        file,
        "--format",
        "md",
        "--detail-out",
        written.to_str().unwrap(),
    ]);
    let file_text = std::fs::read_to_string(&written).unwrap();
    assert!(
        file_text.contains("**Confusion matrix a24–a25"),
        "detail file"
    );
    assert!(file_text.starts_with(out.lines().next().unwrap()));
    let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(leftovers, 2, "only the labels and the detail file");
}

/// `eval --measures` prints the chosen measures under the names given; trec_eval spellings are
/// the same values as the NTCIREVAL names; look-alikes are refused with the reason.
#[test]
fn eval_measures_take_ntcireval_and_trec_eval_names() {
    let dir = tempfile::tempdir().unwrap();
    let q = write(dir.path(), "q", QRELS.as_bytes());
    let r = write(dir.path(), "r", RUN.as_bytes());
    let (q, r) = (q.to_str().unwrap(), r.to_str().unwrap());
    let tsv = stdout_of(&[
        "eval",
        "--qrels",
        q,
        "--run",
        r,
        "--measures",
        "ndcg_cut_3,MSnDCG@3,P_2,Prec@0002,recip_rank,RR,map,AP",
        "--format",
        "tsv",
    ]);
    let header: Vec<&str> = tsv.lines().next().unwrap().split('\t').collect();
    assert_eq!(
        &header[6..],
        [
            "ndcg_cut_3",
            "MSnDCG@3",
            "P_2",
            "Prec@2",
            "recip_rank",
            "RR",
            "map",
            "AP"
        ]
    );
    for line in tsv.lines().skip(1) {
        let v: Vec<&str> = line.split('\t').collect();
        for pair in v[6..].chunks(2) {
            assert_eq!(pair[0], pair[1], "{line}");
        }
    }
    let nev = stdout_of(&["eval", "--qrels", q, "--run", r, "--measures", "ndcg_cut_3"]);
    assert!(
        nev.contains("q1 MSnDCG@0003=") && !nev.contains("Q-measure"),
        "{nev}"
    );
    let out = run(&["eval", "--qrels", q, "--run", r, "--measures", "map_cut_10"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not the same measure here"), "{err}");
}

/// `study` reads a long label file with a header, extra columns and a repeated label through
/// `--header`, `--columns` and `--duplicates`, and builds the same B.T1 and B.T2 cells as from the
/// example's wide file.
#[test]
fn study_reads_labels_with_a_header_and_chosen_columns() {
    let dir = tempfile::tempdir().unwrap();
    let example = project_root().join("data/study-example");
    let wide = std::fs::read_to_string(example.join("labels.tsv")).unwrap();
    let mut lines = wide.lines();
    let names: Vec<&str> = lines.next().unwrap().split('\t').skip(2).collect();
    let mut long = String::from("worker\tgold\ttopic\tdoc\tlabel\n");
    for (i, line) in lines.enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        for (name, label) in names.iter().zip(&f[2..]) {
            long.push_str(&format!("{name}\t-1\t{}\t{}\t{label}\n", f[0], f[1]));
            if i == 0 {
                // The same label again: dropped by --duplicates first.
                long.push_str(&format!("{name}\t-1\t{}\t{}\t{label}\n", f[0], f[1]));
            }
        }
    }
    let long_path = write(dir.path(), "long.tsv", long.as_bytes());
    let study = |out: &Path, label_args: &[&str]| {
        let mut args = vec!["study"];
        args.extend_from_slice(label_args);
        let runs = example.join("runs");
        let rest = [
            "--runs",
            runs.to_str().unwrap(),
            "--trials",
            "50",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(&rest);
        stdout_of(&args);
    };
    let from_wide = dir.path().join("wide-out");
    let from_long = dir.path().join("long-out");
    let wide_labels = example.join("labels.tsv");
    study(
        &from_wide,
        &[
            "--labels",
            wide_labels.to_str().unwrap(),
            "--layout",
            "wide",
        ],
    );
    study(
        &from_long,
        &[
            "--labels",
            long_path.to_str().unwrap(),
            "--header",
            "--columns",
            "topic=topic,doc=doc,assessor=worker,label=label",
            "--duplicates",
            "first",
        ],
    );
    for id in ["B.T1", "B.T2"] {
        let cells = |out: &Path| -> serde_json::Value {
            let text = std::fs::read_to_string(out.join(format!("study/{id}.json"))).unwrap();
            serde_json::from_str::<serde_json::Value>(&text).unwrap()["cells"].clone()
        };
        assert_eq!(cells(&from_wide), cells(&from_long), "{id}");
    }
}
