"""Byte identity of two `evia-repro eval` binaries: the md5 of stdout, stderr and the exit status
of the same invocations, side by side. Used before every change to `eval`'s readers that must not
change output (bench/README.md, the eval rounds).

Usage: identity.py NEW_BINARY OLD_BINARY COLLECTION_DIR WORK_DIR
  COLLECTION_DIR: gen_collection.py's output (qrels.ntcir, qrels.trec, runA.trec, runB.trec).
  WORK_DIR: where the unusual inputs are written (created).

Invocations: the benchmark collection in every output format and with --condensed --file-order
--truncate, TREC qrels and res-form runs; the golden collection of tests/golden/ntcireval; unusual
runs (tabs, CRLF, runs of spaces, empty lines, bad scores, exponents, control characters and bad
UTF-8 in ids, a res-form run, duplicates, 5 and 7 fields, no final newline), each grouped by topic
(the block reader sees them) and rotated (topics split: the whole-file parser); unusual qrels
(the same kinds, and errors in the second half of a large file, read on two threads). Prints one
line per invocation and exits 1 if any differs.
"""
import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "golden", "ntcireval", "collection")

RUN_LINES = [
    "T1 Q0 d1 1 3.5 r\n",
    "T1 Q0 d2 2 3.25 r\n",
    "T1 Q0 d3 3 3.25 r\n",
    "T1 Q0 d9 4 -1 r\n",
    "T2 Q0 d1 1 0.001 r\n",
    "T2 Q0 d4 2 12 r\n",
    "T2 Q0 d5 3 1e-3 r\n",
]
QRELS = "T1 d1 L2\nT1 d2 L0\nT1 d3 L1\nT2 d4 L1\nT2 d5 L3\nT2 d6 L0\n"

# (name, run text): each becomes a grouped file and a rotated one.
ODD_RUNS = [
    ("plain", "".join(RUN_LINES)),
    ("tabs", "".join(l.replace(" ", "\t", 2) for l in RUN_LINES)),
    ("crlf", "".join(l.replace("\n", "\r\n") for l in RUN_LINES)),
    ("spaces", "".join("  " + l.replace(" ", "   ") for l in RUN_LINES)),
    ("trailing", "".join(l.replace("\n", " \n") for l in RUN_LINES)),
    ("empty_line", "".join(RUN_LINES[:3]) + "\n" + "".join(RUN_LINES[3:])),
    ("nan", "".join(RUN_LINES).replace("3.25", "nan", 1)),
    ("inf", "".join(RUN_LINES).replace("12", "inf", 1)),
    ("bad_score", "".join(RUN_LINES).replace("0.001", "0.0.1", 1)),
    ("long_score", "".join(RUN_LINES).replace("3.5", "3.50000000000000000000001", 1)),
    ("point_scores", "".join(RUN_LINES).replace("3.5", "3.", 1).replace("12", ".5", 1)),
    ("signed", "".join(RUN_LINES).replace("3.5", "+3.5", 1).replace("-1", "-0", 1)),
    ("control", "".join(RUN_LINES).replace("d2", "d\x012", 1)),
    ("bad_utf8", None),
    ("five_fields", "".join(RUN_LINES).replace(" r\n", "\n", 1)),
    ("seven_fields", "".join(RUN_LINES).replace(" r\n", " r x\n", 1)),
    ("no_newline", "".join(RUN_LINES).rstrip("\n")),
    ("duplicate", "".join(RUN_LINES) + "T2 Q0 d4 9 0.5 r\n"),
    ("res", "".join(l.split()[0] + " " + l.split()[2] + "\n" for l in RUN_LINES)),
    ("unjudged_topic", "".join(RUN_LINES) + "T9 Q0 d1 1 1 r\n"),
    ("bom", "\ufeff" + "".join(RUN_LINES)),
]

ODD_QRELS = [
    ("plain", QRELS),
    ("tabs", QRELS.replace(" ", "\t")),
    ("crlf", QRELS.replace("\n", "\r\n")),
    ("spaces", QRELS.replace(" ", "  ")),
    ("bad_level", QRELS.replace("L3", "L", 1)),
    ("four_fields", QRELS.replace("L3", "L3 x", 1)),
    ("judged_twice", QRELS + "T1 d1 L1\n"),
    ("trec", "".join("%s 0 %s %s\n" % (t, d, l[1:]) for t, d, l in (x.split() for x in QRELS.splitlines()))),
    ("no_newline", QRELS.rstrip("\n")),
]


