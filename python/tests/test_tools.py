"""evia's other tools against the CLI's JSON output (the evia-repro binary: CARGO_TARGET_DIR's or
target/'s release build, built here with `cargo build --release` when absent)."""

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

import evia
from conftest import ROOT, reference


@pytest.fixture(scope="session")
def cli():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    binary = target / "release" / "evia-repro"
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "evia-repro"], cwd=ROOT, check=True)
    return binary


def scores(seed, runs=12):
    rng = random.Random(seed)
    base = {f"run{i:02d}": rng.random() for i in range(runs)}
    noisy = {r: s + rng.gauss(0, 0.15) for r, s in base.items()}
    noisy["run03"] = base["run03"]  # a tie-free pair kept equal
    return base, noisy


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("top_k,rbo_p", [(10, 0.9), (3, 0.5)])
def test_tau_gives_the_clis_numbers(cli, tmp_path, seed, top_k, rbo_p):
    reference, compared = scores(seed)
    del compared["run11"]  # a run only the reference has
    compared["extra"] = 0.5
    files = []
    for name, table in (("reference", reference), ("compared", compared)):
        path = tmp_path / name
        path.write_text("".join(f"{r} {s!r}\n" for r, s in table.items()))
        files.append(path)
    out = subprocess.run(
        [cli, "tau", *map(str, files), "--format", "json", "--top-k", str(top_k), "--rbo-p", repr(rbo_p)],
        capture_output=True,
        text=True,
        check=True,
    )
    row = json.loads(out.stdout)["measures"][0]
    del row["measure"]
    assert evia.tau(reference, compared, top_k=top_k, rbo_p=rbo_p) == row


def test_tau_errors():
    with pytest.raises(ValueError, match="at least 3"):
        evia.tau({"a": 1.0, "b": 2.0}, {"a": 1.0, "b": 2.0})
    with pytest.raises(ValueError, match="top_k"):
        evia.tau({"a": 1.0, "b": 2.0, "c": 3.0}, {"a": 1.0, "b": 2.0, "c": 3.0}, top_k=2)


FOUR = ROOT / "tests" / "fixtures" / "four-assessors" / "labels.tsv"


def cli_agree(cli, path, *options):
    """`evia-repro agree --format json --pairs full` on `path`, parsed."""
    out = subprocess.run(
        [cli, "agree", "--labels", str(path), "--format", "json", "--pairs", "full", *options],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def same(expected, got, where="$"):
    """`got` equals `expected` key by key and value by value (floats within 1e-12, as the JSON
    text rounds neither side)."""
    if isinstance(expected, dict):
        assert isinstance(got, dict) and set(got) == set(expected), (where, set(got) ^ set(expected))
        for k, v in expected.items():
            same(v, got[k], f"{where}.{k}")
    elif isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), where
        for i, (v, g) in enumerate(zip(expected, got)):
            same(v, g, f"{where}[{i}]")
    elif isinstance(expected, float) and isinstance(got, float):
        assert abs(expected - got) <= 1e-12, (where, expected, got)
    else:
        assert expected == got, (where, expected, got)


def long_rows(path):
    """The wide four-assessor file as long rows (topic, doc, assessor, label)."""
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    names = lines[0][2:]
    return [(t, d, a, int(l)) for t, d, *labels in lines[1:] for a, l in zip(names, labels)]


AGREE_OPTIONS = [
    ({}, []),
    ({"kappa_se": "fce", "weights_over": "observed"}, ["--kappa-se", "fce", "--weights-over", "observed"]),
    ({"relevant_from": 2, "min_topic_items": 10}, ["--relevant-from", "2", "--min-topic-items", "10"]),
]


@pytest.mark.parametrize("keywords,flags", AGREE_OPTIONS)
def test_agree_on_a_file_gives_the_clis_json(cli, keywords, flags):
    expected = cli_agree(cli, FOUR, "--layout", "wide", "--scale", "0..3", *flags)
    got = evia.agree(FOUR, layout="wide", scale="0..3", **keywords)
    assert len(got["pairs"]) == 6 and got["many_raters"] is not None
    same(expected, got)


@pytest.mark.parametrize("keywords,flags", AGREE_OPTIONS)
def test_agree_on_a_dataframe_gives_the_clis_json_on_the_same_rows(cli, tmp_path, keywords, flags):
    pandas = reference("pandas")
    rows = long_rows(FOUR)
    path = tmp_path / "long.tsv"
    path.write_text("".join(f"{t}\t{d}\t{a}\t{l}\n" for t, d, a, l in rows))
    expected = cli_agree(cli, path, "--scale", "0..3", *flags)
    frame = pandas.DataFrame(rows, columns=["query_id", "doc_id", "assessor", "label"])
    got = evia.agree(frame, scale="0..3", **keywords)
    assert got.pop("labels") == "<DataFrame>"
    del expected["labels"]
    same(expected, got)


