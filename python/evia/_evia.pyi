import os
from typing import Iterable, Mapping, Optional, Union

Qrels = Mapping[str, Mapping[str, Union[int, float]]]
Run = Mapping[str, Mapping[str, float]]

supported_measures: frozenset[str]

class RelevanceEvaluator:
    """pytrec_eval's RelevanceEvaluator over evia's evaluation.

    ``query_relevance``: {query id: {document id: relevance}}, relevance an int (a level) or a
    float (a real-valued gain). ``measures``: trec_eval names (``map``, ``ndcg_cut_10``, ``P``, …),
    NTCIREVAL names (``Q-measure``, ``nERR@10``, …) or ir_measures spellings.
    ``relevance_level``: the lowest relevant level (levels below it count as 0).
    ``judged_docs_only_flag``: drop unjudged documents before evaluating (trec_eval -J).
    """

    def __init__(
        self,
        query_relevance: Qrels,
        measures: Union[str, Iterable[str]],
        relevance_level: int = 1,
        judged_docs_only_flag: bool = False,
    ) -> None: ...
    def evaluate(self, scores: Run) -> dict[str, dict[str, float]]:
        """{query id: {measure: value}} for every query of ``scores`` the qrels judge."""
        ...
    @property
    def measures(self) -> list[str]:
        """The output keys, in the order ``evaluate`` gives them."""
        ...
    def evaluate_columns(
        self, query_ids: Iterable[str], doc_ids: Iterable[str], scores: Iterable[float]
    ) -> dict[str, dict[str, float]]:
        """``evaluate`` of a run given as three columns of equal length (e.g. ``Series.tolist()``)."""
        ...
    @staticmethod
    def from_columns(
        query_ids: Iterable[str],
        doc_ids: Iterable[str],
        relevance: Iterable[Union[int, float]],
        measures: Union[str, Iterable[str]],
        relevance_level: int = 1,
        judged_docs_only_flag: bool = False,
    ) -> "RelevanceEvaluator":
        """A RelevanceEvaluator of a qrels given as three columns of equal length."""
        ...

def read_qrels_columns(path: str) -> tuple[list[str], list[str], list[int]]:
    """A qrels file (TREC or NTCIR, gzip or not) as columns; errors name the file, line and cause."""
    ...

def read_run_columns(path: str) -> tuple[list[str], list[str], list[float]]:
    """A run file (TREC or NTCIR res, gzip or not) as columns, each query in trec_eval's ranking."""
    ...

def tau_json(
    reference: list[tuple[str, float]],
    compared: list[tuple[str, float]],
    top_k: int = 10,
    rbo_p: float = 0.9,
) -> str:
    """The rank correlations of ``evia-repro tau`` as the JSON text of the CLI's row."""
    ...

def agree_json(
    path: Optional[Union[str, os.PathLike[str]]],
    rows: Optional[tuple[list[str], list[str], list[str], list[int]]],
    *,
    layout: str,
    scale: str,
    header: bool,
    columns: Optional[str],
    duplicates: str,
    kappa_se: str,
    weights_over: str,
    min_topic_items: Optional[int],
    relevant_from: Optional[int],
) -> str:
    """The agreement of ``evia-repro agree`` over a label file or label rows, as the JSON text of
    ``agree --format json --pairs full``."""
    ...

def hsd_json(
    path: Optional[Union[str, os.PathLike[str]]],
    values: Optional[tuple[list[str], list[str], list[list[float]]]],
    *,
    trials: int,
    seed: int,
    alpha: float,
    threads: Optional[int] = None,
) -> str:
    """The report of ``evia-repro hsd`` on a matrix file or values, as the JSON text of
    ``hsd --format json``."""
    ...
