from typing import Iterable, Mapping, Union

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
