"""evia: IR evaluation over evia-repro's engine.

``evia.RelevanceEvaluator`` has pytrec_eval's interface (``import evia as pytrec_eval`` works for
the measures listed in ``supported_measures``), with run scores kept in double precision,
real-valued relevance accepted, and NTCIREVAL's measures (``Q-measure``, ``nERR@10``, ``RBP``, …)
reachable by their names. The conventions where it differs from pytrec_eval are in
python/README.md.
"""

from evia._evia import RelevanceEvaluator, supported_measures

__all__ = ["RelevanceEvaluator", "supported_measures"]
