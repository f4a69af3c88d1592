import os
from dataclasses import dataclass
from typing import Iterable, Union

import pandas

Source = Union[pandas.DataFrame, str, os.PathLike]

def read_qrels(path: Union[str, os.PathLike]) -> pandas.DataFrame: ...
def read_run(path: Union[str, os.PathLike]) -> pandas.DataFrame: ...
@dataclass(frozen=True)
class Result:
    per_query: pandas.DataFrame
    aggregate: pandas.DataFrame

def evaluate(
    qrels: Source,
    run: Source,
    measures: Union[str, Iterable[str]],
    relevance_level: int = 1,
    judged_docs_only: bool = False,
) -> Result: ...
