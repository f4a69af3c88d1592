"""evia: IR evaluation over evia-repro's engine.

``evia.RelevanceEvaluator`` has pytrec_eval's interface (``import evia as pytrec_eval`` works for
code that builds a ``RelevanceEvaluator`` and calls ``evaluate``, for the measures listed in
``supported_measures``), with run scores kept in double precision,
real-valued relevance accepted, and NTCIREVAL's measures (``Q-measure``, ``nERR@10``, ``RBP``, …)
reachable by their names. ``evia.evaluate`` takes pandas DataFrames (the columns ir_measures and
ranx use: ``query_id``, ``doc_id``, ``relevance`` / ``score``) or file paths and gives per-query
and aggregate results from one call. The conventions where evia differs from pytrec_eval are in
python/README.md.
"""

import os

from evia._evia import (
    RelevanceEvaluator,
    read_qrels_columns,
    read_run_columns,
    supported_measures,
)
from evia.frames import Result, evaluate, read_qrels, read_run
from evia.tools import agree, hsd, tau

__all__ = [
    "RelevanceEvaluator",
    "agree",
    "Result",
    "evaluate",
    "hsd",
    "read_qrels",
    "read_run",
    "supported_measures",
    "tau",
]


def _register_ir_measures_provider():
    """Registers the ``evia`` provider in ir_measures when ir_measures is installed."""
    try:
        import ir_measures  # noqa: F401
    except ImportError:
        return
    try:
        from evia import ir_measures_provider

        ir_measures_provider.register()
    except Exception as e:  # an ir_measures whose provider API differs from the one tested
        import warnings

        warnings.warn(
            f"evia: the ir_measures provider was not registered ({type(e).__name__}: {e}); "
            "evia itself works, and ir_measures keeps its own providers",
            stacklevel=2,
        )


if not os.environ.get("EVIA_NO_IR_MEASURES"):
    _register_ir_measures_provider()
