#!/usr/bin/env python3
"""Expected label-agreement values of `src/judges/label_agreement.rs`'s tests, computed by
scikit-learn (Cohen's kappa) and the `krippendorff` package (alpha), independently of the Rust code.

Writes tests/fixtures/judges/labels_golden.json: three judges' labels on three topics (some
documents labelled by one judge only) and, for each judge against the reference and for all three
judges, the values. CI does not run this script (pip install scikit-learn krippendorff numpy).
"""
import json
import random
from pathlib import Path

import krippendorff
import numpy as np
from sklearn.metrics import cohen_kappa_score

rng = random.Random(51)
SCALE = [0, 1, 2]
TOPICS = {"t1": 20, "t2": 15, "t3": 12}


def noisy(v, flip):
    return rng.choice(SCALE) if rng.random() < flip else v


labels = {"human": {}, "llm": {}, "crowd": {}}
for topic, n in TOPICS.items():
    for name in labels:
        labels[name][topic] = {}
    for d in range(n):
        doc = f"{topic}-d{d:02d}"
        truth = rng.choice([0, 0, 1, 2])
        who = rng.random()
        if who < 0.1:
            labels["human"][topic][doc] = truth  # only the reference
            continue
        if who < 0.18:
            labels["llm"][topic][doc] = min(2, truth + 1)  # only the judge
            continue
        labels["human"][topic][doc] = truth
        labels["llm"][topic][doc] = min(2, noisy(truth, 0.35) + (1 if rng.random() < 0.15 else 0))
        if rng.random() < 0.8:
            labels["crowd"][topic][doc] = noisy(truth, 0.5)


def shared(a, b, topic=None):
    out = []
    for t in sorted(labels[a]):
        if topic is not None and t != topic:
            continue
        for doc in sorted(labels[a][t]):
            if doc in labels[b].get(t, {}):
                out.append((labels[a][t][doc], labels[b][t][doc]))
    return out


def alpha(rows, metric):
    data = np.array(rows, dtype=float)
    return krippendorff.alpha(reliability_data=data, level_of_measurement=metric, value_domain=SCALE)


def pair(ref, judge, relevant_from):
    s = shared(ref, judge)
    r = [x for x, _ in s]
    j = [y for _, y in s]
    rb = [int(x >= relevant_from) for x in r]
    jb = [int(y >= relevant_from) for y in j]
    diffs = [y - x for x, y in s]
    per_topic = {}
    for t in sorted(TOPICS):
        st = shared(ref, judge, t)
        per_topic[t] = {
            "shared_documents": len(st),
            "kappa_linear": cohen_kappa_score([x for x, _ in st], [y for _, y in st], labels=SCALE, weights="linear"),
        }
    return {
        "judge": judge,
        "reference": ref,
        "relevant_from": relevant_from,
        "shared_documents": len(s),
        "only_reference": sum(len(v) for v in labels[ref].values()) - len(s),
        "only_judge": sum(len(v) for v in labels[judge].values()) - len(s),
        "raw_agreement": sum(x == y for x, y in s) / len(s),
        "kappa_unweighted": cohen_kappa_score(r, j, labels=SCALE),
        "kappa_linear": cohen_kappa_score(r, j, labels=SCALE, weights="linear"),
        "kappa_quadratic": cohen_kappa_score(r, j, labels=SCALE, weights="quadratic"),
        "kappa_binary": cohen_kappa_score(rb, jb, labels=[0, 1]),
        "alpha_nominal": alpha([r, j], "nominal"),
        "alpha_ordinal": alpha([r, j], "ordinal"),
        "alpha_interval": alpha([r, j], "interval"),
        "mean_difference": sum(diffs) / len(diffs),
        "judged_higher": sum(d > 0 for d in diffs) / len(diffs),
        "judged_lower": sum(d < 0 for d in diffs) / len(diffs),
        "per_topic": per_topic,
    }


docs = sorted({(t, d) for name in labels for t in labels[name] for d in labels[name][t]})
many = [[labels[name].get(t, {}).get(d, np.nan) for (t, d) in docs] for name in labels]
out = {
    "labels": labels,
    "pairs": [pair("human", "llm", 1), pair("human", "llm", 2), pair("human", "crowd", 1)],
    "all_judges": {m: alpha(many, m) for m in ["nominal", "ordinal", "interval"]},
}
path = Path(__file__).resolve().parent.parent / "tests/fixtures/judges/labels_golden.json"
path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
print(f"wrote {path}")