def big_qrels_with(error):
    """A 16 MB NTCIR qrels (read in two halves on two threads) with `error` in its second half
    (bytes: the file as bytes; a leading byte-order mark: at the start of the file instead)."""
    lines = ["Q%05d doc-%06d L%d\n" % (t, d, (t + d) % 3) for t in range(4000) for d in range(150)]
    if isinstance(error, bytes):
        lines = [l.encode() for l in lines]
    at = 0 if isinstance(error, str) and error.startswith("\ufeff") else len(lines) * 3 // 4
    lines.insert(at, error)
    return ("" if isinstance(error, str) else b"").join(lines)


BIG_QRELS_ERRORS = [
    ("big_bad_level", "Q99999 doc-1 Lx\n"),
    ("big_extra_field", "Q99999 doc-1 L1 x\n"),
    ("big_trec_line", "Q99999 0 doc-1 1\n"),
    ("big_tab", "Q99999\tdoc-1\tL1\n"),
    ("big_bad_utf8", b"Q99999 doc-\xff1 L1\n"),
    ("big_bom", "\ufeffQ99999 doc-1 L1\n"),
    # Read straight into the judgements (io::qrels_blocks) unless the reader gives up: a topic
    # in two places, a document judged twice within its topic, a level above --gains.
    ("big_topic_again", "Q00010 doc-999999 L1\n"),
    ("big_judged_twice", "Q03000 doc-000001 L2\n"),
    ("big_level_above_gains", "Q03000 doc-x L5\n"),
]


def digest(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    h = hashlib.md5()
    for part in (p.stdout, b"\0", p.stderr, b"\0", str(p.returncode).encode()):
        h.update(part)
    return h.hexdigest(), p.returncode


def write(path, text):
    mode = "wb" if isinstance(text, bytes) else "w"
    with open(path, mode, **({} if isinstance(text, bytes) else {"newline": ""})) as f:
        f.write(text)
    return path


def invocations(collection, work):
    c = lambda name: os.path.join(collection, name)
    base = ["eval", "--gains", "1:2:3", "--cutoffs", "10"]
    out = []
    for fmt in ["nev", "tsv", "json"]:
        out.append(("bench_" + fmt, base + ["--qrels", c("qrels.ntcir"), "--run", c("runA.trec"), "--format", fmt]))
    out.append(("bench_flags", base + ["--qrels", c("qrels.ntcir"), "--run", c("runB.trec"), "--format", "tsv",
                                       "--condensed", "--file-order", "--truncate", "100"]))
    out.append(("bench_trec_qrels", base + ["--qrels", c("qrels.trec"), "--run", c("runA.trec")]))
    out.append(("golden", ["eval", "--qrels", os.path.join(GOLDEN, "qrels.ntcir"),
                           "--run", os.path.join(GOLDEN, "run.trec"), "--format", "tsv"]))
    qrels = write(os.path.join(work, "qrels.ntcir"), QRELS)
    for name, text in ODD_RUNS:
        if text is None:
            text = "".join(RUN_LINES).encode().replace(b"d3", b"d\xff3", 1)
        # The first three lines moved to the end: topic T1 in two places (the whole-file parser).
        lines = text.splitlines(keepends=True)
        rotated = (lines[3:] + lines[:3]) if isinstance(text, str) else None
        rotated = "".join(rotated) if rotated else text.replace(b"T1", b"T3", 2)
        for kind, body in [("grouped", text), ("rotated", rotated)]:
            run = write(os.path.join(work, "run_%s_%s" % (name, kind)), body)
            out.append(("run_%s_%s" % (name, kind), ["eval", "--qrels", qrels, "--run", run, "--format", "tsv"]))
    run = write(os.path.join(work, "run.trec"), "".join(RUN_LINES))
    for name, text in ODD_QRELS:
        q = write(os.path.join(work, "qrels_" + name), text)
        out.append(("qrels_" + name, ["eval", "--qrels", q, "--run", run, "--format", "tsv"]))
    for name, error in BIG_QRELS_ERRORS:
        q = write(os.path.join(work, "qrels_" + name), big_qrels_with(error))
        out.append(("qrels_" + name, ["eval", "--qrels", q, "--run", run, "--format", "tsv"]))
        out.append(("qrels_" + name + "_g", ["eval", "--qrels", q, "--run", run, "--gains", "1:2:3", "--format", "tsv"]))
    return out


def main():
    new, old, collection, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    differ = 0
    cases = invocations(collection, work)
    for name, args in cases:
        (a, rc), (b, _) = digest([new] + args), digest([old] + args)
        same = a == b
        differ += not same
        print("%-28s exit %d  %s  %s" % (name, rc, a, "same" if same else "DIFFERENT " + b))
    print("%d invocations, %d differ" % (len(cases), differ))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
