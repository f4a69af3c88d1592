#!/usr/bin/env python3
"""Golden values of the rank correlations of crates/evia-engine/src/ranking/ for
tests/it/ranking_golden.rs.

Writes tests/golden/ranking/cases.tsv (pairs of score vectors, decimals as written) and
tests/golden/ranking/expected.tsv (statistic values), from implementations independent of the
Rust code:

- Kendall's tau_b: scipy.stats.kendalltau(variant="b");
- Spearman's rho: scipy.stats.spearmanr (average ranks for ties);
- top-k tau (k = 5): scipy.stats.kendalltau on the reference's top 5 runs and those tied with the
  5th;
- RBO_ext (p = 0.9): the `rbo` package's RankingSimilarity(S, T).rbo_ext(p) where neither vector
  has ties; with ties, the reference implementation of Corsi and Urbano (SIGIR 2024, "The
  Treatment of Ties in Rank-Biased Overlap"), `rbo(S, T, p, ties="w")["ext"]`, Webber, Moffat and
  Zobel (2010)'s own treatment of ties (Eq. 28/32), vendored unchanged with its MIT licence as
  scripts/reference/corsi_urbano_rbo.py from github.com/julian-urbano/sigir2024-rbo at 0338fd9.
  Every case is also evaluated here from Eq. 28/32 in exact fractions, and both must agree;
- tau_AP (Yilmaz, Aslam and Robertson 2008, Eq. 3; only where neither vector has ties) and tau_AP_b
  (Urbano and Marrero 2017): evaluated here from the definitions in exact fractions, tau_AP by
  walking the compared ranking position by position, tau_AP_b from its tie-group formula; on the
  `ircor` package's own test sets both are asserted equal to the values its tests publish
  (tests/testthat/test_tauAP.R, to their 5e-5).

Cases: the three sets of the `ircor` R package's tests (with and without ties) and seeded random
vectors with values on a coarse grid (so ties occur), some with a monotone relation plus noise.

Usage: python3 -m pip install scipy rbo numpy && python3 scripts/gen_ranking_golden.py
"""

import pathlib
import random
from fractions import Fraction

import sys

from rbo import RankingSimilarity
from scipy.stats import kendalltau, spearmanr

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "reference"))
from corsi_urbano_rbo import extract_ranking, rbo as reference_rbo  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests/golden/ranking"
P = Fraction(9, 10)
K = 5

IRCOR = {
    "set1": ([0.897, 0.372, 0.908, 0.898, 0.661, 0.062, 0.177, 0.384, 0.498, 0.992],
             [0.82, 0.406, 0.817, 0.953, 0.673, 0.073, 0.364, 0.547, 0.589, 0.988]),
    "set1-ties": ([0.9, 0.4, 0.9, 0.9, 0.7, 0.1, 0.2, 0.4, 0.5, 1],
                  [0.8, 0.4, 0.8, 1, 0.7, 0.1, 0.4, 0.5, 0.6, 1]),
    "set2": ([0.266, 0.573, 0.202, 0.945, 0.629, 0.206, 0.687, 0.77, 0.718, 0.38],
             [0.263, 0.843, 0.728, 0.928, 0.08, 0.114, 0.467, 0.641, 0.973, 0.644]),
    "set2-ties": ([0.3, 0.6, 0.2, 0.9, 0.6, 0.2, 0.7, 0.8, 0.7, 0.4],
                  [0.3, 0.8, 0.7, 0.9, 0.1, 0.1, 0.5, 0.6, 1, 0.6]),
    "set3": ([0.185, 0.573, 0.944, 0.129, 0.468, 0.553, 0.761, 0.405, 0.976, 0.445],
             [0.845, 0.272, 0.275, 0.924, 0.605, 0.334, 0.162, 0.872, 0.018, 0.25]),
    "set3-ties": ([0.2, 0.6, 0.9, 0.1, 0.5, 0.6, 0.8, 0.4, 1, 0.4],
                  [0.8, 0.3, 0.3, 0.9, 0.6, 0.3, 0.2, 0.9, 0, 0.2]),
}


def has_ties(v):
    return len(set(v)) < len(v)


def tau_ap(x, y):
    """Yilmaz et al.: walk the ranking by y; C(i) = runs above position i also above it in x."""
    order = sorted(range(len(y)), key=lambda i: -y[i])
    n = len(x)
    total = Fraction(0)
    for pos in range(1, n):
        run = order[pos]
        c = sum(1 for above in order[:pos] if x[above] > x[run])
        total += Fraction(c, pos)
    return 2 * total / (n - 1) - 1


def tau_ap_b_asym(x, y):
    n = len(x)
    total, counted = Fraction(0), 0
    for i in range(n):
        above = [j for j in range(n) if y[j] > y[i]]
        if not above:
            continue
        c = sum(1 for j in above if x[j] > x[i])
        total += Fraction(c, len(above))
        counted += 1
    return 2 * total / counted - 1


def tau_ap_b(x, y):
    return (tau_ap_b_asym(x, y) + tau_ap_b_asym(y, x)) / 2


