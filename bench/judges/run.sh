#!/usr/bin/env bash
# `evia-repro judges` on 60 runs x 50,000 lines under two judges, two measures and the default
# trials, against the `eval` loop (one process per run, under each judge).
# Usage: bench/judges/run.sh (from the repository root).
set -euo pipefail
target="${CARGO_TARGET_DIR:-target}"
bin="$target/release/evia-repro"
cargo build --release --quiet
out=bench/out/judges
[ -f "$out/runs/run59" ] || python3 bench/judges/gen.py "$out"
echo "judges (2 judges, nDCG@10 and AP, default trials):"
/usr/bin/time -f "wall %e s, user %U s, sys %S s, max RSS %M KiB" \
    "$bin" judges --qrels "human=$out/human.qrels" --qrels "llm=$out/llm.qrels" \
    --runs "$out/runs" --measures nDCG@10,AP >"$out/judges.txt"
for judge in human llm; do
    echo "eval loop under $judge (60 processes):"
    /usr/bin/time -f "wall %e s, user %U s, sys %S s" bash -c '
        for run in "$1"/runs/run*; do
            "$2" eval --qrels "$1/$3.qrels" --run "$run" --measures nDCG@10,AP --format tsv >/dev/null
        done' _ "$out" "$bin" "$judge"
done
