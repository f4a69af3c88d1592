from typing import Any, Mapping

def tau(
    reference: Mapping[str, float],
    compared: Mapping[str, float],
    top_k: int = 10,
    rbo_p: float = 0.9,
) -> dict[str, Any]: ...
