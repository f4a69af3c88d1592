#!/usr/bin/env bash
# Benchmark of `evia-repro eval --intents` (D#-measures and every other diversity measure) against
# the adhoc `eval` on a collection of the same size: 2,000 topics x 1,000 documents x 5 intents
# (gen_collection.py, seeded; written to bench/out/eval_diversity/, git-ignored).
# Acceptance: diversity time <= 2 x adhoc time. Best of 3 wall times each.
# Usage: bench/eval_diversity/run.sh [--topics N]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
topics=2000
if [ "${1:-}" = "--topics" ]; then topics="$2"; fi
out="$root/bench/out/eval_diversity"
(cd "$root" && cargo build --release -q)
bin="${CARGO_TARGET_DIR:-$root/target}/release/evia-repro"
if [ ! -f "$out/run.trec" ] || [ "$(cat "$out/topics" 2>/dev/null)" != "$topics" ]; then
    python3 "$here/gen_collection.py" "$out" --topics "$topics"
    echo "$topics" > "$out/topics"
fi
best() {
    local best=""
    for _ in 1 2 3; do
        local s e
        s=$(date +%s.%N)
        "$@" > /dev/null
        e=$(date +%s.%N)
        best=$(python3 -c "import sys; t=$e-$s; b='$best'; print(t if not b or t < float(b) else b)")
    done
    echo "$best"
}
adhoc=$(best "$bin" eval --qrels "$out/qrels.ntcir" --run "$out/run.trec" --cutoffs 10,20,1000 --format tsv)
div=$(best "$bin" eval --intents "$out/intents" --qrels "$out/qrels.intent" --run "$out/run.trec" --cutoffs 10,20,1000 --format tsv)
python3 - "$topics" "$adhoc" "$div" <<'PY'
import sys
topics, adhoc, div = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
print("| evaluation (%s topics x 1,000 docs, cutoffs 10,20,1000) | wall time (s) |" % topics)
print("| --- | --- |")
print("| adhoc `eval` | %.2f |" % adhoc)
print("| `eval --intents` (5 intents; D#, DIN, P+Q, alpha-nDCG, ERR-IA) | %.2f |" % div)
print("ratio diversity / adhoc: %.2f (acceptance: <= 2)" % (div / adhoc))
PY
