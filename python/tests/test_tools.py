"""evia's other tools against the CLI's JSON output (the evia-repro binary: CARGO_TARGET_DIR's or
target/'s release build, built here with `cargo build --release` when absent)."""

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

import evia
from conftest import ROOT


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
