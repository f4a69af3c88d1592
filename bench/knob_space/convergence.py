#!/usr/bin/env python3
"""How a knob-space study's first-order indices settle as the design grows (docs/robustness.md,
"What we do not know about the data": convergence).

Usage: python3 bench/knob_space/convergence.py EVIA_REPRO_BINARY STUDY ARTEFACT CLAIM [N ...]

Copies the project's paper/, data/ and templates/ to bench/out/knob_space/ (git-ignored), restricts
the knob-space study STUDY (A.M1 or B.M1) to the one re-tested artefact ARTEFACT that makes CLAIM
(the claim's outcome at a design point depends only on the point's knob values and seed, which the
restriction leaves unchanged, so CLAIM's column equals the full study's at the same N), runs
`reproduce --only STUDY --design-points N` for each N (default 32 64 128 256 512 1024) and prints,
per N, CLAIM's rate over the space and every knob's first-order index (Kelley-corrected) with its
Holm-adjusted permutation p-value, and the CPU seconds the run took.
"""

import json
import pathlib
import re
import resource
import shutil
import subprocess
import sys


def main() -> None:
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    binary, study, artefact, claim = sys.argv[1:5]
    sizes = [int(n) for n in sys.argv[5:]] or [32, 64, 128, 256, 512, 1024]
    root = pathlib.Path(__file__).resolve().parents[2]
    work = root / "bench" / "out" / "knob_space"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for part in ("paper", "data", "templates"):
        shutil.copytree(root / part, work / part)
    manifest = work / "paper" / "manifest.yaml"
    text = manifest.read_text()
    # The study's `artefacts: [...]` line follows its `- id:` line; the first one after it is its own.
    start = text.index(f"  - id: {study}\n")
    head, tail = text[:start], text[start:]
    tail, count = re.subn(r"artefacts: \[[^\]]*\]", f"artefacts: [{artefact}]", tail, count=1)
    if count != 1:
        sys.exit(f"no `artefacts:` line for {study}")
    manifest.write_text(head + tail)
    slug = "unanimity" if study.startswith("A.") else "lancers"
    print(f"{study} restricted to {artefact}; claim {claim}")
    for n in sizes:
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        subprocess.run(
            [binary, "--root", str(work), "reproduce", "--force", "--threads", "2", "--only", study,
             "--design-points", str(n), "--out", str(work / "out")],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
        cells = json.loads((work / "out" / slug / f"{study}.json").read_text())["cells"]
        get = {(c["panel"], c["row"], c["column"], c["part"]): c["value"] for c in cells}
        knobs = sorted({c["column"] for c in cells if c["panel"] == "indices" and c["row"] == claim},
                       key=lambda k: get[("knobs", k, "position", "value")])
        rate = next((get[(p, claim, "rate", "estimate")], get[(p, claim, "rate", "ci_lo")],
                     get[(p, claim, "rate", "ci_hi")])
                    for p in ("decided_by", "depends_on", "robust")
                    if (p, claim, "rate", "estimate") in get)
        print(f"N = {n:5d}  ({cpu:6.1f} CPU s)  rate {rate[0]:.2f} [{rate[1]:.2f}, {rate[2]:.2f}]")
        for k in knobs:
            index = get[("indices", claim, k, "value")]
            p = get[("indices", claim, k, "p_holm")]
            print(f"    {k:45s} index {index:.3f}  p_holm {p:.3f}")


if __name__ == "__main__":
    main()
