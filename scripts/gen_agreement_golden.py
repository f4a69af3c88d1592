#!/usr/bin/env python3
"""Golden values of Fleiss' kappa, Krippendorff's alpha and Cohen's kappa for
tests/it/agreement_golden.rs.

Writes tests/golden/agreement/cases.tsv (the label data) and tests/golden/agreement/expected.tsv
(the reference values) from two established implementations:

- Fleiss' kappa: statsmodels.stats.inter_rater.fleiss_kappa (method="fleiss") on the item-by-category
  count table (only for cases where every item has the same number of labels, as Fleiss (1971) assumes);
- Krippendorff's alpha: krippendorff.alpha (nominal, ordinal, interval, ratio) on the rater-by-item
  reliability matrix with NaN for a missing label, with the value domain set to the whole declared
  scale (the levels 0..k-1 are the values).

and tests/golden/agreement/cohen_cases.tsv and cohen_expected.tsv: pairs of raters (every item labelled
by both) with Cohen's kappa from scikit-learn's cohen_kappa_score: unweighted, and linear weighted with
the labels given as the whole declared scale (`agree`'s default) and as the categories the pair used
(`agree --weights-over observed`, the weights of R's irr::kappa2), and quadratic weighted with the
same two label sets (weights="quadratic"). Some cases leave a label inside the scale unused, where
the two conventions differ.

Cases are seeded random label sets (different scales, rater counts, missing rates, and a "skew" that makes
raters agree more) plus Krippendorff (2011)'s nominal example. The Rust implementations
(crates/evia-engine/src/agreement/{fleiss,krippendorff}.rs) must agree to 1e-6.

Usage: python3 -m venv .venv && .venv/bin/pip install krippendorff statsmodels numpy scikit-learn
       .venv/bin/python scripts/gen_agreement_golden.py
"""

import pathlib
from importlib.metadata import version

import krippendorff
import numpy as np
import sklearn
import statsmodels
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import fleiss_kappa

SEED = 20171205
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "golden" / "agreement"


def random_case(rng, raters, items, levels, missing, agreement):
    """A raters x items matrix of labels 0..levels-1 (NaN = missing)."""
    truth = rng.integers(0, levels, size=items)
    data = np.empty((raters, items))
    for r in range(raters):
        noise = rng.integers(0, levels, size=items)
        keep = rng.random(items) < agreement
        data[r] = np.where(keep, truth, noise)
    if missing > 0:
        data[rng.random((raters, items)) < missing] = np.nan
    return data


def krippendorff_example():
    """Krippendorff (2011), section C: 4 observers, 12 units, values 1-5 shifted to 0-4."""
    rows = [
        "1 2 3 3 2 1 4 1 2 . . .",
        "1 2 3 3 2 2 4 1 2 5 . 3",
        ". 3 3 3 2 3 4 2 2 5 1 .",
        "1 2 3 3 2 4 4 1 2 5 1 .",
    ]
    return np.array([[np.nan if v == "." else float(v) - 1 for v in r.split()] for r in rows])


def cases():
    rng = np.random.default_rng(SEED)
    out = [("krippendorff2011-nominal", 5, krippendorff_example())]
    specs = [
        # (raters, items, levels, missing rate, agreement)
        (2, 40, 3, 0.0, 0.5),
        (3, 60, 3, 0.0, 0.4),
        (3, 50, 3, 0.2, 0.6),
        (5, 80, 3, 0.0, 0.3),
        (10, 100, 3, 0.0, 0.2),
        (10, 100, 3, 0.15, 0.5),
        (4, 30, 2, 0.0, 0.7),
        (6, 70, 5, 0.0, 0.5),
        (6, 70, 5, 0.3, 0.5),
        (19, 60, 5, 0.0, 0.4),
        (19, 60, 5, 0.1, 0.1),
        (3, 25, 4, 0.0, 0.0),
    ]
    for i, (raters, items, levels, missing, agreement) in enumerate(specs):
        data = random_case(rng, raters, items, levels, missing, agreement)
        out.append((f"random{i + 1:02d}-r{raters}-n{items}-k{levels}", levels, data))
    return out


