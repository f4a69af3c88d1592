#!/usr/bin/env python3
"""Generate golden files for the differential test of evia-repro's diversity measures against
NTCIREVAL (T. Sakai's `ntcir_eval` C program, version "updated 20200527").

Usage:

    python3 scripts/gen_ntcireval_diversity_golden.py /path/to/ntcir_eval

The NTCIREVAL binary is given by path; it is not part of this repository (build it yourself from
NTCIREVAL's source, compiled with -DOUTERR). Writes, deterministically from a fixed seed,
tests/golden/ntcireval_diversity/cases.txt: seeded random diversity topics (1-6 intents,
informational and navigational, levels L0-L3 with random non-decreasing integer gains, ties in
global gain, unjudged documents, empty runs), each with NTCIREVAL's printed values for:

* `D-NAME`: `glabel -I IDEAL RUN | gcompute -I IDEAL -cutoffs ...` (global gains, survey Eq. 7);
* `DIN-NAME`: `dinlabel -din DIN RUN | gcompute -I IDEAL -cutoffs ...` (Eq. 8);
* `I-rec@l`, `I-rec@n`: `irec -cutoffs ... RUN RELLIST_1 ... RELLIST_n`;
* per intent, `compute -r REL_i -g GAINS -cutoffs ...` on `label -r REL_i RUN` (P-plus and Q@l),
  from which P+Q@l (Eq. 9) is derived; D#-nDCG@l, D#-Q@l and D#-nERR@l (Eq. 6, gamma 0.5) are
  derived from the printed I-rec and D- values. Derived values carry the rounding of their
  4-decimal inputs and are recorded as `derived` lines (checked within 5e-5, not at 4 decimals).

The ideal file lists every judged document by decreasing global gain. Intent probabilities are
multiples of 0.05 and gains integers, so every global gain and every `Pr(i|q)*g_i` of the din file
is exact at the 4 decimals `glabel`/`dinlabel` print: NTCIREVAL's rounding of labelled gains does
not affect the comparison.
"""

import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "tests", "golden", "ntcireval_diversity")
N_CASES = 240
GAMMA = 0.5


def run(binary, args, stdin_path=None):
    with open(stdin_path) if stdin_path else open(os.devnull) as f:
        res = subprocess.run([binary] + args, stdin=f, capture_output=True, text=True, check=True)
    return res.stdout


def parse_values(text):
    values = {}
    for line in text.splitlines():
        parts = line.split()
        if not parts or parts[0] == "#" or line.lstrip().startswith("#"):
            continue
        name, value = line.strip().split("=", 1)
        values[name.strip()] = value.strip()
    return values


def random_case(rng):
    n = rng.randint(1, 6)
    weights = [1] * n
    for _ in range(20 - n):
        weights[rng.randrange(n)] += 1
    intents = [(i + 1, w / 20.0, rng.choice(["inf", "inf", "nav"])) for i, w in enumerate(weights)]
    h = rng.randint(1, 3)
    gains = sorted(rng.randint(1, 5) for _ in range(h))
    n_docs = rng.randint(1, 25)
    qrels = []  # (intent, doc, level)
    for d in range(n_docs):
        for (iid, _, _) in intents:
            if rng.random() < 0.45:
                qrels.append((iid, "d%d" % d, rng.randint(0, h)))
    if not any(level > 0 for (_, _, level) in qrels):
        # D-measures need R > 0 (gcompute: "store_ideal failed"): add one relevant document.
        qrels.append((intents[0][0], "d%d" % n_docs, h))
    pool = sorted({d for (_, d, _) in qrels}) + ["u%d" % k for k in range(rng.randint(0, 15))]
    length = 0 if rng.random() < 0.07 else rng.randint(1, 30)
    ranked = rng.sample(pool, min(length, len(pool)))
    cutoffs = sorted({rng.randint(1, 20) for _ in range(rng.randint(1, 3))})
    rng.shuffle(cutoffs)
    return intents, gains, qrels, ranked, cutoffs


