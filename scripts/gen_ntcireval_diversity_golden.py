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

`gcompute` runs with `-gap`, so the D- and DIN- lines include GAP and GAP@l.

It also writes tests/golden/ntcireval_ec/cases.txt: seeded random adhoc topics (levels L0-L3
with random real non-decreasing gains, equivalence classes 1-12, unjudged documents, empty
runs), each evaluated twice: `plain` (`label [-j] -r REL RUN | compute -gap -r REL -g G
-cutoffs ...`, GAP on levels) and `ec` (`label -ec [-j] ... | compute -ec -gap ...`), with the
`# syslen jrel jnonrel` header and every value line NTCIREVAL prints.

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
OUT_EC = os.path.join(ROOT, "tests", "golden", "ntcireval_ec")
N_CASES = 240
N_EC_CASES = 200
GAMMA = 0.5


def run(binary, args, stdin_path=None):
    with open(stdin_path) if stdin_path else open(os.devnull) as f:
        res = subprocess.run([binary] + args, stdin=f, capture_output=True, text=True, check=True)
    return res.stdout


def parse_header(text):
    """`# syslen=L jrel=R jnonrel=N` -> (L, R, N)."""
    for line in text.splitlines():
        if "syslen=" in line:
            fields = dict(f.split("=") for f in line.split() if "=" in f)
            return fields["syslen"], fields["jrel"], fields["jnonrel"]
    raise ValueError("no header in " + text)


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
    for k, v in parse_values(run(binary, ["gcompute", "-gap", "-I", path("ideal"), "-cutoffs", cut, path("glab")])).items():
        values["D-" + k] = v
    dlab = run(binary, ["dinlabel", "-din", path("din"), path("run")])
    with open(path("dinlab"), "w") as f:
        f.write(dlab)
    for k, v in parse_values(run(binary, ["gcompute", "-gap", "-I", path("ideal"), "-cutoffs", cut, path("dinlab")])).items():
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


def random_ec_case(rng):
    h = rng.randint(1, 3)
    gains = [round(rng.uniform(0.1, 4.0), 2)]
    for _ in range(h - 1):
        gains.append(round(gains[-1] + rng.uniform(0.0, 3.0), 2))
    n_docs = rng.randint(1, 25)
    n_classes = rng.randint(1, 12)
    rel = [("d%d" % d, rng.randint(0, h), rng.randint(1, n_classes)) for d in range(n_docs)]
    if not any(level > 0 for (_, level, _) in rel):
        rel.append(("d%d" % n_docs, h, rng.randint(1, n_classes)))
    pool = [d for (d, _, _) in rel] + ["u%d" % k for k in range(rng.randint(0, 15))]
    length = 0 if rng.random() < 0.07 else rng.randint(1, 30)
    ranked = rng.sample(pool, min(length, len(pool)))
    cutoffs = sorted({rng.randint(1, 20) for _ in range(rng.randint(1, 3))})
    rng.shuffle(cutoffs)
    condensed = rng.random() < 0.3
    return gains, rel, ranked, cutoffs, condensed


def evaluate_ec(binary, tmp, gains, rel, ranked, cutoffs, condensed):
    """{mode: (header, values)} for mode `plain` and `ec`."""
    path = lambda name: os.path.join(tmp, name)
    with open(path("run"), "w") as f:
        f.write("".join(d + "\n" for d in ranked))
    with open(path("rel"), "w") as f:
        f.write("".join("%s L%d %d\n" % r for r in rel))
    g = ":".join("%g" % x for x in gains)
    cut = ",".join(str(c) for c in cutoffs)
    out = {}
    for mode, flag in (("plain", []), ("ec", ["-ec"])):
        j = ["-j"] if condensed else []
        lab = run(binary, ["label"] + flag + j + ["-r", path("rel"), path("run")])
        with open(path("lab"), "w") as f:
            f.write(lab)
        text = run(binary, ["compute"] + flag + ["-gap", "-r", path("rel"), "-g", g, "-cutoffs", cut, path("lab")])
        out[mode] = (parse_header(text), parse_values(text))
    return out


def write_ec_cases(binary):
    rng = random.Random(20110411)
    lines = [
        "# Generated by scripts/gen_ntcireval_diversity_golden.py with NTCIREVAL 20200527; do not edit.",
        "# Per case: `case N` / `params gains=G1:..:GH cutoffs=L1,.. condensed=0|1` / `rel DOC LEVEL CLASS`",
        "# lines / `run DOC ...` (rank order) / per mode (`plain`: label [-j] + compute -gap; `ec`:",
        "# label -ec [-j] + compute -ec -gap) `header MODE SYSLEN JREL JNONREL` and `value MODE NAME",
        "# VALUE` (NTCIREVAL's %.4f output) / `end`.",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(1, N_EC_CASES + 1):
            gains, rel, ranked, cutoffs, condensed = random_ec_case(rng)
            results = evaluate_ec(binary, tmp, gains, rel, ranked, cutoffs, condensed)
            lines.append("case %d" % case)
            lines.append("params gains=%s cutoffs=%s condensed=%d" % (
                ":".join("%g" % x for x in gains), ",".join(map(str, cutoffs)), condensed))
            lines += ["rel %s %d %d" % r for r in rel]
            lines.append("run " + " ".join(ranked))
            for mode, (header, values) in results.items():
                lines.append("header %s %s %s %s" % ((mode,) + header))
                lines += ["value %s %s %s" % (mode, k, v) for k, v in values.items()]
            lines.append("end")
    os.makedirs(OUT_EC, exist_ok=True)
    with open(os.path.join(OUT_EC, "cases.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    write_ec_cases(binary)
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
