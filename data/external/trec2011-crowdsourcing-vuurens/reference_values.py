#!/usr/bin/env python3
"""Reference values for tests/it/real_crowd_data.rs, from independent implementations.

Reads votes.gz and otherparticipantsvotes.gz beside this script (the TREC 2011 Crowdsourcing
track labels of SOURCE.md) and writes reference_values.json beside it. CI does not run this
script: its output is committed, and the test compares what the evia-repro binary prints with it.

Implementations: krippendorff.alpha (Krippendorff's alpha, four levels), statsmodels'
fleiss_kappa, scikit-learn's cohen_kappa_score (unweighted, linear, quadratic). The cuts of the
data are the ones the test makes, written again here from the files:

- "votes": votes.gz as it comes (one label a line: sequence, question, worker, label); the
  question id is the document, all in one topic (`agree --columns doc=2,assessor=3,label=4`).
- "first5": the first five labels of every question (sequence 1 to 5) as five label slots
  `s1`..`s5`, the question id split at its first `_` into topic and document (a wide file).
  The slots are positions in time, not people: each is a different worker from question to
  question.
- "others": otherparticipantsvotes.gz (question, worker, label), the question id as the document,
  with each rule for a worker's repeated labels of a question (`--duplicates`).

Usage: python3 -m venv .venv && .venv/bin/pip install krippendorff statsmodels numpy scikit-learn
       .venv/bin/python data/external/trec2011-crowdsourcing-vuurens/reference_values.py
"""

import gzip
import itertools
import json
import math
import pathlib
import warnings
from collections import Counter, defaultdict
from importlib.metadata import version

import krippendorff
import numpy as np
import sklearn
import statsmodels
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import fleiss_kappa

HERE = pathlib.Path(__file__).resolve().parent


def lines(name):
    with gzip.open(HERE / name, "rt", encoding="utf-8") as f:
        return [line.split() for line in f if line.strip()]


def alphas(units, workers):
    """Krippendorff's alpha of {unit: {worker: label}} at the four levels (values 0 and 1)."""
    index = {w: i for i, w in enumerate(workers)}
    data = np.full((len(workers), len(units)), np.nan)
    for u, labels in enumerate(units.values()):
        for w, label in labels.items():
            data[index[w], u] = label
    return {
        level: krippendorff.alpha(
            reliability_data=data, level_of_measurement=level, value_domain=[0, 1]
        )
        for level in ("nominal", "ordinal", "interval", "ratio")
    }


def kappa(a, b, weights=None):
    """scikit-learn's kappa on the labels 0..1, or None where it is undefined (p_e = 1)."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v = cohen_kappa_score(a, b, labels=[0, 1], weights=weights)
    return None if math.isnan(v) else float(v)


def pairwise(units, workers):
    """Per pair of workers sharing a unit: the kappas; their means over the defined ones."""
    by_worker = defaultdict(dict)
    for u, labels in units.items():
        for w, label in labels.items():
            by_worker[w][u] = label
    values = {"unweighted": [], "linear": [], "quadratic": []}
    pairs = 0
    for w1, w2 in itertools.combinations(sorted(workers), 2):
        common = by_worker[w1].keys() & by_worker[w2].keys()
        if not common:
            continue
        pairs += 1
        a = [by_worker[w1][u] for u in common]
        b = [by_worker[w2][u] for u in common]
        for name, weights in (("unweighted", None), ("linear", "linear"), ("quadratic", "quadratic")):
            k = kappa(a, b, weights)
            if k is not None:
                values[name].append(k)
    return {
        "pairs": pairs,
        "defined": len(values["unweighted"]),
        **{f"mean_{name}": sum(v) / len(v) for name, v in values.items()},
    }


def votes():
    units = defaultdict(dict)
    for _, question, worker, label in lines("votes.gz"):
        assert worker not in units[question], "votes.gz has no repeated label"
        units[question][worker] = int(label)
    workers = sorted({w for labels in units.values() for w in labels})
    return {
        "assessors": len(workers),
        "documents": len(units),
        "labels": sum(len(v) for v in units.values()),
        "alpha": alphas(units, workers),
        "pairwise": pairwise(units, workers),
    }


def first5():
    slots = defaultdict(dict)
    for seq, question, _, label in lines("votes.gz"):
        if int(seq) <= 5:
            slots[question][f"s{seq}"] = int(label)
    assert all(len(v) == 5 for v in slots.values())
    names = [f"s{i}" for i in range(1, 6)]
    counts = np.array([[sum(1 for v in s.values() if v == c) for c in (0, 1)] for s in slots.values()])
    topic_of = {q: q.split("_", 1)[0] for q in slots}
    topics = sorted(set(topic_of.values()))
    per_pair = {}
    for a, b in itertools.combinations(names, 2):
        x = [slots[q][a] for q in slots]
        y = [slots[q][b] for q in slots]
        per_topic = []
        for t in topics:
            qs = [q for q in slots if topic_of[q] == t]
            k = kappa([slots[q][a] for q in qs], [slots[q][b] for q in qs])
            if k is not None:
                per_topic.append(k)
        per_pair[f"{a}-{b}"] = {
            "kappa": kappa(x, y),
            "kappa_quadratic": kappa(x, y, "quadratic"),
            "per_topic_defined": len(per_topic),
            "per_topic_mean": sum(per_topic) / len(per_topic),
            "per_topic_min": min(per_topic),
            "per_topic_max": max(per_topic),
        }
    sums = Counter(sum(s.values()) for s in slots.values())
    return {
        "documents": len(slots),
        "topics": len(topics),
        "fleiss_kappa": float(fleiss_kappa(counts, method="fleiss")),
        "alpha": alphas(slots, names),
        "pairs": per_pair,
        "sum_levels": [sums.get(level, 0) for level in range(6)],
        "documents_per_topic_min": min(Counter(topic_of.values()).values()),
    }


def others():
    rows = [(q, w, int(label)) for q, w, label in lines("otherparticipantsvotes.gz")]
    given = defaultdict(list)
    for q, w, label in rows:
        given[(q, w)].append(label)
    out = {"labels_read": len(rows), "repeats": sum(len(v) - 1 for v in given.values())}
    for rule in ("first", "last", "majority"):
        units = defaultdict(dict)
        for (q, w), labels in given.items():
            if rule == "first":
                kept = labels[0]
            elif rule == "last":
                kept = labels[-1]
            else:
                counts = Counter(labels)
                best = max(counts.values())
                kept = next(label for label in labels if counts[label] == best)
            units[q][w] = kept
        workers = sorted({w for labels in units.values() for w in labels})
        out[rule] = {
            "assessors": len(workers),
            "documents": len(units),
            "alpha_nominal": alphas(units, workers)["nominal"],
        }
    return out


def main():
    values = {
        "generated_by": "data/external/trec2011-crowdsourcing-vuurens/reference_values.py",
        "versions": {
            "krippendorff": version("krippendorff"),
            "statsmodels": statsmodels.__version__,
            "scikit-learn": sklearn.__version__,
            "numpy": np.__version__,
        },
        "votes": votes(),
        "first5": first5(),
        "others": others(),
    }
    (HERE / "reference_values.json").write_text(json.dumps(values, indent=2, sort_keys=True) + "\n")
    print(f"wrote {HERE / 'reference_values.json'}")


if __name__ == "__main__":
    main()
