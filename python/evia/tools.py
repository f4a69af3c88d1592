"""evia-repro's other tools as functions returning plain dicts, with the CLI's numbers."""

import json
import os

from evia._evia import agree_json, hsd_json, tau_json


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


_LABEL_COLUMNS = {
    "topic": ("topic", "query_id"),
    "doc": ("doc", "doc_id"),
    "assessor": ("assessor",),
    "label": ("label", "relevance"),
}


def _label_rows(frame):
    """The (topic, doc, assessor, label) columns of a DataFrame as four lists."""
    found = []
    for role, names in _LABEL_COLUMNS.items():
        name = next((n for n in names if n in frame.columns), None)
        if name is None:
            raise ValueError(
                f"the labels DataFrame has no {role} column (one of {', '.join(names)}); "
                f"its columns are {', '.join(map(str, frame.columns))}"
            )
        found.append(frame[name])
    topics, docs, assessors, labels = found
    return (
        [str(v) for v in topics.tolist()],
        [str(v) for v in docs.tolist()],
        [str(v) for v in assessors.tolist()],
        [int(v) if float(v).is_integer() else v for v in labels.tolist()],
    )


def agree(
    labels,
    *,
    layout="long",
    scale="0..2",
    header=False,
    columns=None,
    duplicates="error",
    kappa_se="cohen",
    weights_over="declared",
    min_topic_items=None,
    relevant_from=None,
):
    """The inter-assessor agreement of ``evia-repro agree``, as the dict of its JSON output
    (``agree --format json --pairs full``: the headline, Fleiss' kappa and Krippendorff's alpha,
    the topic sets, and every pair of assessors with its kappas, confusion matrix and per-topic
    kappas).

    ``labels`` is a label file's path (gzip read directly; ``layout``, ``header`` and
    ``columns`` as the CLI's ``--layout``, ``--header`` and ``--columns``) or a pandas DataFrame
    of one label a row, with columns ``topic`` (or ``query_id``), ``doc`` (or ``doc_id``),
    ``assessor`` and ``label`` (or ``relevance``), integer labels. The other keywords are the
    CLI's options of the same names: ``scale`` ("MIN..MAX"), ``duplicates`` (error, first, last,
    majority), ``kappa_se`` (cohen, fce), ``weights_over`` (declared, observed),
    ``min_topic_items`` (default 2k² for k labels) and ``relevant_from`` (the binary kappa's
    lowest relevant label). An error is a ``ValueError`` with the CLI's message (file or
    DataFrame row, and cause).
    """
    if hasattr(labels, "columns") and hasattr(labels, "__getitem__"):
        if layout != "long" or header or columns is not None:
            raise ValueError("layout, header and columns are for a label file, not a DataFrame")
        path, rows = None, _label_rows(labels)
    else:
        path, rows = os.fspath(labels), None
    return json.loads(
        agree_json(
            path,
            rows,
            layout=layout,
            scale=scale,
            header=header,
            columns=columns,
            duplicates=duplicates,
            kappa_se=kappa_se,
            weights_over=weights_over,
            min_topic_items=min_topic_items,
            relevant_from=relevant_from,
        )
    )


def hsd(matrix, *, trials=10000, seed=2017, alpha=0.05, threads=None):
    """The randomised Tukey HSD of ``evia-repro hsd`` (and the classical Tukey HSD p-values), as
    the dict of its JSON output: ``topics``, ``runs``, ``means``, the two-way ANOVA's
    ``ss_residual``, ``df_residual`` and ``v_e``, and ``pairs``, one per pair of runs with
    ``mean_a``, ``mean_b``, ``diff``, ``p_randomised`` (and its Monte Carlo ``p_randomised_se``),
    ``p_classical``, ``es_hsd`` and ``significant`` (randomised p < ``alpha``).

    ``matrix`` is a topic-by-run TSV file's path (header ``topic<TAB>run1<TAB>…``) or a pandas
    DataFrame with a row per topic and a column per run (topic ids from a ``topic`` column if it
    has one, else from the index). ``trials`` (B), ``seed`` and ``alpha`` are the CLI's
    ``--trials``, ``--seed`` and ``--alpha``: the same seed gives the CLI's p-values; ``threads``
    (default every core) changes nothing but the time. An error is a ``ValueError`` with the
    CLI's message.
    """
    if hasattr(matrix, "columns") and hasattr(matrix, "index"):
        if "topic" in matrix.columns:
            topics = matrix["topic"].tolist()
            matrix = matrix.drop(columns="topic")
        else:
            topics = matrix.index.tolist()
        values = (
            [str(t) for t in topics],
            [str(r) for r in matrix.columns],
            [[float(v) for v in row] for row in matrix.itertuples(index=False)],
        )
        path = None
    else:
        path, values = os.fspath(matrix), None
    return json.loads(
        hsd_json(path, values, trials=trials, seed=seed, alpha=alpha, threads=threads)
    )
