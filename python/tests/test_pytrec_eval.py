"""evia.RelevanceEvaluator against pytrec_eval (the terrier fork), value by value."""

import subprocess
import sys

import pytest

import evia
from conftest import ROOT, TREC_EVAL, compare, read_qrels, read_run, reference

# Every pytrec_eval measure evia computes (supported_measures), with their default cutoffs.
SHARED = {
    "map",
    "map_cut",
    "ndcg",
    "ndcg_cut",
    "P",
    "recall",
    "success",
    "recip_rank",
    "bpref",
    "num_ret",
    "num_rel",
    "num_rel_ret",
}

# trec_eval's test inputs (tests/fixtures/trec_eval/SOURCE.md).
PAIRS = [
    ("qrels.test", "results.test"),
    ("qrels.test", "results.trunc"),
    ("qrels.rel_level", "results.test"),
    ("qrels.comment.test.gz", "results.comment.test.gz"),
]


def test_supported_measures_are_pytrec_evals():
    pytrec_eval = reference("pytrec_eval")
    assert set(evia.supported_measures) == SHARED
    assert SHARED <= set(pytrec_eval.supported_measures)


@pytest.mark.parametrize("qrels,run", PAIRS)
@pytest.mark.parametrize("judged_only", [False, True])
def test_trec_evals_test_files(qrels, run, judged_only):
    pytrec_eval = reference("pytrec_eval")
    q, r = read_qrels(TREC_EVAL / qrels), read_run(TREC_EVAL / run)
    expected = pytrec_eval.RelevanceEvaluator(
        q, SHARED, judged_docs_only_flag=judged_only
    ).evaluate(r)
    got = evia.RelevanceEvaluator(q, SHARED, judged_docs_only_flag=judged_only).evaluate(r)
    count, worst = compare(expected, got)
    print(f"{qrels} {run} -J={judged_only}: {count} values, max |diff| {worst:.3g}")
    assert count > 0


@pytest.mark.parametrize("level", [1, 2])
def test_relevance_level_on_binary_measures(level):
    pytrec_eval = reference("pytrec_eval")
    q = read_qrels(TREC_EVAL / "qrels.rel_level")
    r = read_run(TREC_EVAL / "results.test")
    measures = {"map", "P", "recall", "recip_rank", "success", "num_rel", "num_rel_ret"}
    expected = pytrec_eval.RelevanceEvaluator(q, measures, relevance_level=level).evaluate(r)
    got = evia.RelevanceEvaluator(q, measures, relevance_level=level).evaluate(r)
    compare(expected, got)


def generated(tmp_path, topics=60, depth=200):
    """A collection from bench/eval/gen_collection.py (seeded), scores rounded to single
    precision so that pytrec_eval, which keeps them in single precision, ranks as evia does."""
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "eval" / "gen_collection.py"),
            str(tmp_path),
            "--topics",
            str(topics),
            "--judged",
            "80",
            "--depth",
            str(depth),
        ],
        check=True,
    )
    import struct

    def single(x):
        return struct.unpack("f", struct.pack("f", x))[0]

    run = read_run(tmp_path / "runA.trec")
    run = {t: {d: single(s) for d, s in docs.items()} for t, docs in run.items()}
    return read_qrels(tmp_path / "qrels.trec"), run


def test_generated_collection(tmp_path):
    pytrec_eval = reference("pytrec_eval")
    q, r = generated(tmp_path)
    expected = pytrec_eval.RelevanceEvaluator(q, SHARED).evaluate(r)
    got = evia.RelevanceEvaluator(q, SHARED).evaluate(r)
    count, worst = compare(expected, got)
    print(f"generated: {count} values, max |diff| {worst:.3g}")


def test_drop_in_beir_style():
    """BEIR's EvaluateRetrieval.evaluate, with `import evia as pytrec_eval`."""
    reference_module = reference("pytrec_eval")
    import evia as pytrec_eval

    q = read_qrels(TREC_EVAL / "qrels.test")
    r = read_run(TREC_EVAL / "results.test")

    def beir(module):
        k_values = [1, 3, 5, 10, 100]
        map_string = "map_cut." + ",".join(str(k) for k in k_values)
        ndcg_string = "ndcg_cut." + ",".join(str(k) for k in k_values)
        recall_string = "recall." + ",".join(str(k) for k in k_values)
        precision_string = "P." + ",".join(str(k) for k in k_values)
        evaluator = module.RelevanceEvaluator(
            q, {map_string, ndcg_string, recall_string, precision_string}
        )
        scores = evaluator.evaluate(r)
        out = {}
        for k in k_values:
            for name in ("ndcg_cut", "map_cut", "recall", "P"):
                key = f"{name}_{k}"
                out[key] = round(sum(s[key] for s in scores.values()) / len(scores), 5)
        return out

    assert beir(pytrec_eval) == beir(reference_module)