def test_agree_with_a_header_chosen_columns_and_repeats(cli, tmp_path):
    rows = long_rows(FOUR)
    lines = ["label\tassessor\tdoc\ttopic\textra"]
    lines += [f"{l}\t{a}\t{d}\t{t}\tx" for t, d, a, l in rows]
    lines += [f"0\ta1\td00\tT00\tx"]  # a repeat of a1's label of T00/d00
    path = tmp_path / "labels.tsv"
    path.write_text("\n".join(lines) + "\n")
    columns = "topic=topic,doc=doc,assessor=assessor,label=label"
    expected = cli_agree(
        cli, path, "--scale", "0..3", "--header", "--columns", columns, "--duplicates", "last"
    )
    got = evia.agree(path, scale="0..3", header=True, columns=columns, duplicates="last")
    assert got["repeats_dropped"] == 1
    same(expected, got)


def test_agree_errors_carry_the_clis_messages(tmp_path):
    with pytest.raises(ValueError, match=r"labels\.tsv:2: .*found `3`"):
        evia.agree(FOUR, layout="wide", scale="0..2")  # a label 3 off the scale
    with pytest.raises(ValueError, match="expected one of error, first, last, majority"):
        evia.agree(FOUR, layout="wide", scale="0..3", duplicates="keep")
    with pytest.raises(ValueError, match="relevant_from=0"):
        evia.agree(FOUR, layout="wide", scale="0..3", relevant_from=0)
    pandas = reference("pandas")
    frame = pandas.DataFrame(
        [("t", "d1", "a", 1), ("t", "d1", "b", 7)], columns=["topic", "doc", "assessor", "label"]
    )
    with pytest.raises(ValueError, match="<DataFrame>:2: .*found `7`"):
        evia.agree(frame)
    with pytest.raises(ValueError, match="no assessor column"):
        evia.agree(frame.rename(columns={"assessor": "judge"}))


def score_matrix(seed, topics=15, runs=5):
    """A seeded topic-by-run matrix: run r's scores centred on r/10, with ties and a shared row."""
    rng = random.Random(seed)
    names = [f"run{r}" for r in range(runs)]
    rows = [[round(min(1.0, max(0.0, r / 10 + rng.gauss(0.3, 0.2))), 4) for r in range(runs)] for _ in range(topics)]
    rows[0] = [0.5] * runs
    return [f"T{t:02d}" for t in range(topics)], names, rows


@pytest.mark.parametrize("seed,trials,alpha", [(1, 1000, 0.05), (2, 500, 0.2), (3, 2000, 0.01)])
def test_hsd_gives_the_clis_json(cli, tmp_path, seed, trials, alpha):
    pandas = reference("pandas")
    topics, runs, rows = score_matrix(seed)
    path = tmp_path / "matrix.tsv"
    path.write_text(
        "\t".join(["topic", *runs]) + "\n"
        + "".join("\t".join([t, *map(repr, row)]) + "\n" for t, row in zip(topics, rows))
    )
    out = subprocess.run(
        [cli, "hsd", "--matrix", str(path), "--format", "json", "--trials", str(trials),
         "--seed", str(seed + 100), "--alpha", repr(alpha)],
        capture_output=True,
        text=True,
        check=True,
    )
    expected = json.loads(out.stdout)
    assert len(expected["pairs"]) == 10
    got = evia.hsd(path, trials=trials, seed=seed + 100, alpha=alpha, threads=1)
    same(expected, got)
    frame = pandas.DataFrame(rows, columns=runs, index=topics)
    from_frame = evia.hsd(frame, trials=trials, seed=seed + 100, alpha=alpha)
    assert from_frame.pop("matrix") == "<DataFrame>"
    del expected["matrix"]
    same(expected, from_frame)
    with_column = frame.reset_index().rename(columns={"index": "topic"})
    assert evia.hsd(with_column, trials=trials, seed=seed + 100, alpha=alpha)["pairs"] == from_frame["pairs"]


def test_hsd_errors_carry_the_clis_messages(tmp_path):
    pandas = reference("pandas")
    path = tmp_path / "m.tsv"
    path.write_text("topic\ta\tb\nT1\t0.5\tx\nT2\t0.1\t0.2\n")
    with pytest.raises(ValueError, match=r"m\.tsv:2"):
        evia.hsd(path)
    frame = pandas.DataFrame([[0.1, float("nan")], [0.2, 0.3]], columns=["a", "b"], index=["T1", "T2"])
    with pytest.raises(ValueError, match="<DataFrame>:2"):
        evia.hsd(frame)
    with pytest.raises(ValueError, match="alpha"):
        evia.hsd(frame.fillna(0.0), alpha=1.5)
    with pytest.raises(ValueError, match="trials"):
        evia.hsd(frame.fillna(0.0), trials=0)
