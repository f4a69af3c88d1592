"""evia-repro's other tools as functions returning plain dicts, with the CLI's numbers."""

import json

from evia._evia import tau_json


def tau(reference, compared, top_k=10, rbo_p=0.9):
    """The rank correlations of ``evia-repro tau`` between two scorings of the same runs.

    ``reference`` and ``compared`` map run names to scores (e.g. each run's mean nDCG@10 under
    two judges' qrels); the runs both have are compared (at least 3). Returns the dict of the
    CLI's JSON row for one measure: ``runs``, ``kendall_tau_b`` (value, 95% ``ci``, runs),
    ``tau_ap``, ``tau_ap_b``, ``top_k_tau``, ``rbo`` (rank-biased overlap, persistence
    ``rbo_p``), ``spearman``, ``same_top_run``, ``largest_rank_change``; a statistic undefined
    on these scores has value ``None`` and the reason in ``undefined``.
    """
    return json.loads(
        tau_json(
            [(str(r), float(s)) for r, s in reference.items()],
            [(str(r), float(s)) for r, s in compared.items()],
            top_k,
            rbo_p,
        )
    )
