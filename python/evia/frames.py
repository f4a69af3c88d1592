"""pandas in and out: DataFrames with ir_measures' and ranx's column names (``query_id``,
``doc_id``, ``relevance`` for qrels, ``score`` for runs), or TREC/NTCIR files read by
evia-tools' readers (gzip read directly; errors name the file, line and cause)."""

import os
from dataclasses import dataclass

from evia._evia import RelevanceEvaluator, read_qrels_columns, read_run_columns

QRELS_COLUMNS = ("query_id", "doc_id", "relevance")
RUN_COLUMNS = ("query_id", "doc_id", "score")


def _pandas():
    import pandas

    return pandas


def read_qrels(path):
    """A qrels file (TREC ``topic iter doc rel`` or NTCIR ``topic doc Lx``, gzip or not) as a
    DataFrame with columns ``query_id``, ``doc_id``, ``relevance`` (TREC's negative relevance,
    in the pool but unjudged, is -1)."""
    q, d, r = read_qrels_columns(os.fspath(path))
    return _pandas().DataFrame({"query_id": q, "doc_id": d, "relevance": r})


def read_run(path):
    """A run file (TREC, or NTCIR res form, gzip or not) as a DataFrame with columns
    ``query_id``, ``doc_id``, ``score``, each query's documents in trec_eval's ranking (a res
    file's score is minus the rank)."""
    q, d, s = read_run_columns(os.fspath(path))
    return _pandas().DataFrame({"query_id": q, "doc_id": d, "score": s})


def _columns(frame, names, what):
    if isinstance(frame, (str, os.PathLike)):
        reader = read_qrels_columns if what == "qrels" else read_run_columns
        return reader(os.fspath(frame))
    missing = [c for c in names if c not in frame.columns]
    if missing:
        raise ValueError(
            f"the {what} DataFrame lacks the column(s) {', '.join(missing)}; "
            f"expected {', '.join(names)}"
        )
    return (_ids(frame, names[0], what), _ids(frame, names[1], what), frame[names[2]].tolist())


def _ids(frame, column, what):
    """The ids of ``column`` as str. Integer and str ids are taken as written; a float column
    (``1.0`` would not match another frame's ``1``) or a missing id is a ``TypeError`` naming the
    column and row."""
    values = frame[column]
    if values.dtype.kind == "f":
        raise TypeError(
            f"the {what} DataFrame's column {column} holds floats; ids must be str or int "
            f"(1.0 and 1 would be different ids)"
        )
    missing = values.isna()
    if missing.any():
        row = int(missing.to_numpy().nonzero()[0][0])
        raise TypeError(f"the {what} DataFrame's column {column} has no id in row {row}")
    return values.astype(str).tolist()


@dataclass(frozen=True)
class Result:
    """The result of :func:`evaluate`: ``per_query`` (one row per query, one column per
    measure, the query ids in column ``query_id``) and ``aggregate`` (columns ``measure`` and
    ``value``: each measure's arithmetic mean over the queries evaluated, trec_eval's mean)."""

    per_query: "object"
    aggregate: "object"


def evaluate(qrels, run, measures, relevance_level=1, judged_docs_only=False):
    """Evaluates ``run`` against ``qrels`` on ``measures`` (the names
    :class:`RelevanceEvaluator` takes) and returns a :class:`Result`.

    ``qrels`` and ``run`` are DataFrames (``query_id``, ``doc_id``, ``relevance`` / ``score``)
    or paths of TREC or NTCIR files. A query of the run that the qrels do not judge is left
    out, as trec_eval does.
    """
    pandas = _pandas()
    qcols = _columns(qrels, QRELS_COLUMNS, "qrels")
    rcols = _columns(run, RUN_COLUMNS, "run")
    if isinstance(measures, str):
        measures = [measures]
    evaluator = RelevanceEvaluator.from_columns(
        *qcols, measures, relevance_level, judged_docs_only
    )
    values = evaluator.evaluate_columns(*rcols)
    names = evaluator.measures
    per_query = pandas.DataFrame(
        [[q] + [v[m] for m in names] for q, v in values.items()],
        columns=["query_id"] + names,
    )
    aggregate = pandas.DataFrame(
        {
            "measure": names,
            "value": [per_query[m].mean() if len(per_query) else float("nan") for m in names],
        }
    )
    return Result(per_query=per_query, aggregate=aggregate)
