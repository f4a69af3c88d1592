#!/usr/bin/env python3
"""Seeded label file of many assessors for `evia-repro agree` (standard library only).

T topics, each with D documents; each document is labelled by L assessors drawn at random from A,
on the scale 0..2: a latent grade (0: 55%, 1: 30%, 2: 15%) that each assessor reports, or with
probability 0.3 a uniformly drawn label. Long layout, one label a line (`topic doc assessor label`).
The default shape (160 topics, 1 document each, 800 of 1,000 assessors on it: 128,000 labels,
2.2 MB) is the heaviest for the per-topic statistics that a file of this size can be: every topic
holds 319,600 assessor pairs, 51 million (pair, topic) cells in all.

Usage: gen_labels.py OUT [--assessors A] [--topics T] [--docs D] [--per-doc L] [--seed S]
"""

import argparse
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--assessors", type=int, default=1000)
    ap.add_argument("--topics", type=int, default=160)
    ap.add_argument("--docs", type=int, default=1)
    ap.add_argument("--per-doc", type=int, default=800)
    ap.add_argument("--seed", type=int, default=20171205)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    names = ["a%04d" % (i + 1) for i in range(a.assessors)]
    with open(a.out, "w") as out:
        for t in range(a.topics):
            for d in range(a.docs):
                x = rng.random()
                grade = 0 if x < 0.55 else 1 if x < 0.85 else 2
                for who in sorted(rng.sample(range(a.assessors), a.per_doc)):
                    label = grade if rng.random() >= 0.3 else rng.randrange(3)
                    out.write("t%03d\td%02d\t%s\t%d\n" % (t + 1, d + 1, names[who], label))


if __name__ == "__main__":
    main()
