"""evia.evaluate with DataFrames and files, evia.read_qrels and evia.read_run."""

import gzip
import shutil

import pytest

import evia
from conftest import TREC_EVAL, compare, read_qrels, read_run, reference

MEASURES = ["map", "ndcg_cut_10", "P_5", "recall_100", "bpref", "nERR@10"]


def frames():
    pandas = reference("pandas")
    q = read_qrels(TREC_EVAL / "qrels.test")
    r = read_run(TREC_EVAL / "results.test")
    qf = pandas.DataFrame(
        [(t, d, v) for t, docs in q.items() for d, v in docs.items()],
        columns=["query_id", "doc_id", "relevance"],
    )
    rf = pandas.DataFrame(
        [(t, d, s) for t, docs in r.items() for d, s in docs.items()],
        columns=["query_id", "doc_id", "score"],
    )
    return q, r, qf, rf


def test_dataframes_give_the_dict_interfaces_values():
    q, r, qf, rf = frames()
    expected = evia.RelevanceEvaluator(q, MEASURES).evaluate(r)
    result = evia.evaluate(qf, rf, MEASURES)
    got = {
        row["query_id"]: {m: row[m] for m in expected[row["query_id"]]}
        for _, row in result.per_query.iterrows()
    }
    compare(expected, got, tolerance=0.0)
    for _, row in result.aggregate.iterrows():
        mean = sum(v[row["measure"]] for v in expected.values()) / len(expected)
        assert abs(row["value"] - mean) <= 1e-12


def test_files_plain_and_gzip(tmp_path):
    _, _, qf, rf = frames()
    from_frames = evia.evaluate(qf, rf, MEASURES)
    gz = tmp_path / "run.gz"
    with open(TREC_EVAL / "results.test", "rb") as src, gzip.open(gz, "wb") as dst:
        shutil.copyfileobj(src, dst)
    from_files = evia.evaluate(TREC_EVAL / "qrels.test", str(gz), MEASURES)
    assert from_files.per_query.equals(from_frames.per_query)
    assert from_files.aggregate.equals(from_frames.aggregate)


def test_read_qrels_and_run():
    q = read_qrels(TREC_EVAL / "qrels.test")
    r = read_run(TREC_EVAL / "results.test")
    qf = evia.read_qrels(TREC_EVAL / "qrels.test")
    assert list(qf.columns) == ["query_id", "doc_id", "relevance"]
    assert {(t, d): v for t, d, v in qf.itertuples(index=False)} == {
        (t, d): v for t, docs in q.items() for d, v in docs.items()
    }
    rf = evia.read_run(TREC_EVAL / "results.comment.test.gz")
    assert list(rf.columns) == ["query_id", "doc_id", "score"]
    rf = evia.read_run(TREC_EVAL / "results.test")
    assert {(t, d): s for t, d, s in rf.itertuples(index=False)} == {
        (t, d): s for t, docs in r.items() for d, s in docs.items()
    }
    # Each query's documents in trec_eval's ranking: score descending, ties by id descending.
    for _, group in rf.groupby("query_id", sort=False):
        keys = list(zip(group["score"], group["doc_id"]))
        assert keys == sorted(keys, reverse=True)


def test_file_errors_name_the_file_and_line(tmp_path):
    bad = tmp_path / "bad.qrels"
    bad.write_text("301 0 d1 1\n301 0 d2 x\n")
    with pytest.raises(ValueError, match=r"bad\.qrels:2"):
        evia.read_qrels(bad)
    with pytest.raises(ValueError, match="missing.run"):
        evia.read_run(tmp_path / "missing.run")
    _, _, qf, rf = frames()
    with pytest.raises(ValueError, match="lacks the column"):
        evia.evaluate(qf, rf.rename(columns={"score": "s"}), MEASURES)


def test_a_document_listed_twice_for_a_query_is_refused():
    pandas = reference("pandas")
    qf = pandas.DataFrame(
        [("q1", "d1", 1), ("q1", "d2", 0)], columns=["query_id", "doc_id", "relevance"]
    )
    rf = pandas.DataFrame(
        [("q1", "d1", 2.0), ("q1", "d2", 1.0), ("q1", "d1", 0.5)],
        columns=["query_id", "doc_id", "score"],
    )
    with pytest.raises(ValueError, match=r"row 2: document d1 is listed again for query q1 \(first in row 0\)"):
        evia.evaluate(qf, rf, ["map"])


@pytest.mark.parametrize("level", [0, -1])
def test_a_relevance_level_below_one_is_refused(level):
    with pytest.raises(ValueError, match="relevance_level must be at least 1"):
        evia.RelevanceEvaluator({"q1": {"d1": 1}}, {"map"}, relevance_level=level)


def test_float_or_missing_ids_are_refused():
    pandas = reference("pandas")
    qf = pandas.DataFrame([(1, "d1", 1)], columns=["query_id", "doc_id", "relevance"])
    rf = pandas.DataFrame([(1.0, "d1", 2.0)], columns=["query_id", "doc_id", "score"])
    with pytest.raises(TypeError, match="column query_id holds floats"):
        evia.evaluate(qf, rf, ["map"])
    rf = pandas.DataFrame([("1", None, 2.0)], columns=["query_id", "doc_id", "score"])
    with pytest.raises(TypeError, match="column doc_id has no id in row 0"):
        evia.evaluate(qf, rf, ["map"])
    rf = pandas.DataFrame([(1, "d1", 2.0)], columns=["query_id", "doc_id", "score"])
    assert evia.evaluate(qf, rf, ["map"]).per_query["map"].tolist() == [1.0]
