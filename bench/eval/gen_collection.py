#!/usr/bin/env python3
"""Seeded synthetic collection for the eval benchmark (standard library only).

2,000 topics; about 300 judged documents per topic (levels L0-L3: 50% / 25% / 15% / 10%);
2 runs in TREC format with 1,000 retrieved documents per topic (a mix of judged and unjudged
documents, relevant ones drawn towards the top with run-specific quality), distinct scores.

Writes OUT/qrels.ntcir (`topic doc Lx`), OUT/qrels.trec (`topic 0 doc rel`), OUT/runA.trec,
OUT/runB.trec. Usage: gen_collection.py OUT [--topics N] [--judged N] [--depth N] [--seed S]
"""

import argparse
import os
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--topics", type=int, default=2000)
    ap.add_argument("--judged", type=int, default=300)
    ap.add_argument("--depth", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20170901)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    runs = {"runA": 0.6, "runB": 0.4}  # probability of pulling a relevant document up
    with open(os.path.join(a.out, "qrels.ntcir"), "w") as qn, \
         open(os.path.join(a.out, "qrels.trec"), "w") as qt, \
         open(os.path.join(a.out, "runA.trec"), "w") as ra, \
         open(os.path.join(a.out, "runB.trec"), "w") as rb:
        files = {"runA": ra, "runB": rb}
        for t in range(1, a.topics + 1):
            topic = "%04d" % t
            n_judged = max(1, int(rng.gauss(a.judged, a.judged / 10)))
            judged = {}
            for i in range(n_judged):
                doc = "clueweb-%04d-%06d" % (t, i)
                x = rng.random()
                judged[doc] = 0 if x < 0.5 else 1 if x < 0.75 else 2 if x < 0.9 else 3
            if all(v == 0 for v in judged.values()):
                judged["clueweb-%04d-000000" % t] = 1
            qn.write("".join("%s %s L%d\n" % (topic, d, l) for d, l in judged.items()))
            qt.write("".join("%s 0 %s %d\n" % (topic, d, l) for d, l in judged.items()))
            rel = [d for d, l in judged.items() if l > 0]
            nonrel = [d for d, l in judged.items() if l == 0]
            for name, quality in runs.items():
                pool = rel + rng.sample(nonrel, len(nonrel) // 2)
                rng.shuffle(pool)
                unjudged = ["clueweb-%04d-%06d" % (t, 100000 + i)
                            for i in rng.sample(range(100000), a.depth)]
                ranked = []
                ui = 0
                while len(ranked) < a.depth:
                    if pool and rng.random() < quality * (1 - len(ranked) / a.depth) ** 4:
                        ranked.append(pool.pop())
                    else:
                        ranked.append(unjudged[ui])
                        ui += 1
                score = 1000.0
                lines = []
                for rank, doc in enumerate(ranked, 1):
                    score -= rng.random() + 0.0001
                    lines.append("%s Q0 %s %d %.4f %s\n" % (topic, doc, rank, score, name))
                files[name].write("".join(lines))


if __name__ == "__main__":
    main()