def evaluate(binary, tmp, intents, gains, qrels, ranked, cutoffs):
    prob = {i: p for (i, p, _) in intents}
    kind = {i: k for (i, _, k) in intents}
    cut = ",".join(str(c) for c in cutoffs)
    gg = {}
    for (i, d, level) in qrels:
        g = gains[level - 1] if level > 0 else 0
        gg[d] = gg.get(d, 0.0) + prob[i] * g
    path = lambda name: os.path.join(tmp, name)
    with open(path("run"), "w") as f:
        f.write("".join(d + "\n" for d in ranked))
    with open(path("ideal"), "w") as f:
        for d in sorted(gg, key=lambda d: (-gg[d], d)):
            f.write("%s %.4f\n" % (d, gg[d]))
    with open(path("din"), "w") as f:
        for (i, d, level) in qrels:
            if level > 0:
                f.write("%d %s %s %.4f\n" % (i, kind[i], d, prob[i] * gains[level - 1]))
    values = {}
    glab = run(binary, ["glabel", "-I", path("ideal"), path("run")])
    with open(path("glab"), "w") as f:
        f.write(glab)
    for k, v in parse_values(run(binary, ["gcompute", "-I", path("ideal"), "-cutoffs", cut, path("glab")])).items():
        values["D-" + k] = v
    dlab = run(binary, ["dinlabel", "-din", path("din"), path("run")])
    with open(path("dinlab"), "w") as f:
        f.write(dlab)
    for k, v in parse_values(run(binary, ["gcompute", "-I", path("ideal"), "-cutoffs", cut, path("dinlab")])).items():
        values["DIN-" + k] = v
    rellists = []
    for (i, _, _) in intents:
        p = path("rel%d" % i)
        with open(p, "w") as f:
            f.write("".join(d + "\n" for (j, d, level) in qrels if j == i and level > 0))
        rellists.append(p)
    for k, v in parse_values(run(binary, ["irec", "-cutoffs", cut, path("run")] + rellists)).items():
        values[k] = v
    derived = {}
    pplusq = [0.0] * len(cutoffs)
    for (i, p, k) in intents:
        rel = path("lrel%d" % i)
        with open(rel, "w") as f:
            f.write("".join("%s L%d\n" % (d, level) for (j, d, level) in qrels if j == i))
        if not any(j == i and level > 0 for (j, _, level) in qrels):
            continue  # no relevant document: the intent contributes 0
        lab = run(binary, ["label", "-r", rel, path("run")])
        with open(path("lab"), "w") as f:
            f.write(lab)
        g = ":".join(str(x) for x in gains)
        v = parse_values(run(binary, ["compute", "-r", rel, "-g", g, "-cutoffs", cut, path("lab")]))
        for c_i, c in enumerate(cutoffs):
            measure = v["Q@%04d" % c] if k == "inf" else v["P-plus"]
            pplusq[c_i] += p * float(measure)
    for c_i, c in enumerate(cutoffs):
        ir = float(values["I-rec@%04d" % c])
        for name in ["nDCG", "Q", "nERR"]:
            derived["D#-%s@%04d" % (name, c)] = GAMMA * ir + (1 - GAMMA) * float(values["D-%s@%04d" % (name, c)])
        derived["P+Q@%04d" % c] = pplusq[c_i]
    return values, derived


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    rng = random.Random(20200527)
    os.makedirs(OUT, exist_ok=True)
    lines = [
        "# Generated by scripts/gen_ntcireval_diversity_golden.py with NTCIREVAL 20200527; do not edit.",
        "# Per case: `case N` / `params gains=G1:..:GH cutoffs=L1,..` / `intent ID PROB inf|nav` lines /",
        "# `qrel INTENT DOC LEVEL` lines / `run DOC ...` (rank order) / `value NAME VALUE` (NTCIREVAL's",
        "# %.4f output) / `derived NAME VALUE` (computed from printed %.4f values) / `end`.",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(1, N_CASES + 1):
            intents, gains, qrels, ranked, cutoffs = random_case(rng)
            values, derived = evaluate(binary, tmp, intents, gains, qrels, ranked, cutoffs)
            lines.append("case %d" % case)
            lines.append("params gains=%s cutoffs=%s" % (":".join(map(str, gains)), ",".join(map(str, cutoffs))))
            lines += ["intent %d %.2f %s" % i for i in intents]
            lines += ["qrel %d %s %d" % q for q in qrels]
            lines.append("run " + " ".join(ranked))
            lines += ["value %s %s" % kv for kv in values.items()]
            lines += ["derived %s %r" % kv for kv in derived.items()]
            lines.append("end")
    with open(os.path.join(OUT, "cases.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
