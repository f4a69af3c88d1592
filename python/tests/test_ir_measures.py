"""The ir_measures provider `evia` against ir_measures' default providers."""

import itertools

import evia
from conftest import TREC_EVAL, reference

# The measures evia shares with ir_measures' pytrec_eval provider.
SHARED = [
    "nDCG@10",
    "nDCG@20",
    "nDCG",
    "AP",
    "AP@10",
    "P@5",
    "P@10",
    "P(rel=2)@10",
    "R@100",
    "R@1000",
    "RR",
    "RR(rel=2)",
    "Success@1",
    "Success@10",
    "Bpref",
    "NumRet",
    "NumRet(rel=1)",
    "NumRel",
]

# Measured in a call of their own: ir_measures' pytrec_eval provider puts NumRet (and nDCG without
# gains) into whichever pytrec_eval invocation it made first, which may be a judged-only one, and
# then reports the judged documents retrieved as NumRet.
JUDGED_ONLY = ["P(judged_only=True)@10", "nDCG(judged_only=True)@10", "AP(judged_only=True)"]

PAIRS = [
    ("qrels.test", "results.test"),
    ("qrels.rel_level", "results.test"),
    ("qrels.comment.test.gz", "results.comment.test.gz"),
]


def test_registered_on_import():
    ir_measures = reference("ir_measures")
    assert "evia" in ir_measures.providers.registry
    assert isinstance(ir_measures.providers.registry["evia"], evia.ir_measures_provider.EviaProvider)


def test_shared_measures_match_the_default_providers():
    ir_measures = reference("ir_measures")
    provider = ir_measures.providers.registry["evia"]
    total, worst = 0, 0.0
    for (qrels_name, run_name), names in itertools.product(PAIRS, (SHARED, JUDGED_ONLY)):
        measures = [ir_measures.parse_measure(m) for m in names]
        qrels = list(ir_measures.read_trec_qrels(str(TREC_EVAL / qrels_name)))
        run = list(ir_measures.read_trec_run(str(TREC_EVAL / run_name)))
        expected = {(m.query_id, m.measure): m.value for m in ir_measures.iter_calc(measures, qrels, run)}
        got = {(m.query_id, m.measure): m.value for m in provider.iter_calc(measures, qrels, run)}
        assert set(got) == set(expected)
        for key, value in expected.items():
            assert abs(got[key] - value) <= 1e-12, (qrels_name, key, value, got[key])
            worst = max(worst, abs(got[key] - value))
        total += len(expected)
        agg = provider.calc_aggregate(measures, qrels, run)
        ref = ir_measures.calc_aggregate(measures, qrels, run)
        for m in measures:
            assert abs(agg[m] - ref[m]) <= 1e-12, (m, agg[m], ref[m])
    print(f"ir_measures: {total} per-query values, max |diff| {worst:.3g}")


def test_ntcireval_measures_through_ir_measures():
    ir_measures = reference("ir_measures")
    provider = ir_measures.providers.registry["evia"]
    from evia.ir_measures_provider import NTCIREVAL

    qrels = list(ir_measures.read_trec_qrels(str(TREC_EVAL / "qrels.test")))
    run = list(ir_measures.read_trec_run(str(TREC_EVAL / "results.test")))
    names = ["Q-measure", "nERR@10", "RBP", "AP"]
    got = provider.calc_aggregate([NTCIREVAL(n) for n in names], qrels, run)
    direct = evia.evaluate(evia.read_qrels(TREC_EVAL / "qrels.test"), evia.read_run(TREC_EVAL / "results.test"), names)
    for _, row in direct.aggregate.iterrows():
        assert abs(got[NTCIREVAL(row["measure"])] - row["value"]) <= 1e-12
