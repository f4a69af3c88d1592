import os
from typing import Any, Literal, Mapping, Optional, Union

import pandas

def tau(
    reference: Mapping[str, float],
    compared: Mapping[str, float],
    top_k: int = 10,
    rbo_p: float = 0.9,
) -> dict[str, Any]: ...

def agree(
    labels: Union[str, os.PathLike[str], pandas.DataFrame],
    *,
    layout: Literal["long", "wide", "wide-unnamed"] = "long",
    scale: str = "0..2",
    header: bool = False,
    columns: Optional[str] = None,
    duplicates: Literal["error", "first", "last", "majority"] = "error",
    kappa_se: Literal["cohen", "fce"] = "cohen",
    weights_over: Literal["declared", "observed"] = "declared",
    min_topic_items: Optional[int] = None,
    relevant_from: Optional[int] = None,
) -> dict[str, Any]: ...

def hsd(
    matrix: Union[str, os.PathLike[str], pandas.DataFrame],
    *,
    trials: int = 10000,
    seed: int = 2017,
    alpha: float = 0.05,
    threads: Optional[int] = None,
) -> dict[str, Any]: ...
