#!/usr/bin/env python3
"""Generate golden files for the differential test of evia-repro's measures against pyNTCIREVAL.

Usage (pyNTCIREVAL 0.0.3 from PyPI, in a virtual environment):

    python3 -m venv scripts/.venv
    scripts/.venv/bin/pip install pyNTCIREVAL==0.0.3
    scripts/.venv/bin/python scripts/gen_ntcireval_golden.py

Writes (deterministically, from fixed seeds):

* tests/golden/ntcireval/cases.txt: hundreds of random cases (levels L0-L4, integer gains,
  cutoffs 1-20, unjudged documents, condensed lists, truncation, duplicates, beta/logb/rbp/gamma
  variants), each with pyNTCIREVAL's values for every line it shares with NTCIREVAL 20200527.
  Checked through the library API by tests/it/eval_ntcireval_golden.rs.
* tests/golden/ntcireval/collection/{qrels.ntcir,run.trec,expected.nev}: a 40-topic collection
  with a TREC run (score ties included) and pyNTCIREVAL's values in NTCIREVAL's nev layout,
  checked through the `evia-repro eval` binary.

pyNTCIREVAL is driven through its library classes exactly as its `compute` command does
(pyNTCIREVAL/main.py), so that full-precision values can be recorded next to the %.4f strings.

Exclusions, where pyNTCIREVAL's semantics differ from NTCIREVAL's (tests/fixtures/measures.md §8):
* gains are >= 1 (a zero-gain level makes pyNTCIREVAL count it in the AP/Q/P+/NCU sums);
* logb is never 0 (pyNTCIREVAL uses base e without discount at rank 2);
* truncation is applied after condensing (pyNTCIREVAL's semantics; C counts original ranks,
  and evia-repro follows pyNTCIREVAL here, as documented);
* empty labelled lists are not generated (pyNTCIREVAL crashes on them);
* NCUgu lines are not compared (not printed by NTCIREVAL 20200527).
"""

import os
import random
import sys

try:
    from pyNTCIREVAL import Labeler
    from pyNTCIREVAL.metrics import (
        AP, ERR, Hit, MSnDCG, NCUrbBR, NCUrbP, OMeasure, PMeasure, PPlusMeasure,
        Precision, QMeasure, RBP, RR, Metric, nDCG, nERR,
    )
except ImportError:
    sys.exit(__doc__)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "tests", "golden", "ntcireval")
N_CASES = 300


def metric_lines(qrels, ranked, grades, cutoffs, beta, logb, rbp, gamma, condensed, truncate):
    """Label `ranked` and compute every shared line as pyNTCIREVAL's `compute` does."""
    labeler = Labeler(qrels, truncate=truncate, is_condensed=condensed)
    sysdoclab = labeler.label(ranked)
    xrelnum = Labeler(qrels).compute_per_level_doc_num(len(grades) + 1)
    jrel = Labeler(qrels).compute_rel_num()
    r1 = Metric.find_first_rel_rank(sysdoclab) or 0
    rp = Metric.find_first_max_rank(sysdoclab) or 0
    header = (len(sysdoclab), jrel, xrelnum[0], r1, rp)
    metrics = [
        ("RR", RR()),
        ("O-measure", OMeasure(xrelnum, grades, beta)),
        ("P-measure", PMeasure(xrelnum, grades, beta)),
        ("P-plus", PPlusMeasure(xrelnum, grades, beta)),
        ("AP", AP(xrelnum, grades)),
        ("Q-measure", QMeasure(xrelnum, grades, beta)),
        ("NCUrb,P", NCUrbP(xrelnum, grades, gamma)),
        ("NCUrb,BR", NCUrbBR(xrelnum, grades, gamma, beta)),
        ("RBP", RBP(xrelnum, grades, rbp)),
        ("ERR", ERR(xrelnum, grades)),
    ]
    for c in cutoffs:
        metrics += [
            ("AP@%04d" % c, AP(xrelnum, grades, c)),
            ("Q@%04d" % c, QMeasure(xrelnum, grades, beta, c)),
            ("nDCG@%04d" % c, nDCG(xrelnum, grades, logb, c)),
            ("MSnDCG@%04d" % c, MSnDCG(xrelnum, grades, c)),
            ("Prec@%04d" % c, Precision(c)),
            ("nERR@%04d" % c, nERR(xrelnum, grades, c)),
            ("Hit@%04d" % c, Hit(c)),
        ]
    values = [(name, m.compute(sysdoclab)) for name, m in metrics]
    return header, values


def random_case(rng):
    h = rng.randint(1, 4)
    grades = sorted(rng.randint(1, 10) for _ in range(h))
    n_judged = rng.randint(1, 40)
    qrels = {}
    for i in range(n_judged):
        qrels["d%d" % i] = rng.randint(0, h)
    if all(v == 0 for v in qrels.values()):
        qrels["d0"] = rng.randint(1, h)
    pool = list(qrels) + ["u%d" % i for i in range(rng.randint(0, 30))]
    length = rng.randint(1, 30)
    duplicates = rng.random() < 0.15
    if duplicates:
        ranked = [rng.choice(pool) for _ in range(length)]
    else:
        ranked = rng.sample(pool, min(length, len(pool)))
    cutoffs = sorted({rng.randint(1, 20) for _ in range(rng.randint(1, 3))})
    rng.shuffle(cutoffs)
    params = dict(
        grades=grades,
        cutoffs=cutoffs,
        beta=rng.choice([1.0, 1.0, 0.5, 2.0, 0.0]),
        logb=rng.choice([2.0, 2.0, 3.0, 10.0]),
        rbp=rng.choice([0.95, 0.95, 0.8]),
        gamma=rng.choice([0.95, 0.95, 0.5]),
        condensed=rng.random() < 0.35,
        truncate=rng.choice([None, None, None, rng.randint(1, 20)]),
    )
    return qrels, ranked, duplicates, params


