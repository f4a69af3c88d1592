#!/usr/bin/env bash
# Peak memory of `evia-repro eval` on a large run, plain and gzipped, against the plain-reader
# baseline (src/main.rs), on bench/eval's collection with TOPICS topics (default 8,000: a run of
# about 350 MB, 8 million lines). The goal: gzipped or not, `eval` takes at most twice the plain
# reader's peak memory (a gzip run is decompressed as it is read, never whole into memory).
#
# Usage: bench/readers/memory.sh [TOPICS]
# Needs: python3, gzip, GNU time (/usr/bin/time).
#
# It also checks that `eval` prints the same values for the plain and the gzipped run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
topics="${1:-8000}"
out="$root/bench/out"
data="$out/eval/t$topics"
(cd "$root" && cargo build --release -q)
cargo build --release -q --manifest-path "$here/Cargo.toml" --target-dir "$out/readers-target"
evia="${CARGO_TARGET_DIR:-$root/target}/release/evia-repro"
plain="$out/readers-target/release/evia-repro-bench-readers"
if [ ! -e "$data/runA.trec" ]; then
    python3 "$root/bench/eval/gen_collection.py" "$data" --topics "$topics"
fi
if [ ! -e "$data/runA.trec.gz" ]; then
    gzip -1 -k "$data/runA.trec"
fi
echo "run: $(stat -c %s "$data/runA.trec") bytes plain, $(stat -c %s "$data/runA.trec.gz") bytes gzipped"
args=(--qrels "$data/qrels.ntcir" --gains 1:2:3 --cutoffs 10 --format tsv)
"$evia" eval "${args[@]}" --run "$data/runA.trec" > "$out/memory-plain.tsv"
"$evia" eval "${args[@]}" --run "$data/runA.trec.gz" > "$out/memory-gzip.tsv"
cmp "$out/memory-plain.tsv" "$out/memory-gzip.tsv"
echo "eval prints the same values for the plain and the gzipped run"
peak() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; }
base=$(peak "$plain" "$data/qrels.ntcir" "$data/runA.trec")
echo "plain-reader baseline, plain run: ${base} KiB"
for run in runA.trec runA.trec.gz; do
    kib=$(peak "$evia" eval "${args[@]}" --run "$data/$run")
    echo "evia-repro eval, $run: ${kib} KiB ($(python3 -c "print(f'{$kib / $base:.2f}')") of the baseline)"
done
