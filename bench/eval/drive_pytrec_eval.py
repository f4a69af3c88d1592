"""Benchmark driver: pytrec_eval (trec_eval's C core) from files to per-topic scores.

Reads TREC qrels and TREC runs into dicts and evaluates map, ndcg_cut_10, P_10 and recip_rank
(trec_eval's nDCG uses gain = level and 1/log2(r+1), i.e. MSnDCG@10 with gains 1:2:3). Prints the
mean of each measure per run (JSON). Usage: drive_pytrec_eval.py QRELS RUN...
"""
import json
import sys
from collections import defaultdict

import pytrec_eval

qrels_path, run_paths = sys.argv[1], sys.argv[2:]
qrels = defaultdict(dict)
with open(qrels_path) as f:
    for line in f:
        t, _, d, r = line.split()
        qrels[t][d] = int(r)
evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"map", "ndcg_cut_10", "P_10", "recip_rank"})
names = {"map": "AP", "ndcg_cut_10": "MSnDCG@0010", "P_10": "Prec@0010", "recip_rank": "RR"}
out = {}
for run_path in run_paths:
    run = defaultdict(dict)
    with open(run_path) as f:
        for line in f:
            t, _, d, _, s, _ = line.split()
            run[t][d] = float(s)
    res = evaluator.evaluate(run)
    out[run_path] = {names[m]: sum(v[m] for v in res.values()) / len(res) for m in names}
print(json.dumps(out))