def fmt_params(p, duplicates):
    return "gains=%s cutoffs=%s beta=%r logb=%r rbp=%r gamma=%r condensed=%d truncate=%s duplicates=%d" % (
        ":".join(str(g) for g in p["grades"]),
        ",".join(str(c) for c in p["cutoffs"]),
        p["beta"], p["logb"], p["rbp"], p["gamma"], int(p["condensed"]),
        "-" if p["truncate"] is None else p["truncate"], int(duplicates),
    )


def write_cases():
    rng = random.Random(20170901)
    lines = [
        "# Generated by scripts/gen_ntcireval_golden.py with pyNTCIREVAL 0.0.3; do not edit.",
        "# Per case: `case N` / `params ...` / `rel DOC:LEVEL ...` / `run DOC ...` (rank order) /",
        "# `header syslen jrel jnonrel r1 rp` / `NAME VALUE` lines (Python repr: exact doubles) / `end`.",
    ]
    written = 0
    while written < N_CASES:
        qrels, ranked, duplicates, p = random_case(rng)
        labelled = Labeler(qrels, truncate=p["truncate"], is_condensed=p["condensed"]).label(ranked)
        if not labelled:
            continue  # pyNTCIREVAL crashes on empty lists
        header, values = metric_lines(qrels, ranked, p["grades"], p["cutoffs"], p["beta"],
                                      p["logb"], p["rbp"], p["gamma"], p["condensed"], p["truncate"])
        written += 1
        lines.append("case %d" % written)
        lines.append("params " + fmt_params(p, duplicates))
        lines.append("rel " + " ".join("%s:%d" % (d, l) for d, l in qrels.items()))
        lines.append("run " + " ".join(ranked))
        lines.append("header %d %d %d %d %d" % header)
        lines += ["%s %r" % (name, float(v)) for name, v in values]
        lines.append("end")
    with open(os.path.join(OUT, "cases.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def write_collection():
    """A multi-topic collection evaluated through the CLI: TREC run ranked as trec_eval does."""
    rng = random.Random(2017)
    grades = [1, 2, 3]
    cutoffs = [1, 5, 10, 20]
    d = os.path.join(OUT, "collection")
    os.makedirs(d, exist_ok=True)
    qrels_lines, run_lines, nev = [], [], []
    for t in range(1, 41):
        topic = "T%03d" % t
        qrels = {}
        for i in range(rng.randint(5, 60)):
            qrels["doc-%d-%03d" % (t, i)] = rng.randint(0, 3)
        if all(v == 0 for v in qrels.values()):
            qrels["doc-%d-000" % t] = 3
        qrels_lines += ["%s %s L%d" % (topic, doc, l) for doc, l in qrels.items()]
        pool = list(qrels) + ["doc-%d-%03d" % (t, 500 + i) for i in range(40)]
        retrieved = rng.sample(pool, rng.randint(1, 50))
        # Scores from a small set so that ties occur; rank column deliberately unhelpful.
        scored = [(doc, rng.choice([1.5, 1.25, 1.0, 0.75, 0.5, -0.25])) for doc in retrieved]
        for i, (doc, s) in enumerate(scored):
            run_lines.append("%s Q0 %s %d %r golden" % (topic, doc, 1, s))
        # trec_eval order: score descending, ties by docno descending.
        ranked = [doc for doc, s in sorted(scored, key=lambda x: (x[1], x[0]), reverse=True)]
        header, values = metric_lines(qrels, ranked, grades, cutoffs, 1.0, 2.0, 0.95, 0.95, False, None)
        nev.append("%s # syslen=%d jrel=%d jnonrel=%d" % (topic, header[0], header[1], header[2]))
        nev.append("%s # r1=%d rp=%d" % (topic, header[3], header[4]))
        for name, v in values:
            nev.append("%s %s %.4f %r" % (topic, name, v, float(v)))
    rng.shuffle(run_lines)  # topics interleaved: the reader must group them
    with open(os.path.join(d, "qrels.ntcir"), "w") as f:
        f.write("\n".join(qrels_lines) + "\n")
    with open(os.path.join(d, "run.trec"), "w") as f:
        f.write("\n".join(run_lines) + "\n")
    with open(os.path.join(d, "expected.txt"), "w") as f:
        f.write("# pyNTCIREVAL 0.0.3 values for `evia-repro eval --qrels qrels.ntcir --run run.trec "
                "--gains 1:2:3 --cutoffs 1,5,10,20`: TOPIC NAME %.4f repr; headers as nev.\n")
        f.write("\n".join(nev) + "\n")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    write_cases()
    write_collection()
