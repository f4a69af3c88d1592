#!/usr/bin/env python3
"""Benchmark of the evia Python package (bench/python/README.md).

On bench/eval/gen_collection.py's seeded collection (2,000 topics x 1,000 documents by default),
with nDCG@10 and AP:

* in-process, objects built on both sides: evia.RelevanceEvaluator.evaluate vs pytrec_eval's;
* the DataFrame path: evia.evaluate(qrels_df, run_df) vs ir_measures' pytrec_eval provider
  (calc of per-query and aggregate values) on the same DataFrames, and vs ranx (after a warm-up
  call that compiles its numba code) when ranx is installed;
* peak memory: each tool in its own process (`/usr/bin/time -v`), loading the same dicts and
  evaluating once; the maximum resident set sizes are compared.

Every timing is the median of `--repeats` calls; the values are checked to agree first.
Usage: bench.py OUT_DIR [--topics N] [--depth N] [--repeats N]
"""

import argparse
import importlib.metadata
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GEN = HERE.parent / "eval" / "gen_collection.py"


def read_qrels(path):
    qrels = {}
    with open(path) as f:
        for line in f:
            t, _, d, r = line.split()
            qrels.setdefault(t, {})[d] = int(r)
    return qrels


def read_run(path):
    run = {}
    with open(path) as f:
        for line in f:
            t, _, d, _, s, _ = line.split()
            run.setdefault(t, {})[d] = float(s)
    return run


def median_time(f, repeats):
    times = []
    for _ in range(repeats):
        print(".", end="", file=sys.stderr, flush=True)
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def memory(tool, out):
    """Peak RSS (kB) of a process that loads the dicts and evaluates once with `tool`."""
    code = f"""
import sys; sys.path.insert(0, {str(HERE)!r})
from bench import read_qrels, read_run
q = read_qrels({str(out / 'qrels.trec')!r}); r = read_run({str(out / 'runA.trec')!r})
import {tool} as m
m.RelevanceEvaluator(q, {{'ndcg_cut_10', 'map'}}).evaluate(r)
"""
    p = subprocess.run(
        ["/usr/bin/time", "-v", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in p.stderr.splitlines():
        if "Maximum resident set size" in line:
            return int(line.split()[-1])
    raise RuntimeError(p.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--topics", type=int, default=2000)
    ap.add_argument("--depth", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    if not (a.out / "runA.trec").exists():
        subprocess.run(
            [sys.executable, str(GEN), str(a.out), "--topics", str(a.topics), "--depth", str(a.depth)],
            check=True,
        )
    import evia
    import ir_measures
    import pandas
    import pytrec_eval

    q = read_qrels(a.out / "qrels.trec")
    r = read_run(a.out / "runA.trec")
    measures = {"ndcg_cut_10", "map"}
    rows = []

    # In-process, dicts in, objects built on both sides.
    ev_p = pytrec_eval.RelevanceEvaluator(q, measures)
    ev_e = evia.RelevanceEvaluator(q, measures)
    res_p, res_e = ev_p.evaluate(r), ev_e.evaluate(r)
    worst = max(abs(res_p[t][m] - res_e[t][m]) for t in res_p for m in measures)
    t_p = median_time(lambda: ev_p.evaluate(r), a.repeats)
    t_e = median_time(lambda: ev_e.evaluate(r), a.repeats)
    rows.append(("RelevanceEvaluator.evaluate (dicts)", "pytrec_eval", t_p, t_e, worst))

    # The DataFrame path.
    qdf = pandas.DataFrame(
        [(t, d, v) for t, docs in q.items() for d, v in docs.items()],
        columns=["query_id", "doc_id", "relevance"],
    )
    rdf = pandas.DataFrame(
        [(t, d, s) for t, docs in r.items() for d, s in docs.items()],
        columns=["query_id", "doc_id", "score"],
    )
    ims = [ir_measures.nDCG @ 10, ir_measures.AP]
    provider = ir_measures.pytrec_eval
    ref = provider.calc(ims, qdf, rdf)
    got = evia.evaluate(qdf, rdf, ["ndcg_cut_10", "map"])
    agg = dict(zip(got.aggregate["measure"], got.aggregate["value"]))
    worst = max(
        abs(ref.aggregated[ims[0]] - agg["ndcg_cut_10"]), abs(ref.aggregated[ims[1]] - agg["map"])
    )
    t_i = median_time(lambda: provider.calc(ims, qdf, rdf), a.repeats)
    t_f = median_time(lambda: evia.evaluate(qdf, rdf, ["ndcg_cut_10", "map"]), a.repeats)
    rows.append(("DataFrames in, per-query and aggregate out", "ir_measures (pytrec_eval provider)", t_i, t_f, worst))

    try:
        import ranx
    except ImportError:
        ranx = None
    if ranx is not None:
        # ranx asks for `object` id columns (pandas 3 makes them `str`).
        ids = {"query_id": object, "doc_id": object}
        qdf_o, rdf_o = qdf.astype(ids), rdf.astype(ids)
        qr = ranx.Qrels.from_df(qdf_o, q_id_col="query_id", doc_id_col="doc_id", score_col="relevance")
        rr = ranx.Run.from_df(rdf_o, q_id_col="query_id", doc_id_col="doc_id", score_col="score")
        res_r = ranx.evaluate(qr, rr, ["ndcg@10", "map"])  # warm-up: numba compiles here
        worst = max(abs(res_r["ndcg@10"] - agg["ndcg_cut_10"]), abs(res_r["map"] - agg["map"]))

        def ranx_call():
            qr = ranx.Qrels.from_df(qdf_o, q_id_col="query_id", doc_id_col="doc_id", score_col="relevance")
            rr = ranx.Run.from_df(rdf_o, q_id_col="query_id", doc_id_col="doc_id", score_col="score")
            ranx.evaluate(qr, rr, ["ndcg@10", "map"])

        t_r = median_time(ranx_call, a.repeats)
        rows.append(("DataFrames in, aggregate out (after warm-up)", "ranx " + importlib.metadata.version("ranx"), t_r, t_f, worst))
        print(rows[-1], file=sys.stderr, flush=True)

    m_p, m_e = memory("pytrec_eval", a.out), memory("evia", a.out)

    print(f"collection: {len(q)} topics, {sum(map(len, r.values()))} run lines; "
          f"measures nDCG@10 and AP; median of {a.repeats}")
    print("| path | reference | reference (s) | evia (s) | ratio | max abs difference |")
    print("| --- | --- | --- | --- | --- | --- |")
    for path, name, t_ref, t_evia, diff in rows:
        print(f"| {path} | {name} | {t_ref:.3f} | {t_evia:.3f} | {t_ref / t_evia:.1f}x | {diff:.2g} |")
    print(f"| peak memory (process, MB) | pytrec_eval | {m_p / 1024:.0f} | {m_e / 1024:.0f} | {m_p / m_e:.2f}x | |")


if __name__ == "__main__":
    main()
