"""Shared helpers of the evia tests: the repository's fixtures and plain-Python TREC readers (an
independent reading of the files, so that the tests do not check evia with evia's readers)."""

import gzip
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TREC_EVAL = ROOT / "tests" / "fixtures" / "trec_eval"


def reference(name):
    """Imports a reference package; with CI set, a missing one is a failure, not a skip."""
    if os.environ.get("CI"):
        return __import__(name)
    return pytest.importorskip(name)


def _open(path):
    path = str(path)
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def read_qrels(path):
    """TREC qrels (`topic iter doc rel`, `#` comment lines) as {topic: {doc: int}}."""
    qrels = {}
    with _open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            topic, _, doc, rel = line.split()[:4]
            qrels.setdefault(topic, {})[doc] = int(rel)
    return qrels


def read_run(path):
    """A TREC run (`topic Q0 doc rank score tag`) as {topic: {doc: float}}."""
    run = {}
    with _open(path) as f:
        for line in f:
            if line.lstrip().startswith("#") or not line.strip():
                continue
            fields = line.split()
            run.setdefault(fields[0], {})[fields[2]] = float(fields[4])
    return run


def compare(expected, got, tolerance=1e-12):
    """Every value of `expected` ({topic: {measure: value}}) found in `got` within `tolerance`;
    returns (values compared, largest absolute difference)."""
    assert set(got) == set(expected), set(got) ^ set(expected)
    count, worst = 0, 0.0
    for topic, values in expected.items():
        assert set(got[topic]) == set(values), (topic, set(got[topic]) ^ set(values))
        for measure, value in values.items():
            diff = abs(got[topic][measure] - value)
            assert diff <= tolerance, (topic, measure, value, got[topic][measure])
            count += 1
            worst = max(worst, diff)
    return count, worst
