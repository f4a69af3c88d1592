#!/usr/bin/env python3
"""Reference values for the judges meta-evaluation on data/external/llmjudge-dl23/.

Reads the vendored judgements (llm/*.qrels.gz: 33 LLM judges of the LLMJudge challenge, all on the
same 4,423 topic-passage pairs of 25 TREC 2023 Deep Learning topics) and writes
data/external/llmjudge-dl23/expected.json. The NIST (human) labels of these pairs are not vendored
(no licence allows it, see README.md); a user who has them passes --human FILE and the human judge
joins the comparison under the name "human". CI does not run this script: its output is committed,
and a test compares what the evia-repro binary prints with it. The values come from independent
implementations (scikit-learn, krippendorff, pytrec_eval via ir-measures, scipy), not from
evia-repro.

Judge pairs: every unordered pair of judges (a, b) with a < b in byte order of the names, on the
pairs both judged; "agreement"[a][b] holds the pair's statistics.

Agreement, per judge pair, labels on the 0..3 scale of the track:
- Cohen's kappa, unweighted, linear and quadratic weights:
  sklearn.metrics.cohen_kappa_score(a, b, labels=[0, 1, 2, 3], weights=None|"linear"|"quadratic").
- Cohen's kappa of the binarised labels (relevant = label >= 2, the track's binary threshold).
- Krippendorff's alpha, nominal, ordinal, interval: krippendorff.alpha(reliability_data=[a, b],
  level_of_measurement=..., value_domain=[0, 1, 2, 3]) (two coders, every unit coded by both).
- A label outside 0..3 (two LLM judges have some: 5 and 10) is not on the scale: the pair is left
  out of that judge pair's statistics and counted in "excluded_off_scale".

Runs (only when a runs directory is given or data/external/llmjudge-dl23/runs/ exists; the vendored
set has none, see README.md): each run file (TREC format: topic Q0 doc rank score tag) is evaluated
under each judge's qrels with ir-measures' pytrec_eval provider (trec_eval conventions):
- nDCG@10 = ir_measures nDCG@10 (trec_eval ndcg_cut.10: gain = the label, log2(rank+1) discount,
  ideal ranking from all judged pairs of the topic);
- AP = ir_measures AP(rel=2) (trec_eval map -l 2: relevant = label >= 2);
- P@10 = ir_measures P(rel=2)@10 (trec_eval P.10 -l 2);
- documents ranked by score descending, ties by document id descending (trec_eval); unjudged
  documents are not relevant; the run mean is taken over every topic of the qrels, a topic the run
  lacks scoring 0 (trec_eval -c).
Kendall's tau-b between the run rankings under the two judges of each pair:
scipy.stats.kendalltau(x, y, variant="b") on the run means.

Usage: python3 -m venv .venv && .venv/bin/pip install scikit-learn krippendorff numpy scipy \
           ir-measures pytrec-eval-terrier
       .venv/bin/python scripts/judges_reference/llmjudge-dl23.py [--human FILE] [--runs DIR]
"""

import argparse
import gzip
import itertools
import json
import pathlib
from collections import Counter
from importlib.metadata import version

import krippendorff
import numpy as np
import scipy.stats
from sklearn.metrics import cohen_kappa_score

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "external" / "llmjudge-dl23"
SCALE = [0, 1, 2, 3]
BINARY_THRESHOLD = 2
MEASURES = ("nDCG@10", "AP", "P@10")


def read_qrels(path):
    """{(topic, doc): label} of a whitespace-separated qrels file `topic 0 doc label`."""
    out = {}
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            topic, _, doc, label = line.split()
            key = (topic, doc)
            if key in out:
                raise ValueError(f"{path}:{n}: repeated pair {key}")
            out[key] = int(label)
    return out


def describe(qrels):
    counts = Counter(qrels.values())
    return {
        "pairs": len(qrels),
        "topics": len({t for t, _ in qrels}),
        "label_counts": {str(k): counts[k] for k in sorted(counts)},
    }


