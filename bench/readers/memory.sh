#!/usr/bin/env bash
# Peak memory of `evia-repro eval` on a large run, plain and gzipped, against the plain-reader
# baseline (src/main.rs), on bench/eval's collection with TOPICS topics (default 8,000: a run of
# about 350 MB, 8 million lines). The goal: gzipped or not, `eval` takes at most twice the plain
# reader's peak memory (a gzip run is decompressed as it is read, never whole into memory).
# Then the same run shuffled (its topics not grouped: `eval` reads it whole), and `study`'s run
# reader on it: a study of the first 100 topics whose run directory holds the large run (plain or
# gzipped) beside two runs of those topics. Last, `agree` on a wide label file of every judged
# document with three assessors, plain and gzipped: its peak against the file's size (the label
# file is read a line at a time; what remains is the parsed labels).
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

shuffled="$data/runA.shuf.trec"
if [ ! -e "$shuffled" ]; then
    shuf --random-source=<(yes) "$data/runA.trec" > "$shuffled"
fi
if [ ! -e "$shuffled.gz" ]; then
    gzip -1 -k "$shuffled"
fi
"$evia" eval "${args[@]}" --run "$shuffled" > "$out/memory-shuf.tsv"
cmp "$out/memory-plain.tsv" "$out/memory-shuf.tsv"
echo "eval prints the same values for the shuffled run"
for run in runA.shuf.trec runA.shuf.trec.gz; do
    kib=$(peak "$evia" eval "${args[@]}" --run "$data/$run")
    echo "evia-repro eval, $run: ${kib} KiB ($(python3 -c "print(f'{$kib / $base:.2f}')") of the baseline)"
done
study="$data/study"
if [ ! -e "$study/labels.tsv" ]; then
    mkdir -p "$study/runs" "$study/runs-gz"
    awk '$1 <= "0100"' "$data/qrels.ntcir" | awk 'BEGIN { print "topic\tdoc\ta1\ta2\ta3" }
        { l = substr($3, 2); print $1 "\t" $2 "\t" l "\t" (l > 0 ? l - 1 : 0) "\t" (NR % 3 == 0 ? 0 : l) }' \
        > "$study/labels.tsv"
    awk '$1 <= "0100"' "$data/runB.trec" > "$study/runs/runB"
    awk '$1 <= "0100" { $5 = $5 + ((NR * 7) % 13) / 10; print }' "$data/runA.trec" > "$study/runs/runC"
    cp "$study/runs/runB" "$study/runs/runC" "$study/runs-gz/"
    ln -s "$data/runA.trec" "$study/runs/runA"
    ln -s "$data/runA.trec.gz" "$study/runs-gz/runA.gz"
fi
for runs in runs runs-gz; do
    rm -rf "$out/memory-study"
    kib=$(peak "$evia" study --labels "$study/labels.tsv" --layout wide --scale 0..3 --runs "$study/$runs" \
        --trials 100 --out "$out/memory-study")
    echo "evia-repro study, $(basename "$(readlink "$study/$runs/"runA*)") among its runs: ${kib} KiB ($(python3 -c "print(f'{$kib / $base:.2f}')") of the baseline)"
done

labels="$data/labels-wide.tsv"
if [ ! -e "$labels" ]; then
    awk 'BEGIN { print "topic\tdoc\ta1\ta2\ta3" }
        { l = substr($3, 2); print $1 "\t" $2 "\t" l "\t" (l > 0 ? l - 1 : 0) "\t" (NR % 3 == 0 ? 0 : l) }' \
        "$data/qrels.ntcir" > "$labels"
fi
if [ ! -e "$labels.gz" ]; then
    gzip -1 -k "$labels"
fi
for file in "$labels" "$labels.gz"; do
    kib=$(peak "$evia" agree --labels "$file" --layout wide --scale 0..3)
    echo "evia-repro agree, $(basename "$file") ($(stat -c %s "$labels") bytes of text): ${kib} KiB"
done
