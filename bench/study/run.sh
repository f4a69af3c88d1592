#!/usr/bin/env bash
# `evia-repro study` on a seeded 10 assessors x 50 topics x 20 runs collection with B = 10,000
# randomised Tukey HSD trials (target: under 30 s on a 2-core machine, release build).
# Usage: bench/study/run.sh [ROUNDS] (from the repository root; default 1 round).
set -euo pipefail
rounds="${1:-1}"
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet
mkdir -p bench/out
python3 bench/study/gen_collection.py bench/out/study-collection
for round in $(seq 1 "$rounds"); do
    echo "round $round: evia-repro study --trials 10000 (10 assessors, 50 topics, 20 runs)"
    /usr/bin/time -f "wall %e s, user %U s, sys %S s, max RSS %M KiB" \
        "$target/release/evia-repro" study \
        --labels bench/out/study-collection/labels.tsv --layout wide \
        --runs bench/out/study-collection/runs --trials 10000 \
        --out bench/out/study-build >/dev/null
done