def agreement(first, second):
    keys = sorted(set(first) & set(second))
    on_scale = [k for k in keys if first[k] in SCALE and second[k] in SCALE]
    a = np.array([first[k] for k in on_scale])
    b = np.array([second[k] for k in on_scale])
    kappa = {
        w or "unweighted": float(cohen_kappa_score(a, b, labels=SCALE, weights=w))
        for w in (None, "linear", "quadratic")
    }
    kappa["binary_ge2"] = float(
        cohen_kappa_score(a >= BINARY_THRESHOLD, b >= BINARY_THRESHOLD)
    )
    data = np.vstack([a, b]).astype(float)
    alpha = {
        level: float(
            krippendorff.alpha(
                reliability_data=data, level_of_measurement=level, value_domain=SCALE
            )
        )
        for level in ("nominal", "ordinal", "interval")
    }
    return {
        "pairs_common": len(keys),
        "pairs_used": len(on_scale),
        "excluded_off_scale": len(keys) - len(on_scale),
        "exact_agreement": float(np.mean(a == b)),
        "cohen_kappa": kappa,
        "krippendorff_alpha": alpha,
    }


def run_means(qrels, runs_dir):
    """{run: {measure: mean over the qrels topics}} under one judge's qrels."""
    import ir_measures
    from ir_measures import AP, P, nDCG

    measures = {"nDCG@10": nDCG @ 10, "AP": AP(rel=2), "P@10": P(rel=2) @ 10}
    ir_qrels = [ir_measures.Qrel(t, d, r) for (t, d), r in qrels.items()]
    topics = sorted({t for t, _ in qrels})
    out = {}
    for path in sorted(runs_dir.glob("*")):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as f:
            run = [
                ir_measures.ScoredDoc(t, d, float(s))
                for t, _, d, _, s, *_ in (line.split() for line in f if line.strip())
            ]
        per_topic = {name: dict.fromkeys(topics, 0.0) for name in measures}
        for m in ir_measures.pytrec_eval.iter_calc(
            list(measures.values()), ir_qrels, run
        ):
            name = next(k for k, v in measures.items() if v == m.measure)
            if m.query_id in per_topic[name]:
                per_topic[name][m.query_id] = m.value
        name = path.name.split(".")[0]
        out[name] = {k: float(np.mean(list(v.values()))) for k, v in per_topic.items()}
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--human",
        type=pathlib.Path,
        help="NIST labels of the same pairs (not vendored; see README.md), joins as judge 'human'",
    )
    parser.add_argument("--runs", type=pathlib.Path, default=DATA / "runs")
    parser.add_argument("--out", type=pathlib.Path, default=DATA / "expected.json")
    args = parser.parse_args()

    judges = {
        p.name.removesuffix(".qrels.gz"): read_qrels(p)
        for p in sorted((DATA / "llm").glob("*.qrels.gz"))
    }
    if args.human is not None:
        judges["human"] = read_qrels(args.human)
    names = sorted(judges)
    pairs = list(itertools.combinations(names, 2))

    result = {
        "data": "data/external/llmjudge-dl23",
        "implementations": {
            "scikit-learn": version("scikit-learn"),
            "krippendorff": version("krippendorff"),
            "numpy": version("numpy"),
            "scipy": version("scipy"),
        },
        "human_included": args.human is not None,
        "judges": {name: describe(judges[name]) for name in names},
        "agreement": {},
    }
    for a, b in pairs:
        result["agreement"].setdefault(a, {})[b] = agreement(judges[a], judges[b])

    if args.runs.is_dir() and any(args.runs.iterdir()):
        result["implementations"]["ir-measures"] = version("ir-measures")
        result["implementations"]["pytrec-eval-terrier"] = version(
            "pytrec-eval-terrier"
        )
        means = {name: run_means(judges[name], args.runs) for name in names}
        runs = sorted(means[names[0]])
        tau = {}
        for a, b in pairs:
            tau.setdefault(a, {})[b] = {
                m: float(
                    scipy.stats.kendalltau(
                        [means[a][r][m] for r in runs],
                        [means[b][r][m] for r in runs],
                        variant="b",
                    ).statistic
                )
                for m in MEASURES
            }
        result["runs"] = {"names": runs, "means": means, "kendall_tau_b": tau}
    else:
        result["runs"] = None
        result["runs_missing"] = (
            "no openly licensed TREC 2023 Deep Learning passage runs were found; see README.md"
        )

    args.out.write_text(
        json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(f"wrote {args.out}: {len(names)} judges, {len(pairs)} judge pairs")


if __name__ == "__main__":
    main()
