#!/usr/bin/env python3
"""The judges benchmark's collection: 60 TREC runs of 50 topics x 1,000 documents (50,000 lines
each) and two judges' qrels (300 documents per topic; the second judge is the first with noise).
Usage: gen.py OUT_DIR. Deterministic."""
import random
import sys
from pathlib import Path

out = Path(sys.argv[1])
(out / "runs").mkdir(parents=True, exist_ok=True)
rng = random.Random(51)
topics = [str(301 + t) for t in range(50)]
pool = {t: [f"doc{t}-{d:05d}" for d in range(3000)] for t in topics}
human, llm = [], []
rel = {}
for t in topics:
    for d in rng.sample(pool[t], 300):
        level = rng.choice([0, 0, 0, 1, 1, 2, 3])
        rel[(t, d)] = level
        human.append(f"{t} 0 {d} {level}")
        noisy = level if rng.random() < 0.7 else rng.choice([0, 1, 2, 3])
        llm.append(f"{t} 0 {d} {noisy}")
(out / "human.qrels").write_text("\n".join(human) + "\n")
(out / "llm.qrels").write_text("\n".join(llm) + "\n")
for r in range(60):
    skill = 0.2 + r / 60
    lines = []
    for t in topics:
        scored = sorted(pool[t], key=lambda d: -(rel.get((t, d), 0) * skill + rng.random() * 3))
        for rank, d in enumerate(scored[:1000], 1):
            lines.append(f"{t} Q0 {d} {rank} {1000 - rank} run{r:02d}")
    (out / "runs" / f"run{r:02d}").write_text("\n".join(lines) + "\n")
