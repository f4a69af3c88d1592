#!/usr/bin/env python3
"""Seeded synthetic diversity collection for the D# benchmark (standard library only).

2,000 topics x 5 intents (probabilities drawn per topic, the last intent navigational); about 300
judged documents per topic, each judged for every intent (levels L0-L3: 50% / 25% / 15% / 10%);
one run with 1,000 documents per topic (judged and unjudged), distinct scores.

Writes OUT/intents (`topic intent probability inf|nav`), OUT/qrels.intent (`topic intent doc Lx`),
OUT/qrels.ntcir (`topic doc Lx`, each document's highest level over its intents: the adhoc
collection of the same size) and OUT/run.trec.
Usage: gen_collection.py OUT [--topics N] [--intents N] [--judged N] [--depth N] [--seed S]
"""

import argparse
import os
import random


def level(rng):
    x = rng.random()
    return 0 if x < 0.5 else 1 if x < 0.75 else 2 if x < 0.9 else 3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--topics", type=int, default=2000)
    ap.add_argument("--intents", type=int, default=5)
    ap.add_argument("--judged", type=int, default=300)
    ap.add_argument("--depth", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20170901)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    with open(os.path.join(a.out, "intents"), "w") as fi, \
         open(os.path.join(a.out, "qrels.intent"), "w") as fq, \
         open(os.path.join(a.out, "qrels.ntcir"), "w") as fa, \
         open(os.path.join(a.out, "run.trec"), "w") as fr:
        for t in range(1, a.topics + 1):
            topic = "%04d" % t
            weights = [rng.randint(1, 10) for _ in range(a.intents)]
            total = sum(weights)
            probs = [w / total for w in weights]
            probs[-1] = 1.0 - sum(probs[:-1])
            for i, p in enumerate(probs, 1):
                kind = "nav" if i == a.intents else "inf"
                fi.write("%s %d %.17g %s\n" % (topic, i, p, kind))
            docs = ["clueweb-%04d-%06d" % (t, k) for k in range(a.judged)]
            lines, adhoc = [], []
            best = {}
            for d in docs:
                for i in range(1, a.intents + 1):
                    lv = level(rng)
                    lines.append("%s %d %s L%d\n" % (topic, i, d, lv))
                    best[d] = max(best.get(d, 0), lv)
            if all(v == 0 for v in best.values()):
                lines.append("%s 1 %s L1\n" % (topic, "clueweb-%04d-999999" % t))
                best["clueweb-%04d-999999" % t] = 1
            fq.write("".join(lines))
            fa.write("".join("%s %s L%d\n" % (topic, d, l) for d, l in best.items()))
            pool = list(best)
            rng.shuffle(pool)
            ranked = pool[: a.depth // 3]
            ranked += ["clueweb-%04d-%06d" % (t, 100000 + k) for k in range(a.depth - len(ranked))]
            rng.shuffle(ranked)
            score = 1000.0
            out = []
            for rank, doc in enumerate(ranked, 1):
                score -= rng.random() + 0.0001
                out.append("%s Q0 %s %d %.4f bench\n" % (topic, doc, rank, score))
            fr.write("".join(out))


if __name__ == "__main__":
    main()
