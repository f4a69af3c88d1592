"""Benchmark driver: pyNTCIREVAL (library) from files to per-topic scores.

Reads NTCIR qrels and TREC runs, ranks each topic by score descending then docno descending
(trec_eval's order), labels with pyNTCIREVAL's Labeler and computes AP, MSnDCG@10, Prec@10 and
RR with gains 1:2:3, as its `compute` command does. Prints the mean of each measure per run
(JSON) on stdout. Usage: drive_pyntcireval.py QRELS RUN... [--topics N]
"""
import json
import sys
from collections import defaultdict

from pyNTCIREVAL import Labeler
from pyNTCIREVAL.metrics import AP, MSnDCG, Precision, RR

args = sys.argv[1:]
limit = None
if "--topics" in args:
    i = args.index("--topics")
    limit = int(args[i + 1])
    del args[i:i + 2]
qrels_path, run_paths = args[0], args[1:]
qrels = defaultdict(dict)
with open(qrels_path) as f:
    for line in f:
        t, d, l = line.split()
        qrels[t][d] = int(l[1:])
topics = sorted(qrels)[:limit]
grades = [1, 2, 3]
out = {}
for run_path in run_paths:
    run = defaultdict(list)
    with open(run_path) as f:
        for line in f:
            t, _, d, _, s, _ = line.split()
            run[t].append((float(s), d))
    sums = defaultdict(float)
    for t in topics:
        ranked = [d for s, d in sorted(run.get(t, []), reverse=True)]
        labeler = Labeler(qrels[t])
        lab = labeler.label(ranked)
        xrelnum = labeler.compute_per_level_doc_num(len(grades) + 1)
        sums["AP"] += AP(xrelnum, grades).compute(lab)
        sums["MSnDCG@0010"] += MSnDCG(xrelnum, grades, 10).compute(lab)
        sums["Prec@0010"] += Precision(10).compute(lab)
        sums["RR"] += RR().compute(lab)
    out[run_path] = {k: v / len(topics) for k, v in sums.items()}
print(json.dumps(out))
