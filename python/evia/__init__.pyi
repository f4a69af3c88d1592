from evia._evia import (
    RelevanceEvaluator as RelevanceEvaluator,
    read_qrels_columns as read_qrels_columns,
    read_run_columns as read_run_columns,
    supported_measures as supported_measures,
)
from evia.frames import (
    Result as Result,
    evaluate as evaluate,
    read_qrels as read_qrels,
    read_run as read_run,
)
from evia.tools import agree as agree, hsd as hsd, tau as tau
