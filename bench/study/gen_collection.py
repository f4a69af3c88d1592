#!/usr/bin/env python3
"""Seeded synthetic multi-assessor collection for `evia-repro study` (standard library only).

A assessors label every pooled document of T topics on the scale 0..2: each document has a latent
grade (0: 55%, 1: 30%, 2: 15%); each assessor reports it, or with probability `noise` (0.15 on the
first half of the topics, 0.45 on the second, so both agreement classes occur) a uniformly drawn
label. R runs rank every pooled document by latent grade × run quality plus noise, so runs differ
in effectiveness. Writes OUT/labels.tsv (wide layout: a header `topic doc a01 a02 …`) and
OUT/runs/<run> (TREC runs, distinct decreasing scores).

Usage: gen_collection.py OUT [--assessors A] [--topics T] [--docs D] [--runs R] [--seed S]
(defaults: 10 assessors, 50 topics, 40 pooled documents per topic, 20 runs, seed 20171205).
"""

import argparse
import os
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--assessors", type=int, default=10)
    ap.add_argument("--topics", type=int, default=50)
    ap.add_argument("--docs", type=int, default=40)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=20171205)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(os.path.join(a.out, "runs"), exist_ok=True)
    names = ["a%02d" % (i + 1) for i in range(a.assessors)]
    grades = []
    with open(os.path.join(a.out, "labels.tsv"), "w") as out:
        out.write("topic\tdoc\t%s\n" % "\t".join(names))
        for t in range(a.topics):
            noise = 0.15 if t < a.topics // 2 else 0.45
            topic = []
            for d in range(a.docs):
                x = rng.random()
                grade = 0 if x < 0.55 else 1 if x < 0.85 else 2
                labels = [rng.randrange(3) if rng.random() < noise else grade for _ in names]
                out.write("T%03d\tT%03d-d%03d\t%s\n" % (t + 1, t + 1, d, "\t".join(map(str, labels))))
                topic.append(grade)
            grades.append(topic)
    for r in range(a.runs):
        quality = 0.5 + 1.5 * r / max(1, a.runs - 1)
        with open(os.path.join(a.out, "runs", "run%02d" % (r + 1)), "w") as out:
            for t, topic in enumerate(grades):
                scored = sorted(
                    ((g * quality + rng.gauss(0, 1), d) for d, g in enumerate(topic)), reverse=True
                )
                for rank, (_, d) in enumerate(scored):
                    out.write("T%03d Q0 T%03d-d%03d %d %d run%02d\n"
                              % (t + 1, t + 1, d, rank + 1, len(scored) - rank, r + 1))


if __name__ == "__main__":
    main()