def fleiss(data, levels):
    counts = [np.bincount(col[~np.isnan(col)].astype(int), minlength=levels) for col in data.T]
    per_item = {int(c.sum()) for c in counts if c.sum() > 0}
    if len(per_item) != 1 or np.isnan(data).any():
        return "NA"
    return f"{fleiss_kappa(np.array(counts), method='fleiss'):.15e}"


def cohen_cases():
    """(name, levels, first rater's labels, second rater's labels): seeded pairs on scales of 2 to 7
    labels; the `gap` cases never use one label inside the scale."""
    rng = np.random.default_rng(SEED + 1)
    specs = [
        # (items, levels, agreement, unused interior label or None)
        (30, 2, 0.6, None),
        (50, 3, 0.5, None),
        (80, 4, 0.4, None),
        (120, 5, 0.3, None),
        (60, 6, 0.5, None),
        (200, 7, 0.2, None),
        (40, 3, 0.0, None),
        (70, 4, 0.5, 2),
        (90, 5, 0.4, 1),
        (100, 6, 0.3, 3),
    ]
    out = []
    for i, (items, levels, agreement, gap) in enumerate(specs):
        truth = rng.integers(0, levels, size=items)
        pair = []
        for _ in range(2):
            noise = rng.integers(0, levels, size=items)
            labels = np.where(rng.random(items) < agreement, truth, noise)
            if gap is not None:
                labels = np.where(labels == gap, gap + 1, labels)
            pair.append([int(v) for v in labels])
        tag = "" if gap is None else f"-gap{gap}"
        out.append((f"pair{i + 1:02d}-n{items}-k{levels}{tag}", levels, pair[0], pair[1]))
    return out


def write_cohen(header):
    case_lines = [header, "# case\tlevels\tfirst rater's labels\tsecond rater's labels (comma-separated levels)"]
    expected = [
        header,
        "case\tkappa_unweighted\tkappa_linear_declared\tkappa_linear_observed"
        "\tkappa_quadratic_declared\tkappa_quadratic_observed",
    ]
    for name, levels, a, b in cohen_cases():
        case_lines.append(f"{name}\t{levels}\t{','.join(map(str, a))}\t{','.join(map(str, b))}")
        declared = list(range(levels))
        observed = sorted(set(a) | set(b))
        values = [
            cohen_kappa_score(a, b, labels=declared),
            cohen_kappa_score(a, b, labels=declared, weights="linear"),
            cohen_kappa_score(a, b, labels=observed, weights="linear"),
            cohen_kappa_score(a, b, labels=declared, weights="quadratic"),
            cohen_kappa_score(a, b, labels=observed, weights="quadratic"),
        ]
        expected.append("\t".join([name] + [f"{v:.15e}" for v in values]))
    (OUT / "cohen_cases.tsv").write_text("\n".join(case_lines) + "\n")
    (OUT / "cohen_expected.tsv").write_text("\n".join(expected) + "\n")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    header = (
        f"# generated by scripts/gen_agreement_golden.py (seed {SEED}); krippendorff "
        f"{version('krippendorff')}, "
        f"statsmodels {statsmodels.__version__}, scikit-learn {sklearn.__version__}, "
        f"numpy {np.__version__}"
    )
    case_lines = [header, "# case\tlevels\tunit\tlabels (comma-separated levels 0..levels-1; a unit's labels, missing ones left out)"]
    expected = [header, "case\tfleiss_kappa\talpha_nominal\talpha_ordinal\talpha_interval\talpha_ratio"]
    for name, levels, data in cases():
        for u, col in enumerate(data.T):
            labels = ",".join(str(int(v)) for v in col if not np.isnan(v))
            case_lines.append(f"{name}\t{levels}\t{u + 1}\t{labels}")
        domain = list(range(levels))
        alphas = [
            krippendorff.alpha(reliability_data=data, level_of_measurement=m, value_domain=domain)
            for m in ("nominal", "ordinal", "interval", "ratio")
        ]
        expected.append("\t".join([name, fleiss(data, levels)] + [f"{a:.15e}" for a in alphas]))
    (OUT / "cases.tsv").write_text("\n".join(case_lines) + "\n")
    (OUT / "expected.tsv").write_text("\n".join(expected) + "\n")
    write_cohen(header)
    print(f"wrote {len(expected) - 2} cases and {len(cohen_cases())} pairs to {OUT}")


if __name__ == "__main__":
    main()