def rbo_ext_exact(x, y, p=P):
    n = len(x)
    first_x = [1 + sum(1 for o in x if o > v) for v in x]
    first_y = [1 + sum(1 for o in y if o > v) for v in y]
    total = Fraction(0)
    a = Fraction(0)
    for d in range(1, n + 1):
        s = {i for i in range(n) if first_x[i] <= d}
        t = {i for i in range(n) if first_y[i] <= d}
        a = Fraction(2 * len(s & t), len(s) + len(t))
        total += a * p**d
    return (1 - p) / p * total + a * p**n


def rbo_package(x, y, p=0.9):
    s = sorted(range(len(x)), key=lambda i: -x[i])
    t = sorted(range(len(y)), key=lambda i: -y[i])
    return RankingSimilarity(s, t).rbo_ext(p)


def rbo_reference(x, y, p=0.9):
    items = [f"i{i}" for i in range(len(x))]
    return reference_rbo(extract_ranking(items, x), extract_ranking(items, y), p, ties="w")["ext"]


# The values the `ircor` package's tests publish (tests/testthat/test_tauAP.R), to 5e-5.
IRCOR_PUBLISHED = {
    ("set1", "tau_ap"): 0.8519, ("set2", "tau_ap"): 0.2504, ("set3", "tau_ap"): -0.6971,
    ("set1", "tau_ap_b"): 0.8333, ("set2", "tau_ap_b"): 0.2880, ("set3", "tau_ap_b"): -0.668,
    ("set1-ties", "tau_ap_b"): 0.7321, ("set2-ties", "tau_ap_b"): 0.297,
    ("set3-ties", "tau_ap_b"): -0.7047,
}


def top_k_tau(x, y, k=K):
    head = [i for i in range(len(x)) if sum(1 for o in x if o > x[i]) < k]
    return kendalltau([x[i] for i in head], [y[i] for i in head], variant="b").statistic


def random_cases():
    rng = random.Random(20101001)
    cases = {}
    for c in range(24):
        n = rng.choice([5, 8, 12, 20, 40])
        grid = rng.choice([4, 10, 100, 1000])
        x = [rng.randrange(grid + 1) / grid for _ in range(n)]
        if c % 3 == 0:
            y = [rng.randrange(grid + 1) / grid for _ in range(n)]
        else:
            y = [min(1.0, max(0.0, round(v + rng.gauss(0, 0.15), 3))) for v in x]
            y = [round(v * grid) / grid for v in y]
        cases[f"random{c:02d}"] = (x, y)
    return cases


def main():
    cases = dict(IRCOR)
    cases.update(random_cases())
    OUT.mkdir(parents=True, exist_ok=True)
    lines = ["# case\tx\ty"]
    expected = ["# case\tstatistic\tvalue"]
    for name, (x, y) in cases.items():
        lines.append(f"{name}\t{','.join(repr(v) for v in x)}\t{','.join(repr(v) for v in y)}")
        fx = [Fraction(repr(v)) for v in x]
        fy = [Fraction(repr(v)) for v in y]
        if len(set(x)) > 1 and len(set(y)) > 1:
            expected.append(f"{name}\tkendall_tau_b\t{kendalltau(x, y, variant='b').statistic!r}")
            expected.append(f"{name}\tspearman_rho\t{spearmanr(x, y).statistic!r}")
        head = [i for i in range(len(x)) if sum(1 for o in x if o > x[i]) < K]
        hx, hy = [x[i] for i in head], [y[i] for i in head]
        if len(head) >= 3 and len(set(hx)) > 1 and len(set(hy)) > 1:
            expected.append(f"{name}\ttop_5_tau\t{top_k_tau(x, y)!r}")
        exact = rbo_ext_exact(fx, fy)
        reference = rbo_reference(x, y)
        assert abs(reference - float(exact)) < 1e-12, (name, reference, float(exact))
        if not has_ties(x) and not has_ties(y):
            package = rbo_package(x, y)
            assert abs(package - float(exact)) < 1e-12, (name, package, float(exact))
            expected.append(f"{name}\ttau_ap\t{float(tau_ap(fx, fy))!r}")
            expected.append(f"{name}\trbo_ext_0.9\t{package!r}")
        else:
            expected.append(f"{name}\trbo_ext_0.9\t{reference!r}")
        if len(set(x)) > 1 and len(set(y)) > 1:
            expected.append(f"{name}\ttau_ap_b\t{float(tau_ap_b(fx, fy))!r}")
        for statistic, value in (("tau_ap", tau_ap), ("tau_ap_b", tau_ap_b)):
            published = IRCOR_PUBLISHED.get((name, statistic))
            if published is not None:
                got = float(value(fx, fy))
                assert abs(got - published) <= 5e-5, (name, statistic, got, published)
    (OUT / "cases.tsv").write_text("\n".join(lines) + "\n")
    (OUT / "expected.tsv").write_text("\n".join(expected) + "\n")


if __name__ == "__main__":
    main()