def test_repeated_calls_give_the_same_result():
    q = read_qrels(TREC_EVAL / "qrels.test")
    r = read_run(TREC_EVAL / "results.test")
    evaluator = evia.RelevanceEvaluator(q, {"map", "ndcg_cut_10", "P_5"})
    first = evaluator.evaluate(r)
    for _ in range(3):
        assert evaluator.evaluate(r) == first
    assert all(set(v) == {"map", "ndcg_cut_10", "P_5"} for v in first.values())


def test_empty_topics_as_pytrec_eval():
    pytrec_eval = reference("pytrec_eval")
    q = {"a": {"d1": 1, "d2": 0}, "b": {"d1": 0}, "c": {}}
    r = {"a": {}, "b": {"d1": 1.0, "d2": 0.5}, "c": {"d3": 1.0}, "x": {"d1": 1.0}}
    measures = {"map", "ndcg", "P_5", "recip_rank", "num_ret", "num_rel", "num_rel_ret"}
    expected = pytrec_eval.RelevanceEvaluator(q, measures).evaluate(r)
    got = evia.RelevanceEvaluator(q, measures).evaluate(r)
    compare(expected, got)
    assert evia.RelevanceEvaluator(q, measures).evaluate({}) == {}


def test_real_valued_gains():
    """nDCG with real-valued gains, against the formula computed here: DCG = Σ g(r)/log2(r+1)
    over the ranked list, divided by the DCG of the gains sorted descending."""
    import math

    q = {"t": {"a": 0.5, "b": 2.25, "c": 0.0, "d": 1.0}}
    r = {"t": {"a": 3.0, "c": 2.0, "b": 1.0, "e": 0.5}}
    ranked = ["a", "c", "b", "e"]
    dcg = sum(q["t"].get(d, 0.0) / math.log2(i + 2) for i, d in enumerate(ranked))
    ideal = sorted(q["t"].values(), reverse=True)
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    got = evia.RelevanceEvaluator(q, {"ndcg", "ndcg_cut_3"}).evaluate(r)["t"]
    assert abs(got["ndcg"] - dcg / idcg) <= 1e-12
    dcg3 = sum(q["t"].get(d, 0.0) / math.log2(i + 2) for i, d in enumerate(ranked[:3]))
    idcg3 = sum(g / math.log2(i + 2) for i, g in enumerate(ideal[:3]))
    assert abs(got["ndcg_cut_3"] - dcg3 / idcg3) <= 1e-12


def test_scores_in_double_precision():
    """Two scores equal in single precision but not in double rank by the double value."""
    q = {"t": {"a": 1, "b": 0}}
    r = {"t": {"b": 1.0 + 1e-12, "a": 1.0}}
    assert evia.RelevanceEvaluator(q, {"recip_rank"}).evaluate(r)["t"]["recip_rank"] == 0.5


def test_ntcireval_measures_by_name():
    q = read_qrels(TREC_EVAL / "qrels.test")
    r = read_run(TREC_EVAL / "results.test")
    got = evia.RelevanceEvaluator(q, ["Q-measure", "nERR@10", "RBP", "AP"]).evaluate(r)
    map_ = evia.RelevanceEvaluator(q, ["map"]).evaluate(r)
    for topic, values in got.items():
        assert set(values) == {"Q-measure", "nERR@10", "RBP", "AP"}
        assert values["AP"] == map_[topic]["map"]
        assert all(0.0 <= v <= 1.0 for v in values.values())


def test_errors_carry_the_reason():
    q = {"t": {"a": 1}}
    with pytest.raises(ValueError, match="R-precision"):
        evia.RelevanceEvaluator(q, {"Rprec"})
    with pytest.raises(ValueError, match="persistence 0.9"):
        evia.RelevanceEvaluator(q, {"rbp"})
    with pytest.raises(ValueError, match="unknown measure `nope`"):
        evia.RelevanceEvaluator(q, {"nope"})
    with pytest.raises(TypeError, match="not an int or a float"):
        evia.RelevanceEvaluator({"t": {"a": "1"}}, {"map"})
    with pytest.raises(TypeError, match="not a number"):
        evia.RelevanceEvaluator(q, {"map"}).evaluate({"t": {"a": "x"}})
    with pytest.raises(ValueError, match="not a finite number"):
        evia.RelevanceEvaluator({"t": {"a": 0.5, "b": -1.5}}, {"map"})
