"""The ``evia`` provider of ir_measures: ``ir_measures.providers.registry["evia"]`` (also
``ir_measures.evia``), registered when ``evia`` is imported with ir_measures installed.

It computes ir_measures' measures that trec_eval's names reach (``P@k``, ``R@k``, ``AP``,
``AP@k``, ``nDCG``, ``nDCG@k``, ``RR``, ``Success@k``, ``Bpref``, ``NumRet``, ``NumRel``, with
``rel`` and ``judged_only`` where ir_measures' pytrec_eval provider takes them) by
:class:`evia.RelevanceEvaluator`, and NTCIREVAL's measures through :func:`NTCIREVAL`
(``NTCIREVAL("Q-measure")``, ``NTCIREVAL("nERR@10")``, …), which no other provider has.
"""

import ir_measures
from ir_measures import Metric, measures, providers
from ir_measures.providers.base import Any, Choices, NOT_PROVIDED

from evia._evia import RelevanceEvaluator


class _NTCIREVAL(measures.Measure):
    """A measure of NTCIREVAL 20200527 by its name (``Q-measure``, ``nERR@10``, ``RBP``,
    ``MSnDCG@10``, …: the names ``evia-repro eval --measures`` takes), computed by evia with
    NTCIREVAL's semantics (per-level linear gains 1:2:…:H, H the highest level of the qrels)."""

    __name__ = "NTCIREVAL"
    NAME = "NTCIREVAL"
    SUPPORTED_PARAMS = {
        "name": measures.ParamInfo(dtype=str, required=True, desc="NTCIREVAL's measure name"),
    }


def NTCIREVAL(name):
    """The ir_measures measure of NTCIREVAL's measure ``name`` (computed by the evia provider)."""
    return _NTCIREVAL(name=name)


class _Invoker:
    """One evia.RelevanceEvaluator for the measures that share a relevance level, a gain mapping
    and the judged-only setting."""

    def __init__(self, qrels, measure_map, rel_level, gains, judged_only):
        if gains is not None:
            qrels = {
                q: {d: gains.get(r, r) for d, r in docs.items()} for q, docs in qrels.items()
            }
        self.evaluator = RelevanceEvaluator(
            qrels,
            [name for _, name in measure_map.values()],
            relevance_level=rel_level,
            judged_docs_only_flag=bool(judged_only),
        )
        self.measure_map = measure_map

    def iter_calc(self, run):
        for query_id, values in self.evaluator.evaluate(run).items():
            for key, value in values.items():
                yield Metric(query_id=query_id, measure=self.measure_map[key][0], value=value)


class EviaEvaluator(providers.Evaluator):
    def __init__(self, measures_, invokers, qrels):
        super().__init__(measures_, set(qrels.keys()))
        self.invokers = invokers

    def _iter_calc(self, run):
        run = ir_measures.util.RunConverter(run).as_dict_of_dict()
        for invoker in self.invokers:
            yield from invoker.iter_calc(run)


def _name(measure):
    """evia's name of an ir_measures measure, and the invocation settings it needs."""
    n = measure.NAME
    cutoff = measure["cutoff"] if "cutoff" in measure.SUPPORTED_PARAMS else NOT_PROVIDED
    rel = measure["rel"] if "rel" in measure.SUPPORTED_PARAMS else 1
    rel = 1 if rel is NOT_PROVIDED else rel
    judged_only = (
        measure["judged_only"] if "judged_only" in measure.SUPPORTED_PARAMS else False
    )
    gains = None
    if n == "P":
        name = f"P_{cutoff}"
    elif n == "RR":
        name = "recip_rank"
    elif n == "AP":
        name = "map" if cutoff is NOT_PROVIDED else f"map_cut_{cutoff}"
    elif n == "nDCG":
        name = "ndcg" if cutoff is NOT_PROVIDED else f"ndcg_cut_{cutoff}"
        if measure["gains"] is not NOT_PROVIDED:
            gains = tuple(sorted(measure["gains"].items()))
    elif n == "R":
        name = f"recall_{cutoff}"
    elif n == "Bpref":
        name, judged_only = "bpref", False
    elif n == "NumRet":
        name = "num_ret" if measure["rel"] is NOT_PROVIDED else "num_rel_ret"
    elif n == "NumRel":
        name = "num_rel"
    elif n == "Success":
        name = f"success_{cutoff}"
    elif n == "NTCIREVAL":
        name, rel, judged_only = measure["name"], 1, False
    else:
        raise ValueError(f"unsupported measure {measure}")
    return name, (rel, gains, bool(judged_only))


class EviaProvider(providers.Provider):
    """evia-repro's evaluation (https://github.com/… python/README.md): trec_eval's measures
    with double-precision scores and real-valued gains, and NTCIREVAL's measures."""

    NAME = "evia"
    SUPPORTED_MEASURES = [
        measures._P(cutoff=Any(required=True), rel=Any(), judged_only=Any()),
        measures._RR(cutoff=Choices(NOT_PROVIDED), rel=Any(), judged_only=Any()),
        measures._AP(cutoff=Any(), rel=Any(), judged_only=Any()),
        measures._nDCG(cutoff=Any(), dcg=Choices("log2"), gains=Any(), judged_only=Any()),
        measures._R(cutoff=Any(required=True), judged_only=Any()),
        measures._Bpref(rel=Any()),
        measures._NumRet(rel=Any()),
        measures._NumRel(rel=Choices(1)),
        measures._Success(rel=Any(), cutoff=Any(required=True), judged_only=Any()),
        _NTCIREVAL(name=Any(required=True)),
    ]

    def _evaluator(self, measures_, qrels):
        qrels = ir_measures.util.QrelsConverter(qrels).as_dict_of_dict()
        groups = {}
        for measure in measures_:
            name, key = _name(measure)
            groups.setdefault(key, {})[name] = (measure, name)
        invokers = [
            _Invoker(
                qrels,
                measure_map,
                rel,
                dict(gains) if gains is not None else None,
                judged_only,
            )
            for (rel, gains, judged_only), measure_map in groups.items()
        ]
        return EviaEvaluator(measures_, invokers, qrels)


def register():
    """Registers the provider (once) in ir_measures' registry, and as ``ir_measures.evia``."""
    if "evia" not in providers.registry:
        provider = providers.register(EviaProvider())
        if not hasattr(ir_measures, "evia"):
            ir_measures.evia = provider
    return providers.registry["evia"]
