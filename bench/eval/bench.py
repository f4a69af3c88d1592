"""Times evia-repro eval, pyNTCIREVAL and pytrec_eval end to end (files to per-topic scores) on
the same synthetic collection and measures (AP, MSnDCG@10 / ndcg_cut_10, Prec@10, RR; evia-repro
computes its whole NTCIREVAL line set besides). Each tool runs as its own process(es), timed by
wall clock including interpreter start-up and file parsing. Prints docs/second and the ratios,
and checks that the three tools agree on the mean of each measure.

Run through run.sh (it creates the virtual environment and the release build).
Usage: bench.py [--topics N] [--py-topics N]
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "bench", "out", "eval")
PY = sys.executable
EVIA = os.path.join(os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target"), "release",
                    "evia-repro")


def timed(cmd, stdout=subprocess.PIPE):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit("command failed: %s\n%s" % (" ".join(cmd), p.stderr))
    return dt, p.stdout


def tsv_means(path):
    with open(path) as f:
        rows = [l.rstrip("\n").split("\t") for l in f]
    header, mean = rows[0], rows[-1]
    assert mean[0] == "mean"
    return {k: float(mean[header.index(k)]) for k in ("AP", "MSnDCG@0010", "Prec@0010", "RR")}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--topics", type=int, default=2000)
    ap.add_argument("--py-topics", type=int, default=None,
                    help="evaluate only the first N topics with pyNTCIREVAL (rate extrapolated)")
    a = ap.parse_args()
    data = os.path.join(OUT, "t%d" % a.topics)
    if not os.path.exists(os.path.join(data, "runB.trec")):
        print("generating the collection in %s ..." % data, flush=True)
        subprocess.run([PY, os.path.join(HERE, "gen_collection.py"), data, "--topics", str(a.topics)],
                       check=True)
    qn, qt = os.path.join(data, "qrels.ntcir"), os.path.join(data, "qrels.trec")
    runs = [os.path.join(data, r) for r in ("runA.trec", "runB.trec")]
    n_docs = sum(1 for r in runs for _ in open(r))
    n_qrels = sum(1 for _ in open(qn))
    size_mb = sum(os.path.getsize(p) for p in runs + [qn]) / 1e6

    results = {}
    # evia-repro: one process per run, TSV output to a file.
    t_evia = 0.0
    evia_means = {}
    for r in runs:
        out = os.path.join(data, os.path.basename(r) + ".evia.tsv")
        with open(out, "w") as f:
            dt, _ = timed([EVIA, "eval", "--qrels", qn, "--run", r, "--gains", "1:2:3",
                           "--cutoffs", "10", "--format", "tsv"], stdout=f)
        t_evia += dt
        evia_means[r] = tsv_means(out)
    results["evia-repro"] = (t_evia, n_docs, evia_means)

    dt, out = timed([PY, os.path.join(HERE, "drive_pytrec_eval.py"), qt] + runs)
    results["pytrec_eval"] = (dt, n_docs, json.loads(out))

    cmd = [PY, os.path.join(HERE, "drive_pyntcireval.py"), qn] + runs
    py_docs = n_docs
    if a.py_topics:
        cmd += ["--topics", str(a.py_topics)]
        py_docs = n_docs * a.py_topics // a.topics
    dt, out = timed(cmd)
    results["pyNTCIREVAL"] = (dt, py_docs, json.loads(out))

    import pytrec_eval  # noqa: F401  (version report only)
    from importlib.metadata import version
    print()
    print("collection: %d topics, %d judgements, 2 runs x %d retrieved docs per topic "
          "(%d run lines, %.0f MB)" % (a.topics, n_qrels, n_docs // (2 * a.topics), n_docs, size_mb))
    print("machine: %s, %d logical CPUs; Python %s; pyNTCIREVAL %s; pytrec-eval-terrier %s"
          % (cpu_model(), os.cpu_count(), platform.python_version(),
             version("pyNTCIREVAL"), version("pytrec-eval-terrier")))
    print()
    rate_evia = n_docs / t_evia
    print("| tool | docs evaluated | wall time (s) | docs/second | evia-repro speed-up |")
    print("|---|---:|---:|---:|---:|")
    for name, (dt, docs, _) in results.items():
        rate = docs / dt
        print("| %s | %d | %.2f | %.0f | %s |" % (
            name, docs, dt, rate, "1" if name == "evia-repro" else "%.1fx" % (rate_evia / rate)))
    if a.py_topics:
        print("(pyNTCIREVAL evaluated the first %d topics only; its rate is docs evaluated / time)"
              % a.py_topics)
    print()
    # Agreement of the means (pyNTCIREVAL only when it evaluated every topic).
    worst = 0.0
    for name, (_, _, means) in results.items():
        if name == "pyNTCIREVAL" and a.py_topics:
            continue
        for r in runs:
            for m, v in means[r].items():
                worst = max(worst, abs(v - evia_means[r][m]))
    print("largest difference of a mean from evia-repro's (AP, MSnDCG@10, Prec@10, RR): %.2e" % worst)
    for r in runs:
        print("  %s evia-repro means: %s" % (os.path.basename(r),
              ", ".join("%s=%.4f" % kv for kv in evia_means[r].items())))


if __name__ == "__main__":
    main()
