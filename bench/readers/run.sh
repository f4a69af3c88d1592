#!/usr/bin/env bash
# `evia-repro eval` against the plain-reader baseline (src/main.rs: `BufRead` + `split_ascii_whitespace`
# feeding the same engine), on bench/eval's collection (gen_collection.py: 2,000 topics, 1,000
# documents per topic, about 300 judged).
#
# Usage: bench/readers/run.sh [ROUNDS] [--topics N]
# Needs: python3, GNU time (/usr/bin/time).
#
# Before timing it checks that both give the same AP and MSnDCG@10 for every topic (to 1e-12). Then
# it times the two whole processes, alternating (bench/alternate.py), on the run alone and, as
# `eval` reads a run whose topics are grouped in blocks, on the same run with its lines shuffled
# (every topic's lines scattered: `eval` then parses the run whole), and prints peak memory.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-9}"
topics=2000
if [ "${2:-}" = "--topics" ]; then topics="$3"; fi
out="$root/bench/out"
data="$out/eval/t$topics"
(cd "$root" && cargo build --release -q)
cargo build --release -q --manifest-path "$here/Cargo.toml" --target-dir "$out/readers-target"
evia="${CARGO_TARGET_DIR:-$root/target}/release/evia-repro"
plain="$out/readers-target/release/evia-repro-bench-readers"
if [ ! -e "$data/runA.trec" ]; then
    python3 "$root/bench/eval/gen_collection.py" "$data" --topics "$topics"
fi
if [ ! -e "$data/runA.shuffled.trec" ]; then
    python3 -c 'import random,sys; l=open(sys.argv[1]).readlines(); random.Random(7).shuffle(l); open(sys.argv[2],"w").writelines(l)' \
        "$data/runA.trec" "$data/runA.shuffled.trec"
fi
for run in runA runA.shuffled; do
    "$evia" eval --qrels "$data/qrels.ntcir" --run "$data/$run.trec" --gains 1:2:3 --cutoffs 10 \
        --format tsv > "$out/readers-evia.tsv"
    "$plain" "$data/qrels.ntcir" "$data/$run.trec" > "$out/readers-plain.tsv"
    python3 - "$out/readers-evia.tsv" "$out/readers-plain.tsv" "$run" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
head = rows[0]
cols = {"AP": head.index("AP"), "MSnDCG@0010": head.index("MSnDCG@0010")}
evia = {(r[0], m): float(r[i]) for r in rows[1:] if r[0] != "mean" for m, i in cols.items()}
plain = {}
for line in open(sys.argv[2]):
    topic, name, value = line.rstrip("\n").split("\t")
    if name in cols:
        plain[(topic, name)] = float(value)
assert set(plain) == set(evia), "the two evaluated different topic/measure sets"
worst = max(abs(plain[k] - evia[k]) for k in plain)
assert worst <= 1e-12, "disagreement: largest difference %g" % worst
print("%s: %d per-topic values (AP, MSnDCG@10) agree; largest |difference| %.1e"
      % (sys.argv[3], len(plain), worst))
PY
done
echo "load average before timing: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in runA runA.shuffled; do
    echo "run $run.trec:"
    python3 "$root/bench/alternate.py" "$rounds" \
        "evia-repro eval" "$evia eval --qrels $data/qrels.ntcir --run $data/$run.trec --gains 1:2:3 --cutoffs 10 --format tsv" \
        "plain BufRead baseline" "$plain $data/qrels.ntcir $data/$run.trec"
done
echo "load average after timing: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in runA runA.shuffled; do
    for c in "$evia eval --qrels $data/qrels.ntcir --run $data/$run.trec --gains 1:2:3 --cutoffs 10 --format tsv" \
             "$plain $data/qrels.ntcir $data/$run.trec"; do
        /usr/bin/time -f "peak memory %M KiB, $run.trec: ${c%% *}" $c > /dev/null
    done
done
