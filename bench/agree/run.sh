#!/usr/bin/env bash
# `evia-repro agree` on 160 topics x 1,000 assessors (target: under 5 s and 500 MB on a 2-core
# machine, release build), in two shapes of the same size (2.2 MB): one document per topic labelled
# by 800 assessors (51 million (pair, topic) cells), and 8 documents per topic labelled by 100 each.
# Usage: bench/agree/run.sh [ROUNDS] (from the repository root; default 1 round).
set -euo pipefail
rounds="${1:-1}"
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet
mkdir -p bench/out/agree
python3 bench/agree/gen_labels.py bench/out/agree/dense.tsv
python3 bench/agree/gen_labels.py bench/out/agree/spread.tsv --docs 8 --per-doc 100
for round in $(seq 1 "$rounds"); do
    for shape in dense spread; do
        for format in text json; do
            echo "round $round: evia-repro agree --format $format, $shape ($(wc -c <bench/out/agree/$shape.tsv) bytes)"
            /usr/bin/time -f "wall %e s, user %U s, sys %S s, max RSS %M KiB" \
                "$target/release/evia-repro" agree --labels "bench/out/agree/$shape.tsv" \
                --format "$format" >"bench/out/agree/$shape.$format"
            echo "output $(wc -c <"bench/out/agree/$shape.$format") bytes"
        done
    done
done
